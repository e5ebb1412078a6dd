// The scheduler's loop against the best hand-written loop (#31 §2). ecs_bench.cpp runs each
// iteration workload as a scheduler system (`mosaic`); automatic_group_bench.cpp has the
// sparse3 workloads as `assure_group` + view (`mosaic_group`). This file adds the missing
// halves of the pairs:
//
//   iterate_pos_vel/mosaic_group   world.assure_group<Position, Velocity>() then the view's
//                                  each(): the hand-written form of the movement system;
//   scheduler_tick/mosaic          one tick of a scheduler holding one system over a world of
//                                  N entities with Position, Velocity and Health (N = 1, 1000):
//                                  what the scheduler itself costs per tick, beyond the loop;
//   scheduler_tick/mosaic_group    the same loop hand-written (assure_group + view).
//
// scheduler_tick reports the Time column (nanoseconds per tick), not ns_per_entity.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"
#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using bench::Health;
using bench::Position;
using bench::Velocity;
using mosaic::entity;
using mosaic::world;

world movers(std::size_t count, bool with_health) {
    world made;
    for (std::size_t i = 0; i < count; ++i) {
        const entity e = made.create();
        made.add<Position>(e, static_cast<float>(i), 0.0f, 0.0f);
        made.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
        if (with_health) made.add<Health>(e);
    }
    return made;
}

void iterate_pos_vel_group(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    world& w = bench::reuse_fixture(n, [](std::size_t count) {
        world made = movers(count, false);
        made.assure_group<Position, Velocity>();
        return made;
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        w.view<Position, const Velocity>().each(
            [](Position& p, const Velocity& v) { bench::integrate(p, v); });
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

struct ticked {
    world w;
    std::unique_ptr<mosaic::scheduler> systems = std::make_unique<mosaic::scheduler>(1);
};

void scheduler_tick(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    ticked& t = bench::reuse_fixture(n, [](std::size_t count) {
        ticked made{movers(count, true)};
        made.systems->each<Position, const Velocity, const Health>(
            "sparse3", [](Position& p, const Velocity& v, const Health& h) {
                bench::integrate_if_alive(p, v, h);
            });
        made.systems->tick(made.w, 1.0 / 60.0);
        return made;
    });
    for (auto _ : state) {
        t.systems->tick(t.w, 1.0 / 60.0);
        benchmark::ClobberMemory();
    }
}

void scheduler_tick_group(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    world& w = bench::reuse_fixture(n, [](std::size_t count) {
        world made = movers(count, true);
        made.assure_group<Position, Velocity, Health>();
        return made;
    });
    for (auto _ : state) {
        w.view<Position, const Velocity, const Health>().each(
            [](Position& p, const Velocity& v, const Health& h) {
                bench::integrate_if_alive(p, v, h);
            });
        benchmark::ClobberMemory();
    }
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"iterate_pos_vel", "mosaic_group", &iterate_pos_vel_group},
    {"scheduler_tick", "mosaic", &scheduler_tick, {1, 1000}},
    {"scheduler_tick", "mosaic_group", &scheduler_tick_group, {1, 1000}},
});

}  // namespace
