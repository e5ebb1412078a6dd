#pragma once
// module_panel.hpp: a game module's own editor panel, in one file. Write the panel's draw
// function with Dear ImGui and end the file with its registration:
//
//   #include <mosaic/editor/module_panel.hpp>
//
//   namespace {
//   void draw_teams(const mosaic::editor_module::panel_frame& f) {
//       ImGui::Text("%zu entities", f.world.size());
//   }
//   }  // namespace
//
//   MOSAIC_EDITOR_PANEL("tiny_tanks.teams", "Teams", mosaic_dock_bottom, draw_teams);
//
// and list the file in the module's CMakeLists.txt with mosaic_add_editor_panels(TARGET
// FILES...) (cmake/MosaicEditorPanels.cmake), which also links Dear ImGui and adds the entry
// point the editor looks for. mosaic-run never calls any of it.
//
// Each draw runs in the editor's ImGui context (draw_in_editor switches this module's copy of
// ImGui to it first), inside the panel's tab: no ImGui::Begin of its own. An exception from
// the draw function goes to the editor's Console. Changes to the world bypass the undo
// history (as a system's do while playing).

#include <imgui.h>

#include <cstdint>
#include <exception>
#include <span>
#include <vector>

#include <mosaic/ecs/entity.hpp>

#include "module_panels.h"

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

/// This module's panels, in registration order (defined once per module by
/// module_panels_entry.cpp). Hidden: a process may hold several modules with panels (the old
/// and the new one during a hot reload, a test linking one), and each must fill its own.
__attribute__((visibility("hidden"))) std::vector<mosaic_panel_desc>& registered_panels();

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

/// A static object of the panel's file: registers it when the module is loaded.
struct panel_registrar {
    panel_registrar(const char* id, const char* title, mosaic_panel_dock dock,
                    void (*draw)(const mosaic_panel_frame*)) {
        registered_panels().push_back({id, title, dock, draw});
    }
};

}  // namespace mosaic::editor_module

#define MOSAIC_EDITOR_PANEL_JOIN2(A, B) A##B
#define MOSAIC_EDITOR_PANEL_JOIN(A, B) MOSAIC_EDITOR_PANEL_JOIN2(A, B)
/// Registers a panel: MOSAIC_EDITOR_PANEL("game.id", "Title", mosaic_dock_bottom, draw_fn);
/// where draw_fn is `void (const mosaic::editor_module::panel_frame&)`.
#define MOSAIC_EDITOR_PANEL(ID, TITLE, DOCK, DRAW)                                  \
    static const ::mosaic::editor_module::panel_registrar MOSAIC_EDITOR_PANEL_JOIN( \
        mosaic_editor_panel_, __LINE__) {                                           \
        ID, TITLE, DOCK, &::mosaic::editor_module::draw_in_editor<DRAW>             \
    }
