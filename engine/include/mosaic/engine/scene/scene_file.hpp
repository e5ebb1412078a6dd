#pragma once
// Scene and archetype files on disk, the format chosen by the name's extension (the table of
// formats: file_formats.hpp):
//
//   NAME.scene.json      scene, JSON (scene_json.hpp): diffs well, edited by hand
//   NAME.scene.bin       scene, binary (scene_binary.hpp): small and fast to load
//   NAME.archetype.json  archetype, JSON
//   NAME.prefab.json     prefab (an entity tree), JSON
//
// Files are read whole (read_file) and written atomically (write_file_atomically: the
// previous version stays as NAME.bak; a failed save changes nothing). Every diagnostic names
// the file's path as given.

#include <filesystem>
#include <optional>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "file_formats.hpp"
#include "scene.hpp"
#include "scene_json.hpp"

namespace mosaic {

/// The scene format a path's extension names (.scene.json, .scene.bin), or nullopt.
[[nodiscard]] std::optional<scene_file_format> scene_format_of(const std::filesystem::path& path);
/// True for NAME.archetype.json.
[[nodiscard]] bool is_archetype_path(const std::filesystem::path& path);
/// True for NAME.prefab.json.
[[nodiscard]] bool is_prefab_path(const std::filesystem::path& path);

/// `progress`: see load_progress (scene_json.hpp). With `prefabs`, the instances the file
/// stores as links plus overrides are rebuilt from their prefabs (resolve_prefab_instances:
/// its warnings join the diagnostics) and the scene keeps the library for its saves.
[[nodiscard]] load_result<scene> load_scene_file(const std::filesystem::path& path,
                                                 const component_table& table,
                                                 const load_progress& progress = {},
                                                 prefab_library* prefabs = nullptr);
/// Writes `s` in the format the extension names. The scene is not changed, except that
/// entities without a file id get one. Returns the serializer's warnings, and an error when
/// the extension is not a scene's or the file could not be written.
std::vector<diagnostic> save_scene_file(scene& s, const component_table& table,
                                        const std::filesystem::path& path);

[[nodiscard]] load_result<archetype> load_archetype_file(const std::filesystem::path& path,
                                                         const component_table& table);
std::vector<diagnostic> save_archetype_file(const archetype& a, const component_table& table,
                                            const std::filesystem::path& path);

/// Reads NAME.prefab.json, or an older NAME.archetype.json as a prefab of one entity.
[[nodiscard]] load_result<prefab> load_prefab_file(const std::filesystem::path& path,
                                                   const component_table& table);
/// Writes NAME.prefab.json (atomically; the same bytes when the prefab did not change).
std::vector<diagnostic> save_prefab_file(const prefab& p, const component_table& table,
                                         const std::filesystem::path& path,
                                         prefab_library* prefabs = nullptr);

}  // namespace mosaic
