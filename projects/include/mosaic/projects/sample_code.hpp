#pragma once
// Every sample project's code and the function that builds its committed files: what
// mosaic-make-samples writes and what tests/projects/sample_files_test.cpp checks the committed
// files against. A new sample project adds its line here.

#include <bullets_vs_players/bullets_vs_players.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/projects/samples.hpp>
#include <platformer/platformer.hpp>
#include <stress/stress.hpp>
#include <tiny_tanks/tiny_tanks.hpp>

namespace mosaic {

// The functions that build each project's committed files (projects/NAME/samples.cpp, built
// into mosaic_sample_files, not into the game modules).
namespace tiny_tanks {
/// The tank prefab, the bullet archetype and scenes/battle.scene.json.
[[nodiscard]] projects::sample_files tiny_tanks_samples();
}  // namespace tiny_tanks

namespace platformer {
/// The player and enemy archetypes and scenes/level1.scene.json.
[[nodiscard]] projects::sample_files platformer_samples();
}  // namespace platformer

namespace bullets_vs_players {
/// The archetypes and scenes/arena.scene.json.
[[nodiscard]] projects::sample_files bullets_vs_players_samples();
}  // namespace bullets_vs_players

namespace stress {
/// The sprite archetype, scenes/stress.scene.json (100,000) and stress_10k.scene.json.
[[nodiscard]] projects::sample_files stress_samples();
}  // namespace stress

}  // namespace mosaic

namespace mosaic::projects {

struct sample_code {
    project code;  // the registration, linked in
    sample_files (*build)();
};

inline const sample_code all_sample_code[] = {
    {{.name = "tiny_tanks",
      .summary = {},
      .register_components = &tiny_tanks::register_tiny_tanks_components,
      .register_systems = &tiny_tanks::register_tiny_tanks_systems},
     &tiny_tanks::tiny_tanks_samples},
    {{.name = "bullets_vs_players",
      .summary = {},
      .register_components = &bullets_vs_players::register_bullets_vs_players_components,
      .register_systems = &bullets_vs_players::register_bullets_vs_players_systems},
     &bullets_vs_players::bullets_vs_players_samples},
    {{.name = "platformer",
      .summary = {},
      .register_components = &platformer::register_platformer_components,
      .register_systems = &platformer::register_platformer_systems},
     &platformer::platformer_samples},
    {{.name = "stress",
      .summary = {},
      .register_components = &stress::register_stress_components,
      .register_systems = &stress::register_stress_systems},
     &stress::stress_samples},
};

}  // namespace mosaic::projects
