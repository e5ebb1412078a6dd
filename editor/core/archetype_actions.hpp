#pragma once
// archetype_actions: Create Archetype from an entity. An archetype (mosaic/ecs/archetype.hpp)
// is one entity's components with their values, spawned by game code and by the Project
// panel; until now one was only made by writing its JSON by hand. This writes
// NAME.archetype.json into the project's archetypes folder from a selected entity (its saved
// components, enabled or not, without its place in the scene: no Parent, no file id, no
// prefab link; entity references are left out of the values as they would point nowhere)
// and lists it in the Project panel. Editing one: change an entity made from it and create
// the archetype again under the same name (Replace asks first in the file dialog), or edit
// the JSON.

#include <filesystem>
#include <optional>

#include <mosaic/ecs/entity.hpp>

namespace mosaic::editor {

class editor_state;

/// Writes an archetype of `e` named after it (NAME 2, NAME 3, ... when taken) and reloads the
/// project's archetypes. Returns the file, or nothing (the Console says why).
std::optional<std::filesystem::path> create_archetype(editor_state& s, entity e);

}  // namespace mosaic::editor
