#pragma once
// The GLSL of the renderer's sprites (not part of the public API): every draw_instance is
// drawn either as a quad (an instance of a unit quad, four corners from gl_VertexID) or, when
// it covers only a few pixels, as one point whose fragments work out where they fall in the
// sprite. Both paths share one fragment shader body, so a sprite looks the same either way.
//
// Why points: Mesa's llvmpipe (the software rasteriser of machines without a GPU) pays per
// instance and per triangle far more than per pixel. 100,000 sprites of 3 pixels took
// 90 ms as instanced quads and 12 ms as points (mosaic-gfx-bench render/100000).

#include <string>

namespace mosaic::detail {

// What both vertex shaders read: one draw_instance (renderer.cpp points the attributes at
// it), and the camera.
inline constexpr const char* sprite_attributes = R"glsl(
layout(location = 0) in vec2 i_center;
layout(location = 1) in vec2 i_size;
layout(location = 2) in float i_rotation;  // degrees
layout(location = 3) in vec4 i_color;
layout(location = 4) in int i_pick;
layout(location = 5) in uint i_shape;
layout(location = 6) in float i_outline;
layout(location = 7) in vec4 i_uv;  // u0, v0 (top-left), u1, v1 (bottom-right)

uniform mat4 u_view_projection;
)glsl";

inline constexpr const char* quad_vertex_body = R"glsl(

out vec2 v_local;  // -1..1 across the rectangle
out vec4 v_color;
flat out int v_pick;
flat out uint v_shape;
flat out float v_outline;
flat out vec4 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) - 0.5;
    float angle = radians(i_rotation);
    vec2 p = corner * i_size;
    p = vec2(cos(angle) * p.x - sin(angle) * p.y, sin(angle) * p.x + cos(angle) * p.y);
    gl_Position = u_view_projection * vec4(i_center + p, 0.0, 1.0);
    v_local = corner * 2.0;
    v_color = i_color;
    v_pick = i_pick;
    v_shape = i_shape;
    v_outline = i_outline;
    v_uv = i_uv;
}
)glsl";

// One vertex per sprite; the point is the square of pixels around the rotated rectangle
// (plus a pixel, as drivers may round a point's size), and passes the fragment shader what
// it needs to find each pixel's place in the sprite.
inline constexpr const char* point_vertex_body = R"glsl(
uniform vec2 u_pixels_per_unit;  // of the target, signed as the projection maps the axes

flat out vec4 v_color;
flat out int v_pick;
flat out uint v_shape;
flat out float v_outline;
flat out vec2 v_cos_sin;    // of the sprite's rotation
flat out vec2 v_half_size;  // world units, signed (negative mirrors)
flat out float v_side;      // the point's side, pixels
flat out vec4 v_uv;

void main() {
    float angle = radians(i_rotation);
    vec2 cs = vec2(cos(angle), sin(angle));
    vec2 extent = vec2(abs(i_size.x * cs.x) + abs(i_size.y * cs.y),
                       abs(i_size.x * cs.y) + abs(i_size.y * cs.x)) * abs(u_pixels_per_unit);
    float side = max(extent.x, extent.y) + 1.0;
    gl_Position = u_view_projection * vec4(i_center, 0.0, 1.0);
    // A sprite without area draws nothing, as its quad would not.
    if (abs(i_size.x) * abs(i_size.y) == 0.0) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    gl_PointSize = side;
    v_color = i_color;
    v_pick = i_pick;
    v_shape = i_shape;
    v_outline = i_outline;
    v_cos_sin = cs;
    v_half_size = i_size * 0.5;
    v_side = side;
    v_uv = i_uv;
}
)glsl";

// Shapes as in instance_shape: 0 quad, 1 circle, 2 circle outline, 3 rectangle outline.
inline constexpr const char* sprite_fragment_body = R"glsl(
#ifdef MOSAIC_POINTS
flat in vec4 v_color;
flat in int v_pick;
flat in uint v_shape;
flat in float v_outline;
flat in vec2 v_cos_sin;
flat in vec2 v_half_size;
flat in float v_side;
flat in vec4 v_uv;
uniform vec2 u_pixels_per_unit;
#else
in vec2 v_local;
in vec4 v_color;
flat in int v_pick;
flat in uint v_shape;
flat in float v_outline;
flat in vec4 v_uv;
#endif

uniform sampler2D u_texture;

layout(location = 0) out vec4 o_color;
layout(location = 1) out int o_pick;

void main() {
#ifdef MOSAIC_POINTS
    // gl_PointCoord runs down the window; the pixel's offset from the centre, in world
    // units, turned back by the sprite's rotation, over its half size.
    vec2 offset = vec2(gl_PointCoord.x - 0.5, 0.5 - gl_PointCoord.y) * v_side / u_pixels_per_unit;
    vec2 turned = vec2(v_cos_sin.x * offset.x + v_cos_sin.y * offset.y,
                       -v_cos_sin.y * offset.x + v_cos_sin.x * offset.y);
    vec2 local = turned / v_half_size;
    bool outside = abs(local.x) > 1.0 || abs(local.y) > 1.0;
#else
    vec2 local = v_local;
    bool outside = false;
#endif
    // Images are stored top row first: the top of the sprite samples the region's top row
    // (v_uv: the region of an atlas this sprite shows).
    vec2 uv = mix(v_uv.xy, v_uv.zw, vec2(local.x * 0.5 + 0.5, 0.5 - local.y * 0.5));
    // Derivatives and the texture sample first, outside any branch.
    vec4 texel = texture(u_texture, uv);
    float d = length(local);
    float d_pixel = max(fwidth(d), 1e-6);            // change of d over one pixel
    vec2 local_pixel = max(fwidth(local), vec2(1e-6));
    if (outside) discard;  // the point's corners beyond the rectangle

    float coverage = 1.0;
    if (v_shape == 1u || v_shape == 2u) {
        coverage = 1.0 - smoothstep(1.0 - d_pixel, 1.0, d);
        if (v_shape == 2u) {
            float inner = 1.0 - v_outline * d_pixel;
            coverage *= smoothstep(inner - d_pixel, inner, d);
        }
    } else if (v_shape == 3u) {
        vec2 from_edge = (1.0 - abs(local)) / local_pixel;  // in pixels
        if (min(from_edge.x, from_edge.y) > v_outline) discard;
    }
    vec4 color = v_shape == 0u ? v_color * texel : v_color;
    color.a *= coverage;
    if (color.a <= 0.0) discard;  // transparent pixels neither draw nor pick
    o_color = color;
    o_pick = v_pick;
}
)glsl";

/// The vertex shader of the quad path (`points` false) or of the point path.
inline std::string sprite_vertex_shader(bool points) {
    return std::string("#version 330 core\n") + sprite_attributes +
           (points ? point_vertex_body : quad_vertex_body);
}

/// The fragment shader of the quad path (`points` false) or of the point path.
inline std::string sprite_fragment_shader(bool points) {
    return std::string("#version 330 core\n") + (points ? "#define MOSAIC_POINTS 1\n" : "") +
           sprite_fragment_body;
}

inline constexpr const char* line_vertex_shader = R"glsl(
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

inline constexpr const char* line_fragment_shader = R"glsl(
#version 330 core
in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main() {
    o_color = v_color;
}
)glsl";

}  // namespace mosaic::detail
