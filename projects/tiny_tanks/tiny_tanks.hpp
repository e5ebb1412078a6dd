#pragma once
// Tiny Tanks: two teams of tanks in a walled arena. See README.md.
//
//   phase        order  system          does
//   pre_update      0   wreckage        removes the parts of tanks destroyed last tick
//   update        -20   tank_ai         sets LeftTrack/RightTrack speeds (every 0.2 s, Random)
//   update         -5   tank_drive      tracks -> heading (Transform) and RigidBody.velocity
//   update          5   turret          sweeps turrets, counts reloads down, fires bullets
//   post_update   -40   tank_contacts   pushes hulls out of walls and each other; bullets
//                                       stop on walls
//   post_update   -10   scoreboard      hits on enemy hulls -> Score and its Text label
//   post_update    60   reinforcements  SpawnPoint sends new tanks
//
// The engine's movement integrates positions, its collision system finds the contacts, its
// damage system lets bullets (Damage, Team) hurt hulls (Health) and its lifetime system
// expires bullets.

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/engine/scene/prefab.hpp>

#include "components.hpp"

namespace mosaic::tiny_tanks {

void register_tiny_tanks_components(component_table& table);
void register_tiny_tanks_systems(scheduler& s);
/// The editor's Teams tab (teams_panel.cpp; mosaic-editor only).
void register_tiny_tanks_panels(panel_registry& panels);

system& add_tank_ai_system(scheduler& s);
system& add_tank_drive_system(scheduler& s);
system& add_turret_system(scheduler& s);
system& add_tank_contacts_system(scheduler& s);
system& add_wreckage_system(scheduler& s);
system& add_reinforcements_system(scheduler& s);
system& add_scoreboard_system(scheduler& s);

/// Writes `score` into its HUD label: "TITLE  hits H  kills K".
void write_score_text(const Score& score, Text& label);

// --- the art (assets/, README.md "Art") ----------------------------------------------------

/// The sheet every sprite of the battle comes from, and the frames (file order) the prefab,
/// the bullet and the arena use. The tests check each index against its frame's name.
inline constexpr const char* tanks_sheet = "assets/tanks.json";
namespace frame {
inline constexpr std::int32_t hull_tint = 9;     // light greys: Sprite.tint gives the team colour
inline constexpr std::int32_t turret_tint = 10;  // likewise
inline constexpr std::int32_t track_0 = 14;      // the first of track_0..2 (tag "track")
inline constexpr std::int32_t barrel = 25;
inline constexpr std::int32_t bullet = 26;
}  // namespace frame
/// The arena's tileset (assets/arena.tileset.json: the sheet's frames as tiles, walls and
/// crates solid); a tile number is the frame's index + 1.
inline constexpr const char* arena_tileset = "assets/arena.tileset.json";
namespace tile {
inline constexpr std::int32_t ground_0 = 31;
inline constexpr std::int32_t ground_1 = 32;
inline constexpr std::int32_t wall = 33;
inline constexpr std::int32_t crate = 34;
}  // namespace tile
/// The clip that rolls a track (assets/track_roll.clip.json: the sheet's "track" tag).
inline constexpr const char* track_clip = "assets/track_roll.clip.json";

/// An asset path field holding `path`.
[[nodiscard]] mosaic::asset_path asset(const char* path);

// --- building tanks (assembly.cpp) --------------------------------------------------------

/// What the systems spawn from, as the files hold them (archetypes/tank.prefab.json,
/// archetypes/bullet.archetype.json).
[[nodiscard]] prefab tank_prefab();          // "tank": the hull > turret > barrel, two tracks
[[nodiscard]] archetype bullet_archetype();  // "bullet"

/// Colours the parts of `hull` after it and puts its turret on the hull's Team (the team its
/// bullets hurt for): what a tank spawned from the prefab needs once its hull has its tint.
void paint_parts(world& w, entity hull);

/// A Name component holding `text`.
[[nodiscard]] Name named(const char* text);
/// The unit vector of a heading in degrees.
[[nodiscard]] glm::vec2 direction_of(float degrees) noexcept;
/// `degrees` wrapped into [-180, 180).
[[nodiscard]] float wrap_degrees(float degrees) noexcept;

}  // namespace mosaic::tiny_tanks
