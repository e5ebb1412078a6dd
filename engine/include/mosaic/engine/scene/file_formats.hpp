#pragma once
// The files Mosaic reads and writes, as one table: what a file is gets decided here only, by
// its name's ending or, when only bytes are at hand (the inputs of a merge: git's temporary
// files have no useful names), by its first bytes. The scene rows also carry their reader and
// writer, so loading, saving and merging a scene never choose a codec by hand.
//
//   const file_format* f = file_format_of(path);            // by name, nullptr: not ours
//   const file_format& s = scene_format_of_bytes(bytes);    // a scene's rows, by content
//   load_result<scene> r = s.read_scene(bytes, table, "label", {});
//
// Adding a scene format is one row in file_formats.cpp plus its codec; adding another kind of
// file (an asset type) is one row, and the asset browser and the file dialogs follow it.

#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "scene.hpp"
#include "scene_json.hpp"

namespace mosaic {

enum class file_kind { scene, prefab, archetype, replay, sprite_sheet, clip, tileset, image, font };
/// The two scene formats, for callers that name one (a merge's output, --convert).
enum class scene_file_format { json, binary };

struct file_format {
    file_kind kind;
    std::string_view ending;       // ".scene.json": matched at the end of the file name
    std::string_view description;  // "scene (JSON)", for messages and file dialogs
    // What the file starts with, when the format has a fixed header ("" for text formats).
    std::string_view magic;
    // Scenes only (nullptr for the other kinds): which scene format, and its codec.
    scene_file_format scene_format = scene_file_format::json;
    load_result<scene> (*read_scene)(std::string_view bytes, const component_table& table,
                                     const std::string& label,
                                     const load_progress& progress) = nullptr;
    std::vector<diagnostic> (*write_scene)(scene& s, const component_table& table,
                                           std::ostream& out) = nullptr;

    [[nodiscard]] bool is_scene() const { return read_scene != nullptr; }
};

/// Every row, scenes first (JSON, then binary).
[[nodiscard]] std::span<const file_format> file_formats();

/// The row whose ending the file name has (longest ending first: NAME.scene.json is a scene,
/// not some other ".json"), or nullptr. Case-sensitive, as the loaders are; a file name that
/// is only the ending ("scene.json" for ".scene.json") has no NAME and matches nothing.
[[nodiscard]] const file_format* file_format_of(const std::filesystem::path& path);
/// The same for a file name or path as text ("assets/run.clip.json").
[[nodiscard]] const file_format* file_format_of_name(std::string_view name) noexcept;

/// The scene row for bytes whose name says nothing: the format whose magic they start with,
/// else the text (JSON) row.
[[nodiscard]] const file_format& scene_format_of_bytes(std::string_view bytes);

/// The row of a scene format.
[[nodiscard]] const file_format& scene_format_row(scene_file_format format);

/// The file name without its format's ending ("battle" for battle.scene.json); the plain stem
/// for names of no known format.
[[nodiscard]] std::string name_without_ending(const std::filesystem::path& path);

}  // namespace mosaic
