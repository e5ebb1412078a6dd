#pragma once
// tile_scene_tool: the Scene view's side of tile painting, kept out of scene_view_panel. While
// the Tiles palette's Paint is on (T) and the selection is a Tilemap (or one of its chunks), a
// left press on the view starts a tile_stroke (core/tile_paint.hpp) at the cell under the
// mouse, a drag continues it and the release records it as one undo step; Escape cancels it.
// Pan (middle drag, Alt+drag) and zoom still work. The cell under the mouse is outlined.

#include <imgui.h>

#include <optional>

#include <mosaic/engine/render/camera2d.hpp>

#include "core/tile_paint.hpp"

namespace mosaic::editor {

class panel_context;
struct ui_state;

class tile_scene_tool {
public:
    /// Handles the mouse over the view; true when it took the mouse this frame (the view then
    /// neither selects nor moves anything).
    bool handle(panel_context& s, ui_state& ui, glm::vec2 mouse_world, bool hovered);
    /// Outlines the cell under the mouse (`to_screen`: world to the view's pixels, `origin`:
    /// the view's top-left on screen).
    void draw_overlay(ImDrawList* draw, const panel_context& s, const ui_state& ui,
                      const camera2d& camera, glm::vec2 viewport, ImVec2 origin) const;
    [[nodiscard]] bool stroking() const noexcept { return stroke_.active(); }

private:
    tile_stroke stroke_;
    std::optional<tile_cell> hover_;
    entity hover_map_ = null_entity;
};

}  // namespace mosaic::editor
