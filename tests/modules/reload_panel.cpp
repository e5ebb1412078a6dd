// The editor panel and command of the panel test modules (libpanels_v1.so, libpanels_v2.so:
// the reload game with a panel): a tab next to the Hierarchy whose title and text name the
// version, and "Nudge" (Ctrl+Shift+J, script verb `nudge [STEPS]`), which moves the selected
// entities right by STEPS (version 1) or 10 * STEPS (version 2). libpanel_clashes.so
// (RELOAD_GAME_CLASHES) adds commands the editor must refuse next to it.
#include <mosaic/ecs/world.hpp>
#include <mosaic/editor/module_panel.hpp>
#include <mosaic/engine/components.hpp>

#include <string>

namespace {

void draw_reload_panel(const mosaic::editor_module::panel_frame& f) {
    ImGui::Text("panel v%d sees %zu entities", RELOAD_GAME_VERSION, f.world.size());
    if (!f.selected.empty()) ImGui::Text("%zu selected", f.selected.size());
}

std::string nudge(const mosaic::editor_module::command_frame& f) {
    if (f.selected.empty()) return "nothing to nudge";
    const float steps = f.args.empty() ? 1.0f : std::stof(f.args[0]);  // throws on "abc"
    for (std::size_t i = 0; i < f.selected.size(); ++i) {
        const mosaic::entity e = f.selected_entity(i);
        if (!f.world.alive(e) || !f.world.has<mosaic::Transform>(e)) continue;
        f.world.get<mosaic::Transform>(e).position.x += steps * (RELOAD_GAME_VERSION == 1 ? 1 : 10);
    }
    f.log(mosaic_log_info, RELOAD_GAME_VERSION == 1 ? "nudged by v1" : "nudged by v2");
    return {};
}

#if RELOAD_GAME_CLASHES
std::string never_runs(const mosaic::editor_module::command_frame&) {
    return "a refused command ran";
}
std::string fine(const mosaic::editor_module::command_frame& f) {
    f.log(mosaic_log_info, "fine ran");
    return {};
}
#endif

}  // namespace

// Named in reload_game.cpp (MOSAIC_GAME_MODULE) when RELOAD_GAME_PANELS is set.
void register_reload_panels(mosaic::panel_registry& panels) {
    panels.add<draw_reload_panel>(
        "reload_game.panel", RELOAD_GAME_VERSION == 1 ? "Panel v1" : "Panel v2", mosaic_dock_left);
    panels.add_command<nudge>({.id = "reload_game.nudge",
                               .label = RELOAD_GAME_VERSION == 1 ? "Nudge" : "Nudge Ten",
                               .key = mosaic::key::j,
                               .ctrl = true,
                               .shift = true,
                               .menu = "Reload Game",
                               .verb = "nudge",
                               .usage = "[STEPS]"});
#if RELOAD_GAME_CLASHES
    // Each clashes with a command already in the table (or breaks a rule): none is added.
    panels.add_command<never_runs>({.id = "file.save", .label = "Save Mine"});
    panels.add_command<never_runs>({.id = "reload_game.nudge", .label = "Nudge Again"});
    panels.add_command<never_runs>(
        {.id = "reload_game.save", .label = "Save Too", .key = mosaic::key::s, .ctrl = true});
    panels.add_command<never_runs>({.id = "reload_game.saving", .label = "Saving", .verb = "save"});
    panels.add_command<never_runs>({.id = "elsewhere.tool", .label = "Not Mine"});
    panels.add_command<never_runs>(
        {.id = "reload_game.shift", .label = "Shift", .key = mosaic::key::left_shift});
    // A command without a clash still comes, after the refused ones.
    panels.add_command<fine>({.id = "reload_game.fine", .label = "Fine", .verb = "fine"});
#endif
}
