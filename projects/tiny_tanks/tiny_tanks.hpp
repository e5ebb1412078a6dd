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
#include <mosaic/projects/samples.hpp>

#include "components.hpp"

namespace mosaic::tiny_tanks {

void register_tiny_tanks_components(component_table& table);
void register_tiny_tanks_systems(scheduler& s);

system& add_tank_ai_system(scheduler& s);
system& add_tank_drive_system(scheduler& s);
system& add_turret_system(scheduler& s);
system& add_tank_contacts_system(scheduler& s);
system& add_wreckage_system(scheduler& s);
system& add_reinforcements_system(scheduler& s);

// --- building tanks (assembly.cpp) --------------------------------------------------------

/// What the systems spawn from, as the files hold them (archetypes/tank.prefab.json,
/// archetypes/bullet.archetype.json).
[[nodiscard]] prefab tank_prefab();          // "tank": the hull > turret > barrel, two tracks
[[nodiscard]] archetype bullet_archetype();  // "bullet"

/// Colours the parts of `hull` after it and puts its turret on the hull's Team (the team its
/// bullets hurt for): what a tank spawned from the prefab needs once its hull has its tint.
void paint_parts(world& w, entity hull);

/// A whole tank from `tank`: at `position` facing `heading` degrees, on `team`, tinted `tint`;
/// an instance linked to archetypes/tank.prefab.json (prefab_link.hpp).
entity make_tank(world& w, const prefab& tank, std::int32_t team, mosaic::color tint,
                 glm::vec2 position, float heading);

/// A Name component holding `text`.
[[nodiscard]] Name named(const char* text);
/// The unit vector of a heading in degrees.
[[nodiscard]] glm::vec2 direction_of(float degrees) noexcept;
/// `degrees` wrapped into [-180, 180).
[[nodiscard]] float wrap_degrees(float degrees) noexcept;

// --- sample files (samples.cpp) -------------------------------------------------------------

/// The tank prefab, the bullet archetype and scenes/battle.scene.json.
[[nodiscard]] projects::sample_files tiny_tanks_samples();

}  // namespace mosaic::tiny_tanks
