#pragma once
// scene_handles: the geometry of the scene view's transform handles, without ImGui — where
// each part of the move, rotate and scale handles is on screen, which part is under the mouse,
// and what a drag does to a Transform, Ctrl's snapping included. The scene view draws them
// and forwards the mouse; tests call these directly.
//
// Screen points are pixels relative to the view (y down); world points are in units (y up);
// angles are degrees, counter-clockwise, as in Transform.
//
//   move    arrows along the world's x and y, a square in the middle (free)
//   rotate  a ring around the entity
//   scale   lines ending in boxes along the entity's own x and y, a square (uniform)
//
// Snapping (Ctrl during the drag) puts the active entity's value on a multiple of the step —
// its position on the grid, its rotation on 15 degrees, its scale on 0.1 — and moves the rest
// of the selection by the same amount.

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/math.hpp>

#include "ui/scene_view_state.hpp"  // transform_tool

namespace mosaic::editor {

/// A part of a handle: an axis, the centre square (free move, uniform scale) or the ring.
enum class handle_part { none, x, y, both, ring };

namespace handle_size {
inline constexpr float length = 70.0f;  // pixels from the centre to an arrow's base
inline constexpr float tip = 10.0f;     // an arrow's head beyond `length`
inline constexpr float pick = 7.0f;     // how near the mouse must be to a line
inline constexpr float square = 9.0f;   // half the centre square
inline constexpr float box = 6.0f;      // half a scale box
inline constexpr float ring = 70.0f;    // the rotate ring's radius
}  // namespace handle_size

/// Where a handle is: its centre on screen and the rotation of its axes (the scale handle
/// follows the entity's rotation; the move handle always uses the world's axes).
struct handle_frame {
    glm::vec2 origin{0.0f, 0.0f};
    float rotation = 0.0f;
};

/// Screen directions (unit vectors) of the handle's x and y axes.
struct handle_axes {
    glm::vec2 x{1.0f, 0.0f};
    glm::vec2 y{0.0f, -1.0f};
};
[[nodiscard]] handle_axes axes_of(transform_tool tool, const handle_frame& at);

/// The part of `tool`'s handle under `mouse`, or none.
[[nodiscard]] handle_part part_under(transform_tool tool, const handle_frame& at, glm::vec2 mouse);

/// The signed angle (degrees, counter-clockwise on screen) from `from` to `to` around
/// `centre`, in (-180, 180].
[[nodiscard]] float turn_between(glm::vec2 centre, glm::vec2 from, glm::vec2 to);

/// `value` rounded to the nearest multiple of `step` (`value` itself when step <= 0).
[[nodiscard]] float snap_to(float value, float step);

struct snap_steps {
    float grid = 1.0f;      // world units (the grid's spacing)
    float degrees = 15.0f;  // rotation
    float scale = 0.1f;
};

/// What a handle drag does to every entity it moves, relative to its Transform at the press.
struct transform_change {
    glm::vec2 offset{0.0f, 0.0f};
    float degrees = 0.0f;
    glm::vec2 factor{1.0f, 1.0f};
};
/// `start` changed by `c`: moved, turned, scaled (each entity about its own centre).
[[nodiscard]] Transform apply_change(const Transform& start, const transform_change& c);

/// One drag of a handle, from the press to the release. `active` is the active entity's
/// Transform at the press: snapping puts its values on the steps.
class handle_drag {
public:
    handle_drag() = default;
    handle_drag(transform_tool tool, handle_part part, const handle_frame& at,
                glm::vec2 press_screen, glm::vec2 press_world, const Transform& active,
                snap_steps steps = {});

    /// The change with the mouse at `screen` / `world` now. Call it every frame: the rotate
    /// handle counts whole turns.
    transform_change update(glm::vec2 screen, glm::vec2 world, bool snap);

    [[nodiscard]] transform_tool tool() const noexcept { return tool_; }
    [[nodiscard]] handle_part part() const noexcept { return part_; }

private:
    transform_tool tool_ = transform_tool::move;
    handle_part part_ = handle_part::none;
    handle_frame at_{};
    glm::vec2 press_screen_{0.0f, 0.0f};
    glm::vec2 press_world_{0.0f, 0.0f};
    glm::vec2 last_screen_{0.0f, 0.0f};
    float degrees_ = 0.0f;  // accumulated, so several turns are possible
    Transform active_{};
    snap_steps steps_{};
};

}  // namespace mosaic::editor
