// memory/VARIANT/1000000: bytes per entity of 1M entities with Position and Velocity, as the
// counter `bytes_per_entity`. Each figure is measured once (the memory of a fixed sequence
// of calls does not vary); the time column means nothing here.
//
//   mosaic        create + add + add per entity, no reserve: what a game gets by default
//   mosaic_bulk   world.create(span) and pool reserve() first: the best case
//   object_model  heap bytes in use (glibc mallinfo2, chunk headers included) for the scene
//                 of object_model.hpp
//   raw           capacity of a Position and a Velocity vector grown by push_back

#include <benchmark/benchmark.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstddef>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"
#include "mosaic/ecs/world.hpp"
#include "object_model.hpp"

namespace {

using bench::Position;
using bench::Velocity;

void report_bytes(benchmark::State& state, std::size_t bytes) {
    for (auto _ : state) benchmark::DoNotOptimize(bytes);
    state.counters["bytes_per_entity"] =
        static_cast<double>(bytes) / static_cast<double>(bench::entity_count(state));
}

void mosaic_natural(benchmark::State& state) {
    report_bytes(state, bench::reuse_fixture(bench::entity_count(state), [](std::size_t n) {
                     mosaic::world w;
                     for (std::size_t i = 0; i < n; ++i) {
                         const mosaic::entity e = w.create();
                         w.add<Position>(e, static_cast<float>(i), 0.0f, 0.0f);
                         w.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
                     }
                     return w.memory_bytes();
                 }));
}

void mosaic_bulk(benchmark::State& state) {
    report_bytes(state, bench::reuse_fixture(bench::entity_count(state), [](std::size_t n) {
                     mosaic::world w;
                     std::vector<mosaic::entity> handles(n);
                     w.create(handles);
                     w.assure<Position>().reserve(n);
                     w.assure<Velocity>().reserve(n);
                     for (std::size_t i = 0; i < n; ++i) {
                         w.add<Position>(handles[i], static_cast<float>(i), 0.0f, 0.0f);
                         w.add<Velocity>(handles[i], 1.0f, 2.0f, 3.0f);
                     }
                     return w.memory_bytes();
                 }));
}

void object_model_heap(benchmark::State& state) {
#if defined(__GLIBC__)
    const auto heap_in_use = [] {
        const struct mallinfo2 info = mallinfo2();
        return info.uordblks + info.hblkhd;
    };
    report_bytes(state, bench::reuse_fixture(bench::entity_count(state), [&](std::size_t n) {
                     const std::size_t before = heap_in_use();
                     const object_model::Scene scene = object_model::make_movers(n);
                     return heap_in_use() - before;
                 }));
#else
    state.SkipWithError("counting heap bytes needs glibc's mallinfo2");
#endif
}

void raw_vectors(benchmark::State& state) {
    report_bytes(state, bench::reuse_fixture(bench::entity_count(state), [](std::size_t n) {
                     std::vector<Position> pos;
                     std::vector<Velocity> vel;
                     for (std::size_t i = 0; i < n; ++i) {
                         pos.push_back({static_cast<float>(i), 0.0f, 0.0f});
                         vel.push_back({1.0f, 2.0f, 3.0f});
                     }
                     return pos.capacity() * sizeof(Position) + vel.capacity() * sizeof(Velocity);
                 }));
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"memory", "mosaic", &mosaic_natural, {bench::large_n}},
    {"memory", "mosaic_bulk", &mosaic_bulk, {bench::large_n}},
    {"memory", "object_model", &object_model_heap, {bench::large_n}},
    {"memory", "raw", &raw_vectors, {bench::large_n}},
});

}  // namespace
