#pragma once
// project_path: the project's folder as the editor sees it, and whether a path the user typed
// or a file named stays inside the project, for the files the asset windows write
// (sheet_slicer.cpp, clip_builder.cpp).

#include <filesystem>
#include <string>

#include <mosaic/engine/project/loaded_project.hpp>

namespace mosaic::editor {

/// True for a relative path that does not climb out of the project ("art/../hero.png" is in,
/// "../hero.png" and "/tmp/hero.png" are not).
[[nodiscard]] inline bool inside_project(const std::string& path) {
    const std::filesystem::path p = std::filesystem::path(path).lexically_normal();
    if (path.empty() || p.is_absolute() || p.has_root_name()) return false;
    const auto first = p.begin();
    return first != p.end() && *first != ".." && *first != ".";
}

/// The project's folder (archetypes, textures, the Project tab); without a project the
/// scene's folder, or the working folder for an untitled scene.
[[nodiscard]] inline std::filesystem::path project_folder_of(const loaded_project& project,
                                                             const std::filesystem::path& scene) {
    if (!project.manifest && scene.empty()) return std::filesystem::current_path();
    return project.folder(scene);
}

}  // namespace mosaic::editor
