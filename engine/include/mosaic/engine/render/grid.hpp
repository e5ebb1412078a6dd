#pragma once
// An editor grid as draw_list lines: what a camera shows, no more. When zooming out would
// put the lines closer than `min_pixels` on screen, the spacing grows tenfold (as often as
// needed), so a frame never holds more than a few hundred grid lines.

#include <cstdint>
#include <limits>
#include <mosaic/ecs/field.hpp>

#include "camera2d.hpp"
#include "draw_list.hpp"

namespace mosaic {

struct grid_options {
    float spacing = 1.0f;     // world units between lines when zoomed in enough
    float min_pixels = 8.0f;  // closest the lines may come on screen
    color line{1.0f, 1.0f, 1.0f, 0.08f};
    color axis{1.0f, 1.0f, 1.0f, 0.3f};                             // the lines x = 0 and y = 0
    std::int32_t layer = std::numeric_limits<std::int32_t>::min();  // under everything
};

/// Adds the lines covering the view of `camera` in a viewport of `viewport` pixels.
/// Returns the spacing used (after growing; `options.spacing` when it did not).
float add_grid(draw_list& list, const camera2d& camera, glm::vec2 viewport,
               const grid_options& options = {});

}  // namespace mosaic
