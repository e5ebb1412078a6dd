#pragma once
// sample_tanks: whole tanks placed in code, for the committed battle scene (samples.cpp) and the
// tests. Not part of the module: a tank linked to its prefab file uses prefab_link.hpp, a host
// header the SDK does not install (a game spawns tanks from the prefab: spawn(commands, tank)).

#include "tiny_tanks.hpp"

namespace mosaic::tiny_tanks {

/// A whole tank from `tank`: at `position` facing `heading` degrees, on `team`, tinted `tint`;
/// an instance linked to archetypes/tank.prefab.json, so the editor shows what each tank
/// changes and an edit of the prefab reaches every tank of the scene.
entity make_tank(world& w, const prefab& tank, std::int32_t team, mosaic::color tint,
                 glm::vec2 position, float heading);

}  // namespace mosaic::tiny_tanks
