#pragma once
// scene_view_panel: the scene through the engine's renderer (one render path for editing
// and playing), with the editor's camera, a grid, selection outlines and a translate handle.
//
//   pan          middle mouse drag, or Alt + left drag
//   zoom         mouse wheel, around the cursor
//   select       click (Ctrl toggles, Shift adds); the hierarchy scrolls to the entity
//   move         drag the handle's arrows (one axis) or its centre square (free): the
//                selection moves live and the whole drag is one undo step
//   frame        F centres the view on the selection

#include <optional>
#include <vector>

#include <mosaic/engine/render/draw_list.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

class scene_view_panel {
public:
    /// Draws the panel's contents into the current window. `renderer` may be null
    /// (headless): the view then shows only its background and overlays.
    void draw(editor_state& s, ui_state& ui, viewport_renderer* renderer);

    /// What the last frame drew (grid, sprites, outlines): tests look at it.
    [[nodiscard]] const draw_list& list() const noexcept { return list_; }
    /// True while the translate handle is being dragged.
    [[nodiscard]] bool moving() const noexcept { return drag_ >= drag_mode::move_x; }

private:
    enum class drag_mode { none, pan, move_x, move_y, move_free };

    void build_list(editor_state& s, ui_state& ui, glm::vec2 viewport, viewport_renderer* renderer);
    void handle_mouse(editor_state& s, ui_state& ui, ImVec2 origin, glm::vec2 viewport,
                      bool hovered);
    void begin_move(editor_state& s, drag_mode mode, glm::vec2 mouse_world);
    /// A click at `mouse_world`: selects with click_target (Ctrl toggles, Shift adds).
    void select_under(editor_state& s, ui_state& ui, glm::vec2 mouse_world, bool exact);
    void frame_selection(editor_state& s, ui_state& ui);
    /// The handle's position in screen pixels (relative to the view), if it is shown.
    [[nodiscard]] std::optional<glm::vec2> handle_origin(editor_state& s, glm::vec2 viewport) const;
    [[nodiscard]] drag_mode handle_under(glm::vec2 handle, glm::vec2 mouse) const;

    draw_list list_;        // what is drawn: grid, the visible part of the world, outlines
    draw_list world_list_;  // the whole world, as draw_world gives it
    camera2d camera_;       // this frame's view (the editor's camera or the game's)
    drag_mode drag_ = drag_mode::none;
    drag_mode hovered_handle_ = drag_mode::none;
    bool alt_click_ = false;  // the pan began with Alt+click: a click without a drag picks
    live_edit move_;
    glm::vec2 drag_origin_world_{0.0f, 0.0f};
    std::vector<entity> moving_;
    std::vector<glm::vec2> start_positions_;
};

}  // namespace mosaic::editor
