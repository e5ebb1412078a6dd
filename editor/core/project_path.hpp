#pragma once
// project_path: whether a path the user typed or a file named stays inside the project, for
// the files the asset windows write (sheet_slicer.cpp, clip_builder.cpp).

#include <filesystem>
#include <string>

namespace mosaic::editor {

/// True for a relative path that does not climb out of the project ("art/../hero.png" is in,
/// "../hero.png" and "/tmp/hero.png" are not).
[[nodiscard]] inline bool inside_project(const std::string& path) {
    const std::filesystem::path p = std::filesystem::path(path).lexically_normal();
    if (path.empty() || p.is_absolute() || p.has_root_name()) return false;
    const auto first = p.begin();
    return first != p.end() && *first != ".." && *first != ".";
}

}  // namespace mosaic::editor
