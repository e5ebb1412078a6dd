#pragma once
// Each *_bench.cpp lists its benchmarks here as WORKLOAD/VARIANT; main() registers them with
// Google Benchmark ordered by workload, then variant, then N, so the output reads as a
// comparison table ("iterate_pos_vel/mosaic/10000", ".../object_model/10000", ...).

#include <benchmark/benchmark.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace bench {

inline constexpr std::int64_t small_n = 10'000;     // fits in L2
inline constexpr std::int64_t large_n = 1'000'000;  // does not fit in L3

struct bench_case {
    std::string workload;
    std::string variant;
    void (*run)(benchmark::State&) = nullptr;
    std::vector<std::int64_t> sizes = {small_n, large_n};
};

inline std::vector<bench_case>& bench_cases() {
    static std::vector<bench_case> cases;
    return cases;
}

/// Called from a namespace-scope initializer in each benchmark file.
inline bool add_cases(std::initializer_list<bench_case> cases) {
    bench_cases().insert(bench_cases().end(), cases.begin(), cases.end());
    return true;
}

}  // namespace bench
