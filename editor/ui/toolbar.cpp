// The toolbar: the handle buttons (Move, Rotate, Scale) on the left, Play / Pause / Step / Stop in
// the middle (icons drawn with ImGui's draw list, so no icon font is needed), the time scale and
// the clock on the right; below them the timeline (timeline_bar.cpp).
#include <imgui.h>
#include <imgui_internal.h>  // ButtonEx with ImGuiButtonFlags_PressedOnClick

#include <algorithm>
#include <string>

#include "core/child_play.hpp"
#include "ui/command_items.hpp"
#include "ui/commands.hpp"
#include "ui/shell.hpp"
#include "ui/theme.hpp"
#include "ui/timeline_bar.hpp"

namespace mosaic::editor {

namespace {

enum class icon { play, pause, step, stop };

/// `c` with its RGB scaled by `f` (lighter above 1).
ImVec4 scaled(ImVec4 c, float f) {
    return {std::min(c.x * f, 1.0f), std::min(c.y * f, 1.0f), std::min(c.z * f, 1.0f), c.w};
}

bool icon_button(const char* id, icon kind, bool highlighted, bool enabled) {
    const ImVec2 size{34, 24};
    ImGui::BeginDisabled(!enabled);
    // Hover lightens and a press darkens the button's own colour, highlighted (Pause while
    // paused) or not: the theme's hover grey and press blue hardly differ from the highlight.
    const ImVec4 base =
        ImGui::GetStyleColorVec4(highlighted ? ImGuiCol_HeaderActive : ImGuiCol_Button);
    ImGui::PushStyleColor(ImGuiCol_Button, base);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, scaled(base, 1.35f));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, scaled(base, 0.65f));
    // On the press, not the release: the input queue gives a quick click's release to the
    // next frame, and at 100,000 sprites a frame is long; Pause then lands on the frame the
    // click arrives in, not the one after (issue 33: "Pause takes 1.1 s").
    const bool clicked = ImGui::ButtonEx(id, size, ImGuiButtonFlags_PressedOnClick);
    ImGui::PopStyleColor(3);
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 c{min.x + size.x * 0.5f, min.y + size.y * 0.5f};
    ImDrawList* d = ImGui::GetWindowDrawList();
    const ImU32 col = ImGui::GetColorU32(ImGuiCol_Text);
    switch (kind) {
        case icon::play:
            d->AddTriangleFilled({c.x - 5, c.y - 7}, {c.x - 5, c.y + 7}, {c.x + 7, c.y}, col);
            break;
        case icon::pause:
            d->AddRectFilled({c.x - 6, c.y - 7}, {c.x - 2, c.y + 7}, col);
            d->AddRectFilled({c.x + 2, c.y - 7}, {c.x + 6, c.y + 7}, col);
            break;
        case icon::step:
            d->AddTriangleFilled({c.x - 7, c.y - 7}, {c.x - 7, c.y + 7}, {c.x + 3, c.y}, col);
            d->AddRectFilled({c.x + 4, c.y - 7}, {c.x + 7, c.y + 7}, col);
            break;
        case icon::stop:
            d->AddRectFilled({c.x - 6, c.y - 6}, {c.x + 6, c.y + 6}, col);
            break;
    }
    ImGui::EndDisabled();
    return clicked;
}

/// The handle buttons (W, E, R): the current one highlighted.
void tool_buttons(ui_state& ui) {
    struct tool_button {
        transform_tool tool;
        const char* label;
        const char* tip;
    };
    static constexpr tool_button buttons[] = {
        {transform_tool::move, "Move", "Move handle (W); Ctrl snaps to the grid"},
        {transform_tool::rotate, "Rotate", "Rotate handle (E); Ctrl snaps to 15 degrees"},
        {transform_tool::scale, "Scale", "Scale handle (R); Ctrl snaps to 0.1"},
    };
    for (const tool_button& b : buttons) {
        const bool current = ui.scene.tool == b.tool;
        if (current)
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
        if (ImGui::Button(b.label)) ui.scene.tool = b.tool;
        if (current) ImGui::PopStyleColor();
        ui.test.record(std::string("toolbar/") + b.label);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.tip);
        ImGui::SameLine();
    }
}

}  // namespace

