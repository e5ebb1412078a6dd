#pragma once
// mosaic-run --merge BASE OURS THEIRS -o OUT [--path NAME]: a three-way merge of scene files
// (scene_merge.hpp), and how it reports to a person or to git (the merge driver, engine/README.md).

#include <filesystem>
#include <iosfwd>
#include <string>

#include <mosaic/ecs/component_table.hpp>

namespace mosaic::tools {

struct merge_files {
    std::filesystem::path base, ours, theirs, out;
    std::string name;  // --path: the file's name in messages (git's %P); empty: OURS' path
};

/// Merges; writes OUT (atomically, no .bak) unless an input does not load. Returns exit_ok
/// (clean), exit_conflict (OUT written, OURS kept in the conflicting values, each reported on
/// `err`) or exit_file_error (nothing written).
int merge(const merge_files& files, const component_table& table, std::ostream& out,
          std::ostream& err);

}  // namespace mosaic::tools
