// What automatic groups (world.hpp, section 8; ecs/README.md, *Automatic groups*) buy and
// cost, as figures for issue #31 §1.
//
// Iteration: the three-component loop of iterate_sparse3 (1 entity in 8 has all three)
// over the same world: `mosaic_auto_view` is a plain world.view<...>().each() with nothing
// declared (the world groups the view's types on its own at the third each(), in the
// warm-up passes before timing starts); `mosaic_group` declares the group first
// (assure_group) and walks the same view, which is then the group's pointer walk. The
// `mosaic_view` variants of ecs_bench.cpp are the same view with automatic groups off
// (set_automatic_groups(0)), the walk every view did before. Goal: mosaic_auto_view within
// 1.1x of mosaic_group.
//
// Structural operations: add_remove, destroy and churn of ecs_bench.cpp, each with an
// automatic group over the touched pools alive (`mosaic_auto`, made by iterating a view
// three times, checked to be automatic) next to the `mosaic` (no group) and
// `mosaic_grouped` (declared group) variants there.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"
#include "mosaic/ecs/group.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using bench::Health;
using bench::Position;
using bench::Velocity;
using mosaic::entity;
using mosaic::world;

world sparse3_world(std::size_t count, bool random_order) {
    world made;
    const std::vector<std::uint8_t> masks = bench::sparse3_composition(count);
    std::vector<entity> created(count);
    made.create(created);
    const auto give = [&](entity e, std::uint8_t which) {
        const std::uint8_t mask = masks[e.index] & which;
        if (mask & bench::with_velocity) made.add<Velocity>(e, 1.0f, 2.0f, 3.0f);
        if (mask & bench::with_health) made.add<Health>(e);
    };
    if (!random_order) {
        for (const entity e : created) {
            made.add<Position>(e);
            give(e, bench::with_both);
        }
        return made;
    }
    for (const std::uint32_t i : bench::shuffled_indices(count)) made.add<Position>(created[i]);
    for (const entity e : bench::shuffled(created)) give(e, bench::with_velocity);
    for (const entity e : bench::shuffled(bench::shuffled(created))) give(e, bench::with_health);
    return made;
}

void sparse3_pass(world& w) {
    w.view<Position, const Velocity, const Health>().each(
        [](Position& p, const Velocity& v, const Health& h) {
            bench::integrate_if_alive(p, v, h);
        });
}

// How many groups of `w` the world made on its own.
std::size_t automatic_group_count(const world& w) {
    std::size_t count = 0;
    w.each_group([&](const mosaic::group& g) { count += g.automatic() ? 1 : 0; });
    return count;
}

enum class setup { auto_view, declared };

world prepared(std::size_t count, bool random_order, setup how) {
    world made = sparse3_world(count, random_order);
    if (how == setup::declared) made.assure_group<Position, Velocity, Health>();
    // Warm-up passes: with automatic groups on, the third makes the group.
    for (int pass = 0; pass < 3; ++pass) sparse3_pass(made);
    const std::size_t expected = how == setup::auto_view ? 1 : 0;
    if (automatic_group_count(made) != expected) {
        throw std::logic_error("automatic_group_bench: unexpected automatic group count");
    }
    return made;
}

