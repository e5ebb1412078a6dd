// The editor panel of the panel test modules (libpanels_v1.so, libpanels_v2.so: the reload
// game with a panel): a tab next to the Hierarchy whose title and text name the version.
#include <mosaic/ecs/world.hpp>
#include <mosaic/editor/module_panel.hpp>

namespace {

void draw_reload_panel(const mosaic::editor_module::panel_frame& f) {
    ImGui::Text("panel v%d sees %zu entities", RELOAD_GAME_VERSION, f.world.size());
    if (!f.selected.empty()) ImGui::Text("%zu selected", f.selected.size());
}

}  // namespace

// Named in reload_game.cpp (MOSAIC_GAME_MODULE) when RELOAD_GAME_PANELS is set.
void register_reload_panels(mosaic::panel_registry& panels) {
    panels.add<draw_reload_panel>(
        "reload_game.panel", RELOAD_GAME_VERSION == 1 ? "Panel v1" : "Panel v2", mosaic_dock_left);
}
