#pragma once
// renderer: draws a draw_list through a camera2d into a render_target, with OpenGL 3.3
// core. The game window and the editor viewport use this one path.
//
// How: every draw_instance is one instance of a unit quad (per-instance data streamed into
// one buffer each frame); a fragment shader turns it into a textured quad, a disc or an
// outline. A sprite that covers only a few pixels (max_point_side) is one point instead,
// whose fragments find their place in the sprite (the same picture: software rasterisers
// pay per triangle far more than per pixel; see src/render/sprite_shaders.hpp). Untextured
// sprites smaller than a pixel (max_dot_side), in runs of min_dots_per_layer or more, are
// blended on the CPU as dots into one layer drawn as a single rectangle (dot_layer.hpp). Instances
// are drawn in draw order (draw_order.hpp), one draw call per run of (layer, texture); lines follow
// the instances of their layer, as GL_LINES. Colours blend with straight alpha. The pick id of each
// instance goes to the target's entity-id attachment when it has one (framebuffer.hpp); fully
// transparent pixels write nothing.
//
// Needs a current OpenGL 3.3 core context (platform/window.hpp makes one) for its whole
// life; the destructor frees every GL object it made.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mosaic/ecs/field.hpp>
#include <span>
#include <vector>

#include "camera2d.hpp"
#include "draw_list.hpp"
#include "draw_order.hpp"
#include "render_target.hpp"

namespace mosaic {

namespace detail {
class dot_layer;
class dot_pass;
class sprite_classifier;
}  // namespace detail

struct render_stats {
    std::size_t instances = 0;
    std::size_t lines = 0;
    std::size_t draw_calls = 0;
    std::size_t points = 0;  // instances drawn as points
    std::size_t dots = 0;    // instances smaller than a pixel, blended as dots
};

class renderer {
public:
    /// Compiles the shaders; throws render_error with the driver's log if they fail.
    renderer();
    ~renderer();
    renderer(const renderer&) = delete;
    renderer& operator=(const renderer&) = delete;

    /// Clears `target` to `background` (entity ids to -1) and draws `list` as `camera`
    /// sees it. The frame is submitted, not finished: swap buffers or read pixels next.
    void render(const draw_list& list, const camera2d& camera, render_target& target,
                const color& background);

    /// Sprites whose bounding square (diagonal plus a pixel) is at most `pixels` wide, with
    /// their centre in view, are drawn as points; 0 draws every sprite as a quad.
    void set_max_point_side(float pixels) noexcept { max_point_side_ = pixels; }
    [[nodiscard]] float max_point_side() const noexcept { return max_point_side_; }
    /// Untextured quads and discs at most `pixels` wide and high are dots; 0: none.
    void set_max_dot_side(float pixels) noexcept { max_dot_side_ = pixels; }
    /// Fewer dots in a row than this are drawn as points (a layer costs its rectangle).
    static constexpr std::size_t min_dots_per_layer = 64;

    /// Figures of the last render() call.
    [[nodiscard]] const render_stats& stats() const noexcept { return stats_; }

private:
    struct line_vertex {
        glm::vec2 position;
        std::uint32_t rgba;
    };

    void upload(std::span<const draw_instance> instances, std::span<const draw_line> lines);
    void draw_run(std::span<const draw_instance> instances, std::size_t first, std::size_t end,
                  const detail::sprite_classifier& kinds);
    void draw_instances(std::span<const draw_instance> instances, std::size_t first,
                        std::size_t count, bool points);
    void draw_dots(std::span<const draw_instance> dots, const detail::sprite_classifier& kinds);
    void draw_lines(std::size_t first, std::size_t count);

    std::uint32_t instance_program_ = 0;
    std::uint32_t point_program_ = 0;
    std::uint32_t line_program_ = 0;
    std::int32_t instance_view_projection_ = -1;  // uniform locations
    std::int32_t point_view_projection_ = -1;
    std::int32_t point_pixels_per_unit_ = -1;
    std::int32_t line_view_projection_ = -1;
    std::uint32_t instance_vao_ = 0;
    std::uint32_t point_vao_ = 0;
    std::uint32_t instance_buffer_ = 0;
    std::uint32_t line_vao_ = 0;
    std::uint32_t line_buffer_ = 0;
    std::uint32_t white_texture_ = 0;  // bound for untextured instances

    draw_sorter sorter_;
    std::vector<line_vertex> line_vertices_;
    render_stats stats_;
    // 16 pixels: below it llvmpipe draws a point in a fraction of a quad's time; above it
    // the pixels dominate and a point's square wastes the corners of a rotated sprite.
    float max_point_side_ = 16.0f;
    float max_dot_side_ = 1.0f;
    glm::ivec2 target_size_{0, 0};
    std::unique_ptr<detail::dot_layer> dot_layer_;  // made at the first dots
    std::unique_ptr<detail::dot_pass> dot_pass_;
};

}  // namespace mosaic