void time_passes(benchmark::State& state, world& w, std::size_t n) {
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        sparse3_pass(w);
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

template <bool RandomOrder, setup How>
void iterate(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    world& w = bench::reuse_fixture(
        n, [](std::size_t count) { return prepared(count, RandomOrder, How); });
    time_passes(state, w, n);
}

// --- structural operations with an automatic group alive ------------------------------------

// Iterates view<A, B> three times, so the world groups A and B itself.
template <class A, class B>
void make_automatic(world& w) {
    for (int pass = 0; pass < 3; ++pass) w.view<A, B>().each([](A&, B&) {});
    if (automatic_group_count(w) != 1) {
        throw std::logic_error("automatic_group_bench: no automatic group was made");
    }
}

// add_remove: Health added to every positioned entity, then removed, while an automatic
// group over Position and Health exists (made while every entity had Health).
void add_remove_auto(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    struct fixture {
        world w;
        std::vector<entity> handles;
    };
    auto& [w, handles] = bench::reuse_fixture(n, [](std::size_t count) {
        fixture made;
        made.handles.resize(count);
        made.w.create(made.handles);
        for (const entity e : made.handles) made.w.add<Position>(e);
        for (const entity e : made.handles) made.w.add<Health>(e, 100, 100);
        make_automatic<Position, Health>(made.w);
        for (const entity e : made.handles) made.w.remove<Health>(e);
        return made;
    });
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

// destroy of every mover while an automatic group over Position and Velocity exists.
void destroy_auto(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        std::vector<entity> handles(n);
        w.create(handles);
        for (std::size_t i = 0; i < n; ++i) {
            w.add<Position>(handles[i], static_cast<float>(i), 0.0f, 0.0f);
            w.add<Velocity>(handles[i], 1.0f, 2.0f, 3.0f);
        }
        make_automatic<Position, Velocity>(w);
        clock.start();
        for (const entity e : handles) w.destroy(e);
        clock.stop();
        benchmark::DoNotOptimize(w.size());
    }
    clock.report(state, n);
}

// create of movers (entity + Position + Velocity) into a world whose automatic group over
// Position and Velocity already exists (made over a first, destroyed entity).
void create_auto(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        world w;
        const entity first = w.create();
        w.add<Position>(first);
        w.add<Velocity>(first);
        make_automatic<Position, Velocity>(w);
        w.destroy(first);
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

// churn: a random 10% of the movers lose Velocity and get it back in another order, while
// an automatic group over Position and Velocity exists (ecs_bench.cpp's churn_grouped has
// the scheduler's declared group instead).
void churn_auto(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    struct fixture {
        world w;
        std::vector<std::vector<entity>> churn_sets;
        std::size_t tick = 0;
    };
    auto& f = bench::reuse_fixture(n, [](std::size_t count) {
        fixture made;
        std::vector<entity> handles(count);
        made.w.create(handles);
        for (std::size_t i = 0; i < count; ++i) {
            made.w.add<Position>(handles[i], static_cast<float>(i), 0.0f, 0.0f);
            made.w.add<Velocity>(handles[i], 1.0f, 2.0f, 3.0f);
        }
        make_automatic<Position, Velocity>(made.w);
        std::mt19937 rng(bench::seed + 3);
        for (int s = 0; s < 10; ++s) {
            std::vector<entity> order = handles;
            std::shuffle(order.begin(), order.end(), rng);
            order.resize(count / 10);
            made.churn_sets.push_back(std::move(order));
        }
        return made;
    });
    bench::entity_clock clock;
    for (auto _ : state) {
        const std::vector<entity>& churn = f.churn_sets[f.tick++ % 10];
        clock.start();
        for (const entity e : churn) f.w.remove<Velocity>(e);
        for (auto it = churn.rbegin(); it != churn.rend(); ++it) {
            f.w.add<Velocity>(*it, 1.0f, 2.0f, 3.0f);
        }
        clock.stop();
        benchmark::ClobberMemory();
    }
    clock.report(state, f.churn_sets[0].size());
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"iterate_sparse3", "mosaic_auto_view", &iterate<false, setup::auto_view>},
    {"iterate_sparse3", "mosaic_group", &iterate<false, setup::declared>},
    {"iterate_sparse3_random", "mosaic_auto_view", &iterate<true, setup::auto_view>},
    {"iterate_sparse3_random", "mosaic_group", &iterate<true, setup::declared>},
    {"add_remove", "mosaic_auto", &add_remove_auto},
    {"destroy", "mosaic_auto", &destroy_auto},
    {"create", "mosaic_auto", &create_auto},
    {"churn", "mosaic_auto", &churn_auto},
});

}  // namespace
