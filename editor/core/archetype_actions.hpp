#pragma once
// archetype_actions: Create Archetype from an entity. An archetype (mosaic/ecs/archetype.hpp)
// is one entity's components with their values, spawned by game code and by the Project
// panel; until now one was only made by writing its JSON by hand. This writes
// NAME.archetype.json into the project's archetypes folder from a selected entity (its saved
// components, enabled or not, without its place in the scene: no Parent, no file id, no
// prefab link; entity references are left out of the values as they would point nowhere)
// and lists it in the Project panel. Editing one in place: editor_state::open_archetype
// (editor_archetype_stage.cpp), whose Save writes it back through archetype_of too.

#include <filesystem>
#include <optional>
#include <string>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::editor {

class editor_state;

/// `e`'s components as an archetype named `name` holds them: its saved components, enabled
/// or not, without its place in the scene (no Parent, file id or prefab link) and with its
/// entity references cleared.
[[nodiscard]] archetype archetype_of(const world& w, const component_table& table, entity e,
                                     std::string name);

/// The file of the archetype `name_or_path`: a path ending in .archetype.json (relative to the
/// project folder, as the Project panel gives it), or an archetype's name: the archetypes
/// folder's NAME.archetype.json, else the file there whose "name" is NAME. Nothing, with
/// `why` set, when there is none.
[[nodiscard]] std::optional<std::filesystem::path> archetype_file(const editor_state& s,
                                                                  const std::string& name_or_path,
                                                                  std::string* why = nullptr);

/// Writes an archetype of `e` named after it (NAME 2, NAME 3, ... when taken) and reloads the
/// project's archetypes. Returns the file, or nothing (the Console says why).
std::optional<std::filesystem::path> create_archetype(editor_state& s, entity e);

}  // namespace mosaic::editor
