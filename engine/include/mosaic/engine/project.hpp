#pragma once
// project: what a game project (a folder under projects/) gives the engine — its component
// types and systems, each added through one registration function, and its default scene.
//
//   projects/NAME/
//     README.md
//     scenes/*.scene.json          the scenes (mosaic-run and the editor open these)
//     archetypes/*.archetype.json  prefabs its systems spawn (the Archetypes resource)
//     *.hpp / *.cpp                components, systems, register_NAME()
//
// The engine's built-in components and systems are always registered first; a project adds
// to them.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>

namespace mosaic {

struct project {
    std::string_view name;     // the folder's name
    std::string_view summary;  // one line, for --help and the editor
    void (*register_components)(component_table&) = nullptr;
    void (*register_systems)(scheduler&) = nullptr;
    std::string_view default_scene;  // relative to the folder, e.g. "scenes/battle.scene.json"
};

/// Built-in components, then the project's (when `p` is not null).
void register_components(const project* p, component_table& table);
/// Built-in systems, then the project's.
void register_systems(const project* p, scheduler& s);

/// The project named `name` in `projects`, or nullptr.
[[nodiscard]] const project* find_project(std::span<const project> projects, std::string_view name);
/// The project a file belongs to: the one whose name is a folder on the file's path (the
/// nearest such folder wins), or nullptr.
[[nodiscard]] const project* project_of_path(std::span<const project> projects,
                                             const std::filesystem::path& file);
/// The folder of project `p` on `file`'s path (e.g. projects/tiny_tanks for
/// projects/tiny_tanks/scenes/battle.scene.json), or the file's own folder when the path does
/// not go through it.
[[nodiscard]] std::filesystem::path project_folder_of(const project* p,
                                                      const std::filesystem::path& file);

}  // namespace mosaic
