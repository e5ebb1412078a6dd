// Sections:
//   1. shaders
//   2. set-up and tear-down
//   3. a frame: upload, then draw in layer order

#include <glad/glad.h>

#include <mosaic/engine/render/renderer.hpp>

#include <array>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

#include "gl_state.hpp"
#include "shader.hpp"

namespace mosaic {

// --- 1. shaders ---------------------------------------------------------------------------

namespace {

// One instance of a unit quad per draw_instance. The four corners come from gl_VertexID
// (a triangle strip), so there is no per-vertex buffer.
constexpr const char* instance_vertex_shader = R"glsl(
#version 330 core
layout(location = 0) in vec2 i_center;
layout(location = 1) in vec2 i_size;
layout(location = 2) in float i_rotation;  // degrees
layout(location = 3) in vec4 i_color;
layout(location = 4) in int i_pick;
layout(location = 5) in uint i_shape;
layout(location = 6) in float i_outline;

uniform mat4 u_view_projection;

out vec2 v_local;  // -1..1 across the rectangle
out vec2 v_uv;
out vec4 v_color;
flat out int v_pick;
flat out uint v_shape;
flat out float v_outline;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) - 0.5;
    float angle = radians(i_rotation);
    vec2 p = corner * i_size;
    p = vec2(cos(angle) * p.x - sin(angle) * p.y, sin(angle) * p.x + cos(angle) * p.y);
    gl_Position = u_view_projection * vec4(i_center + p, 0.0, 1.0);
    v_local = corner * 2.0;
    // Images are stored top row first: the top of the quad samples row 0.
    v_uv = vec2(corner.x + 0.5, 0.5 - corner.y);
    v_color = i_color;
    v_pick = i_pick;
    v_shape = i_shape;
    v_outline = i_outline;
}
)glsl";

// Shapes as in instance_shape: 0 quad, 1 circle, 2 circle outline, 3 rectangle outline.
constexpr const char* instance_fragment_shader = R"glsl(
#version 330 core
in vec2 v_local;
in vec2 v_uv;
in vec4 v_color;
flat in int v_pick;
flat in uint v_shape;
flat in float v_outline;

uniform sampler2D u_texture;

layout(location = 0) out vec4 o_color;
layout(location = 1) out int o_pick;

void main() {
    // Derivatives and the texture sample first, outside any branch.
    vec4 texel = texture(u_texture, v_uv);
    float d = length(v_local);
    float d_pixel = max(fwidth(d), 1e-6);            // change of d over one pixel
    vec2 local_pixel = max(fwidth(v_local), vec2(1e-6));

    float coverage = 1.0;
    if (v_shape == 1u || v_shape == 2u) {
        coverage = 1.0 - smoothstep(1.0 - d_pixel, 1.0, d);
        if (v_shape == 2u) {
            float inner = 1.0 - v_outline * d_pixel;
            coverage *= smoothstep(inner - d_pixel, inner, d);
        }
    } else if (v_shape == 3u) {
        vec2 from_edge = (1.0 - abs(v_local)) / local_pixel;  // in pixels
        if (min(from_edge.x, from_edge.y) > v_outline) discard;
    }
    vec4 color = v_shape == 0u ? v_color * texel : v_color;
    color.a *= coverage;
    if (color.a <= 0.0) discard;  // transparent pixels neither draw nor pick
    o_color = color;
    o_pick = v_pick;
}
)glsl";

constexpr const char* line_vertex_shader = R"glsl(
#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec4 a_color;
uniform mat4 u_view_projection;
out vec4 v_color;
void main() {
    gl_Position = u_view_projection * vec4(a_position, 0.0, 1.0);
    v_color = a_color;
}
)glsl";

constexpr const char* line_fragment_shader = R"glsl(
#version 330 core
in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main() {
    o_color = v_color;
}
)glsl";

const void* byte_offset(std::size_t bytes) {
    return reinterpret_cast<const void*>(bytes);  // NOLINT: OpenGL's offset-as-pointer
}

}  // namespace

// --- 2. set-up and tear-down -----------------------------------------------------------------

renderer::renderer() {
    detail::require_gl("mosaic::renderer");
    instance_program_ =
        detail::build_program("mosaic instances", instance_vertex_shader, instance_fragment_shader);
    try {
        line_program_ =
            detail::build_program("mosaic lines", line_vertex_shader, line_fragment_shader);
    } catch (...) {
        glDeleteProgram(instance_program_);
        throw;
    }
    instance_view_projection_ = glGetUniformLocation(instance_program_, "u_view_projection");
    line_view_projection_ = glGetUniformLocation(line_program_, "u_view_projection");
    glUseProgram(instance_program_);
    glUniform1i(glGetUniformLocation(instance_program_, "u_texture"), 0);
    glUseProgram(0);

    // Instance attributes advance once per instance; their offsets are set per batch.
    glGenVertexArrays(1, &instance_vao_);
    glGenBuffers(1, &instance_buffer_);
    glBindVertexArray(instance_vao_);
    for (GLuint attribute = 0; attribute <= 6; ++attribute) {
        glEnableVertexAttribArray(attribute);
        glVertexAttribDivisor(attribute, 1);
    }

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
    glDeleteProgram(line_program_);
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
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    // Straight alpha for colour; the destination alpha accumulates coverage, so the
    // offscreen image shows correctly when the editor draws it over its own background.
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

    const glm::vec2 viewport = target.size();
    const glm::mat4 view_projection = camera.view_projection(viewport);
    glUseProgram(instance_program_);
    glUniformMatrix4fv(instance_view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
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
            draw_instances(first, i - first, texture);
        }
        const std::size_t first_line = j;
        while (j < lines.size() && lines[j].layer == layer) ++j;
        if (j > first_line) draw_lines(first_line, j - first_line);
    }

    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
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

void renderer::draw_instances(std::size_t first, std::size_t count, texture_handle texture) {
    glUseProgram(instance_program_);
    glBindVertexArray(instance_vao_);
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
    glBindTexture(GL_TEXTURE_2D, texture == no_texture ? white_texture_ : texture);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count));
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
