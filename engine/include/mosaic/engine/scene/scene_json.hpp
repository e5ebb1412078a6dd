#pragma once
// Scene, prefab and archetype files in JSON (NAME.scene.json, NAME.prefab.json,
// NAME.archetype.json): written with
// cereal's JSON archive, read with checks of our own so every problem is reported with the
// file, the JSON path and the line:column, and never half-loads anything.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "prefab.hpp"
#include "scene.hpp"
#include "scene_limits.hpp"

namespace mosaic {

/// The scene format this build writes. Version 1 (components without a "version", the
/// entity flag named "active") still loads.
inline constexpr std::uint32_t scene_format_version = 2;

/// Told now and then how far a load is (0 to 1: every few thousand entities, and while a
/// JSON file is parsed every few megabytes); returns false to cancel it. A cancelled load
/// fails with the error "loading was cancelled" and hands nothing over. Called on the
/// loading thread.
using load_progress = std::function<bool(double fraction)>;

/// Reads a scene. `file_name` only labels the diagnostics.
[[nodiscard]] load_result<scene> load_scene_json(std::string_view text,
                                                 const component_table& table,
                                                 const std::string& file_name = {},
                                                 const load_progress& progress = {});
/// Writes `s` (assigning file ids to entities that have none). The entities of prefab
/// instances are written as their link ("prefab": {"path", "node"}) plus their overrides
/// ("components": overridden fields and added components, "removed": component names) when
/// s.prefabs resolves them, and placeholders (missing prefabs) as they were read; otherwise
/// in full. Returns warnings, e.g. for
/// components whose types are not registered (they are not saved), or errors: the scene is
/// over a scene_limits limit (nothing is written), the file would be larger than `max_bytes`
/// or the stream refused the bytes (what was written is incomplete: drop it).
std::vector<diagnostic> save_scene_json(scene& s, const component_table& table, std::ostream& out,
                                        std::size_t max_bytes = scene_limits::max_file_bytes);

[[nodiscard]] load_result<archetype> load_archetype_json(std::string_view text,
                                                         const component_table& table,
                                                         const std::string& file_name = {});
std::vector<diagnostic> save_archetype_json(const archetype& a, const component_table& table,
                                            std::ostream& out);

/// Reads a prefab: {"format": "mosaic.prefab", "version", "name", "entities": [...]}, the
/// entities as in a scene file (ids, names, parents, components), exactly one of them the
/// root. Every scene rule applies, and the tree's shape is checked (one root, no loops).
[[nodiscard]] load_result<prefab> load_prefab_json(std::string_view text,
                                                   const component_table& table,
                                                   const std::string& file_name = {});
/// Writes `p`: entities in file id order, components by name, so an unchanged prefab saves
/// the same bytes. Entities that are instances of other prefabs (nesting, a variant's root)
/// are written as links plus overrides when `prefabs` (or the library that loaded `p`)
/// resolves them.
std::vector<diagnostic> save_prefab_json(const prefab& p, const component_table& table,
                                         std::ostream& out, prefab_library* prefabs = nullptr);

}  // namespace mosaic
