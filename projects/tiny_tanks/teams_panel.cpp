// The "Teams" tab of the editor's bottom strip: a debug view of the battle — per team, the
// tanks alive, their health, the bullets in flight and the spawn points still sending — and
// the selected tank's brain. It is how a game adds its own editor panel: this file, listed in
// CMakeLists.txt with mosaic_add_editor_panels, adds it in register_tiny_tanks_panels, which
// register.cpp names in MOSAIC_GAME_MODULE after the systems (editor/README.md, "Panels").
// mosaic-run never calls it.
//
// The same function adds an editor command, Tanks > Heal All Tanks (Ctrl+Shift+H, script verb
// `heal_tanks [TEAM]`): how a game adds its own menu item, shortcut and script verb
// (editor/README.md, "Commands from a game module").
#include <mosaic/ecs/view.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/editor/module_panel.hpp>
#include <mosaic/engine/components.hpp>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

namespace {

struct team_stats {
    int tanks = 0;
    float health = 0;
    float max_health = 0;
    int bullets = 0;
    int spawners = 0;
};

/// True when the world has pools of all of T (a view would create the missing ones).
template <class... T>
bool have(const world& w) {
    return ((w.count<T>() > 0) && ...);
}

void draw_teams(const editor_module::panel_frame& f) {
    // A view makes the pools it names: look only where they exist (a debug view changes
    // nothing, not even which pools the scene has).
    world& w = f.world;
    std::map<std::int32_t, team_stats> teams;
    if (have<Hull, Team, Health>(w)) {
        w.view<const Hull, const Team, const Health>().each(
            [&](const Hull&, const Team& team, const Health& health) {
                team_stats& t = teams[team.id];
                ++t.tanks;
                t.health += health.current;
                t.max_health += health.max;
            });
    }
    if (have<Damage, Team>(w)) {
        w.view<const Damage, const Team>().each(
            [&](const Damage&, const Team& team) { ++teams[team.id].bullets; });
    }
    if (have<SpawnPoint>(w)) {
        w.view<const SpawnPoint>().each(
            [&](const SpawnPoint& point) { ++teams[point.team].spawners; });
    }

    if (teams.empty()) {
        ImGui::TextDisabled("No tanks in this scene.");
        return;
    }
    constexpr ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;
    if (ImGui::BeginTable("##teams", 5, flags)) {
        ImGui::TableSetupColumn("Team");
        ImGui::TableSetupColumn("Tanks");
        ImGui::TableSetupColumn("Health");
        ImGui::TableSetupColumn("Bullets");
        ImGui::TableSetupColumn("Spawn points");
        ImGui::TableHeadersRow();
        for (const auto& [id, t] : teams) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("Team %d", id);
            ImGui::TableNextColumn();
            ImGui::Text("%d tanks", t.tanks);
            ImGui::TableNextColumn();
            const float share = t.max_health > 0 ? t.health / t.max_health : 0.0f;
            ImGui::ProgressBar(share, {-1, 0}, nullptr);
            ImGui::TableNextColumn();
            ImGui::Text("%d", t.bullets);
            ImGui::TableNextColumn();
            ImGui::Text("%d", t.spawners);
        }
        ImGui::EndTable();
    }
    // The selected tank's mind: what the AI is doing right now.
    for (std::size_t i = 0; i < f.selected.size(); ++i) {
        const entity e = f.selected_entity(i);
        if (!w.alive(e) || !w.has<TankBrain>(e)) continue;
        const TankBrain& brain = w.get<TankBrain>(e);
        ImGui::Text("Selected tank: aggression %.2f, cruise %.2f, wander %+.2f", brain.aggression,
                    brain.cruise, brain.wander);
        break;
    }
}

/// Puts every tank (of team TEAM, when a script gives one) back to full health: a quick way
/// to try a fight again from the editor, paused or not.
std::string heal_tanks(const editor_module::command_frame& f) {
    world& w = f.world;
    std::optional<std::int32_t> only;
    if (!f.args.empty()) {
        char* end = nullptr;
        const long team = std::strtol(f.args[0], &end, 10);
        if (end == f.args[0] || *end != '\0') return std::string("not a team number: ") + f.args[0];
        only = static_cast<std::int32_t>(team);
    }
    int healed = 0;
    if (have<Hull, Team, Health>(w)) {
        w.view<const Hull, const Team, Health>().each(
            [&](const Hull&, const Team& team, Health& health) {
                if (only && team.id != *only) return;
                health.current = health.max;
                ++healed;
            });
    }
    if (healed == 0)
        return only ? "no tanks of team " + std::to_string(*only) : "no tanks in this scene";
    f.log(mosaic_log_info, ("healed " + std::to_string(healed) + " tank(s)").c_str());
    return {};
}

}  // namespace

void register_tiny_tanks_panels(panel_registry& panels) {
    panels.add<draw_teams>("tiny_tanks.teams", "Teams", mosaic_dock_bottom);
    panels.add_command<heal_tanks>({.id = "tiny_tanks.heal",
                                    .label = "Heal All Tanks",
                                    .key = key::h,
                                    .ctrl = true,
                                    .shift = true,
                                    .menu = "Tanks",
                                    .verb = "heal_tanks",
                                    .usage = "[TEAM]"});
}

}  // namespace mosaic::tiny_tanks
