// The fixed layout and its splitters.
#include <imgui.h>

#include <algorithm>

#include "ui/shell.hpp"

namespace mosaic::editor {

panel_layout compute_layout(ImVec2 pos, ImVec2 size, float toolbar_height, editor_settings& s) {
    constexpr float gap = panel_layout::gap;
    constexpr float min_side = 120.0f;
    constexpr float min_scene = 160.0f;
    panel_layout l;
    l.toolbar = {pos, {size.x, toolbar_height}};
    const float top = pos.y + toolbar_height + gap;
    const float body = std::max(size.y - toolbar_height - gap, 1.0f);

    // Clamp so that every panel keeps a usable size (the window may have shrunk).
    s.inspector_width = std::clamp(s.inspector_width, min_side,
                                   std::max(min_side, size.x - 2 * min_side - min_scene));
    s.hierarchy_width =
        std::clamp(s.hierarchy_width, min_side,
                   std::max(min_side, size.x - s.inspector_width - min_scene - 2 * gap));
    s.bottom_height = std::clamp(s.bottom_height, 60.0f, std::max(60.0f, body - min_scene));

    const float left_width = std::max(size.x - s.inspector_width - gap, 1.0f);
    const float upper = std::max(body - s.bottom_height - gap, 1.0f);
    l.hierarchy = {{pos.x, top}, {s.hierarchy_width, upper}};
    l.scene = {{pos.x + s.hierarchy_width + gap, top},
               {std::max(left_width - s.hierarchy_width - gap, 1.0f), upper}};
    l.bottom = {{pos.x, top + upper + gap}, {left_width, s.bottom_height}};
    l.inspector = {{pos.x + left_width + gap, top}, {s.inspector_width, body}};
    return l;
}

namespace {

/// An invisible button over a gap; dragging it moves `value` by the mouse delta.
bool splitter(const char* id, ImVec2 min, ImVec2 max, bool vertical, float& value, float sign) {
    ImGui::SetCursorScreenPos(min);
    ImGui::InvisibleButton(id, {std::max(max.x - min.x, 1.0f), std::max(max.y - min.y, 1.0f)});
    const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
    if (hot)
        ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
    if (ImGui::IsItemActive()) {
        const ImVec2 d = ImGui::GetIO().MouseDelta;
        value += sign * (vertical ? d.x : d.y);
    }
    if (hot) {
        ImGui::GetWindowDrawList()->AddRectFilled(min, max,
                                                  ImGui::GetColorU32(ImGuiCol_SeparatorHovered));
    }
    return ImGui::IsItemDeactivated();
}

}  // namespace

bool draw_splitters(const panel_layout& l, ImVec2 pos, ImVec2 size, editor_settings& s) {
    constexpr float gap = panel_layout::gap;
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
    ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(25, 25, 25, 255));
    ImGui::Begin("##editor_background", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoNavFocus | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    bool ended = false;
    const panel_rect& h = l.hierarchy;
    const panel_rect& i = l.inspector;
    const panel_rect& b = l.bottom;
    ended |=
        splitter("##split_hierarchy", {h.pos.x + h.size.x, h.pos.y},
                 {h.pos.x + h.size.x + gap, h.pos.y + h.size.y}, true, s.hierarchy_width, 1.0f);
    ended |= splitter("##split_inspector", {i.pos.x - gap, i.pos.y}, {i.pos.x, i.pos.y + i.size.y},
                      true, s.inspector_width, -1.0f);
    ended |= splitter("##split_bottom", {b.pos.x, b.pos.y - gap}, {b.pos.x + b.size.x, b.pos.y},
                      false, s.bottom_height, -1.0f);
    ImGui::End();
    return ended;
}

}  // namespace mosaic::editor
