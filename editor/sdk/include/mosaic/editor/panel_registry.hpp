#pragma once
// panel_registry.hpp: where a game module's registration function adds its editor panels and
// commands (mosaic::panel_registry), and what a module command is handed when it runs. Module
// code includes <mosaic/editor/module_panel.hpp>, which includes this file and defines the
// panels' half (it needs Dear ImGui); this file has no ImGui so that the editor's headless core
// can collect the commands.
//
// A command is one line in the registration function, next to the panels:
//
//   std::string heal_tanks(const mosaic::editor_module::command_frame& f) {
//       ...;  // change f.world
//       return {};  // or what went wrong: "no tanks in this scene"
//   }
//
//   void register_tiny_tanks_panels(mosaic::panel_registry& panels) {
//       panels.add_command<heal_tanks>({.id = "tiny_tanks.heal", .label = "Heal All Tanks",
//                                       .key = mosaic::key::h, .ctrl = true, .shift = true,
//                                       .menu = "Tanks", .verb = "heal_tanks"});
//   }
//
// The editor adds it to its command table: the main menu shows it, its shortcut runs it, the
// Keyboard Shortcuts window lists it and `mosaic-editor --script` runs it by its verb. Its id
// starts with the module's name and a dot; an id, verb or shortcut another command has is
// refused with a Console message. It goes with its module (hot reload, another project) and
// comes back from the new one; a command whose module is gone is never called. Changes to the
// world bypass the undo history (as a module panel's and a playing system's do).

#include <cstdint>
#include <exception>
#include <span>
#include <string>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/input.hpp>

#include "module_panels.h"

namespace mosaic::editor_module {

struct panel_frame;  // module_panel.hpp

/// A module command's view of the editor when it runs.
struct command_frame {
    mosaic::world& world;                     // the scene being edited (or played)
    bool playing;                             // play mode (running or paused)
    std::span<const std::uint64_t> selected;  // entity::to_bits() of the selection
    std::span<const char* const> args;        // a script line's words after the verb
    void* user_data;                          // command_spec::user_data
    const mosaic_command_frame& raw;

    [[nodiscard]] entity selected_entity(std::size_t i) const {
        return entity::from_bits(selected[i]);
    }
    /// A line in the editor's Console.
    void log(mosaic_panel_log_level level, const char* text) const {
        raw.log(raw.host, level, text);
    }
};

/// A command as panel_registry::add_command takes it. The strings must outlive the module
/// (literals): the editor copies them.
struct command_spec {
    const char* id = nullptr;     // "MODULE.name": "tiny_tanks.heal"
    const char* label = nullptr;  // the menu item: "Heal All Tanks"
    mosaic::key key{};            // the default shortcut's key; key{} for none
    bool ctrl = false;            // ... with Ctrl
    bool shift = false;           // ... with Shift
    const char* menu = nullptr;   // the main menu it shows in ("Tanks"); null for none
    int order = 0;                // its place in that menu; a new hundred starts a group
    const char* verb = nullptr;   // the --script verb; null for none
    const char* usage = nullptr;  // the verb's arguments, for help: "[TEAM]"
    void* user_data = nullptr;    // command_frame::user_data
};

/// The C function the editor calls: runs `Run` and hands back its error text (kept until the
/// next call), or null on success. An exception becomes the error.
template <std::string (*Run)(const command_frame&)>
const char* run_in_editor(const mosaic_command_frame* raw, void* user_data) noexcept {
    static std::string error;  // the editor runs commands on its main thread only
    try {
        const command_frame frame{*raw->world,
                                  raw->playing != 0,
                                  {raw->selection, raw->selection_count},
                                  {raw->args, raw->arg_count},
                                  user_data,
                                  *raw};
        error = Run(frame);
    } catch (const std::exception& e) {
        error = e.what();
        if (error.empty()) error = "a module command threw";
    } catch (...) {
        error = "a module command threw";
    }
    return error.empty() ? nullptr : error.c_str();
}

}  // namespace mosaic::editor_module

namespace mosaic {

/// Where a module's panel registration function adds its panels and commands (the editor
/// makes one and hands it over; the strings must outlive the module: literals).
class panel_registry {
public:
    explicit panel_registry(const mosaic_panel_sink& sink) noexcept : sink_(sink) {}

    /// Adds a panel: its id (unique and stable: "game.teams"), the tab's title, where it docks,
    /// and `Draw`, a `void (const editor_module::panel_frame&)`. Defined in module_panel.hpp.
    template <void (*Draw)(const editor_module::panel_frame&)>
    void add(const char* id, const char* title, mosaic_panel_dock dock);

    /// Adds a command that runs `Run`, a `std::string (const editor_module::command_frame&)`
    /// returning "" or what went wrong.
    template <std::string (*Run)(const editor_module::command_frame&)>
    void add_command(const editor_module::command_spec& spec) {
        const mosaic_command_desc desc{MOSAIC_EDITOR_PANELS_ABI,
                                       spec.id,
                                       spec.label,
                                       static_cast<std::uint32_t>(spec.key),
                                       (spec.ctrl ? std::uint32_t{mosaic_key_ctrl} : 0u) |
                                           (spec.shift ? std::uint32_t{mosaic_key_shift} : 0u),
                                       spec.menu,
                                       spec.order,
                                       spec.verb,
                                       spec.usage,
                                       &editor_module::run_in_editor<Run>,
                                       spec.user_data};
        add_command(desc);
    }
    /// Adds a command described in C terms (its own `run` and `user_data`).
    void add_command(const mosaic_command_desc& desc) {
        if (sink_.add_command != nullptr) sink_.add_command(sink_.host, &desc);
    }

private:
    mosaic_panel_sink sink_;
};

}  // namespace mosaic
