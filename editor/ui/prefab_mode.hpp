#pragma once
// prefab_mode: a prefab opened for editing in the editor's UI (Unity's prefab mode). Open
// puts the scene aside (editor_state::open_prefab) and shows the prefab alone in the usual
// panels; the banner over the scene view names it, with Save and Close; Close asks about
// unsaved changes first, as the scene's unsaved marker does, and gives back the scene, its
// selection, its undo history and where the scene view was looking.

#include <filesystem>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

/// Opens the prefab file (refused while playing, with a console line).
void command_open_prefab(editor_state& s, ui_state& ui, const std::filesystem::path& file);
/// Saves the open prefab; the instances in the scene follow when it comes back.
bool command_save_prefab(editor_state& s, ui_state& ui);
/// Close: at once when nothing is unsaved, else the question (draw_prefab_banner shows it).
void request_close_prefab(editor_state& s, ui_state& ui);
/// Close without asking (unsaved prefab changes are dropped).
void close_prefab_now(editor_state& s, ui_state& ui);

/// While a prefab is open: a coloured line naming it ("Prefab: Tank*", its file in the
/// tooltip) with Save and Close, and Close's question. Nothing otherwise.
void draw_prefab_banner(editor_state& s, ui_state& ui);

}  // namespace mosaic::editor
