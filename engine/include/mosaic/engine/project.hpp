#pragma once
// project: what a game's code gives the engine — its component types and systems, each added
// through one registration function. A game module hands one over through its entry point
// (module.hpp); tests may write one by hand. Where the game's files are (scenes, archetypes,
// the default scene) is the manifest's business (project/manifest.hpp).
//
// The engine's built-in components and systems are always registered first; a project adds
// to them. Registration code is game code: when it throws, the project is left out entirely
// (registration_error says which and why) and the engine goes on with its built-ins.

#include <optional>
#include <string>
#include <string_view>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>

namespace mosaic {

class panel_registry;  // <mosaic/editor/module_panel.hpp>

struct project {
    std::string_view name;     // the project's name
    std::string_view summary;  // one line, for --help and the editor
    void (*register_components)(component_table&) = nullptr;
    void (*register_systems)(scheduler&) = nullptr;
    /// The game's editor panels (mosaic-editor calls it; the engine never does), or null.
    void (*register_panels)(panel_registry&) = nullptr;
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
/// Runs `p`'s registration into a scratch table and scheduler: how a reload refuses code
/// whose registration fails before anything of the running code is touched.
std::optional<registration_error> trial_registration(const project& p);

}  // namespace mosaic
