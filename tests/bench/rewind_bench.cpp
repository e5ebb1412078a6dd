// Rewind at 100,000 moving sprites (the stress scene): what recording costs a tick, how long a
// step back and a jump to any recorded tick take, and how much memory a recorded second needs.
// Goals (issue 13): recording <= 20 % of the tick, step back <= 50 ms, jump <= 150 ms, at least
// the last 10 s within the default 1 GiB budget.
//
//   rewind/record_overhead: two identical games tick in turn, one recorded, one not; the time
//     is the recorded tick's; counters: plain_ms, recorded_ms, overhead_pct (interleaved, so
//     the machine's load weighs on both alike), bytes_per_s (memory per recorded second),
//     seconds_kept (of the default budget), keyframe_interval.
//   rewind/step_back: steps back through the recording from its end, tick by tick; the time is
//     the mean step; counters: slowest_ms (the first step into a keyframe interval, which
//     re-simulates it), median_ms (the others restore a cached state).
//   rewind/step_back_prepared: the same with recording::prepare run to the end between two
//     steps (untimed), as the editor does in its paused frames.
//   rewind/jump: seeks far away each time, to the worst ticks (just before a keyframe).
//   rewind/step_back_after_jump: one step back right after such a jump (a copy: the jump kept
//     the states it re-simulated).
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "stress_support.hpp"

namespace {

using namespace mosaic;
using bench::start_stress;
using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point start) {
    return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

// A stress game with `ticks` recorded ticks (default options: the interval and the budget as
// the editor has them), paused at the last.
struct recorded {
    std::unique_ptr<game> g;
    std::unique_ptr<recording> rec;
};

recorded record_stress(std::int64_t sprites, int ticks, std::string& error) {
    recorded r;
    r.g = start_stress(sprites, 1, error);
    if (!r.g) return r;
    r.rec = std::make_unique<recording>();
    r.rec->attach(*r.g);
    for (int i = 0; i < ticks; ++i) r.g->tick();
    r.rec->detach(*r.g);
    return r;
}

void record_overhead(benchmark::State& state) {
    std::string error;
    auto plain = start_stress(state.range(0), 1, error);
    auto played = start_stress(state.range(0), 1, error);
    if (!plain || !played) {
        state.SkipWithError(error.c_str());
        return;
    }
    recording rec;
    rec.attach(*played);
    // Past the first 10 s: the budget's eviction is part of the steady state.
    for (int i = 0; i < 660; ++i) {
        plain->tick();
        played->tick();
    }
    double plain_ms = 0.0;
    double recorded_ms = 0.0;
    std::int64_t pairs = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto start = clock_type::now();
        plain->tick();
        plain_ms += ms_since(start);
        state.ResumeTiming();
        start = clock_type::now();
        played->tick();
        recorded_ms += ms_since(start);
        ++pairs;
    }
    rec.detach(*played);
    const auto n = static_cast<double>(std::max<std::int64_t>(pairs, 1));
    state.counters["plain_ms"] = plain_ms / n;
    state.counters["recorded_ms"] = recorded_ms / n;
    state.counters["overhead_pct"] = 100.0 * (recorded_ms - plain_ms) / plain_ms;
    const double seconds =
        static_cast<double>(rec.last_tick() - rec.first_tick()) * rec.tick_seconds();
    state.counters["recorded_s"] = seconds;
    state.counters["bytes_per_s"] = static_cast<double>(rec.memory_bytes()) / seconds;
    state.counters["seconds_kept"] = rec.seconds_available();
    state.counters["keyframe_interval"] = rec.keyframe_interval();
    state.counters["memory_MB"] = static_cast<double>(rec.memory_bytes()) / 1e6;
}

template <bool Prepared>
void step_back(benchmark::State& state) {
    std::string error;
    recorded r = record_stress(state.range(0), 40, error);
    if (!r.g) {
        state.SkipWithError(error.c_str());
        return;
    }
    std::vector<double> steps;
    for (auto _ : state) {
        if (r.rec->current_tick() == r.rec->first_tick()) {
            state.PauseTiming();
            r.rec->seek(*r.g, r.rec->last_tick());
            state.ResumeTiming();
        }
        if constexpr (Prepared) {  // the editor's idle frames between two steps
            state.PauseTiming();
            while (r.rec->prepare(*r.g)) {
            }
            state.ResumeTiming();
        }
        const auto start = clock_type::now();
        r.rec->step_back(*r.g);
        steps.push_back(ms_since(start));
    }
    // The first step into a keyframe interval re-simulates it (the slowest); the others copy
    // a cached state (the median).
    std::sort(steps.begin(), steps.end());
    state.counters["slowest_ms"] = steps.back();
    state.counters["median_ms"] = steps[steps.size() / 2];
    state.counters["keyframe_interval"] = r.rec->keyframe_interval();
}

void jump(benchmark::State& state) {
    std::string error;
    recorded r = record_stress(state.range(0), 60, error);
    if (!r.g) {
        state.SkipWithError(error.c_str());
        return;
    }
    // The worst ticks: the last before each keyframe (a whole interval to re-simulate),
    // visited far apart so that none continues from where the last jump left the game.
    const std::uint64_t k = r.rec->keyframe_interval();
    std::vector<std::uint64_t> targets;
    for (std::uint64_t t = r.rec->first_tick() + k - 1; t <= r.rec->last_tick(); t += k)
        targets.push_back(t);
    std::size_t i = 0;
    double slowest = 0.0;
    for (auto _ : state) {
        // Alternately from the older and the newer half: never the same interval twice.
        const std::size_t half = targets.size() / 2;
        const std::size_t pick =
            i % 2 == 0 ? (i / 2) % half : half + (i / 2) % (targets.size() - half);
        const std::uint64_t target = targets[pick];
        ++i;
        const auto start = clock_type::now();
        r.rec->seek(*r.g, target);
        slowest = std::max(slowest, ms_since(start));
    }
    state.counters["slowest_ms"] = slowest;
    state.counters["keyframe_interval"] = static_cast<double>(k);
}

