#pragma once
// asset_references: where a project's files name an asset, and rewriting those names when
// the asset moves (renamed in the Project panel, moved to another folder, or found at a new
// path after a `git mv`). No UI, no editor state: the Project panel, the `rename_asset` verb
// and the outside-rename fix (asset_index.hpp) all come here, and the tests run it headless.
//
// A reference is a JSON string value equal to the asset's path relative to the project
// folder ("assets/player.png"), in the project's scenes, prefabs, archetypes, clips, sheets,
// tilesets and its manifest (mosaic.project.json: its default scene). The one exception is a
// sprite sheet's "image" (its own format, Aseprite's and TexturePacker's "meta.image"), which
// is relative to the sheet's folder: it is resolved there, and written back relative to where
// the sheet is after the move. Rewriting edits only those strings in the file's text, so the
// file keeps its layout and a rename is a small diff (no identifiers are added to files).
// Binary scenes (*.scene.bin) are read and written through the engine's scene loader and
// writer, with the component table: their asset fields (and the JSON kept for unknown
// components) are rewritten; one that does not load is reported and left alone.
//
// The same rewrite applies to a scene in memory (rewrite_scene_references: every asset_path
// field of every component the table describes, the unknown components and placeholders'
// overrides kept as JSON) and to recorded component values (rewrite_component_bytes, for the
// undo history).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/scene/scene.hpp>

namespace mosaic::editor {

/// An asset going from one path to another, both relative to the project folder and
/// '/'-separated ("art/a.png" -> "art/b.png").
struct asset_move {
    std::string from;
    std::string to;
};

/// The text of a JSON file with its references rewritten.
struct json_rewrite {
    std::string text;            // the new text (the old one when nothing changed)
    std::size_t references = 0;  // string values rewritten
    std::string error;  // not JSON (an unterminated string, unbalanced brackets): left alone
};

/// Rewrites the string values of `text` that name `move.from` into `move.to`. `file_from` and
/// `file_to` are the JSON file's own path (relative) before and after the move (they differ
/// when the file is the asset moved); with `sheet`, "image" values are relative to the
/// file's folder (see above).
[[nodiscard]] json_rewrite rewrite_json_references(std::string_view text, const asset_move& move,
                                                   std::string_view file_from,
                                                   std::string_view file_to, bool sheet = false);

/// Rewrites the top-level "name" of a prefab or archetype file (`text`) from `from` to `to`:
/// the editor finds them by name, which is their file's (Tank.prefab.json is "Tank").
[[nodiscard]] json_rewrite rewrite_json_name(std::string_view text, std::string_view from,
                                             std::string_view to);

/// Rewrites `from` into `to` in the asset fields of the component value `value` of `info`;
/// returns how many fields changed (a path that would not fit the field is left alone).
std::size_t rewrite_component_bytes(const component_info& info, void* value,
                                    const asset_move& move);

/// Rewrites the references of `s` in memory: every asset field of every component the table
/// describes, on every entity, and the JSON the scene keeps for unknown components and missing
/// prefabs' placeholders. Returns how many references changed.
std::size_t rewrite_scene_references(scene& s, const component_table& table,
                                     const asset_move& move);

/// How many references to `path` the scene holds (the same places as above).
[[nodiscard]] std::size_t count_scene_references(const scene& s, const component_table& table,
                                                 std::string_view path);

/// One project file that references the asset.
struct file_references {
    std::string file;            // relative to the project folder (after the move)
    std::size_t references = 0;  // rewritten (or, for a dry run, found)
    std::string error;           // why it was not rewritten (empty: it was)
};

/// What rewrite_project_references did (or would do).
struct project_rewrite {
    std::vector<file_references> files;  // the files with references, by path
    [[nodiscard]] std::size_t files_updated() const noexcept;
    [[nodiscard]] std::size_t references() const noexcept;
    [[nodiscard]] std::vector<std::string> errors() const;
};

/// The files of the project that can hold references: scenes (JSON and binary), prefabs,
/// archetypes, clips, sheets, tilesets and mosaic.project.json. Relative, sorted.
[[nodiscard]] std::vector<std::string> reference_holders(const std::filesystem::path& project);

/// Rewrites `move` in every file of reference_holders(project). With `dry_run`, only counts.
/// `table` reads binary scenes (null: they are reported as not rewritten). The asset moved
/// must be at `move.to` already; when it is one of those files itself (a sheet), its own
/// "image" is rewritten to keep naming the same picture from its new folder. Files are
/// written atomically, without a .bak (the project is the user's history, and renaming back
/// undoes it).
project_rewrite rewrite_project_references(const std::filesystem::path& project,
                                           const asset_move& move, const component_table* table,
                                           bool dry_run = false);

/// Whether `relative` is a path a project asset may have: not empty, relative, no "..",
/// no backslash, no leading or trailing '/', no "." or empty parts. Nullopt when fine, else why.
[[nodiscard]] std::optional<std::string> bad_asset_path(std::string_view relative);

/// The side files that move with an asset: its import settings (NAME.png.import.json).
[[nodiscard]] std::vector<std::string> side_files_of(std::string_view relative);

}  // namespace mosaic::editor
