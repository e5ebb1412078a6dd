// mosaic-bench: registers the cases of every *_bench.cpp in table order, then runs Google
// Benchmark as usual (all of its command-line flags work).
//
// Run: mosaic-bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// The heap keeps the memory it is given. create and destroy build and free a whole world per
// pass; with glibc's defaults, freeing it hands hundreds of kilobytes back to the kernel
// (heap trimming, munmap of large blocks), and the next pass pays a page fault per 4 KiB to
// get them back (about 8,000 cycles a fault on this virtual machine): create/mosaic/10000
// measured 79 ns per entity that way against 40 with a warm heap, and the figure swung with
// how glibc's adaptive thresholds happened to move. A game allocates from a heap that has
// been warm for a long time, and the page faults measure the kernel, not the library, so
// main() turns both the trimming and the mmap of large blocks off for every variant.

#include <benchmark/benchmark.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "bench_registry.hpp"

namespace {

constexpr std::array<std::string_view, 10> workload_order = {"create",
                                                             "destroy",
                                                             "iterate_pos_vel",
                                                             "iterate_sparse3",
                                                             "iterate_sparse3_random",
                                                             "iterate_after_churn",
                                                             "get_random",
                                                             "add_remove",
                                                             "add_to_view",
                                                             "memory"};
constexpr std::array<std::string_view, 6> variant_order = {
    "mosaic", "mosaic_bulk", "mosaic_commands", "mosaic_reordered", "object_model", "raw"};

template <std::size_t N>
std::size_t rank(const std::array<std::string_view, N>& order, std::string_view name) {
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), name) - order.begin());
}

void register_cases() {
    auto cases = bench::bench_cases();
    std::stable_sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) {
        const auto ka = std::pair(rank(workload_order, a.workload), rank(variant_order, a.variant));
        const auto kb = std::pair(rank(workload_order, b.workload), rank(variant_order, b.variant));
        return ka < kb;
    });
    for (const bench::bench_case& c : cases) {
        const std::string name = c.workload + "/" + c.variant;
        auto* b = benchmark::RegisterBenchmark(name.c_str(), c.run);
        for (const auto n : c.sizes) b->Arg(n);
        b->Unit(benchmark::kMicrosecond);
    }
}

void keep_heap_warm() {
#if defined(__GLIBC__)
    // Blocks below 32 MiB (the most glibc accepts) come from the heap instead of their own
    // mmap, and freed heap memory is never handed back to the kernel.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

}  // namespace

int main(int argc, char** argv) {
    keep_heap_warm();
    register_cases();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
