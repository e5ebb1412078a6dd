#pragma once
// Shared by the project tests: sample scenes started in a mosaic::game exactly as mosaic-run
// starts them (the project's table and systems, its archetype files), and the saved JSON of a
// running game for determinism checks.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/projects/registry.hpp>

namespace mosaic::testing {

/// The project named `name` (a test failure when it is not listed).
inline const project& project_named(std::string_view name) {
    const project* p = find_project(projects::all(), name);
    EXPECT_NE(p, nullptr) << name << " is not in mosaic::projects::all()";
    static const project none{};
    return p ? *p : none;
}

/// A sample scene of a project, loaded and started: `scene_file` relative to the project's
/// folder. Every diagnostic (archetype files and scene) lands in `diagnostics`.
inline std::unique_ptr<game> start_sample(std::string_view project_name,
                                          std::string_view scene_file, game_options options = {},
                                          std::vector<diagnostic>* diagnostics = nullptr) {
    const project& p = project_named(project_name);
    auto g = std::make_unique<game>(&p, options);
    const std::filesystem::path folder = projects::folder() / std::string(project_name);
    std::vector<diagnostic> found = g->load_archetypes(folder / "archetypes");
    load_result<scene> loaded = load_scene_file(folder / std::string(scene_file), g->table());
    found.insert(found.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
    if (diagnostics) *diagnostics = found;
    if (!loaded.ok()) {
        ADD_FAILURE() << to_string(found);
        return nullptr;
    }
    g->start(std::move(*loaded.value));
    return g;
}

inline void run_ticks(game& g, int ticks) {
    for (int i = 0; i < ticks; ++i) g.tick();
}

/// The running scene as save_scene_json writes it.
inline std::string saved_json(game& g) {
    std::ostringstream out;
    const std::vector<diagnostic> warnings = save_scene_json(g.current(), g.table(), out);
    EXPECT_TRUE(warnings.empty()) << to_string(warnings);
    return out.str();
}

}  // namespace mosaic::testing
