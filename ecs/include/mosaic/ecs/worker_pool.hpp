#pragma once
// A small pool of threads that runs batches of jobs: run(n, job) calls job(0..n-1), spread
// over the workers and the calling thread, and returns when all are done. With one thread
// there are no workers and everything runs on the caller, in order.

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mosaic {

class worker_pool {
public:
    /// `threads` counts the caller: 1 means no extra threads. 0 is treated as 1.
    explicit worker_pool(unsigned threads = 1);
    ~worker_pool();
    worker_pool(const worker_pool&) = delete;
    worker_pool& operator=(const worker_pool&) = delete;

    [[nodiscard]] unsigned threads() const noexcept {
        return static_cast<unsigned>(workers_.size()) + 1;
    }

    /// Runs job(i) for every i in [0, count). Rethrows the first exception a job threw,
    /// after every job has finished.
    void run(std::size_t count, const std::function<void(std::size_t)>& job);

private:
    void worker_loop();
    void drain();  // takes jobs of the current batch until none are left

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(std::size_t)>* job_ = nullptr;
    std::size_t count_ = 0;
    std::size_t next_ = 0;      // next job to take
    std::size_t finished_ = 0;  // jobs completed in this batch
    std::size_t batch_ = 0;     // incremented per run(), wakes the workers
    std::exception_ptr error_;
    bool stopping_ = false;
};

}  // namespace mosaic
