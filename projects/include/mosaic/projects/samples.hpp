#pragma once
// sample_files: a project's committed scene, prefab and archetype files, built in code. Each
// project has a NAME_samples() that returns them; mosaic-make-samples saves them with the engine's
// own savers, so the files are always in the exact format the loaders read.

#include <string>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/scene.hpp>

namespace mosaic::projects {

struct sample_scene {
    std::string file;  // relative to the project's folder, e.g. "scenes/battle.scene.json"
    mosaic::scene value;
};

struct sample_files {
    /// Saved as archetypes/NAME.archetype.json, NAME being the archetype's name.
    std::vector<archetype> archetypes;
    /// Saved as archetypes/NAME.prefab.json, NAME being the prefab's name.
    std::vector<prefab> prefabs;
    std::vector<sample_scene> scenes;
};

}  // namespace mosaic::projects