// A step back right after a jump (no paused frame in between to prepare anything): the jump
// keeps the states it re-simulated, so the step is a copy unless the jump landed on a
// keyframe. Each iteration jumps (untimed) to a tick inside another interval, then steps back
// (timed); counter slowest_ms.
void step_back_after_jump(benchmark::State& state) {
    std::string error;
    recorded r = record_stress(state.range(0), 60, error);
    if (!r.g) {
        state.SkipWithError(error.c_str());
        return;
    }
    const std::uint64_t k = r.rec->keyframe_interval();
    std::vector<std::uint64_t> targets;  // the last tick of each interval, as in jump
    for (std::uint64_t t = r.rec->first_tick() + k - 1; t <= r.rec->last_tick(); t += k)
        targets.push_back(t);
    std::size_t i = 0;
    double slowest = 0.0;
    for (auto _ : state) {
        state.PauseTiming();
        const std::size_t half = targets.size() / 2;
        const std::size_t pick =
            i % 2 == 0 ? (i / 2) % half : half + (i / 2) % (targets.size() - half);
        ++i;
        r.rec->seek(*r.g, targets[pick]);
        state.ResumeTiming();
        const auto start = clock_type::now();
        r.rec->step_back(*r.g);
        slowest = std::max(slowest, ms_since(start));
    }
    state.counters["slowest_ms"] = slowest;
    state.counters["keyframe_interval"] = static_cast<double>(k);
}

// Tiny Tanks' battle played for 10 minutes (36,000 ticks at 60/s; the input changes every
// few seconds): the whole session must stay in the default budget. The time is one pass of
// the field history (500 points of a tank's position over the whole session); counters:
// kept_s (seconds recorded), first_tick (0: nothing dropped), memory_MB, jump_ms (the slowest
// of 20 seeks across the session), tick_us (a recorded tick).
void tiny_tanks_session(benchmark::State& state) {
    default_build_dir_variable();
    static const loaded_project tanks =
        load_project(std::string(MOSAIC_PROJECTS_DIR) + "/tiny_tanks");
    if (!tanks.module) {
        state.SkipWithError(to_string(tanks.problems).c_str());
        return;
    }
    game g(tanks.module);
    load_result<scene> loaded =
        load_scene_file(tanks.manifest->folder / "scenes" / "battle.scene.json", g.table());
    if (!loaded.ok()) {
        state.SkipWithError(to_string(loaded.diagnostics).c_str());
        return;
    }
    g.load_archetypes(tanks.manifest->folder / "archetypes");
    g.start(std::move(*loaded.value));
    recording rec;
    rec.attach(g);
    const auto ticks = static_cast<std::uint64_t>(state.range(0));
    const auto start = clock_type::now();
    for (std::uint64_t t = 0; t < ticks; ++t) {
        tick_input in;  // a player who drives, turns and fires in turn
        const auto phase = (t / 180) % 4;
        in.down[static_cast<std::size_t>(key::w)] = phase != 3 ? 1 : 0;
        in.down[static_cast<std::size_t>(key::a)] = phase == 1 ? 1 : 0;
        in.down[static_cast<std::size_t>(key::space)] = (t / 20) % 3 == 0 ? 1 : 0;
        in.apply_to(g.world().resource<Input>());
        g.tick();
    }
    const double tick_us = ms_since(start) * 1000.0 / static_cast<double>(ticks);
    double slowest = 0.0;
    for (std::uint64_t i = 0; i < 20; ++i) {
        const auto at = clock_type::now();
        rec.seek(g, (i * 7919 * 97) % (rec.last_tick() + 1));
        slowest = std::max(slowest, ms_since(at));
    }
    rec.seek(g, rec.last_tick() / 2);
    entity tank = null_entity;
    const component_info* transform = g.table().find(type_id_of<Transform>());
    g.world().view<const Transform>().each([&](entity e, const Transform&) {
        if (tank == null_entity && !g.world().has<RigidBody>(e)) tank = e;
    });
    std::vector<std::uint64_t> points;
    for (std::uint64_t i = 0; i < 500; ++i) points.push_back(rec.last_tick() * i / 499);
    double sum = 0.0;
    for (auto _ : state) {
        rec.visit(g, points, [&](std::uint64_t, const world& w) {
            if (const void* value = w.try_get(tank, transform->type))
                sum += *static_cast<const float*>(value);
        });
    }
    benchmark::DoNotOptimize(sum);
    rec.detach(g);
    state.counters["kept_s"] =
        static_cast<double>(rec.last_tick() - rec.first_tick()) * rec.tick_seconds();
    state.counters["first_tick"] = static_cast<double>(rec.first_tick());
    state.counters["memory_MB"] = static_cast<double>(rec.memory_bytes()) / 1e6;
    state.counters["jump_ms"] = slowest;
    state.counters["tick_us"] = tick_us;
    state.counters["keyframe_interval"] = rec.keyframe_interval();
}

const bool registered = bench::add_cases({
    {"rewind", "tiny_tanks_session", tiny_tanks_session, {36'000}},
    {"rewind", "record_overhead", record_overhead, {100'000}},
    {"rewind", "step_back", step_back<false>, {100'000}},
    {"rewind", "step_back_prepared", step_back<true>, {100'000}},
    {"rewind", "jump", jump, {100'000}},
    {"rewind", "step_back_after_jump", step_back_after_jump, {100'000}},
});

}  // namespace
