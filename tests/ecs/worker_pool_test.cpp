// worker_pool: run(n, job) calls job(0..n-1) exactly once each, on any number of threads,
// rethrows a job's exception after every job has finished, and shuts down cleanly.

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "mosaic/ecs/worker_pool.hpp"

namespace {

constexpr unsigned thread_counts[] = {1, 2, 4};

TEST(WorkerPool, ThreadsCountTheCaller) {
    EXPECT_EQ(mosaic::worker_pool(0).threads(), 1u);
    EXPECT_EQ(mosaic::worker_pool(1).threads(), 1u);
    EXPECT_EQ(mosaic::worker_pool(2).threads(), 2u);
    EXPECT_EQ(mosaic::worker_pool(4).threads(), 4u);
    EXPECT_EQ(mosaic::worker_pool().threads(), 1u);
}

TEST(WorkerPool, RunCallsEveryIndexExactlyOnce) {
    for (const unsigned threads : thread_counts) {
        mosaic::worker_pool pool(threads);
        for (const std::size_t count : {0u, 1u, 2u, 3u, 7u, 64u, 1000u}) {
            SCOPED_TRACE(std::to_string(threads) + " threads, " + std::to_string(count) + " jobs");
            std::vector<std::atomic<int>> calls(count);
            pool.run(count, [&](std::size_t i) { calls[i].fetch_add(1); });
            for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(calls[i].load(), 1) << "job " << i;
        }
    }
}

TEST(WorkerPool, OneThreadRunsJobsInOrderOnTheCaller) {
    mosaic::worker_pool pool(1);
    std::vector<std::size_t> order;
    const std::thread::id caller = std::this_thread::get_id();
    bool all_on_caller = true;
    pool.run(10, [&](std::size_t i) {
        order.push_back(i);
        all_on_caller = all_on_caller && std::this_thread::get_id() == caller;
    });
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_TRUE(all_on_caller);
}

TEST(WorkerPool, RunReturnsOnlyWhenEveryJobIsDone) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        mosaic::worker_pool pool(threads);
        for (int batch = 0; batch < 50; ++batch) {
            std::atomic<int> finished{0};
            pool.run(16, [&](std::size_t i) {
                volatile std::size_t spin = 0;
                for (std::size_t k = 0; k < (i + 1) * 500; ++k) spin = spin + k;
                finished.fetch_add(1);
            });
            ASSERT_EQ(finished.load(), 16);
        }
    }
}

TEST(WorkerPool, ManyConsecutiveBatches) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        mosaic::worker_pool pool(threads);
        std::vector<long long> totals(2000, 0);
        for (std::size_t batch = 0; batch < totals.size(); ++batch) {
            const std::size_t count = 1 + batch % 9;
            std::vector<long long> parts(count, 0);  // one slot per job: no sharing
            pool.run(count,
                     [&](std::size_t i) { parts[i] = static_cast<long long>(batch * 10 + i); });
            for (const long long part : parts) totals[batch] += part;
        }
        for (std::size_t batch = 0; batch < totals.size(); ++batch) {
            const auto count = static_cast<long long>(1 + batch % 9);
            const long long expected =
                count * static_cast<long long>(batch) * 10 + count * (count - 1) / 2;
            ASSERT_EQ(totals[batch], expected) << "batch " << batch;
        }
    }
}

TEST(WorkerPool, ExceptionsAreRethrownAfterEveryJobFinished) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        mosaic::worker_pool pool(threads);
        std::vector<std::atomic<int>> calls(20);
        try {
            pool.run(calls.size(), [&](std::size_t i) {
                calls[i].fetch_add(1);
                if (i == 3) throw std::runtime_error("job 3 failed");
            });
            ADD_FAILURE() << "the exception was swallowed";
        } catch (const std::runtime_error& error) {
            EXPECT_EQ(std::string(error.what()), "job 3 failed");
        }
        int ran = 0;
        for (const auto& c : calls) ran += c.load();
        EXPECT_EQ(ran, 20) << "jobs after the failing one were skipped";
    }
}

TEST(WorkerPool, OneOfSeveralExceptionsIsRethrown) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        mosaic::worker_pool pool(threads);
        std::atomic<int> ran{0};
        try {
            pool.run(50, [&](std::size_t i) {
                ran.fetch_add(1);
                if (i % 10 == 7) throw std::out_of_range("job " + std::to_string(i));
            });
            ADD_FAILURE() << "no exception";
        } catch (const std::out_of_range& error) {
            const std::set<std::string> thrown = {"job 7", "job 17", "job 27", "job 37", "job 47"};
            EXPECT_EQ(thrown.count(error.what()), 1u) << error.what();
        }
        EXPECT_EQ(ran.load(), 50);
    }
}

TEST(WorkerPool, UsableAfterAnException) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        mosaic::worker_pool pool(threads);
        EXPECT_THROW(pool.run(8, [](std::size_t) { throw std::logic_error("all fail"); }),
                     std::logic_error);
        std::atomic<int> calls{0};
        EXPECT_NO_THROW(pool.run(8, [&](std::size_t) { calls.fetch_add(1); }));
        EXPECT_EQ(calls.load(), 8);
    }
}

TEST(WorkerPool, SingleJobExceptionPropagates) {
    mosaic::worker_pool pool(4);
    EXPECT_THROW(pool.run(1, [](std::size_t) { throw std::runtime_error("one"); }),
                 std::runtime_error);
}

TEST(WorkerPool, JobsMayRunOnSeveralThreads) {
    mosaic::worker_pool pool(4);
    std::mutex mutex;
    std::set<std::thread::id> seen;
    for (int batch = 0; batch < 20; ++batch) {
        pool.run(64, [&](std::size_t) {
            volatile int spin = 0;
            for (int k = 0; k < 2000; ++k) spin = spin + k;
            std::lock_guard lock(mutex);
            seen.insert(std::this_thread::get_id());
        });
    }
    EXPECT_GE(seen.size(), 1u);
    EXPECT_LE(seen.size(), 4u) << "more threads than the pool has";
}

TEST(WorkerPool, DestroyedWhileIdle) {
    for (const unsigned threads : {1u, 2u, 4u, 8u}) {
        { mosaic::worker_pool never_used(threads); }
        {
            mosaic::worker_pool used(threads);
            std::atomic<int> calls{0};
            used.run(100, [&](std::size_t) { calls.fetch_add(1); });
            EXPECT_EQ(calls.load(), 100);
        }
    }
    // Many short-lived pools: each must join its workers.
    for (int i = 0; i < 50; ++i) {
        auto pool = std::make_unique<mosaic::worker_pool>(3);
        pool->run(3, [](std::size_t) {});
        pool.reset();
    }
}

}  // namespace
