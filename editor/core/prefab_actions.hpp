#pragma once
// prefab_actions: making prefabs from the scene and instances of them in it (issue 15 §1).
//
// Prefab files live in the project's archetypes folder (the manifest's "archetypes", next to
// the NAME.archetype.json files): NAME.prefab.json. Writing one is not an undo step (it is a
// file, like saving); instantiating is one.

#include <filesystem>
#include <optional>
#include <string>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/math.hpp>
#include <mosaic/engine/scene/prefab.hpp>

namespace mosaic::editor {

class editor_state;

/// The folder prefab (and archetype) files of the open project live in.
[[nodiscard]] std::filesystem::path prefab_folder(const editor_state& s);

/// Writes `root` and its children as FOLDER/NAME.prefab.json, NAME from the root's name
/// (made safe for a file name; " 2", " 3"... when taken), and reloads the project's
/// prefabs so the Project panel lists it. Returns the file, or nullopt with the reason in
/// the console.
std::optional<std::filesystem::path> create_prefab(editor_state& s, entity root);

/// Spawns `p` (the file `file`) into the scene as one undo step: every entity gets a file
/// id and a PrefabInstance (the prefab's path relative to the project folder and the prefab
/// entity's id), the root goes under `parent` (when not null) and, when `at` is given, to
/// that world position. The root is selected and returned (null when the world is full).
entity instantiate_prefab(editor_state& s, const prefab& p, const std::filesystem::path& file,
                          std::optional<glm::vec2> at = std::nullopt, entity parent = null_entity);

/// "Tank" for .../Tank.prefab.json.
[[nodiscard]] std::string prefab_name_of(const std::filesystem::path& file);

/// A prefab of `root` and its descendants in `contents` that keeps their file ids (so the
/// instances' links still name them): what saving an opened prefab writes. The error says
/// why it cannot be made.
[[nodiscard]] std::optional<std::string> prefab_keeping_ids(std::string name, const scene& contents,
                                                            entity root,
                                                            const component_table& table,
                                                            prefab& out);

/// The loaded prefab named `name` and its file, or nullptr.
[[nodiscard]] const prefab* find_prefab(editor_state& s, std::string_view name,
                                        std::filesystem::path* file = nullptr);

}  // namespace mosaic::editor
