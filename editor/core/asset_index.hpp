#pragma once
// asset_index: what the editor last saw of a project's assets, to find files renamed or moved
// outside it (`git mv`, a file manager) on the next open and offer to fix the references.
//
// The index is <project>/.mosaic/asset_index.json (not committed: .mosaic/ is ignored), one
// row per asset file: its path relative to the project, its size, time stamp and the 64-bit
// FNV-1a hash of its bytes (thumbnail_cache's content_hash). It is written whenever the
// Project panel reads the folder (opening the project, Refresh, after a rename); a file whose
// size and time stamp did not change keeps its hash without being read again.
//
// find_outside_renames compares the index with the folder now: an indexed path that no
// longer exists, is still referenced by a project file (or the open scene), and whose hash
// is the hash of exactly one file that is not in the index at its path, was moved there.
// Each such move is offered as a fix (the `fix_references` verb, the dialog's "Fix
// references"), which rewrites the references as a rename in the editor does
// (asset_rename.hpp), without moving any file.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "asset_references.hpp"

namespace mosaic::editor {

struct asset_index_row {
    std::uintmax_t bytes = 0;
    std::int64_t modified = 0;
    std::uint64_t hash = 0;
    friend bool operator==(const asset_index_row&, const asset_index_row&) = default;
};
/// By path relative to the project folder.
using asset_index = std::map<std::string, asset_index_row>;

/// <project>/.mosaic/asset_index.json
[[nodiscard]] std::filesystem::path asset_index_file(const std::filesystem::path& project);

/// The index as written last; empty when there is none or it does not read (`error` says
/// why, for a file that exists but is broken).
[[nodiscard]] asset_index load_asset_index(const std::filesystem::path& project,
                                           std::string* error = nullptr);

/// The project's asset files now (the kinds a reference can name: images, sheets, clips,
/// tilesets, fonts, prefabs, archetypes, scenes), hashing the files that `previous` does not
/// already know at the same size and time stamp.
[[nodiscard]] asset_index scan_asset_index(const std::filesystem::path& project,
                                           const asset_index& previous = {});

/// Writes the index (atomically). False with `error`.
bool save_asset_index(const std::filesystem::path& project, const asset_index& index,
                      std::string* error = nullptr);

/// A file moved outside the editor, and where it is referenced.
struct outside_rename {
    asset_move move;
    std::size_t references = 0;      // in the project's files (and the open scene, when counted)
    std::vector<std::string> files;  // the project files naming the old path
};

/// The moves between `before` (the index written last) and `now` (scan_asset_index) whose
/// old path is still referenced by the project's files (rewrite_project_references, dry run;
/// `table` reads binary scenes). By old path.
[[nodiscard]] std::vector<outside_rename> find_outside_renames(const std::filesystem::path& project,
                                                               const asset_index& before,
                                                               const asset_index& now,
                                                               const component_table* table);

}  // namespace mosaic::editor
