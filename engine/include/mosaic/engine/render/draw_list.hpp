#pragma once
// draw_list: what to draw this frame, as plain data (no OpenGL). draw_world() fills one from
// a scene, the editor adds its grid and gizmos, and renderer::render() draws it.
//
// Two kinds of records:
//   draw_instance  anything drawn as a (rotated) rectangle: quads, optionally textured,
//                  filled circles, circle outlines and rectangle outlines. The struct is the
//                  renderer's per-instance vertex layout, so a list is uploaded in one copy.
//   draw_line      a one-pixel line segment (GL_LINES). Lines never write the entity-id
//                  attachment, so grids and gizmos are never picked.
//
// Draw order: by layer, lowest first; see draw_order.hpp for the exact rule.

#include <cstdint>
#include <mosaic/ecs/field.hpp>
#include <span>
#include <vector>

#include "../math.hpp"
#include "texture_source.hpp"

namespace mosaic {

enum class instance_shape : std::uint32_t {
    quad,            // filled, multiplied by its texture when it has one
    circle,          // filled disc inscribed in the rectangle (anti-aliased edge)
    circle_outline,  // ring of `outline_pixels` inside the disc's edge
    rect_outline,    // border of `outline_pixels` inside the rectangle's edge
};

/// RGBA8 with red in the lowest byte (the byte order OpenGL reads), each channel clamped to
/// [0, 1] and rounded.
[[nodiscard]] std::uint32_t pack_color(const color& c) noexcept;
[[nodiscard]] color unpack_color(std::uint32_t rgba) noexcept;

/// One rectangle-shaped primitive, laid out as the renderer's per-instance data.
struct draw_instance {
    glm::vec2 center{0.0f, 0.0f};
    glm::vec2 size{1.0f, 1.0f};         // full width and height, world units (negative mirrors)
    float rotation = 0.0f;              // degrees, counter-clockwise
    std::uint32_t rgba = 0xFFFF'FFFFu;  // pack_color()
    std::int32_t pick_id = -1;          // written to the entity-id attachment; -1: nothing
    instance_shape shape = instance_shape::quad;
    float outline_pixels = 0.0f;  // outline shapes: thickness in screen pixels
    std::int32_t layer = 0;       // higher draws on top
    texture_handle texture = no_texture;
    uv_rect uv{};  // the part of `texture` shown (an atlas holds many images)
};

struct draw_line {
    glm::vec2 a{0.0f, 0.0f};
    glm::vec2 b{0.0f, 0.0f};
    std::uint32_t rgba = 0xFFFF'FFFFu;  // pack_color()
    std::int32_t layer = 0;
};

class draw_list {
public:
    struct quad {
        glm::vec2 center{0.0f, 0.0f};
        glm::vec2 size{1.0f, 1.0f};
        float rotation = 0.0f;  // degrees
        mosaic::color tint{};
        texture_handle texture = no_texture;
        std::int32_t layer = 0;
        std::int32_t pick_id = -1;
        uv_rect uv{};
    };
    struct circle {
        glm::vec2 center{0.0f, 0.0f};
        float radius = 0.5f;
        mosaic::color tint{};
        std::int32_t layer = 0;
        std::int32_t pick_id = -1;
    };

    /// `list.add_quad({.center = {1, 2}, .size = {2, 2}, .tint = red, .layer = 3})`
    void add_quad(const quad& q);
    void add_circle(const circle& c);
    void add_circle_outline(const circle& c, float outline_pixels = 1.5f);
    /// The border of the rectangle `r` (its texture is ignored).
    void add_rect_outline(const quad& r, float outline_pixels = 1.5f);
    void add_line(glm::vec2 a, glm::vec2 b, const color& c, std::int32_t layer = 0);

    /// Appends a ready-made instance: the fast path for bulk producers like draw_world.
    void push(const draw_instance& instance) { instances_.push_back(instance); }
    void push(const draw_line& line) { lines_.push_back(line); }

    /// Makes room for `instances` and `lines` more records without reallocating.
    void reserve_more(std::size_t instances, std::size_t lines = 0);
    /// Empties the list and keeps its memory for the next frame.
    void clear() noexcept;

    [[nodiscard]] std::span<const draw_instance> instances() const noexcept { return instances_; }
    [[nodiscard]] std::span<const draw_line> lines() const noexcept { return lines_; }
    [[nodiscard]] bool empty() const noexcept { return instances_.empty() && lines_.empty(); }

private:
    std::vector<draw_instance> instances_;
    std::vector<draw_line> lines_;
};

}  // namespace mosaic
