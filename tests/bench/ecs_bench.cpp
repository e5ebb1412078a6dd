// The mosaic variant of each workload: the code a user of the library writes, through the
// public world API only.
//
// Timing, here and in the other variants: create and destroy build a fresh world each pass
// and the entity_clock covers only the create or destroy calls (the pool growth of create
// included; building the world for destroy and freeing it afterwards not). Google
// Benchmark's own Time column for these two includes that setup: it is left running so
// the iteration count, which aims at 0.5 s of its time, stays small when setup dominates.
// The other workloads build their world once (bench::reuse_fixture) and run over it again.
//
// Iteration runs the way a game runs it: as a system of a scheduler, whose tick makes the
// world group the system's query (group.hpp) on its own. The variant `mosaic_view` runs the
// same loop as a plain world.view<...>().each() in a world without groups, for comparison
// (automatic groups off: automatic_group_bench.cpp has the view with them on).
// Structural workloads have a `mosaic_grouped` variant: the same operations while a group
// owns the pools they touch (joining and leaving it is their extra cost).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

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

/// Adds n entities with Position and Velocity the natural way: create + add + add.
std::vector<entity> add_movers(world& w, std::size_t n) {
    std::vector<entity> handles;
    handles.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const entity e = w.create();
        w.add<Position>(e, static_cast<float>(i), 0.0f, 0.0f);
        w.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
        handles.push_back(e);
    }
    return handles;
}

struct world_and_handles {
    world w;
    std::vector<entity> handles;
};

// A world and the scheduler a game would tick over it.
struct ticked_world {
    world w;
    std::unique_ptr<mosaic::scheduler> systems = std::make_unique<mosaic::scheduler>(1);
};

