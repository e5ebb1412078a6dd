#pragma once
// module_panel.hpp: a game module's own editor panels (and commands: panel_registry.hpp),
// added the way its systems are. Write each panel's draw function with Dear ImGui and add it
// in the module's panel registration function, which MOSAIC_GAME_MODULE names after the
// systems' (<mosaic/engine/module.hpp>):
//
//   #include <mosaic/editor/module_panel.hpp>
//
//   namespace {
//   void draw_teams(const mosaic::editor_module::panel_frame& f) {
//       ImGui::Text("%zu entities", f.world.size());
//   }
//   }  // namespace
//
//   void register_tiny_tanks_panels(mosaic::panel_registry& panels) {
//       panels.add<draw_teams>("tiny_tanks.teams", "Teams", mosaic_dock_bottom);
//       panels.add_command<heal_tanks>({.id = "tiny_tanks.heal", .label = "Heal All Tanks",
//                                       .menu = "Tanks", .verb = "heal_tanks"});
//   }
//
//   // register.cpp
//   MOSAIC_GAME_MODULE("tiny_tanks", "...", register_tiny_tanks_components,
//                      register_tiny_tanks_systems, register_tiny_tanks_panels)
//
// and list the panel files in the module's CMakeLists.txt with mosaic_add_editor_panels(TARGET
// FILES...) (cmake/MosaicEditorPanels.cmake), which also links Dear ImGui. Only mosaic-editor
// calls the registration function; mosaic-run never does.
//
// Each draw runs in the editor's ImGui context (draw_in_editor switches this module's copy of
// ImGui to it first), inside the panel's tab: no ImGui::Begin of its own. An exception from
// the draw function goes to the editor's Console. Changes to the world bypass the undo
// history (as a system's do while playing).

#include <imgui.h>

#include <cstdint>
#include <exception>
#include <span>

#include <mosaic/ecs/entity.hpp>

#include "module_panels.h"
#include "panel_registry.hpp"  // mosaic::panel_registry, and the module's commands

namespace mosaic::editor_module {

/// A module panel's view of the editor this frame.
struct panel_frame {
    mosaic::world& world;                     // the scene being edited (or played)
    bool playing;                             // play mode (running or paused)
    std::span<const std::uint64_t> selected;  // entity::to_bits() of the selection
    const mosaic_panel_frame& raw;

    [[nodiscard]] entity selected_entity(std::size_t i) const {
        return entity::from_bits(selected[i]);
    }
    /// A line in the editor's Console.
    void log(mosaic_panel_log_level level, const char* text) const {
        raw.log(raw.host, level, text);
    }
};

/// The C function the editor calls: makes the editor's ImGui context and allocator this
/// module's (its static copy of ImGui has globals of its own), then runs `Draw`.
template <void (*Draw)(const panel_frame&)>
void draw_in_editor(const mosaic_panel_frame* raw) noexcept {
    ImGui::SetAllocatorFunctions(raw->imgui_alloc, raw->imgui_free, raw->imgui_alloc_data);
    ImGui::SetCurrentContext(raw->imgui);
    try {
        const panel_frame frame{
            *raw->world, raw->playing != 0, {raw->selection, raw->selection_count}, *raw};
        Draw(frame);
    } catch (const std::exception& e) {
        raw->log(raw->host, mosaic_log_error, e.what());
    } catch (...) {
        raw->log(raw->host, mosaic_log_error, "a module panel threw");
    }
}

}  // namespace mosaic::editor_module

namespace mosaic {

template <void (*Draw)(const editor_module::panel_frame&)>
void panel_registry::add(const char* id, const char* title, mosaic_panel_dock dock) {
    const mosaic_panel_desc desc{MOSAIC_EDITOR_PANELS_ABI,
                                 IMGUI_VERSION_NUM,
                                 sizeof(ImGuiIO),
                                 id,
                                 title,
                                 dock,
                                 &editor_module::draw_in_editor<Draw>};
    sink_.add(sink_.host, &desc);
}

}  // namespace mosaic
