#pragma once
// asset_rename: renaming or moving an asset of the open project, with every reference to it
// (the Project panel's Rename... and drag onto a folder, the `rename_asset OLD NEW` verb), and
// fixing the references to a file moved outside the editor (`fix_references`).
//
// A rename moves the file and its side files (NAME.png.import.json), then rewrites the
// references in the project's files (asset_references.hpp) and in the open scene in memory,
// and says in the Console what changed:
//   renamed assets/a.png -> art/b.png: 2 files updated: scenes/level.scene.json (4 references),
//   archetypes/enemy.archetype.json (1 reference); the open scene: 4 references
// A sprite sheet's image stays where it is (the sheet's "image" is rewritten to keep naming
// it); move the image by renaming it too.
//
// The open scene: its fields change in place, and so do the values recorded in its undo
// history, so undo and redo never bring the old path back; the rename is not an undo step
// (it moves files, like Save writes one: rename back to undo it). Its file on disk got the
// same rewrite, so whether it has unsaved changes stays as it was.
//
// Refused, with the reason in the Console and nothing changed: a path outside the project or
// not a file's, a file that does not exist, a target (or its side file) that exists already
// (nothing is overwritten), while playing, while a prefab is open for editing, while a scene
// is loading.

#include <string>
#include <string_view>
#include <vector>

#include "asset_index.hpp"
#include "asset_references.hpp"

namespace mosaic::editor {

class editor_state;

/// What a rename (or a fix) did.
struct rename_result {
    bool done = false;
    std::string message;             // the Console line (the refusal when not done)
    std::vector<std::string> moved;  // the files moved (the asset, then its side files)
    project_rewrite files;           // the project files rewritten
    std::size_t in_memory = 0;       // references rewritten in the open scene
};

/// Renames `from` to `to` (paths relative to the project folder; another folder moves it,
/// making the folder when needed).
rename_result rename_asset(editor_state& s, std::string_view from, std::string_view to);

/// Rewrites the references to `move.from` into `move.to` (a file already moved outside the
/// editor), in the project's files and the open scene, as rename_asset does.
rename_result fix_asset_references(editor_state& s, const asset_move& move);

/// Compares the project's asset index with its folder (asset_index.hpp) and returns the
/// moves to offer as fixes; with `log`, each is a Console warning ("assets/a.png was moved to
/// art/a.png outside the editor: 3 references in scenes/level.scene.json; fix_references
/// rewrites them"). The index is written again as the folder is, except that a move found
/// stays in it as it was (old path, no new path): it is offered again on every check until
/// fixed (fix_outside_renames) or forgotten (update_asset_index). Nothing without a project
/// or a scene file (the working folder is not indexed).
std::vector<outside_rename> check_outside_renames(editor_state& s, bool log = true);

/// Fixes every move check_outside_renames finds; returns how many.
std::size_t fix_outside_renames(editor_state& s);

/// Writes the project's asset index as the folder is now: moves waiting for a fix are
/// forgotten (the dialog's Dismiss; after a rename in the editor).
void update_asset_index(editor_state& s);

}  // namespace mosaic::editor
