#pragma once
// module_panels.h: the C boundary between mosaic-editor and the panels and commands a game
// module adds to it (a level tool, a debug view: what Unity's EditorWindow and MenuItem are
// for). Module code does not use this file directly: it includes
// <mosaic/editor/module_panel.hpp> and adds its panels and commands in the registration
// function it names in MOSAIC_GAME_MODULE (<mosaic/engine/module.hpp>), the way it adds its
// systems.
//
// The editor calls the module's register_panels (the engine only carries the pointer: engine/
// knows nothing of the editor or ImGui) with a registry whose `add` receives each panel and
// `add_command` each command. A module without the function has neither. The strings and
// functions point into the module: the editor copies the strings, and never calls `draw` or
// `run` of a module that is unloaded (hot reload, another project); it asks the new module
// again after.
//
// No ImGui header here: the editor's ImGui context crosses as an opaque pointer. A module links
// its own static copy of Dear ImGui, whose current-context pointer (GImGui) and allocator are
// its own, so each draw first makes the editor's context and allocator current (the helper
// header does it).

#include <cstddef>
#include <cstdint>

#include <mosaic/ecs/fwd.hpp>

struct ImGuiContext;

/// Bumped whenever the structures below or the way the editor calls them change.
#define MOSAIC_EDITOR_PANELS_ABI 3u  // 2: a registry, no entry point; 3: commands

extern "C" {

/// Where the panel goes: a tab in the column left of the scene view (with the Hierarchy),
/// right of it (with the Inspector), or in the strip under it (with the Console).
enum mosaic_panel_dock : std::uint32_t {
    mosaic_dock_left = 0,
    mosaic_dock_right = 1,
    mosaic_dock_bottom = 2,
};

enum mosaic_panel_log_level : std::uint32_t {
    mosaic_log_info = 0,
    mosaic_log_warning = 1,
    mosaic_log_error = 2,
};

/// What the editor hands a module panel each frame: the narrow context.
struct mosaic_panel_frame {
    ImGuiContext* imgui;  // the editor's: ImGui::SetCurrentContext(imgui)
    void* (*imgui_alloc)(std::size_t size, void* data);  // ImGui::SetAllocatorFunctions
    void (*imgui_free)(void* pointer, void* data);
    void* imgui_alloc_data;
    mosaic::world* world;            // the scene being edited (or played)
    std::uint32_t playing;           // 1 in play mode (running or paused)
    const std::uint64_t* selection;  // the selected entities (entity::to_bits())
    std::uint32_t selection_count;
    void* host;                                                      // for `log`
    void (*log)(void* host, std::uint32_t level, const char* text);  // into the Console
};

/// One panel, as the module built it.
struct mosaic_panel_desc {
    std::uint32_t abi;            // MOSAIC_EDITOR_PANELS_ABI the module was built with
    std::uint32_t imgui_version;  // IMGUI_VERSION_NUM the module was built with
    std::uint32_t imgui_io_size;  // sizeof(ImGuiIO): a different imconfig.h changes it
    const char* id;               // unique and stable: "tiny_tanks.teams"
    const char* title;            // the tab's label: "Teams"
    std::uint32_t dock;           // a mosaic_panel_dock
    void (*draw)(const mosaic_panel_frame* frame);  // draws the tab's contents
};

/// The modifiers of a command's shortcut (mosaic_command_desc::key_modifiers).
enum mosaic_key_modifier : std::uint32_t {
    mosaic_key_ctrl = 1,
    mosaic_key_shift = 2,
};

/// What the editor hands a module command when it runs: the narrow context (a panel's, plus
/// the script's arguments).
struct mosaic_command_frame {
    mosaic::world* world;            // the scene being edited (or played)
    std::uint32_t playing;           // 1 in play mode (running or paused)
    const std::uint64_t* selection;  // the selected entities (entity::to_bits())
    std::uint32_t selection_count;
    const char* const* args;  // a script line's words after the verb; none from a menu or key
    std::uint32_t arg_count;
    void* host;                                                      // for `log`
    void (*log)(void* host, std::uint32_t level, const char* text);  // into the Console
};

/// One command, as the module built it. The editor adds it to its command table: its menu
/// item, shortcut and script verb then work like the editor's own.
struct mosaic_command_desc {
    std::uint32_t abi;            // MOSAIC_EDITOR_PANELS_ABI the module was built with
    const char* id;               // "MODULE.name", the module's name first: "tiny_tanks.heal"
    const char* label;            // the menu item: "Heal All Tanks"
    std::uint32_t key;            // the default shortcut's mosaic::key; 0 for none
    std::uint32_t key_modifiers;  // mosaic_key_ctrl | mosaic_key_shift
    const char* menu;             // the main menu it shows in ("Tanks"); null for none
    std::int32_t order;           // its place in that menu; a new hundred starts a group
    const char* verb;             // the --script verb ("heal_tanks"); null for none
    const char* usage;            // the verb's arguments, for help ("[TEAM]"); null for none
    /// Does it: null (or "") on success, else what went wrong, which the editor copies before
    /// it calls into the module again. Must not throw.
    const char* (*run)(const mosaic_command_frame* frame, void* user_data);
    void* user_data;  // handed to `run`
};

/// The editor's side of mosaic::panel_registry: `add` receives each panel the module adds,
/// `add_command` each command.
struct mosaic_panel_sink {
    void* host;
    void (*add)(void* host, const mosaic_panel_desc* panel);
    void (*add_command)(void* host, const mosaic_command_desc* command);
};

}  // extern "C"
