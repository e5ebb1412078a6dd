#include "dot_layer.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>

namespace mosaic::detail {

namespace {

// Rounded to the nearest of 0..255 (a cast after +0.5: lround was a tenth of the dots' time).
std::uint32_t channel(float value) {
    // NOLINTNEXTLINE(bugprone-incorrect-roundings): non-negative after the clamp.
    return static_cast<std::uint32_t>(std::clamp(value, 0.0f, 1.0f) * 255.0f + 0.5f);
}

}  // namespace

void dot_layer::begin(glm::ivec2 size) {
    if (size != size_) {
        size_ = glm::max(size, glm::ivec2(0));
        const auto pixels = static_cast<std::size_t>(size_.x) * static_cast<std::size_t>(size_.y);
        colours_.assign(pixels, 0u);
        ids_.assign(pixels, -1);
    } else {
        clear_touched();
    }
    low_ = size_;
    high_ = {-1, -1};
}

void dot_layer::clear_touched() {
    if (empty()) return;
    for (int y = low_.y; y <= high_.y; ++y) {
        const auto row = static_cast<std::size_t>(y) * static_cast<std::size_t>(size_.x);
        std::fill(colours_.begin() + static_cast<std::ptrdiff_t>(row + low_.x),
                  colours_.begin() + static_cast<std::ptrdiff_t>(row + high_.x + 1), 0u);
        std::fill(ids_.begin() + static_cast<std::ptrdiff_t>(row + low_.x),
                  ids_.begin() + static_cast<std::ptrdiff_t>(row + high_.x + 1), -1);
    }
}

void dot_layer::add(glm::ivec2 at, glm::vec4 colour, std::int32_t pick_id) {
    if (at.x < 0 || at.y < 0 || at.x >= size_.x || at.y >= size_.y) return;
    const float alpha = std::clamp(colour.a, 0.0f, 1.0f);
    if (!(alpha > 0.0f)) return;  // transparent (or NaN): neither drawn nor picked
    const auto index = static_cast<std::size_t>(at.y) * static_cast<std::size_t>(size_.x) +
                       static_cast<std::size_t>(at.x);
    // over: layer = source * alpha + layer * (1 - alpha), in premultiplied colour.
    const std::uint32_t under = colours_[index];
    const float keep = 1.0f - alpha;
    const auto blended = [&](int shift, float source) {
        const float below = static_cast<float>((under >> shift) & 0xFFu) / 255.0f;
        return channel(source + below * keep) << shift;
    };
    colours_[index] = blended(0, colour.r * alpha) | blended(8, colour.g * alpha) |
                      blended(16, colour.b * alpha) | blended(24, alpha);
    ids_[index] = pick_id;
    low_ = glm::min(low_, at);
    high_ = glm::max(high_, at);
}

}  // namespace mosaic::detail
