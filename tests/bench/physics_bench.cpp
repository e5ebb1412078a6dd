// Broad phase: the uniform grid against testing every pair, on evenly spread boxes at the
// density of the stress scene (about one box per 4 square units). Counter: pairs found.
#include <mosaic/engine/physics/broad_phase.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "bench_registry.hpp"

namespace {

using namespace mosaic;

std::vector<aabb> spread_boxes(std::int64_t n) {
    std::mt19937 rng(5);
    const float side = std::sqrt(static_cast<float>(n) * 4.0f);
    std::uniform_real_distribution<float> pos(0, side);
    std::vector<aabb> boxes(static_cast<std::size_t>(n));
    for (aabb& b : boxes) {
        const glm::vec2 c{pos(rng), pos(rng)};
        b = {c - 0.5f, c + 0.5f};
    }
    return boxes;
}

void grid(benchmark::State& state) {
    const auto boxes = spread_boxes(state.range(0));
    grid_broad_phase broad;
    std::vector<index_pair> pairs;
    for (auto _ : state) {
        broad.pairs(boxes, pairs);
        benchmark::DoNotOptimize(pairs.data());
    }
    state.counters["pairs"] = static_cast<double>(pairs.size());
}

void brute_force(benchmark::State& state) {
    const auto boxes = spread_boxes(state.range(0));
    std::vector<index_pair> pairs;
    for (auto _ : state) {
        brute_force_pairs(boxes, pairs);
        benchmark::DoNotOptimize(pairs.data());
    }
    state.counters["pairs"] = static_cast<double>(pairs.size());
}

const bool registered = bench::add_cases({
    {"broad_phase", "grid", grid, {1'000, 10'000, 100'000}},
    {"broad_phase", "brute_force", brute_force, {1'000, 10'000}},
});

}  // namespace
