// Linked prefab instances at 10,000 instances of a 20-entity prefab (issue 15 §4):
//   prefab_instantiate  spawning them, links included;
//   prefab_scene_load   loading a JSON scene of them (links + one override each) and
//                       rebuilding the entities from the prefab;
//   prefab_propagate    a prefab change reaching every instance (goal: <= 100 ms).
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab_library.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <sstream>
#include <string>

#include "bench_registry.hpp"
#include "builtin_table.hpp"

namespace {

using namespace mosaic;

constexpr std::int64_t instances_n = 10'000;
constexpr const char* path = "archetypes/squad.prefab.json";

const component_table& table() {
    return bench::builtin_table();
}

// 20 entities: a root, 4 groups under it, 15 members under the groups.
prefab make_squad() {
    world w;
    const entity root = w.create();
    w.add<Transform>(root);
    w.add<Health>(root);
    entity group = null_entity;
    for (int i = 1; i < 20; ++i) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{.position = {float(i), 0}});
        w.add<Sprite>(e);
        const bool is_group = (i - 1) % 5 == 0;
        set_parent(w, e, is_group ? root : group);
        if (is_group) group = e;
    }
    return make_prefab("squad", w, root, table());
}

struct setting {
    prefab_library lib{table(), {}};
    const prefab* squad = nullptr;
    setting() {
        (void)lib.replace(path, make_squad());
        squad = lib.find(path);
    }
};

void report(benchmark::State& state) {
    state.counters["instances_per_s"] = benchmark::Counter(
        static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["entities"] = static_cast<double>(state.range(0) * 20);
}

void instantiate_many(benchmark::State& state) {
    setting s;
    for (auto _ : state) {
        world w;
        for (std::int64_t i = 0; i < state.range(0); ++i) instantiate(w, *s.squad, path);
        benchmark::DoNotOptimize(w.size());
        state.PauseTiming();  // tearing the world down is not instancing
        w = world();
        state.ResumeTiming();
    }
    report(state);
}

void load_scene(benchmark::State& state) {
    setting s;
    scene made;
    made.prefabs = &s.lib;
    for (std::int64_t i = 0; i < state.range(0); ++i) {
        const prefab_instance inst = instantiate(made.world, *s.squad, path);
        made.world.get<Transform>(inst.root).position = {float(i), float(i % 100)};
    }
    made.assign_missing_ids();
    std::ostringstream out;
    save_scene_json(made, table(), out);
    const std::string file = out.str();
    for (auto _ : state) {
        load_result<scene> loaded = load_scene_json(file, table());
        if (!loaded.ok()) state.SkipWithError("load failed");
        if (!resolve_prefab_instances(*loaded.value, s.lib, table()).empty())
            state.SkipWithError("resolve warned");
        benchmark::DoNotOptimize(loaded);
    }
    report(state);
    state.counters["file_MB"] = static_cast<double>(file.size()) / 1e6;
}

void propagate_change(benchmark::State& state) {
    setting s;
    world w;
    for (std::int64_t i = 0; i < state.range(0); ++i) {
        const prefab_instance inst = instantiate(w, *s.squad, path);
        if (i % 2 == 0) w.get<Health>(inst.root).current = 1;  // half override one field
    }
    const prefab before = *s.squad;
    prefab after = before;
    after.node_world().get<Health>(after.nodes()[0]).max = 500;
    after.node_world().get<Sprite>(after.nodes()[7]).size = {3, 3};
    bool forward = true;
    for (auto _ : state) {
        const std::size_t n = forward ? propagate(w, path, before, after, table())
                                      : propagate(w, path, after, before, table());
        if (n != static_cast<std::size_t>(state.range(0))) state.SkipWithError("instances lost");
        forward = !forward;
    }
    report(state);
}

[[maybe_unused]] const bool registered = bench::add_cases({
    {"prefab_instantiate", "mosaic", &instantiate_many, {instances_n}},
    {"prefab_scene_load", "mosaic", &load_scene, {instances_n}},
    {"prefab_propagate", "mosaic", &propagate_change, {instances_n}},
});

}  // namespace
