#include <mosaic/engine/render/draw_list.hpp>

#include <algorithm>
#include <cmath>

namespace mosaic {

namespace {

std::uint32_t to_byte(float channel) noexcept {
    // NaN fails both comparisons of clamp's contract; treat it as 0.
    const float c = std::isnan(channel) ? 0.0f : std::clamp(channel, 0.0f, 1.0f);
    // NOLINTNEXTLINE(bugprone-incorrect-roundings): c is in [0, 1], where +0.5 and a cast
    // round as lround does, at a fraction of its cost (this runs per sprite per frame).
    return static_cast<std::uint32_t>(c * 255.0f + 0.5f);
}

}  // namespace

std::uint32_t pack_color(const color& c) noexcept {
    return to_byte(c.r) | (to_byte(c.g) << 8) | (to_byte(c.b) << 16) | (to_byte(c.a) << 24);
}

uv_rect uv_rect_of_pixels(int x, int y, int w, int h, int texture_width,
                          int texture_height) noexcept {
    const auto scaled = [](long long pixels, int side) {
        if (side <= 0) return std::uint16_t{0};
        const long long v = (pixels * 65535 + side / 2) / side;
        return static_cast<std::uint16_t>(std::clamp(v, 0LL, 65535LL));
    };
    return {scaled(x, texture_width), scaled(y, texture_height),
            scaled(static_cast<long long>(x) + w, texture_width),
            scaled(static_cast<long long>(y) + h, texture_height)};
}

color unpack_color(std::uint32_t rgba) noexcept {
    const auto channel = [rgba](int shift) {
        return static_cast<float>((rgba >> shift) & 0xFFu) / 255.0f;
    };
    return {channel(0), channel(8), channel(16), channel(24)};
}

void draw_list::add_quad(const quad& q) {
    instances_.push_back({.center = q.center,
                          .size = q.size,
                          .rotation = q.rotation,
                          .rgba = pack_color(q.tint),
                          .pick_id = q.pick_id,
                          .shape = instance_shape::quad,
                          .outline_pixels = 0.0f,
                          .layer = q.layer,
                          .texture = q.texture,
                          .uv = q.uv});
}

void draw_list::add_circle(const circle& c) {
    instances_.push_back({.center = c.center,
                          .size = {2.0f * c.radius, 2.0f * c.radius},
                          .rotation = 0.0f,
                          .rgba = pack_color(c.tint),
                          .pick_id = c.pick_id,
                          .shape = instance_shape::circle,
                          .outline_pixels = 0.0f,
                          .layer = c.layer,
                          .texture = no_texture});
}

void draw_list::add_circle_outline(const circle& c, float outline_pixels) {
    add_circle(c);
    instances_.back().shape = instance_shape::circle_outline;
    instances_.back().outline_pixels = outline_pixels;
}

void draw_list::add_rect_outline(const quad& r, float outline_pixels) {
    add_quad(r);
    instances_.back().shape = instance_shape::rect_outline;
    instances_.back().outline_pixels = outline_pixels;
    instances_.back().texture = no_texture;
}

void draw_list::add_line(glm::vec2 a, glm::vec2 b, const color& c, std::int32_t layer) {
    lines_.push_back({.a = a, .b = b, .rgba = pack_color(c), .layer = layer});
}

void draw_list::reserve_more(std::size_t instances, std::size_t lines) {
    instances_.reserve(instances_.size() + instances);
    lines_.reserve(lines_.size() + lines);
}

void draw_list::clear() noexcept {
    instances_.clear();
    lines_.clear();
}

}  // namespace mosaic
