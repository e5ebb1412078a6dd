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
