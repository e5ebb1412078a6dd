#pragma once
// The stress project's scenes (10,000 and 100,000 moving, colliding sprites) started in a game,
// for the benchmarks that tick them (stress_bench.cpp, rewind_bench.cpp).
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace bench {

/// A game of the stress scene of `sprites` (10,000 or 100,000) after its spawn tick and a few
/// more (the steady state), or null with `error`.
inline std::unique_ptr<mosaic::game> start_stress(std::int64_t sprites, unsigned threads,
                                                  std::string& error) {
    using namespace mosaic;
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

}  // namespace bench
