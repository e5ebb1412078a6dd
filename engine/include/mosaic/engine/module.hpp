#pragma once
// module: the C entry point of a game module, a shared library the editor and mosaic-run load
// (never link). A game's register.cpp ends with one line:
//
//   MOSAIC_GAME_MODULE("my_game", "spinning things", register_my_components, register_my_systems)
//
// and a game with editor panels names a third registration function, called by the editor only
// (mosaic-run never does), which adds them the way register_my_systems adds systems:
//
//   MOSAIC_GAME_MODULE("my_game", "spinning things", register_my_components, register_my_systems,
//                      register_my_panels)
//   // teams_panel.cpp, with <mosaic/editor/module_panel.hpp>:
//   void register_my_panels(mosaic::panel_registry& panels) {
//       panels.add<draw_teams>("my_game.teams", "Teams", mosaic_dock_bottom);
//   }
//
// The macro defines `extern "C" const mosaic_module* mosaic_module_v1(uint32_t abi)`. The loader
// (project/module_loader.hpp) compares `build` with its own before calling anything else, so a
// module built against another Mosaic version, compiler, build type or sanitizer setting is
// refused with a message instead of crashing on a mismatched layout.

#include <cstdint>

#include <mosaic/ecs/fwd.hpp>
#include <mosaic/version.hpp>

namespace mosaic {
/// Where a module adds its editor panels: defined by <mosaic/editor/module_panel.hpp> (the
/// editor's SDK), which only the module's panel files include.
class panel_registry;
}  // namespace mosaic

/// Bumped whenever mosaic_module or the way the loader calls it changes.
#define MOSAIC_MODULE_ABI 2u  // 2: register_panels
/// The entry point's symbol name.
#define MOSAIC_MODULE_ENTRY "mosaic_module_v1"

#if defined(__SANITIZE_ADDRESS__)
#define MOSAIC_MODULE_SANITIZED 1u
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MOSAIC_MODULE_SANITIZED 1u
#endif
#endif
#ifndef MOSAIC_MODULE_SANITIZED
#define MOSAIC_MODULE_SANITIZED 0u
#endif

#ifdef NDEBUG
#define MOSAIC_MODULE_DEBUG 0u
#else
#define MOSAIC_MODULE_DEBUG 1u
#endif

extern "C" {

/// What host and module must agree on. Filled by MOSAIC_MODULE_BUILD_INFO in both.
struct mosaic_module_build {
    std::uint32_t abi;
    std::uint32_t version_major, version_minor, version_patch;
    const char* compiler;  // __VERSION__
    std::uint32_t debug;   // 1 without NDEBUG
    std::uint32_t sanitized;
    // Sizes of the structures that cross the boundary; a mismatch means different headers.
    std::uint32_t sizeof_world, sizeof_component_table, sizeof_component_info, sizeof_scheduler,
        sizeof_system, sizeof_type_info;
};

struct mosaic_module {
    mosaic_module_build build;
    const char* name;     // the project's name
    const char* summary;  // one line
    void (*register_components)(mosaic::component_table&);
    void (*register_systems)(mosaic::scheduler&);
    /// The module's editor panels, or null. Called by mosaic-editor only.
    void (*register_panels)(mosaic::panel_registry&);
};

}  // extern "C"

/// The build info of the translation unit that expands it (needs the ECS headers for sizes).
#define MOSAIC_MODULE_BUILD_INFO                                                                \
    mosaic_module_build {                                                                       \
        MOSAIC_MODULE_ABI, MOSAIC_VERSION_MAJOR, MOSAIC_VERSION_MINOR, MOSAIC_VERSION_PATCH,    \
            __VERSION__, MOSAIC_MODULE_DEBUG, MOSAIC_MODULE_SANITIZED, sizeof(::mosaic::world), \
            sizeof(::mosaic::component_table), sizeof(::mosaic::component_info),                \
            sizeof(::mosaic::scheduler), sizeof(::mosaic::system), sizeof(::mosaic::type_info)  \
    }

// MOSAIC_GAME_MODULE's optional third function. Without Dear ImGui, mosaic_add_editor_panels
// leaves the panel files out of the module and defines MOSAIC_NO_EDITOR_PANELS: the name of
// the panels' registration function is then dropped (it is not defined anywhere).
#define MOSAIC_MODULE_SYSTEMS_(COMPONENTS, SYSTEMS, ...) COMPONENTS, SYSTEMS
#ifdef MOSAIC_NO_EDITOR_PANELS
#define MOSAIC_MODULE_PANELS_(COMPONENTS, SYSTEMS, ...) nullptr
#else
#define MOSAIC_MODULE_PANELS_(COMPONENTS, SYSTEMS, PANELS, ...) PANELS
#endif

/// Defines the module's entry point. Use once per module, in a file that includes the ECS
/// headers (world, component_table, scheduler):
/// MOSAIC_GAME_MODULE(NAME, SUMMARY, register_components, register_systems [, register_panels])
#define MOSAIC_GAME_MODULE(NAME, SUMMARY, ...)                                                   \
    extern "C" __attribute__((visibility("default"))) const mosaic_module* mosaic_module_v1(     \
        std::uint32_t /*host_abi*/) {                                                            \
        static const mosaic_module module{MOSAIC_MODULE_BUILD_INFO, NAME, SUMMARY,               \
                                          MOSAIC_MODULE_SYSTEMS_(__VA_ARGS__, nullptr),          \
                                          MOSAIC_MODULE_PANELS_(__VA_ARGS__, nullptr, nullptr)}; \
        return &module;                                                                          \
    }
