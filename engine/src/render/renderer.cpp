// Sections:
//   1. helpers
//   2. set-up and tear-down
//   3. a frame: upload, then draw in layer order

#include <glad/glad.h>

#include <mosaic/engine/render/renderer.hpp>

#include <array>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

#include "dot_layer.hpp"
#include "dot_pass.hpp"
#include "gl_state.hpp"
#include "shader.hpp"
#include "sprite_kinds.hpp"
#include "sprite_shaders.hpp"

namespace mosaic {

// --- 1. helpers -------------------------------------------------------------------------------

namespace {

const void* byte_offset(std::size_t bytes) {
    return reinterpret_cast<const void*>(bytes);  // NOLINT: OpenGL's offset-as-pointer
}

}  // namespace

// --- 2. set-up and tear-down -----------------------------------------------------------------

renderer::renderer() {
    detail::require_gl("mosaic::renderer");
    instance_program_ =
        detail::build_program("mosaic quads", detail::sprite_vertex_shader(false).c_str(),
                              detail::sprite_fragment_shader(false).c_str());
    try {
        point_program_ =
            detail::build_program("mosaic points", detail::sprite_vertex_shader(true).c_str(),
                                  detail::sprite_fragment_shader(true).c_str());
        line_program_ = detail::build_program("mosaic lines", detail::line_vertex_shader,
                                              detail::line_fragment_shader);
    } catch (...) {
        glDeleteProgram(instance_program_);
        if (point_program_ != 0) glDeleteProgram(point_program_);
        throw;
    }
    instance_view_projection_ = glGetUniformLocation(instance_program_, "u_view_projection");
    point_view_projection_ = glGetUniformLocation(point_program_, "u_view_projection");
    point_pixels_per_unit_ = glGetUniformLocation(point_program_, "u_pixels_per_unit");
    line_view_projection_ = glGetUniformLocation(line_program_, "u_view_projection");
    for (const GLuint program : {instance_program_, point_program_}) {
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "u_texture"), 0);
    }
    glUseProgram(0);

    // Instance attributes advance once per instance; their offsets are set per batch.
    glGenVertexArrays(1, &instance_vao_);
    glGenBuffers(1, &instance_buffer_);
    glBindVertexArray(instance_vao_);
    for (GLuint attribute = 0; attribute <= 7; ++attribute) {
        glEnableVertexAttribArray(attribute);
        glVertexAttribDivisor(attribute, 1);
    }
    // Points read the same records, one per vertex.
    glGenVertexArrays(1, &point_vao_);
    glBindVertexArray(point_vao_);
    for (GLuint attribute = 0; attribute <= 7; ++attribute) glEnableVertexAttribArray(attribute);

    glGenVertexArrays(1, &line_vao_);
    glGenBuffers(1, &line_buffer_);
    glBindVertexArray(line_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, line_buffer_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(line_vertex),
                          byte_offset(offsetof(line_vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(line_vertex),
                          byte_offset(offsetof(line_vertex, rgba)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    const std::array<std::uint8_t, 4> white = {255, 255, 255, 255};
    glGenTextures(1, &white_texture_);
    glBindTexture(GL_TEXTURE_2D, white_texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
}

renderer::~renderer() {
    glDeleteTextures(1, &white_texture_);
    glDeleteBuffers(1, &line_buffer_);
    glDeleteVertexArrays(1, &line_vao_);
    glDeleteBuffers(1, &instance_buffer_);
    glDeleteVertexArrays(1, &instance_vao_);
    glDeleteVertexArrays(1, &point_vao_);
    glDeleteProgram(line_program_);
    glDeleteProgram(point_program_);
    glDeleteProgram(instance_program_);
}

// --- 3. a frame ----------------------------------------------------------------------------

void renderer::render(const draw_list& list, const camera2d& camera, render_target& target,
                      const color& background) {
    stats_ = {};
    target.clear(background);  // binds the target and sets the viewport
    const std::span<const draw_instance> instances = sorter_.sort(list.instances());
    const std::span<const draw_line> lines = sorter_.sort(list.lines());
    stats_.instances = instances.size();
    stats_.lines = lines.size();
    if (instances.empty() && lines.empty()) return;

    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_PROGRAM_POINT_SIZE);  // the point path sets gl_PointSize
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    // Straight alpha for colour; the destination alpha accumulates coverage, so the
    // offscreen image shows correctly when the editor draws it over its own background.
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

    const glm::vec2 viewport = target.size();
    target_size_ = target.size();
    const glm::mat4 view_projection = camera.view_projection(viewport);
    const detail::sprite_classifier kinds(view_projection, viewport, max_point_side_,
                                          max_dot_side_);
    const glm::vec2 ppu = kinds.pixels_per_unit();
    glUseProgram(instance_program_);
    glUniformMatrix4fv(instance_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUseProgram(point_program_);
    glUniformMatrix4fv(point_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform2f(point_pixels_per_unit_, ppu.x, ppu.y);
    glUseProgram(line_program_);
    glUniformMatrix4fv(line_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glActiveTexture(GL_TEXTURE0);

    upload(instances, lines);

    // Layer by layer: the instances of a layer (one call per texture run), then its lines.
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < instances.size() || j < lines.size()) {
        const bool instance_next =
            j == lines.size() || (i < instances.size() && instances[i].layer <= lines[j].layer);
        const std::int32_t layer = instance_next ? instances[i].layer : lines[j].layer;
        while (i < instances.size() && instances[i].layer == layer) {
            const std::size_t first = i;
            const texture_handle texture = instances[i].texture;
            while (i < instances.size() && instances[i].layer == layer &&
                   instances[i].texture == texture) {
                ++i;
            }
            draw_run(instances, first, i, kinds);
        }
        const std::size_t first_line = j;
        while (j < lines.size() && lines[j].layer == layer) ++j;
        if (j > first_line) draw_lines(first_line, j - first_line);
    }

    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glDisable(GL_BLEND);
}

void renderer::upload(std::span<const draw_instance> instances, std::span<const draw_line> lines) {
    // glBufferData with the data orphans last frame's storage: no wait for the GPU to
    // finish reading it.
    if (!instances.empty()) {
        glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size_bytes()),
                     instances.data(), GL_STREAM_DRAW);
    }
    if (!lines.empty()) {
        line_vertices_.resize(2 * lines.size());
        for (std::size_t k = 0; k < lines.size(); ++k) {
            line_vertices_[2 * k] = {lines[k].a, lines[k].rgba};
            line_vertices_[2 * k + 1] = {lines[k].b, lines[k].rgba};
        }
        glBindBuffer(GL_ARRAY_BUFFER, line_buffer_);
        glBufferData(GL_ARRAY_BUFFER,
                     static_cast<GLsizeiptr>(line_vertices_.size() * sizeof(line_vertex)),
                     line_vertices_.data(), GL_STREAM_DRAW);
    }
}

void renderer::draw_run(std::span<const draw_instance> instances, std::size_t first,
                        std::size_t end, const detail::sprite_classifier& kinds) {
    // Consecutive sprites of one kind share a call; the draw order is kept exactly.
    while (first < end) {
        const detail::sprite_kind kind = kinds(instances[first]);
        std::size_t last = first + 1;
        while (last < end && kinds(instances[last]) == kind) ++last;
        if (kind != detail::sprite_kind::dot) {
            draw_instances(instances, first, last - first, kind == detail::sprite_kind::point);
        } else if (last - first >= min_dots_per_layer) {
            draw_dots(instances.subspan(first, last - first), kinds);
        } else {
            // Too few to be worth a layer: drawn exactly, as points (or quads at the edge).
            for (std::size_t from = first; from < last;) {
                const bool points = kinds(instances[from], false) == detail::sprite_kind::point;
                std::size_t to = from + 1;
                while (to < last &&
                       (kinds(instances[to], false) == detail::sprite_kind::point) == points) {
                    ++to;
                }
                draw_instances(instances, from, to - from, points);
                from = to;
            }
        }
        first = last;
    }
}

void renderer::draw_dots(std::span<const draw_instance> dots,
                         const detail::sprite_classifier& kinds) {
    if (!dot_pass_) {
        dot_layer_ = std::make_unique<detail::dot_layer>();
        dot_pass_ = std::make_unique<detail::dot_pass>();
    }
    dot_layer_->begin(target_size_);
    for (const draw_instance& d : dots) {
        const color tint = unpack_color(d.rgba);
        dot_layer_->add(kinds.pixel_of(d), {tint.r, tint.g, tint.b, tint.a * kinds.coverage_of(d)},
                        d.pick_id);
    }
    dot_pass_->draw(*dot_layer_);
    stats_.dots += dots.size();
    ++stats_.draw_calls;
}

void renderer::draw_instances(std::span<const draw_instance> instances, std::size_t first,
                              std::size_t count, bool points) {
    const texture_handle texture = instances[first].texture;
    glBindTexture(GL_TEXTURE_2D, texture == no_texture ? white_texture_ : texture);
    glUseProgram(points ? point_program_ : instance_program_);
    glBindVertexArray(points ? point_vao_ : instance_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    // OpenGL 3.3 has no base instance: point the attributes at the batch's first record.
    constexpr GLsizei stride = sizeof(draw_instance);
    const std::size_t base = first * sizeof(draw_instance);
    const auto at = [base](std::size_t member) { return byte_offset(base + member); };
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(draw_instance, center)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(draw_instance, size)));
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, at(offsetof(draw_instance, rotation)));
    glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          at(offsetof(draw_instance, rgba)));
    glVertexAttribIPointer(4, 1, GL_INT, stride, at(offsetof(draw_instance, pick_id)));
    glVertexAttribIPointer(5, 1, GL_UNSIGNED_INT, stride, at(offsetof(draw_instance, shape)));
    glVertexAttribPointer(6, 1, GL_FLOAT, GL_FALSE, stride,
                          at(offsetof(draw_instance, outline_pixels)));
    glVertexAttribPointer(7, 4, GL_UNSIGNED_SHORT, GL_TRUE, stride,
                          at(offsetof(draw_instance, uv)));
    if (points) {
        glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(count));
        stats_.points += count;
    } else {
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count));
    }
    ++stats_.draw_calls;
}

void renderer::draw_lines(std::size_t first, std::size_t count) {
    glUseProgram(line_program_);
    glBindVertexArray(line_vao_);
    // Lines are never picked: keep them out of the entity-id attachment.
    glColorMaski(1, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDrawArrays(GL_LINES, static_cast<GLint>(2 * first), static_cast<GLsizei>(2 * count));
    glColorMaski(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    ++stats_.draw_calls;
}

}  // namespace mosaic
