// The brains and the body: keyboard_control and patrol fill MoveIntent (a patrol turns at the
// edge of the platform entity or the solid tiles it stands on), walker turns it into
// acceleration and jumps. One walker system serves the player and the enemies alike.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <glm/common.hpp>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/physics/shapes.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

#include "platformer.hpp"

namespace mosaic::platformer {

namespace {

// The world box of a platform (a root entity: its Transform is its world transform).
aabb platform_box(system_context& ctx, entity platform) {
    const Transform* t = ctx.try_get<const Transform>(platform);
    const Collider* c = ctx.try_get<const Collider>(platform);
    if (!t || !c) return {};
    return bounds(make_shape(*c, WorldTransform{t->position, t->rotation, t->scale}));
}

// True when the tile of `map` under the point `below` (world units) is solid: the ground
// continues there. Any tile layer counts; the tileset says which tiles are solid.
bool solid_tile_at(system_context& ctx, entity map, glm::vec2 below) {
    const Tilemap* info = ctx.try_get<const Tilemap>(map);
    const Transform* placed = ctx.try_get<const Transform>(map);
    Tilesets* sets = ctx.world().try_resource<Tilesets>();
    if (!info || !placed || !sets) return false;
    std::vector<std::string> warnings;  // the tile_colliders system reports a broken tileset
    const tileset* set =
        sets->get(std::string_view(info->tileset.path,
                                   strnlen(info->tileset.path, sizeof info->tileset.path)),
                  warnings);
    if (!set) return false;
    const glm::vec2 cell_size = info->tile_size * placed->scale;
    if (cell_size.x <= 0.0f || cell_size.y <= 0.0f) return false;
    const glm::vec2 cell = glm::floor((below - placed->position) / cell_size);
    const tile_access tiles(ctx.world(), map);
    for (int layer = 0; layer < max_tile_layers; ++layer) {
        if (set->is_solid(tiles.get(static_cast<int>(cell.x), static_cast<int>(cell.y), layer)))
            return true;
    }
    return false;
}

// True when walking on in `direction` would leave the platform `ground`: past the box of a
// platform entity, or off the solid tiles of a tilemap.
bool at_edge(system_context& ctx, const Patrol& patrol, glm::vec2 position, float half_height,
             entity ground) {
    if (!ctx.alive(ground)) return false;
    const float ahead = position.x + static_cast<float>(patrol.direction) * patrol.look_ahead;
    if (ctx.has<Tilemap>(ground)) {
        return !solid_tile_at(ctx, ground, {ahead, position.y - half_height - 0.05f});
    }
    const aabb box = platform_box(ctx, ground);
    return ahead > box.max.x || ahead < box.min.x;
}

}  // namespace

system& add_keyboard_control_system(scheduler& s) {
    return s
        .add("keyboard_control",
             [](view_t<const KeyboardControl, MoveIntent> controlled, const Input& in) {
                 controlled.each([&](const KeyboardControl& keys, MoveIntent& intent) {
                     float move = in.axis(key::left, key::right);
                     bool jump = in.just_pressed(key::space) || in.just_pressed(key::up);
                     if (keys.wasd) {
                         move += in.axis(key::a, key::d);
                         jump = jump || in.just_pressed(key::w);
                     }
                     intent.move = std::clamp(move, -1.0f, 1.0f);
                     intent.jump = jump;
                 });
             })
        .in(phase::pre_update);
}

system& add_patrol_system(scheduler& s) {
    return s
        .add("patrol",
             [](system_context& ctx) {
                 auto patrols = ctx.view<Patrol, MoveIntent, const Grounded, const Transform>();
                 patrols.each([&](entity e, Patrol& patrol, MoveIntent& intent,
                                  const Grounded& contact, const Transform& t) {
                     if (patrol.direction == 0) patrol.direction = 1;
                     const bool blocked = contact.wall == patrol.direction;
                     const Collider* body = ctx.try_get<const Collider>(e);
                     const float half_height = body ? body->size.y * t.scale.y : 0.0f;
                     const bool edge =
                         patrol.turn_at_edges && contact.on_ground &&
                         at_edge(ctx, patrol, t.position, half_height, contact.ground);
                     if (blocked || edge) patrol.direction = -patrol.direction;
                     intent.move = static_cast<float>(patrol.direction) * patrol.speed;
                     intent.jump = false;
                 });
             })
        // Exclusive: on a tilemap, at_edge reads its chunks and may load its tileset (the
        // Tilesets cache) through the world.
        .exclusive()
        .in(phase::pre_update);
}

system& add_walker_system(scheduler& s) {
    return s
        .add("walker",
             [](system_context& ctx,
                view_t<const Walker, const MoveIntent, const Grounded, RigidBody> walkers) {
                 const auto dt = static_cast<float>(ctx.dt());
                 if (dt <= 0.0f) return;
                 walkers.each([dt](const Walker& walker, const MoveIntent& intent,
                                   const Grounded& contact, RigidBody& body) {
                     // Accelerate towards the wanted speed without overshooting it; the
                     // engine's movement applies it (velocity += acceleration * dt).
                     const float wanted = std::clamp(intent.move, -1.0f, 1.0f) * walker.max_speed;
                     const float limit =
                         walker.acceleration * (contact.on_ground ? 1.0f : walker.air_control);
                     body.acceleration.x =
                         std::clamp((wanted - body.velocity.x) / dt, -limit, limit);
                     if (intent.jump && contact.on_ground) body.velocity.y = walker.jump_speed;
                 });
             })
        .order(-20);
}

}  // namespace mosaic::platformer
