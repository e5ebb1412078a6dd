// tile_scene_tool (tile_scene_tool.hpp): the mouse over the Scene view as tile strokes.
#include "ui/tile_scene_tool.hpp"

#include <mosaic/engine/input.hpp>

#include "core/selection.hpp"
#include "ui/panel.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

bool tile_scene_tool::handle(panel_context& s, ui_state& ui, glm::vec2 mouse_world, bool hovered) {
    tile_brush& brush = ui.scene.tiles;
    world& w = s.world();
    const entity map = brush.painting ? tilemap_of(w, s.selection().active()) : null_entity;
    hover_map_ = map;
    hover_.reset();
    if (!map.is_null() && hovered) hover_ = cell_at(w, map, mouse_world);

    if (stroke_.active()) {
        if (stroke_.map() != map || ImGui::IsKeyPressed(static_cast<int>(key::escape), false)) {
            s.edit.cancel(stroke_);
            return true;
        }
        if (const std::optional<tile_cell> at = cell_at(w, map, mouse_world))
            s.edit.drag_to(stroke_, *at);
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) s.edit.finish(stroke_);
        return true;
    }
    if (map.is_null() || !hovered || ImGui::GetIO().KeyAlt ||
        !ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        return false;
    if (const std::optional<tile_cell> at = hover_) {
        s.edit.begin(stroke_, map, brush, *at);
        // A press and release within one frame (a script's click) is a stroke of one cell.
        if (stroke_.active() && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) s.edit.finish(stroke_);
    }
    return true;
}

void tile_scene_tool::draw_overlay(ImDrawList* draw, const panel_context& s, const ui_state& ui,
                                   const camera2d& camera, glm::vec2 viewport,
                                   ImVec2 origin) const {
    if (!hover_ || hover_map_.is_null()) return;
    const auto corners = cell_corners(s.world(), hover_map_, *hover_);
    if (!corners) return;
    ImVec2 points[4];
    for (int i = 0; i < 4; ++i) {
        const glm::vec2 p =
            camera.world_to_screen((*corners)[static_cast<std::size_t>(i)], viewport);
        points[i] = {origin.x + p.x, origin.y + p.y};
    }
    const ImU32 color = ui.scene.tiles.tool == tile_tool::erase ? IM_COL32(235, 80, 60, 255)
                                                                : IM_COL32(255, 230, 90, 255);
    draw->AddPolyline(points, 4, color, ImDrawFlags_Closed, 2.0f);
}

}  // namespace mosaic::editor
