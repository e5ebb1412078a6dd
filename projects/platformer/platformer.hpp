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
//   post_update    80   walk_animation    Grounded + velocity -> the Animator's clip (idle,
//                                         run, jump) and the Sprite's facing
//
// Between them the engine's gravity and movement integrate the RigidBody, its hierarchy and
// collision systems find this tick's contacts.

#include <string>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/project.hpp>

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
system& add_walk_animation_system(scheduler& s);

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

/// The art (assets/, README.md "Art"): sheets, clips and the tileset the samples use.
inline constexpr const char* player_sheet = "assets/player.json";
inline constexpr const char* enemy_sheet = "assets/enemy.json";
inline constexpr const char* level_tileset = "assets/tiles.tileset.json";
/// Tile numbers of the tileset (its sheet's frame index + 1); the tests check the names.
namespace tile {
inline constexpr std::int32_t ground_top_left = 1;
inline constexpr std::int32_t ground_top = 2;
inline constexpr std::int32_t ground_top_right = 3;
inline constexpr std::int32_t brick = 7;
inline constexpr std::int32_t ground_left = 9;
inline constexpr std::int32_t ground_middle = 10;
inline constexpr std::int32_t ground_right = 11;
inline constexpr std::int32_t bridge = 12;
inline constexpr std::int32_t bush = 13;
inline constexpr std::int32_t flowers = 14;
inline constexpr std::int32_t cloud_left = 15;
inline constexpr std::int32_t cloud_right = 16;
}  // namespace tile

/// An asset path field holding `path`.
[[nodiscard]] mosaic::asset_path asset(const char* path);

}  // namespace mosaic::platformer
