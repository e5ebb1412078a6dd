#include <mosaic/engine/render/camera2d.hpp>

#include <algorithm>
#include <glm/mat4x4.hpp>

namespace mosaic {

namespace {

// A zero-sized viewport (a minimised window, a collapsed editor panel) must not divide by
// zero: it behaves like a one-pixel one.
glm::vec2 usable(glm::vec2 viewport) noexcept {
    return {std::max(viewport.x, 1.0f), std::max(viewport.y, 1.0f)};
}

}  // namespace

float camera2d::pixels_per_unit(glm::vec2 viewport) const noexcept {
    return std::clamp(zoom, min_zoom, max_zoom) * usable(viewport).y / units_per_height;
}

glm::mat4 camera2d::view_projection(glm::vec2 viewport) const noexcept {
    const glm::vec2 size = usable(viewport);
    const float ppu = pixels_per_unit(size);
    const glm::vec2 scale{2.0f * ppu / size.x, 2.0f * ppu / size.y};
    glm::mat4 m(1.0f);  // column-major: m[column][row]
    m[0][0] = scale.x;
    m[1][1] = scale.y;
    m[3][0] = -position.x * scale.x;
    m[3][1] = -position.y * scale.y;
    return m;
}

glm::vec2 camera2d::world_to_screen(glm::vec2 world, glm::vec2 viewport) const noexcept {
    const glm::vec2 size = usable(viewport);
    const float ppu = pixels_per_unit(size);
    return {size.x * 0.5f + (world.x - position.x) * ppu,
            size.y * 0.5f - (world.y - position.y) * ppu};
}

glm::vec2 camera2d::screen_to_world(glm::vec2 screen, glm::vec2 viewport) const noexcept {
    const glm::vec2 size = usable(viewport);
    const float ppu = pixels_per_unit(size);
    return {position.x + (screen.x - size.x * 0.5f) / ppu,
            position.y - (screen.y - size.y * 0.5f) / ppu};
}

world_rect camera2d::visible_bounds(glm::vec2 viewport) const noexcept {
    const glm::vec2 size = usable(viewport);
    const glm::vec2 top_left = screen_to_world({0.0f, 0.0f}, size);
    const glm::vec2 bottom_right = screen_to_world(size, size);
    return {{top_left.x, bottom_right.y}, {bottom_right.x, top_left.y}};
}

void camera2d::zoom_at(glm::vec2 anchor, glm::vec2 viewport, float new_zoom) noexcept {
    const glm::vec2 before = screen_to_world(anchor, viewport);
    zoom = std::clamp(new_zoom, min_zoom, max_zoom);
    const glm::vec2 after = screen_to_world(anchor, viewport);
    position += before - after;
}

void camera2d::pan(glm::vec2 screen_delta, glm::vec2 viewport) noexcept {
    const float ppu = pixels_per_unit(viewport);
    position.x -= screen_delta.x / ppu;
    position.y += screen_delta.y / ppu;
}

}  // namespace mosaic
