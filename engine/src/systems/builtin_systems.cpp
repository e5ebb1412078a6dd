#include "mosaic/engine/systems/builtin_systems.hpp"

#include "mosaic/engine/animation/animator.hpp"
#include "mosaic/engine/input.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/tilemap/tile_colliders.hpp"
#include "mosaic/engine/tilemap/tileset.hpp"

namespace mosaic {

void register_builtin_systems(scheduler& s) {
    add_input_system(s);
    add_gravity_system(s);
    add_movement_system(s);
    add_animation_system(s);
    add_hierarchy_system(s);
    auto tiles = std::make_shared<tile_collider_cache>();
    add_tile_collider_system(s, tiles);
    add_collision_system(s, tiles);
    add_damage_system(s);
    add_lifetime_system(s);
}

void add_builtin_resources(world& w) {
    w.resource<Input>();
    w.resource<Physics>();
    w.resource<Random>();
    w.resource<Contacts>();
    w.resource<GameLog>();
    w.resource<Archetypes>();
    w.resource<Prefabs>();
}

}  // namespace mosaic
