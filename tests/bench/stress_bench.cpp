// The stress project's scenes (10,000 and 100,000 moving, colliding sprites): the time of one
// simulation tick, with 1 and 2 scheduler threads. The scene spawns its sprites on the first
// tick; the fixture runs a few ticks before timing so the world is in its steady state.
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include <map>
#include <memory>
#include <string>

#include "bench_registry.hpp"

namespace {

using namespace mosaic;

std::unique_ptr<game> start_stress(std::int64_t sprites, unsigned threads, std::string& error) {
    default_build_dir_variable();
    static const loaded_project stress = load_project(std::string(MOSAIC_PROJECTS_DIR) + "/stress");
    if (!stress.module) {
        error = to_string(stress.problems);
        return nullptr;
    }
    const std::string file = sprites >= 100'000 ? "stress.scene.json" : "stress_10k.scene.json";
    const auto folder = stress.manifest->folder;
    auto g = std::make_unique<game>(stress.module, game_options{.threads = threads});
    load_result<scene> loaded = load_scene_file(folder / "scenes" / file, g->table());
    if (!loaded.ok()) {
        error = to_string(loaded.diagnostics);
        return nullptr;
    }
    g->load_archetypes(folder / "archetypes");
    g->start(std::move(*loaded.value));
    for (int i = 0; i < 5; ++i) g->tick();  // spawn, then settle
    return g;
}

template <unsigned Threads>
void stress_tick(benchmark::State& state) {
    std::string error;
    auto g = start_stress(state.range(0), Threads, error);
    if (!g) {
        state.SkipWithError(error.c_str());
        return;
    }
    for (auto _ : state) g->tick();
    state.counters["entities"] = static_cast<double>(g->world().size());
}

const bool registered = bench::add_cases({
    {"stress_tick", "1_thread", stress_tick<1>, {10'000, 100'000}},
    {"stress_tick", "2_threads", stress_tick<2>, {10'000, 100'000}},
});

}  // namespace
