// Scene files and snapshots at 100,000 entities with 4 components each (Transform,
// RigidBody, Sprite, Health): save and load JSON and binary, and the in-memory snapshot the
// editor takes on Play. Counters: entities per second and MB per second of file.
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <sstream>
#include <string>

#include "bench_registry.hpp"
#include "builtin_table.hpp"

namespace {

using namespace mosaic;

constexpr std::int64_t scene_n = 100'000;

const component_table& table() {
    return bench::builtin_table();
}

scene make_scene(std::int64_t n) {
    scene s;
    for (std::int64_t i = 0; i < n; ++i) {
        const entity e = s.world.create();
        const float f = static_cast<float>(i);
        s.world.add<Transform>(e, Transform{{f * 0.5f, f * 0.25f}, f, {1, 1}});
        s.world.add<RigidBody>(e, RigidBody{{1, 2}, {0, -9.81f}, 0.1f, 1});
        s.world.add<Sprite>(e);
        s.world.add<Health>(e, Health{50, 100});
    }
    s.assign_missing_ids();
    return s;
}

void report(benchmark::State& state, std::size_t bytes) {
    const auto n = static_cast<double>(state.range(0));
    state.counters["entities_per_s"] =
        benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["MB_per_s"] = benchmark::Counter(static_cast<double>(bytes) / 1e6,
                                                    benchmark::Counter::kIsIterationInvariantRate);
    state.counters["file_MB"] = static_cast<double>(bytes) / 1e6;
}

template <bool Binary>
void save(benchmark::State& state) {
    scene s = make_scene(state.range(0));
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::ostringstream out;
        if constexpr (Binary) {
            save_scene_binary(s, table(), out);
        } else {
            save_scene_json(s, table(), out);
        }
        bytes = out.str().size();
        benchmark::DoNotOptimize(bytes);
    }
    report(state, bytes);
}

template <bool Binary>
void load(benchmark::State& state) {
    scene s = make_scene(state.range(0));
    std::ostringstream out;
    if constexpr (Binary) {
        save_scene_binary(s, table(), out);
    } else {
        save_scene_json(s, table(), out);
    }
    const std::string file = out.str();
    for (auto _ : state) {
        auto loaded = Binary ? load_scene_binary(file, table()) : load_scene_json(file, table());
        if (!loaded.ok()) state.SkipWithError("load failed");
        benchmark::DoNotOptimize(loaded);
    }
    report(state, file.size());
}

// Loading (what --validate does) a JSON scene whose last `Warnings` entities carry an unknown
// key: with the warnings located in one pass, as fast as the same file without them
// (issue #17: 31 s against 1 s when each warning re-read the file).
template <int Warnings>
void validate(benchmark::State& state) {
    scene s = make_scene(state.range(0));
    std::ostringstream out;
    save_scene_json(s, table(), out);
    std::string file = out.str();
    std::size_t at = file.size();
    for (int i = 0; i < Warnings; ++i) {
        at = file.rfind("\"enabled\"", at - 1);
        file.insert(at, "\"odd\": 1, ");
    }
    for (auto _ : state) {
        auto loaded = load_scene_json(file, table());
        if (!loaded.ok() || loaded.diagnostics.size() != static_cast<std::size_t>(Warnings))
            state.SkipWithError("the load did not give the expected warnings");
        benchmark::DoNotOptimize(loaded);
    }
    report(state, file.size());
}

void snapshot(benchmark::State& state) {
    scene s = make_scene(state.range(0));
    for (auto _ : state) {
        scene copy = s.clone();
        benchmark::DoNotOptimize(copy);
    }
    state.counters["entities_per_s"] = benchmark::Counter(
        static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"scene_json_save", "mosaic", &save<false>, {scene_n}},
    {"scene_json_load", "mosaic", &load<false>, {scene_n}},
    {"scene_binary_save", "mosaic", &save<true>, {scene_n}},
    {"scene_binary_load", "mosaic", &load<true>, {scene_n}},
    {"snapshot", "mosaic", &snapshot, {scene_n}},
    {"scene_json_validate", "no_warnings", &validate<0>, {scene_n}},
    {"scene_json_validate", "late_warnings_200", &validate<200>, {scene_n}},
});

}  // namespace
