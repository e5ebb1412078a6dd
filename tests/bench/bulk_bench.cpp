// Bulk operations (world.hpp section 9) against the one-at-a-time calls, in one run:
//   create/mosaic_bulk       create_with: N entities with a Position each (given per entity)
//                            and a Velocity (one value for all), against create/mosaic
//   destroy/mosaic_bulk      destroy(span) of every entity, against destroy/mosaic
//   add_to_view/*            a Health for every entity of view<Position, Velocity> (half of
//                            them): add_to_all (`mosaic_bulk`), the view's entities collected
//                            then added one by one (`mosaic`), or through a command_buffer
//                            applied after the loop (`mosaic_commands`: the way a system does
//                            it). Only the adding is timed; the Health pool is cleared after.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <span>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"
#include "mosaic/ecs/command_buffer.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using bench::Health;
using bench::Position;
using bench::Velocity;
using mosaic::entity;
using mosaic::world;

void create_bulk(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    std::vector<Position> positions(n);
    for (std::size_t i = 0; i < n; ++i) positions[i].x = static_cast<float>(i);
    std::vector<entity> made(n);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        clock.start();
        w.create_with(std::span<entity>(made), std::span<const Position>(positions),
                      Velocity{1.0f, 2.0f, 3.0f});
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

void destroy_bulk(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    std::vector<entity> made(n);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        w.create_with(std::span<entity>(made), Position{}, Velocity{1.0f, 2.0f, 3.0f});
        clock.start();
        w.destroy(std::span<const entity>(made));
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

// Every entity has Position, every other one Velocity too.
world half_movers(std::size_t count) {
    world made;
    for (std::size_t i = 0; i < count; ++i) {
        const entity e = made.create();
        made.add<Position>(e);
        if (i % 2 == 0) made.add<Velocity>(e);
    }
    return made;
}

template <class Add>
void time_add_to_view(benchmark::State& state, Add add) {
    const std::size_t n = bench::entity_count(state);
    world& w = bench::reuse_fixture(n, [](std::size_t count) { return half_movers(count); });
    bench::entity_clock clock;
    for (auto _ : state) {
        clock.start();
        add(w);
        clock.stop();
        benchmark::DoNotOptimize(w.count<Health>());
        w.clear<Health>();
    }
    clock.report(state, n / 2);
}

void add_to_view_bulk(benchmark::State& state) {
    time_add_to_view(state, [](world& w) {
        w.add_to_all(w.view<const Position, const Velocity>(), Health{50, 100});
    });
}

void add_to_view_single(benchmark::State& state) {
    std::vector<entity> matching;
    time_add_to_view(state, [&](world& w) {
        matching.clear();
        w.view<const Position, const Velocity>().each(
            [&](entity e, const Position&, const Velocity&) { matching.push_back(e); });
        for (const entity e : matching) w.add<Health>(e, 50, 100);
    });
}

void add_to_view_commands(benchmark::State& state) {
    time_add_to_view(state, [](world& w) {
        mosaic::command_buffer commands;
        w.view<const Position, const Velocity>().each(
            [&](entity e, const Position&, const Velocity&) { commands.add<Health>(e, 50, 100); });
        commands.apply(w);
    });
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"create", "mosaic_bulk", &create_bulk},
    {"destroy", "mosaic_bulk", &destroy_bulk},
    {"add_to_view", "mosaic", &add_to_view_single},
    {"add_to_view", "mosaic_bulk", &add_to_view_bulk},
    {"add_to_view", "mosaic_commands", &add_to_view_commands},
});

}  // namespace
