#pragma once
// The "render" system: collects the world's sprites into a draw list in the render phase, so
// its time shows in the scheduler's profile next to the simulation's. The GL submission of
// that list (renderer::render) happens after the tick on the thread that owns the context.

#include <mosaic/ecs/scheduler.hpp>

#include "draw_list.hpp"
#include "draw_world.hpp"

namespace mosaic {

/// `list` is cleared and refilled every tick; it must outlive the scheduler's use of it.
system& add_render_system(scheduler& s, draw_list& list, draw_world_options options = {});

}  // namespace mosaic
