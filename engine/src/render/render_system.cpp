#include "mosaic/engine/render/render_system.hpp"

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/render/scene_camera.hpp"
#include "mosaic/engine/tilemap/tilemap.hpp"

namespace mosaic {

system& add_render_system(scheduler& s, draw_list& list, draw_world_options options,
                          render_view* view) {
    // Exclusive: draw_world reads the whole world through its own views (unchecked access);
    // the render phase has nothing else to run beside it.
    return s
        .add("render",
             [&list, options, view](system_context& ctx) {
                 list.clear();
                 draw_world_options frame = options;
                 world_rect visible{};
                 if (view != nullptr) {
                     view->camera = game_camera(ctx.world(), view->fallback);
                     if (view->viewport.x > 0.0f && view->viewport.y > 0.0f) {
                         visible = view->camera.visible_bounds(view->viewport);
                         frame.visible = &visible;
                         frame.pixels_per_unit = view->camera.pixels_per_unit(view->viewport);
                     }
                 }
                 draw_world(ctx.world(), list, frame);
             })
        .reads<Transform, WorldTransform, Sprite, Collider, Camera, Tilemap, TileChunk, Text>()
        .in(phase::render)
        .exclusive();
}

}  // namespace mosaic
