#pragma once
// camera2d: the orthographic camera every view renders through (game window, editor
// viewport), and the conversions between world and screen the editor needs for picking,
// panning and zooming around the cursor.
//
// Conventions:
//   world   units, y up; the camera's `position` is the world point at the viewport centre
//   screen  pixels of the render target, origin at the top-left corner, y down; pixel (x, y)
//           covers [x, x + 1) x [y, y + 1), so its centre is (x + 0.5, y + 0.5)
//   scale   pixels per world unit = zoom * viewport height / 10 (the Camera component's
//           rule): at zoom 1 the view is 10 units high whatever the window size.

#include <glm/fwd.hpp>  // glm::mat4: view_projection's callers include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

namespace mosaic {

/// An axis-aligned rectangle in world units.
struct world_rect {
    glm::vec2 min{0.0f, 0.0f};
    glm::vec2 max{0.0f, 0.0f};
};

struct camera2d {
    /// World units visible vertically at zoom 1.
    static constexpr float units_per_height = 10.0f;
    static constexpr float min_zoom = 1e-4f;
    static constexpr float max_zoom = 1e4f;

    glm::vec2 position{0.0f, 0.0f};  // world point at the viewport centre
    float zoom = 1.0f;               // > 0; larger shows less of the world

    /// Pixels per world unit for a viewport of `viewport` pixels (width, height).
    [[nodiscard]] float pixels_per_unit(glm::vec2 viewport) const noexcept;

    /// World -> OpenGL clip space for a viewport of `viewport` pixels.
    [[nodiscard]] glm::mat4 view_projection(glm::vec2 viewport) const noexcept;

    [[nodiscard]] glm::vec2 world_to_screen(glm::vec2 world, glm::vec2 viewport) const noexcept;
    [[nodiscard]] glm::vec2 screen_to_world(glm::vec2 screen, glm::vec2 viewport) const noexcept;

    /// The part of the world the viewport shows.
    [[nodiscard]] world_rect visible_bounds(glm::vec2 viewport) const noexcept;

    /// Sets the zoom (clamped to [min_zoom, max_zoom]) keeping the world point under the
    /// screen point `anchor` where it is: zooming around the cursor.
    void zoom_at(glm::vec2 anchor, glm::vec2 viewport, float new_zoom) noexcept;

    /// Moves the view so that the world follows a drag of `screen_delta` pixels.
    void pan(glm::vec2 screen_delta, glm::vec2 viewport) noexcept;
};

}  // namespace mosaic
