#include "mosaic/ecs/worker_pool.hpp"

#include <exception>
#include <utility>

namespace mosaic {

worker_pool::worker_pool(unsigned threads) {
    const unsigned extra = threads > 1 ? threads - 1 : 0;
    workers_.reserve(extra);
    for (unsigned i = 0; i < extra; ++i) workers_.emplace_back([this] { worker_loop(); });
}

worker_pool::~worker_pool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& worker : workers_) worker.join();
}

void worker_pool::run(std::size_t count, const std::function<void(std::size_t)>& job) {
    if (count == 0) return;
    if (workers_.empty() || count == 1) {
        // Same contract as the parallel path: every job runs, then the first error is thrown.
        std::exception_ptr first_error;
        for (std::size_t i = 0; i < count; ++i) {
            try {
                job(i);
            } catch (...) {
                if (!first_error) first_error = std::current_exception();
            }
        }
        if (first_error) std::rethrow_exception(first_error);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        job_ = &job;
        count_ = count;
        next_ = 0;
        finished_ = 0;
        error_ = nullptr;
        ++batch_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return finished_ == count_; });
    job_ = nullptr;
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void worker_pool::drain() {
    std::unique_lock lock(mutex_);
    while (job_ && next_ < count_) {
        const std::size_t index = next_++;
        const auto* job = job_;
        lock.unlock();
        std::exception_ptr failure;
        try {
            (*job)(index);
        } catch (...) {
            failure = std::current_exception();
        }
        lock.lock();
        if (failure && !error_) error_ = failure;
        if (++finished_ == count_) done_.notify_all();
    }
}

void worker_pool::worker_loop() {
    std::size_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || batch_ != seen; });
            if (stopping_) return;
            seen = batch_;
        }
        drain();
    }
}

}  // namespace mosaic