void draw_toolbar(editor_state& s, ui_state& ui, const panel_rect& where) {
    ImGui::SetNextWindowPos(where.pos);
    ImGui::SetNextWindowSize(where.size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {8, 5});
    ImGui::Begin("##toolbar", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();

    // Left: the handles, the scene and the project (the title), and a build in progress.
    tool_buttons(ui);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(s.title().c_str());
    if (s.reloader().building()) {
        ImGui::SameLine();
        ImGui::TextColored(colors::warning, "Building...");
        ui.test.record("toolbar/Building");
    }

    // Centre: play controls.
    const float buttons = 4 * 34 + 3 * ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 20, (where.size.x - buttons) * 0.5f));
    // The child's state while a game plays in a separate process (core/child_play.hpp).
    const play_state mode = s.shown_play_mode();
    const bool playing = mode != play_state::editing;
    // A prefab (archetype) open for editing is not a scene to play: its banner's Close first.
    const bool editing_prefab = s.opened_asset() != nullptr;
    const command_table& commands = window_commands();
    // "Stop (Ctrl+P)": the command's title now and its shortcut, from the table.
    const auto with_keys = [&](const char* id) {
        const command* c = commands.find(id);
        if (c == nullptr) return std::string();
        const std::string title = command_table::title(*c, window_context(s, ui));
        const std::string keys = shortcut_label(*c);
        return keys.empty() ? title : title + " (" + keys + ")";
    };
    if (icon_button("##play", icon::play, mode != play_state::editing, !editing_prefab))
        run_command(s, ui, "play.toggle");
    ui.test.record("toolbar/Play");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        const std::string tip =
            editing_prefab
                ? std::string("Close the " + s.opened_asset_label() + " to play the scene")
                : with_keys("play.toggle");
        ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::SameLine();
    if (icon_button("##pause", icon::pause, mode == play_state::paused, playing))
        run_command(s, ui, "play.pause");
    ui.test.record("toolbar/Pause");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", with_keys("play.pause").c_str());
    ImGui::SameLine();
    if (icon_button("##step", icon::step, false, true)) run_command(s, ui, "play.step");
    ui.test.record("toolbar/Step");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step one tick");
    ImGui::SameLine();
    if (icon_button("##stop", icon::stop, false, playing)) run_command(s, ui, "play.toggle");
    ui.test.record("toolbar/Stop");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop: back to the edited scene");
    ImGui::SameLine();
    child_play& child = s.child_player();
    ImGui::BeginDisabled(playing);  // not while a game plays: Stop first
    ImGui::Checkbox("Separate process", &child.enabled);
    ImGui::EndDisabled();
    ui.test.record("toolbar/Separate process");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(
            "Play in a separate process: the game runs in a child mosaic-run (the Game tab "
            "shows it); a crash cannot take the editor down");
    }

    // Right: time scale and the game clock.
    fixed_step_clock& clock = s.game().clock();
    // The game cannot keep up with real time (its ticks outgrew their share of a frame).
    const bool slow = s.playing() && !clock.paused() && clock.speed() < 0.95;
    const float right = slow ? 450.0f : 330.0f;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 20, where.size.x - right));
    float scale = static_cast<float>(clock.options().time_scale);
    ImGui::SetNextItemWidth(90);
    if (ImGui::DragFloat("Time scale", &scale, 0.01f, 0.05f, 8.0f, "%.2fx",
                         ImGuiSliderFlags_AlwaysClamp))
        clock.set_time_scale(scale);
    ImGui::SameLine();
    if (child.active() && child.adopted()) {
        ImGui::TextColored(colors::dim, "tick %llu  (attached: %s)",
                           static_cast<unsigned long long>(child.tick()),
                           child.remote().address().c_str());
    } else if (child.active()) {
        ImGui::TextColored(colors::dim, "tick %llu  (process %d)",
                           static_cast<unsigned long long>(child.tick()), child.pid());
    } else {
        ImGui::TextColored(colors::dim, "tick %llu  %.2f s",
                           static_cast<unsigned long long>(clock.ticks()), clock.game_seconds());
    }
    if (slow) {
        ImGui::SameLine();
        ImGui::TextColored(colors::warning, "%.2fx real time", clock.speed());
        ui.test.record("toolbar/speed");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "The game's ticks take longer than real time allows: it runs "
                "slower, so the editor stays responsive (see the Profiler).");
        }
    }
    // Second row: the timeline of the recorded play session.
    draw_timeline_bar(s, ui);
    ImGui::End();
}

}  // namespace mosaic::editor
