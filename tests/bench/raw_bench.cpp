// The raw variant: a lower bound, the same work on plain std::vectors indexed by entity
// number, with no handles, no checks and no indirection. Timed as ecs_bench.cpp explains.
// What each workload means here:
//
//   create           push_back on a Position and a Velocity vector (grown from empty)
//   destroy          pop_back on both (the popped value is kept observable so the compiler
//                    cannot fold the loop into one size change)
//   iterate_pos_vel  pos[i] += vel[i] * dt over the two vectors
//   iterate_sparse3  dense Position, Velocity and Health vectors of N each, plus one byte per
//                    entity saying which of Velocity and Health it has; the loop visits all
//                    N and skips those without both
//   get_random       pos[i] for indices in shuffled order
//   add_remove       Health becomes present (value written, flag byte set), then absent
//                    (flag cleared): the cheapest way to add and remove an optional component

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "components.hpp"

namespace {

using bench::Health;
using bench::Position;
using bench::Velocity;

struct movers {
    explicit movers(std::size_t n) {
        pos.reserve(n);
        vel.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            pos.push_back({static_cast<float>(i), 0.0f, 0.0f});
            vel.push_back({1.0f, 2.0f, 3.0f});
        }
    }
    std::vector<Position> pos;
    std::vector<Velocity> vel;
};

void create(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        std::vector<Position> pos;
        std::vector<Velocity> vel;
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            pos.push_back({static_cast<float>(i), 0.0f, 0.0f});
            vel.push_back({1.0f, 2.0f, 3.0f});
        }
        clock.stop();
        benchmark::DoNotOptimize(pos.data());
        benchmark::DoNotOptimize(vel.data());
    }
    clock.report(state, n);
}

void destroy(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    bench::entity_clock clock;
    for (auto _ : state) {
        movers m(n);
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            benchmark::DoNotOptimize(m.pos.back());
            m.pos.pop_back();
            m.vel.pop_back();
        }
        clock.stop();
        benchmark::DoNotOptimize(m.vel.size());
    }
    clock.report(state, n);
}

void iterate_pos_vel(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    movers& m = bench::reuse_fixture(n, [](std::size_t count) { return movers(count); });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i) bench::integrate(m.pos[i], m.vel[i]);
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

struct sparse3_arrays {
    movers m;
    std::vector<Health> health;
    std::vector<std::uint8_t> masks;
};

void iterate_sparse3(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [m, health, masks] = bench::reuse_fixture(n, [](std::size_t count) {
        return sparse3_arrays{movers(count), std::vector<Health>(count),
                              bench::sparse3_composition(count)};
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i) {
            if (masks[i] != bench::with_both) continue;
            bench::integrate_if_alive(m.pos[i], m.vel[i], health[i]);
        }
        benchmark::ClobberMemory();
    }
    clock.stop();
    clock.report(state, n);
}

// iterate_after_churn: the movers' arrays plus a byte per entity saying whether it has a
// Velocity. Each pass a random 10% lose it and get it back (untimed, as for mosaic); the
// timed loop visits all N and tests the byte.
struct churned_movers {
    movers m;
    std::vector<std::uint8_t> has_velocity;
    std::vector<std::uint32_t> order;
};

void iterate_after_churn(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [m, has_velocity, order] = bench::reuse_fixture(n, [](std::size_t count) {
        return churned_movers{movers(count), std::vector<std::uint8_t>(count, 1),
                              bench::shuffled_indices(count)};
    });
    bench::entity_clock clock;
    std::size_t tick = 0;
    for (auto _ : state) {
        const std::size_t first = (tick++ % 10) * (n / 10);
        for (std::size_t k = first; k < first + n / 10; ++k) has_velocity[order[k]] = 0;
        for (std::size_t k = first; k < first + n / 10; ++k) has_velocity[order[k]] = 1;
        benchmark::ClobberMemory();
        clock.start();
        for (std::size_t i = 0; i < n; ++i) {
            if (has_velocity[i] != 0) bench::integrate(m.pos[i], m.vel[i]);
        }
        benchmark::ClobberMemory();
        clock.stop();
    }
    clock.report(state, n);
}

struct movers_and_order {
    movers m;
    std::vector<std::uint32_t> order;
};

void get_random(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    const auto& [m, order] = bench::reuse_fixture(n, [](std::size_t count) {
        return movers_and_order{movers(count), bench::shuffled_indices(count)};
    });
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        float sum = 0.0f;
        for (const std::uint32_t i : order) sum += m.pos[i].x;
        benchmark::DoNotOptimize(sum);
    }
    clock.stop();
    clock.report(state, n);
}

struct optional_health {
    std::vector<Position> pos;
    std::vector<Health> health;
    std::vector<std::uint8_t> has_health;
};

void add_remove(benchmark::State& state) {
    const std::size_t n = bench::entity_count(state);
    auto& [pos, health, has_health] = bench::reuse_fixture(n, [](std::size_t count) {
        return optional_health{std::vector<Position>(count), std::vector<Health>(count),
                               std::vector<std::uint8_t>(count, 0)};
    });
    // Plain pointers: a store through the byte flags could otherwise alias the vectors'
    // own members, and the compiler would reload them at every entity.
    Health* const values = health.data();
    std::uint8_t* const present = has_health.data();
    bench::entity_clock clock;
    clock.start();
    for (auto _ : state) {
        for (std::size_t i = 0; i < n; ++i) {
            values[i] = {100, 100};
            present[i] = 1;
        }
        benchmark::ClobberMemory();
        for (std::size_t i = 0; i < n; ++i) present[i] = 0;
        benchmark::ClobberMemory();
    }
    clock.stop();
    benchmark::DoNotOptimize(pos.data());
    clock.report(state, n);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"create", "raw", &create},
    {"destroy", "raw", &destroy},
    {"iterate_pos_vel", "raw", &iterate_pos_vel},
    {"iterate_sparse3", "raw", &iterate_sparse3},
    // The same arrays whatever order the components came in.
    {"iterate_sparse3_random", "raw", &iterate_sparse3},
    {"iterate_after_churn", "raw", &iterate_after_churn},
    {"get_random", "raw", &get_random},
    {"add_remove", "raw", &add_remove},
});

}  // namespace
