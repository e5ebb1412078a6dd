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

#include <algorithm>
#include <map>

#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::testing {

/// This source tree's projects/ folder.
inline std::filesystem::path projects_folder() {
    return MOSAIC_PROJECTS_DIR;
}

/// The sample projects, found as mosaic-run finds a project: folders with a manifest.
inline std::vector<std::string> sample_project_names() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(projects_folder())) {
        if (std::filesystem::exists(entry.path() / manifest_file_name))
            names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

/// The sample project `name`, opened from its manifest with its module loaded (once per
/// test program; a test failure when it does not open).
inline const loaded_project& sample_project(std::string_view name) {
    static std::map<std::string, loaded_project, std::less<>> opened;
    auto it = opened.find(name);
    if (it == opened.end()) {
        default_build_dir_variable();
        it = opened.emplace(std::string(name), load_project(projects_folder() / std::string(name)))
                 .first;
        EXPECT_NE(it->second.module, nullptr) << name << ": " << to_string(it->second.problems);
    }
    return it->second;
}

/// The code of sample project `name` (a test failure when its module does not load).
inline const project& project_named(std::string_view name) {
    const project* p = sample_project(name).code();
    static const project none{};
    return p ? *p : none;
}

/// A sample scene of a project, loaded and started: `scene_file` relative to the project's
/// folder. Every diagnostic (archetype files and scene) lands in `diagnostics`.
inline std::unique_ptr<game> start_sample(std::string_view project_name,
                                          std::string_view scene_file, game_options options = {},
                                          std::vector<diagnostic>* diagnostics = nullptr) {
    const loaded_project& p = sample_project(project_name);
    auto g = std::make_unique<game>(p.module, options);
    const std::filesystem::path folder = projects_folder() / std::string(project_name);
    std::vector<diagnostic> found = g->load_archetypes(p.archetypes_folder(folder));
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