void add_movement(mosaic::scheduler& s) {
    s.each<Position, const Velocity>(
        "movement", [](Position& p, const Velocity& v) { bench::integrate(p, v); });
}
void add_sparse3(mosaic::scheduler& s) {
    s.each<Position, const Velocity, const Health>(
        "sparse3", [](Position& p, const Velocity& v, const Health& h) {
            bench::integrate_if_alive(p, v, h);
        });
}
// One tick first: the group is made then (as in the first frame of a game), not timed.
ticked_world with_system(world made, void (*add_system)(mosaic::scheduler&)) {
    ticked_world t{std::move(made)};
    add_system(*t.systems);
    t.systems->tick(t.w, 1.0 / 60.0);
    return t;
}
void time_ticks(benchmark::State& state, ticked_world& t, std::size_t n) {
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        t.systems->tick(t.w, 1.0 / 60.0);
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

void create(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            const entity e = w.create();
            w.add<Position>(e, static_cast<float>(i), 0.0f, 0.0f);
            w.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
        }
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

// create while a group over Position and Velocity exists: each entity joins it.
void create_grouped(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        w.assure_group<Position, Velocity>();
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            const entity e = w.create();
            w.add<Position>(e, static_cast<float>(i), 0.0f, 0.0f);
            w.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
        }
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

void destroy_grouped(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        w.assure_group<Position, Velocity>();
        const std::vector<entity> handles = add_movers(w, n);
        clock.start();
        for (const entity e : handles) w.destroy(e);
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

void destroy(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        const std::vector<entity> handles = add_movers(w, n);
        clock.start();
        for (const entity e : handles) w.destroy(e);
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

void iterate_pos_vel(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    ticked_world& t = bench::reuse_fixture(n, [](std::size_t count) {
        world made;
        add_movers(made, count);
        return with_system(std::move(made), &add_movement);
    });
    time_ticks(state, t, n);
}

void iterate_pos_vel_view(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    world& w = bench::reuse_fixture(n, [](std::size_t count) {
        world made;
        add_movers(made, count);
        return made;
    });
    w.set_automatic_groups(0);
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

// Adds the components of `mask` (bench::sparse3_composition) that `which` selects.
void give_sparse3(world& w, entity e, std::uint8_t mask, std::uint8_t which) {
    if (mask & which & bench::with_velocity) w.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
    if (mask & which & bench::with_health) w.add<Health>(e);
}

world sparse3_world(std::size_t count) {
    world made;
    for (const std::uint8_t mask : bench::sparse3_composition(count)) {
        const entity e = made.create();
        made.add<Position>(e);
        give_sparse3(made, e, mask, bench::with_both);
    }
    return made;
}

void iterate_sparse3(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    ticked_world& t = bench::reuse_fixture(
        n, [](std::size_t count) { return with_system(sparse3_world(count), &add_sparse3); });
    time_ticks(state, t, n);
}

// The sparse3 loop as a plain view, over `w` (no groups, automatic ones off).
void time_sparse3_view(benchmark::State& state, world& w, std::size_t n) {
    w.set_automatic_groups(0);
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        w.view<Position, const Velocity, const Health>().each(
            [](Position& p, const Velocity& v, const Health& h) {
                bench::integrate_if_alive(p, v, h);
            });
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

void iterate_sparse3_view(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    time_sparse3_view(
        state, bench::reuse_fixture(n, [](std::size_t count) { return sparse3_world(count); }), n);
}

// iterate_sparse3 with the same composition, but the components added in random entity
// order (Position first for all, then Velocity and Health each in its own shuffled order):
// no two pools share an order, so no chunk runs aligned, as in a world built over time.
world sparse3_random_world(std::size_t count) {
    world made;
    const std::vector<std::uint8_t> masks = bench::sparse3_composition(count);
    std::vector<entity> created(count);
    made.create(created);
    for (const std::uint32_t i : bench::shuffled_indices(count)) {
        made.add<Position>(created[i]);
    }
    for (const entity e : bench::shuffled(created)) {
        give_sparse3(made, e, masks[e.index], bench::with_velocity);
    }
    for (const entity e : bench::shuffled(bench::shuffled(created))) {
        give_sparse3(made, e, masks[e.index], bench::with_health);
    }
    return made;
}

void iterate_sparse3_random(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    ticked_world& t = bench::reuse_fixture(n, [](std::size_t count) {
        return with_system(sparse3_random_world(count), &add_sparse3);
    });
    time_ticks(state, t, n);
}

void iterate_sparse3_random_view(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    time_sparse3_view(
        state,
        bench::reuse_fixture(n, [](std::size_t count) { return sparse3_random_world(count); }), n);
}

// The state of a game after a few minutes: every tick, a random 10% of the movers lose
// their Velocity and get it back, in random order; then Position+Velocity is iterated.
// Only the iteration is timed (the churn is add_remove's business). The churn sets are
// drawn once with a fixed seed, ten of them, used in turn.
struct churned_world {
    ticked_world t;
    std::vector<entity> handles;
    std::vector<std::vector<entity>> churn_sets;
    std::size_t tick = 0;
};

churned_world make_churned(std::size_t count, bool with_scheduler) {
    churned_world made;
    made.handles = add_movers(made.t.w, count);
    if (with_scheduler) {
        add_movement(*made.t.systems);
        made.t.systems->tick(made.t.w, 1.0 / 60.0);
    }
    std::mt19937 rng(bench::seed + 3);
    for (int s = 0; s < 10; ++s) {
        std::vector<entity> order = made.handles;
        std::shuffle(order.begin(), order.end(), rng);
        order.resize(count / 10);
        made.churn_sets.push_back(std::move(order));
    }
    return made;
}

// One tick of churn, untimed; then the iteration, timed: `iterate` runs it.
template <class Iterate>
void time_after_churn(benchmark::State& state, churned_world& fixture, Iterate iterate) {
    world& w = fixture.t.w;
    bench::entity_clock clock;
    for (auto _ : state) {
        const std::vector<entity>& churn = fixture.churn_sets[fixture.tick++ % 10];
        for (const entity e : churn) w.remove<Velocity>(e);
        // Back in another random order: the reverse of a shuffle is a shuffle.
        for (auto it = churn.rbegin(); it != churn.rend(); ++it) {
            w.add<Velocity>(*it, 1.0f, 2.0f, 3.0f);
        }
        clock.start();
        iterate(fixture.t);
        benchmark::ClobberMemory();
        clock.stop();
    }
    clock.report(state, fixture.handles.size());
}

void iterate_after_churn(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& fixture =
        bench::reuse_fixture(n, [](std::size_t count) { return make_churned(count, true); });
    time_after_churn(state, fixture, [](ticked_world& t) { t.systems->tick(t.w, 1.0 / 60.0); });
}

void iterate_after_churn_view(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& fixture =
        bench::reuse_fixture(n, [](std::size_t count) { return make_churned(count, false); });
    fixture.t.w.set_automatic_groups(0);
    time_after_churn(state, fixture, [](ticked_world& t) {
        t.w.view<Position, const Velocity>().each(
            [](Position& p, const Velocity& v) { bench::integrate(p, v); });
    });
}

// The churn itself (10% of the movers lose Velocity and get it back), timed, with the
// movement system's group over Position and Velocity and without.
void churn_common(benchmark::State& state, churned_world& fixture) {
    world& w = fixture.t.w;
    bench::entity_clock clock;
    for (auto _ : state) {
        const std::vector<entity>& churn = fixture.churn_sets[fixture.tick++ % 10];
        clock.start();
        for (const entity e : churn) w.remove<Velocity>(e);
        for (auto it = churn.rbegin(); it != churn.rend(); ++it) {
            w.add<Velocity>(*it, 1.0f, 2.0f, 3.0f);
        }
        clock.stop();
        benchmark::ClobberMemory();
    }
    clock.report(state, fixture.churn_sets[0].size());
}
void churn(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& fixture =
        bench::reuse_fixture(n, [](std::size_t count) { return make_churned(count, false); });
    churn_common(state, fixture);
}
void churn_grouped(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& fixture =
        bench::reuse_fixture(n, [](std::size_t count) { return make_churned(count, true); });
    churn_common(state, fixture);
}

// Sums get<Position>(e).x over `handles` once per pass.
void time_gets(benchmark::State& state, world& w, const std::vector<entity>& handles) {
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        float sum = 0.0f;
        for (const entity e : handles) sum += w.get<Position>(e).x;
        benchmark::DoNotOptimize(sum);
    }
    clock.stop();
    clock.report(state, handles.size());
}

void get_random(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [w, handles] = bench::reuse_fixture(n, [](std::size_t count) {
        world made;
        std::vector<entity> order = bench::shuffled(add_movers(made, count));
        return world_and_handles{std::move(made), std::move(order)};
    });
    time_gets(state, w, handles);
}

// get_random after the Position pool lost its creation order, as after long churn: every
// Position removed, then added back in another random order. No lookup can take the
// identity prefix's shortcut (sparse_set.hpp); each goes through the sparse pages. This is
// the general case of get, and not one of the workloads.
void get_random_reordered(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [w, handles] = bench::reuse_fixture(n, [](std::size_t count) {
        world made;
        const std::vector<entity> created = add_movers(made, count);
        for (const entity e : created) made.remove<Position>(e);
        for (const std::uint32_t i : bench::shuffled_indices(count)) {
            made.add<Position>(created[i], static_cast<float>(i), 0.0f, 0.0f);
        }
        return world_and_handles{std::move(made), bench::shuffled(created)};
    });
    time_gets(state, w, handles);
}

// Adds Health to every entity, then removes it from every entity: the pool grows to N and
// shrinks back, as when a status effect is applied to a crowd and later lifted.
world_and_handles positioned(std::size_t count) {
    world made;
    std::vector<entity> created;
    created.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        created.push_back(made.create());
        made.add<Position>(created.back());
    }
    return world_and_handles{std::move(made), std::move(created)};
}

void time_add_remove(benchmark::State& state, world& w, const std::vector<entity>& handles);

void add_remove(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [w, handles] =
        bench::reuse_fixture(n, [](std::size_t count) { return positioned(count); });
    time_add_remove(state, w, handles);
}

// add_remove while a group owns Position and Health: every add joins, every remove leaves.
void add_remove_grouped(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [w, handles] = bench::reuse_fixture(n, [](std::size_t count) {
        world_and_handles made = positioned(count);
        made.w.assure_group<Position, Health>();
        return made;
    });
    time_add_remove(state, w, handles);
}

void time_add_remove(benchmark::State& state, world& w, const std::vector<entity>& handles) {
    const std::size_t n = handles.size();
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (const entity e : handles) w.add<Health>(e, 100, 100);
        for (const entity e : handles) w.remove<Health>(e);
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"create", "mosaic", &create},
    {"create", "mosaic_grouped", &create_grouped},
    {"destroy", "mosaic", &destroy},
    {"destroy", "mosaic_grouped", &destroy_grouped},
    {"iterate_pos_vel", "mosaic", &iterate_pos_vel},
    {"iterate_pos_vel", "mosaic_view", &iterate_pos_vel_view},
    {"iterate_sparse3", "mosaic", &iterate_sparse3},
    {"iterate_sparse3", "mosaic_view", &iterate_sparse3_view},
    {"iterate_sparse3_random", "mosaic", &iterate_sparse3_random},
    {"iterate_sparse3_random", "mosaic_view", &iterate_sparse3_random_view},
    {"iterate_after_churn", "mosaic", &iterate_after_churn},
    {"iterate_after_churn", "mosaic_view", &iterate_after_churn_view},
    {"churn", "mosaic", &churn},
    {"churn", "mosaic_grouped", &churn_grouped},
    {"get_random", "mosaic", &get_random},
    {"get_random", "mosaic_reordered", &get_random_reordered},
    {"add_remove", "mosaic", &add_remove},
    {"add_remove", "mosaic_grouped", &add_remove_grouped},
});

}  // namespace
