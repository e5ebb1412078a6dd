#pragma once
// Stress: 100,000 moving, colliding sprites spawned from one StressSpawner. See README.md.
//
//   phase        order  system              does
//   pre_update      0   stress_spawn        spawners spawn their sprites (exclusive: bulk)
//   update         10   bounce              sprites bounce off their Bouncer box
//   post_update   -40   stress_collisions   touching sprites bounce off each other
//
// The engine's movement moves them and its collision system (grid broad phase) finds the
// contacts.

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/project.hpp>

#include "components.hpp"

namespace mosaic::stress {

void register_stress_components(component_table& table);
void register_stress_systems(scheduler& s);

system& add_stress_spawn_system(scheduler& s);
system& add_bounce_system(scheduler& s);
system& add_stress_collisions_system(scheduler& s);

/// What every sprite starts as ("sprite"): Transform, RigidBody, Sprite, circle Collider,
/// Bouncer. The spawner sets position, velocity, colour, size and box per sprite. The
/// spawner uses the project's archetypes/sprite.archetype.json, or this when it is missing.
[[nodiscard]] archetype sprite_archetype();

}  // namespace mosaic::stress
