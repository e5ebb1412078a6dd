#pragma once
// project: what a game's code gives the engine — its component types and systems, each added
// through one registration function. A game module hands one over through its entry point
// (module.hpp); tests may write one by hand. Where the game's files are (scenes, archetypes,
// the default scene) is the manifest's business (project/manifest.hpp).
//
// The engine's built-in components and systems are always registered first; a project adds
// to them.

#include <string_view>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>

namespace mosaic {

struct project {
    std::string_view name;     // the project's name
    std::string_view summary;  // one line, for --help and the editor
    void (*register_components)(component_table&) = nullptr;
    void (*register_systems)(scheduler&) = nullptr;
};

/// Built-in components, then the project's (when `p` is not null).
void register_components(const project* p, component_table& table);
/// Built-in systems, then the project's.
void register_systems(const project* p, scheduler& s);

}  // namespace mosaic
