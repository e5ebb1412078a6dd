#pragma once
// scene_view_panel: the scene through the engine's renderer (one render path for editing
// and playing), with the editor's camera, a grid, selection outlines and the transform
// handles (geometry in scene_handles).
//
//   pan          middle mouse drag, or Alt + left drag
//   zoom         mouse wheel, around the cursor
//   select       click (Ctrl toggles, Shift adds); the hierarchy scrolls to the entity;
//                a drag from empty space draws a marquee (Shift adds, Ctrl toggles)
//   transform    W, E, R (or the toolbar) switch the handle: move, rotate, scale; dragging a
//                handle or a selected sprite's body changes the selection live, Ctrl snaps,
//                and the whole drag is one undo step
//   frame        F centres the view on the selection
//   paint tiles  with the Tiles palette's Paint on (T) and a Tilemap selected, a left drag
//                paints (ui/tile_scene_tool.hpp); Tilemaps are drawn from a per-chunk cache

#include <imgui.h>

#include <optional>
#include <vector>

#include <mosaic/engine/render/camera2d.hpp>
#include <mosaic/engine/render/draw_list.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>

#include "core/actions.hpp"
#include "ui/panel.hpp"
#include "ui/scene_handles.hpp"
#include "ui/tile_scene_tool.hpp"

namespace mosaic::editor {

/// The plate under the PLAYING / PAUSED label (tests look for it).
inline constexpr ImU32 play_label_backdrop = IM_COL32(0, 0, 0, 190);

class scene_view_panel : public panel {
public:
    scene_view_panel();

    void draw(panel_context& ctx) override { draw(ctx, ctx.ui, ctx.renderer); }
    /// "Scene", or "Scene (playing)" in play mode.
    [[nodiscard]] std::string label(const panel_context& s) const override;
    /// Frames the selection on frame_on_selection, takes the scene's camera on
    /// scene_opened.
    void on_event(const panel_event& e, panel_context& s) override;
    /// Draws the panel's contents into the current window. `renderer` may be null
    /// (headless): the view then shows only its background and overlays.
    void draw(panel_context& s, ui_state& ui, viewport_renderer* renderer);

    /// What the last frame drew (grid, sprites, outlines): tests look at it.
    [[nodiscard]] const draw_list& list() const noexcept { return list_; }
    /// What the tile cache did in the last frame (benchmarks, tests).
    [[nodiscard]] const tile_draw_stats& tile_stats() const noexcept { return tiles_.stats(); }
    /// True while a handle (or a sprite's body) is being dragged.
    [[nodiscard]] bool moving() const noexcept { return drag_ == drag_mode::transform; }
    /// True while a marquee is being drawn.
    [[nodiscard]] bool marquee() const noexcept { return drag_ == drag_mode::marquee; }

private:
    // press: the left button went down on a sprite or on empty space; the first drag
    // decides between moving the selection and a marquee.
    enum class drag_mode { none, pan, press, marquee, transform };

    void build_list(panel_context& s, ui_state& ui, glm::vec2 viewport,
                    viewport_renderer* renderer);
    void handle_mouse(panel_context& s, ui_state& ui, ImVec2 origin, glm::vec2 viewport,
                      bool hovered);
    void press(panel_context& s, ui_state& ui, glm::vec2 mouse, glm::vec2 mouse_world);
    void begin_transform(panel_context& s, transform_tool tool, handle_part part,
                         glm::vec2 viewport);
    void end_transform(panel_context& s, ui_state& ui, glm::vec2 mouse_world);
    /// A click at `mouse_world`: selects with click_target (Ctrl toggles, Shift adds).
    void select_under(panel_context& s, ui_state& ui, glm::vec2 mouse_world, bool exact);
    void select_marquee(panel_context& s, glm::vec2 mouse_world);
    void frame_selection(panel_context& s, ui_state& ui, glm::vec2 viewport);
    void draw_handle(ImDrawList* draw, ImVec2 origin, transform_tool tool,
                     const handle_frame& at) const;
    /// Where the handle is (relative to the view), if it is shown.
    [[nodiscard]] std::optional<handle_frame> handle_at(panel_context& s, glm::vec2 viewport) const;

    draw_list list_;        // what is drawn: grid, the visible part of the world, outlines
    draw_list world_list_;  // the whole world, as draw_world gives it
    draw_list scratch_;     // the grid's spacing when it is hidden (Ctrl's snapping)
    camera2d camera_;       // this frame's view (the editor's camera or the game's)
    drag_mode drag_ = drag_mode::none;
    handle_part hovered_part_ = handle_part::none;
    bool alt_click_ = false;  // the pan began with Alt+click: a click without a drag picks
    glm::vec2 press_screen_{0.0f, 0.0f};
    glm::vec2 press_world_{0.0f, 0.0f};
    bool press_moves_ = false;       // a drag from the press moves the selection
    bool press_selects_ = false;     // a release without a drag selects what is under it
    bool camera_from_scene_ = true;  // take the scene's saved camera at the next draw
    bool frame_selection_ = false;   // frame the selection at the next draw
    handle_drag handle_;
    live_edit edit_;
    std::vector<entity> moving_;
    std::vector<Transform> start_;
    tile_draw_cache tiles_;      // Tilemaps' tiles, built per chunk (tile_draw_cache.hpp)
    tile_scene_tool tile_tool_;  // painting tiles with the mouse (the Tiles palette's Paint)
};

}  // namespace mosaic::editor
