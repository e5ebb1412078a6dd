#pragma once
// Platformer movement: the classic Super Mario example. See README.md.
//
//   phase        order  system            does
//   pre_update      0   keyboard_control  Input -> MoveIntent (after the engine's input)
//   pre_update      0   patrol            Grounded + level -> MoveIntent, turning at edges
//   update        -20   walker            MoveIntent -> RigidBody acceleration, jumps
//   post_update   -40   ground_contacts   Contacts -> bodies out of platforms, Grounded
//   post_update   -30   stomp             the player lands on an enemy: gone; touched: respawn
//   post_update    60   respawn           fallen bodies back to their Respawn point
//   post_update    70   camera_follow     Follow moves the camera after the player
//
// Between them the engine's gravity and movement integrate the RigidBody, its hierarchy and
// collision systems find this tick's contacts.

#include <string>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/projects/samples.hpp>

#include "components.hpp"

namespace mosaic::platformer {

void register_platformer_components(component_table& table);
void register_platformer_systems(scheduler& s);

system& add_keyboard_control_system(scheduler& s);
system& add_patrol_system(scheduler& s);
system& add_walker_system(scheduler& s);
system& add_ground_contacts_system(scheduler& s);
system& add_stomp_system(scheduler& s);
system& add_respawn_system(scheduler& s);
system& add_camera_follow_system(scheduler& s);

/// Collider layers: platforms are on 1, bodies (player, enemies) on 2.
inline constexpr std::uint32_t platform_layer = 1;
inline constexpr std::uint32_t body_layer = 2;

/// What the player and the enemies share: Transform, RigidBody (with gravity), a box
/// Collider of `half` extents on the body layer, Walker, MoveIntent and Grounded.
[[nodiscard]] archetype body_archetype(std::string name, glm::vec2 half, const Walker& walker);
/// A body with KeyboardControl and Respawn, 0.8 x 1 units.
[[nodiscard]] archetype player_archetype();  // "player"
/// A slower body with Patrol, 0.8 x 0.7 units.
[[nodiscard]] archetype enemy_archetype();  // "enemy"
/// A solid box from `min` to `max`, drawn.
entity make_platform(world& w, glm::vec2 min, glm::vec2 max, bool one_way = false);

/// The player and enemy archetypes and scenes/level1.scene.json.
[[nodiscard]] projects::sample_files platformer_samples();

}  // namespace mosaic::platformer
