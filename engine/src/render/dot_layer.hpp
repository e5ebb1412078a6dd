#pragma once
// dot_layer: sprites smaller than a pixel, blended on the CPU into one image that the
// renderer then draws as a single textured rectangle (not part of the public API).
//
// Why: a software rasteriser (Mesa's llvmpipe, on machines without a GPU) pays for every
// primitive whatever its size: 100,000 sprites of half a pixel took ~50 ms on a quiet 2-core
// machine as quads or points, against a few ms here. A dot is the pixel holding the
// sprite's centre, its colour weighted by the part of the pixel the sprite covers (the
// average a sampled quad gives over time, without its flicker).
//
// The layer holds premultiplied colour, so blending dots into it and then the layer over the
// target gives what blending each dot over the target in turn gives; the entity id of a pixel
// is the last dot drawn there, as for quads.

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>
#include <vector>

namespace mosaic::detail {

class dot_layer {
public:
    /// Makes the layer `size` pixels and empty (only the part the last dots touched is
    /// cleared again).
    void begin(glm::ivec2 size);

    /// Blends a dot of straight-alpha `colour` over pixel `at` (window pixels, origin at the
    /// bottom-left, as gl_FragCoord); outside the layer: nothing. A dot with no alpha
    /// neither draws nor picks.
    void add(glm::ivec2 at, glm::vec4 colour, std::int32_t pick_id);

    [[nodiscard]] bool empty() const noexcept { return high_.x < low_.x; }
    /// The rectangle of pixels dots touched: [low, high] inclusive.
    [[nodiscard]] glm::ivec2 low() const noexcept { return low_; }
    [[nodiscard]] glm::ivec2 high() const noexcept { return high_; }
    [[nodiscard]] glm::ivec2 size() const noexcept { return size_; }
    /// Premultiplied RGBA8 per pixel (bytes r, g, b, a), rows bottom first.
    [[nodiscard]] const std::vector<std::uint32_t>& colours() const noexcept { return colours_; }
    [[nodiscard]] const std::vector<std::int32_t>& ids() const noexcept { return ids_; }

private:
    void clear_touched();

    glm::ivec2 size_{0, 0};
    glm::ivec2 low_{1, 1};
    glm::ivec2 high_{0, 0};
    std::vector<std::uint32_t> colours_;
    std::vector<std::int32_t> ids_;
};

}  // namespace mosaic::detail
