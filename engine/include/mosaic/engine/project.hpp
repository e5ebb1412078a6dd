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
// to them. Registration code is game code: when it throws, the project is left out entirely
// (registration_error says which and why) and the engine goes on with its built-ins.

#include <filesystem>
#include <optional>
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

/// A project whose registration code threw (or failed a MOSAIC_CHECK).
struct registration_error {
    std::string project;  // its name
    std::string step;     // "register_components" or "register_systems"
    std::string message;  // what it threw

    /// "project 'turrets': register_systems failed: MESSAGE (built-in components and systems
    /// only)"
    [[nodiscard]] std::string to_string() const;
};

/// Built-in components, then the project's (when `p` is not null). `table` starts empty.
/// When the project's function throws or fails a check, `table` is left with the built-in
/// components only (nothing half-registered) and the error is returned.
std::optional<registration_error> register_components(const project* p, component_table& table);
/// Built-in systems, then the project's. `s` starts empty. When the project's function throws
/// or fails a check, `s` is left with the built-in systems only and the error is returned.
std::optional<registration_error> register_systems(const project* p, scheduler& s);
/// Both, all or nothing: when either of the project's functions fails, `table` and `s` hold
/// the built-in components and systems only. What mosaic::game does; a module loader too.
std::optional<registration_error> register_project(const project* p, component_table& table,
                                                   scheduler& s);

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
