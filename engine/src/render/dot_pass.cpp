#include <glad/glad.h>

#include "dot_pass.hpp"

#include "shader.hpp"

namespace mosaic::detail {

namespace {

// A rectangle over the touched pixels, from gl_VertexID (a triangle strip).
constexpr const char* dot_vertex_shader = R"glsl(
#version 330 core
uniform vec4 u_rect;  // clip-space x0, y0, x1, y1
void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
)glsl";

constexpr const char* dot_fragment_shader = R"glsl(
#version 330 core
uniform sampler2D u_colours;  // premultiplied
uniform isampler2D u_ids;
uniform ivec2 u_origin;  // the window pixel of texel (0, 0)
layout(location = 0) out vec4 o_color;
layout(location = 1) out int o_pick;
void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy) - u_origin;
    vec4 colour = texelFetch(u_colours, texel, 0);
    if (colour.a <= 0.0) discard;  // no dot here: neither drawn nor picked
    o_color = colour;
    o_pick = texelFetch(u_ids, texel, 0).r;
}
)glsl";

void nearest(GLuint texture) {
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

}  // namespace

dot_pass::dot_pass() {
    program_ = build_program("mosaic dots", dot_vertex_shader, dot_fragment_shader);
    rect_ = glGetUniformLocation(program_, "u_rect");
    origin_ = glGetUniformLocation(program_, "u_origin");
    glUseProgram(program_);
    glUniform1i(glGetUniformLocation(program_, "u_colours"), 1);
    glUniform1i(glGetUniformLocation(program_, "u_ids"), 2);
    glUseProgram(0);
    glGenVertexArrays(1, &vao_);
    glGenTextures(1, &colours_);
    glGenTextures(1, &ids_);
    nearest(colours_);
    nearest(ids_);
    glBindTexture(GL_TEXTURE_2D, 0);
}

dot_pass::~dot_pass() {
    glDeleteTextures(1, &ids_);
    glDeleteTextures(1, &colours_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteProgram(program_);
}

void dot_pass::draw(const dot_layer& layer) {
    if (layer.empty()) return;
    const glm::ivec2 low = layer.low();
    const glm::ivec2 extent = layer.high() - low + 1;
    const glm::ivec2 size = layer.size();
    // Only the touched rectangle goes up: rows of the layer's width, from `low`.
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, size.x);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, low.x);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, low.y);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, colours_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, extent.x, extent.y, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 layer.colours().data());
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, ids_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, extent.x, extent.y, 0, GL_RED_INTEGER, GL_INT,
                 layer.ids().data());
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);

    glUseProgram(program_);
    const auto clip = [&](int pixel, int total) {
        return 2.0f * static_cast<float>(pixel) / static_cast<float>(total) - 1.0f;
    };
    glUniform4f(rect_, clip(low.x, size.x), clip(low.y, size.y), clip(low.x + extent.x, size.x),
                clip(low.y + extent.y, size.y));
    glUniform2i(origin_, low.x, low.y);
    glBindVertexArray(vao_);
    glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
}

}  // namespace mosaic::detail
