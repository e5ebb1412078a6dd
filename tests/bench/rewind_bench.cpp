// Rewind at 100,000 moving sprites (the stress scene): what recording costs a tick, how long a
// step back and a jump to any recorded tick take, and how much memory a recorded second needs.
// Goals (issue 13): recording <= 20 % of the tick, step back <= 50 ms, jump <= 150 ms, at least
// the last 10 s within the default 1 GiB budget.
//
//   rewind/record_overhead: two identical games tick in turn, one recorded, one not; the time
//     is the recorded tick's; counters: plain_ms, recorded_ms, overhead_pct (interleaved, so
//     the machine's load weighs on both alike), bytes_per_s (memory per recorded second),
//     seconds_kept (of the default budget), keyframe_interval.
//   rewind/step_back: steps back through the recording from its end (the first step right
//     after recording, as when a player presses comma while playing), tick by tick, with no
//     idle frame in between; the time is the mean step; counters: slowest_ms (the worst step:
//     the goal is on it), median_ms, slowest_cpu_ms (the thread's CPU time of the worst step:
//     what the step costs without the machine's other load).
//   rewind/step_back_prepared: the same with recording::prepare run to the end between two
//     steps (untimed), as the editor does in its paused frames.
//   rewind/jump: seeks far away each time, to the worst ticks (just before a keyframe, which
//     re-simulates a whole interval, and onto a keyframe, which prepares the interval before).
//   rewind/step_back_after_jump: one step back right after such a jump.
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
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

// The calling thread's CPU time in ms: the games here run on one thread, so this is what a
// step costs whatever else the machine runs.
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// The slowest of timed calls, in wall time, in the thread's CPU time and in ticks run (by
// `ticks_run`, a count of the ticks the game ran, re-simulated ones included): the last is
// what the machine's load cannot change.
struct slowest_of {
    const std::uint64_t* ticks_run = nullptr;
    double wall_ms = 0.0;
    double cpu_ms = 0.0;
    std::uint64_t ticks = 0;
    template <class F>
    double time(F&& f) {
        const std::uint64_t ticks_before = *ticks_run;
        const double cpu = thread_cpu_ms();
        const auto start = clock_type::now();
        f();
        const double wall = ms_since(start);
        wall_ms = std::max(wall_ms, wall);
        cpu_ms = std::max(cpu_ms, thread_cpu_ms() - cpu);
        ticks = std::max(ticks, *ticks_run - ticks_before);
        return wall;
    }
    void report(benchmark::State& state) const {
        state.counters["slowest_ms"] = wall_ms;
        state.counters["slowest_cpu_ms"] = cpu_ms;
        state.counters["most_ticks"] = static_cast<double>(ticks);
    }
};

// The last tick of each keyframe interval (a jump there re-simulates the whole interval) and
// each keyframe after the first (a jump there prepares the interval before it), ordered so
// that consecutive picks are far apart: alternately from the older and the newer half.
std::vector<std::uint64_t> worst_jump_targets(const recording& rec) {
    const std::uint64_t k = rec.keyframe_interval();
    std::vector<std::uint64_t> ticks;
    for (std::uint64_t t = rec.first_tick() + k - 1; t <= rec.last_tick(); t += k) {
        ticks.push_back(t);
        if (t + 1 <= rec.last_tick()) ticks.push_back(t + 1);
    }
    std::vector<std::uint64_t> far_apart;
    const std::size_t half = ticks.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
        far_apart.push_back(ticks[i]);
        far_apart.push_back(ticks[half + i]);
    }
    if (ticks.size() % 2 == 1) far_apart.push_back(ticks.back());
    return far_apart;
}

// A stress game with `ticks` recorded ticks (default options: the interval and the budget as
// the editor has them), paused at the last.
struct recorded {
    std::unique_ptr<game> g;
    std::unique_ptr<recording> rec;
    std::shared_ptr<std::uint64_t> ticks_run = std::make_shared<std::uint64_t>(0);
};

recorded record_stress(std::int64_t sprites, int ticks, std::string& error) {
    recorded r;
    r.g = start_stress(sprites, 1, error);
    if (!r.g) return r;
    r.g->systems().add("bench_ticks_run", [count = r.ticks_run](system_context&) { ++*count; });
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
    slowest_of slowest{r.ticks_run.get()};
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
        steps.push_back(slowest.time([&] { r.rec->step_back(*r.g); }));
    }
    // Most steps copy a cached state (the median); some re-simulate up to step_ticks().
    std::sort(steps.begin(), steps.end());
    slowest.report(state);
    state.counters["median_ms"] = steps[steps.size() / 2];
    state.counters["step_ticks"] = r.rec->step_ticks();
    state.counters["keyframe_interval"] = r.rec->keyframe_interval();
}

void jump(benchmark::State& state) {
    std::string error;
    recorded r = record_stress(state.range(0), 60, error);
    if (!r.g) {
        state.SkipWithError(error.c_str());
        return;
    }
    const std::vector<std::uint64_t> targets = worst_jump_targets(*r.rec);
    std::size_t i = 0;
    slowest_of slowest{r.ticks_run.get()};
    for (auto _ : state) {
        const std::uint64_t target = targets[i++ % targets.size()];
        slowest.time([&] { r.rec->seek(*r.g, target); });
    }
    slowest.report(state);
    state.counters["keyframe_interval"] = r.rec->keyframe_interval();
}

// A step back right after a jump (no paused frame in between to prepare anything): the jump
// keeps the states it re-simulated, and one onto a keyframe prepares the interval before it.
// Each iteration jumps (untimed) to one of the worst ticks, then steps back (timed); counters
// slowest_ms, slowest_cpu_ms.
void step_back_after_jump(benchmark::State& state) {
    std::string error;
    recorded r = record_stress(state.range(0), 60, error);
    if (!r.g) {
        state.SkipWithError(error.c_str());
        return;
    }
    const std::vector<std::uint64_t> targets = worst_jump_targets(*r.rec);
    std::size_t i = 0;
    slowest_of slowest{r.ticks_run.get()};
    for (auto _ : state) {
        state.PauseTiming();
        r.rec->seek(*r.g, targets[i++ % targets.size()]);
        state.ResumeTiming();
        slowest.time([&] { r.rec->step_back(*r.g); });
    }
    slowest.report(state);
    state.counters["keyframe_interval"] = r.rec->keyframe_interval();
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
