#include <mosaic/engine/render/grid.hpp>

#include <algorithm>
#include <cmath>

namespace mosaic {

float add_grid(draw_list& list, const camera2d& camera, glm::vec2 viewport,
               const grid_options& options) {
    float spacing =
        options.spacing > 0.0f && std::isfinite(options.spacing) ? options.spacing : 1.0f;
    const float ppu = camera.pixels_per_unit(viewport);
    const float min_pixels = std::max(options.min_pixels, 1.0f);
    // Bounded: ppu and spacing are finite and positive, and 40 steps of x10 outgrow any float.
    for (int step = 0; step < 40 && spacing * ppu < min_pixels; ++step) spacing *= 10.0f;

    const world_rect view = camera.visible_bounds(viewport);
    const auto first = [spacing](float from) {
        return static_cast<long long>(std::ceil(from / spacing));
    };
    const auto last = [spacing](float to) {
        return static_cast<long long>(std::floor(to / spacing));
    };
    const long long columns = last(view.max.x) - first(view.min.x) + 1;
    const long long rows = last(view.max.y) - first(view.min.y) + 1;
    list.reserve_more(0, static_cast<std::size_t>(std::max(0LL, columns + rows)));

    for (long long i = first(view.min.x); i <= last(view.max.x); ++i) {
        const float x = static_cast<float>(i) * spacing;
        list.add_line({x, view.min.y}, {x, view.max.y}, i == 0 ? options.axis : options.line,
                      options.layer);
    }
    for (long long i = first(view.min.y); i <= last(view.max.y); ++i) {
        const float y = static_cast<float>(i) * spacing;
        list.add_line({view.min.x, y}, {view.max.x, y}, i == 0 ? options.axis : options.line,
                      options.layer);
    }
    return spacing;
}

}  // namespace mosaic
