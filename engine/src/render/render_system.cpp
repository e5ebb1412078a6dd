#include "mosaic/engine/render/render_system.hpp"

#include "mosaic/engine/components.hpp"

namespace mosaic {

system& add_render_system(scheduler& s, draw_list& list, draw_world_options options) {
    // Exclusive: draw_world reads the whole world through its own views (unchecked access);
    // the render phase has nothing else to run beside it.
    return s
        .add("render",
             [&list, options](system_context& ctx) {
                 list.clear();
                 draw_world(ctx.world(), list, options);
             })
        .reads<Transform, WorldTransform, Sprite, Collider>()
        .in(phase::render)
        .exclusive();
}

}  // namespace mosaic
