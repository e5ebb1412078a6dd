#pragma once
// The engine's built-in systems. Each declares what it reads and writes and the phase it runs
// in; the scheduler orders them, runs independent ones in parallel and times them.
//
//   phase        order  system      does
//   pre_update   -100   input       Input.pressed / released edges since the last tick
//   update        -10   gravity     RigidBody.velocity += Physics.gravity * gravity_scale * dt
//   update          0   movement    velocity += acceleration * dt, damping, position += v * dt
//   update         50   animation   Animator time on, its clip's tracks written into any
//                                   registered component's fields (animation/animator.hpp)
//   post_update  -100   hierarchy   WorldTransform from Transform and Parent (exclusive)
//   post_update   -60   tile_colliders  solid tiles of Tilemaps merged into boxes, per changed
//                                   chunk (tilemap/tile_colliders.hpp; exclusive)
//   post_update   -50   collision   Contacts from Collider + WorldTransform (grid broad phase),
//                                   at most Contacts.max_contacts; colliders with a NaN, Inf
//                                   or negative position or size are left out (GameLog,
//                                   once per entity)
//   post_update     0   damage      Damage on contact lowers Health; dead things are destroyed
//   post_update    50   lifetime    Lifetime counts down; destroyed at zero
//
// Project systems go in between by phase and order. Rendering is not a system here: it needs
// the GL thread and lives in engine::gfx (the headless runner has no renderer at all).

#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/system.hpp>
#include <mosaic/ecs/world.hpp>

#include <memory>

namespace mosaic {

class tile_collider_cache;

system& add_input_system(scheduler& s);
system& add_gravity_system(scheduler& s);
system& add_movement_system(scheduler& s);
system& add_hierarchy_system(scheduler& s);
/// `tiles`: the boxes of solid tiles (add_tile_collider_system updates them before).
system& add_collision_system(scheduler& s, std::shared_ptr<const tile_collider_cache> tiles = {});
system& add_damage_system(scheduler& s);
system& add_lifetime_system(scheduler& s);

/// All of the above.
void register_builtin_systems(scheduler& s);

/// Creates the resources the built-in systems use (Input, Physics, Random, Contacts, GameLog) if
/// the world lacks them. Call before the first tick.
void add_builtin_resources(world& w);

}  // namespace mosaic
