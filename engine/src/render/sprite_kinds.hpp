#pragma once
// How the renderer draws each sprite (not part of the public API): as a quad (two
// triangles), as one point when it covers a few pixels, or as a dot blended on the CPU when
// it is smaller than a pixel (sprite_shaders.hpp and dot_layer.hpp say why).

#include <cmath>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <mosaic/engine/render/draw_list.hpp>

namespace mosaic::detail {

enum class sprite_kind { quad, point, dot };

class sprite_classifier {
public:
    /// `max_point_side`: points up to this square (0: none); dots for untextured quads and
    /// discs of at most `max_dot_side` pixels a side (0: none).
    sprite_classifier(const glm::mat4& view_projection, glm::vec2 viewport, float max_point_side,
                      float max_dot_side) noexcept
        : view_projection_(view_projection),
          viewport_(viewport),
          ppu_(view_projection[0][0] * viewport.x * 0.5f,
               view_projection[1][1] * viewport.y * 0.5f),
          max_point_side_(max_point_side),
          max_dot_side_(max_dot_side) {}

    /// The target's pixels per world unit along x and y, signed as the projection maps them.
    [[nodiscard]] glm::vec2 pixels_per_unit() const noexcept { return ppu_; }

    [[nodiscard]] sprite_kind operator()(const draw_instance& d, bool dots_allowed = true) const {
        const glm::vec2 pixels = glm::abs(d.size * ppu_);
        if (dots_allowed && d.texture == no_texture &&
            (d.shape == instance_shape::quad || d.shape == instance_shape::circle) &&
            pixels.x <= max_dot_side_ && pixels.y <= max_dot_side_) {
            return sprite_kind::dot;
        }
        // The point's square: the diagonal (the widest the sprite gets, whatever its
        // rotation) plus the pixel drivers may round it by.
        const float diagonal_squared = pixels.x * pixels.x + pixels.y * pixels.y;
        const float room = max_point_side_ - 1.0f;
        if (!(room > 0.0f && diagonal_squared <= room * room)) return sprite_kind::quad;  // NaN too
        // OpenGL drops a point whose centre is outside the view: that would cut a sprite half
        // in view, so such a sprite stays a quad.
        const glm::vec2 clip = clip_of(d.center);
        return std::abs(clip.x) < 1.0f && std::abs(clip.y) < 1.0f ? sprite_kind::point
                                                                  : sprite_kind::quad;
    }

    /// The window pixel (origin bottom-left, as gl_FragCoord) holding `d`'s centre.
    [[nodiscard]] glm::ivec2 pixel_of(const draw_instance& d) const noexcept {
        const glm::vec2 clip = clip_of(d.center);
        return {static_cast<int>(std::floor((clip.x + 1.0f) * 0.5f * viewport_.x)),
                static_cast<int>(std::floor((clip.y + 1.0f) * 0.5f * viewport_.y))};
    }

    /// The part of its pixel a dot covers (its area in pixels, a disc's pi/4 of its square).
    [[nodiscard]] float coverage_of(const draw_instance& d) const noexcept {
        const glm::vec2 pixels = glm::abs(d.size * ppu_);
        const float area =
            pixels.x * pixels.y * (d.shape == instance_shape::circle ? 0.785398f : 1.0f);
        return area < 1.0f ? area : 1.0f;
    }

private:
    // The projection is orthographic (camera2d): clip space is an affine map of the plane,
    // and w stays 1.
    [[nodiscard]] glm::vec2 clip_of(glm::vec2 p) const noexcept {
        const glm::mat4& m = view_projection_;
        return {m[0][0] * p.x + m[1][0] * p.y + m[3][0], m[0][1] * p.x + m[1][1] * p.y + m[3][1]};
    }

    glm::mat4 view_projection_;
    glm::vec2 viewport_;
    glm::vec2 ppu_;
    float max_point_side_;
    float max_dot_side_;
};

}  // namespace mosaic::detail
