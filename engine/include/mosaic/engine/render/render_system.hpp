#pragma once
// The "render" system: collects the world's sprites into a draw list in the render phase, so
// its time shows in the scheduler's profile next to the simulation's. The GL submission of
// that list (renderer::render) happens after the tick on the thread that owns the context.
//
// Given a render_view (the target's size), the system looks through the game's camera
// (game_camera: the scene's primary Camera entity, else the view's fallback) every tick and
// hands draw_world what that camera shows: tile chunks out of view are left out and, zoomed
// out, each chunk is drawn as one low-resolution image (draw_world_options::pixels_per_unit,
// tile_lod.hpp), so a 1024 x 1024 map seen whole is a thousand quads, not a million. The
// camera it chose is left in the view for the host to render through.

#include <mosaic/ecs/scheduler.hpp>

#include "camera2d.hpp"
#include "draw_list.hpp"
#include "draw_world.hpp"

namespace mosaic {

/// Where the game is seen. The host sets `viewport` (and `fallback`) before each tick; the
/// system writes `camera`, the one to pass to renderer::render.
struct render_view {
    /// The render target's size in pixels. 0 x 0: no camera known; every tile chunk is drawn,
    /// tile by tile (draw_world's default).
    glm::vec2 viewport{0.0f, 0.0f};
    /// The camera when the scene has no Camera entity (the scene settings' camera).
    camera2d fallback{};
    /// Out: game_camera(world, fallback) as of this tick's draw.
    camera2d camera{};
};

/// `list` is cleared and refilled every tick; it (and `view`, when given) must outlive the
/// scheduler's use of it. `options.visible` and `options.pixels_per_unit` are the view's
/// camera's when `view` has a size.
system& add_render_system(scheduler& s, draw_list& list, draw_world_options options = {},
                          render_view* view = nullptr);

}  // namespace mosaic
