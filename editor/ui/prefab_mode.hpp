#pragma once
// prefab_mode: a prefab (Unity's prefab mode) or an archetype opened for editing in the
// editor's UI. Open puts the scene aside (editor_state::open_prefab, open_archetype) and shows
// the prefab, or the archetype's one entity, alone in the usual panels; the banner over the
// scene view names it, with Save and Close; Close asks about unsaved changes first, as the
// scene's unsaved marker does, and gives back the scene, its selection, its undo history and
// where the scene view was looking.

#include <filesystem>

#include "ui/ui_state.hpp"

namespace mosaic::editor {

class editor_state;
class panel_context;

/// Opens the prefab file (refused while playing, with a console line).
void command_open_prefab(editor_state& s, ui_state& ui, const std::filesystem::path& file);
/// Opens NAME.archetype.json as one entity (refused while playing or when it does not load,
/// with the console saying why).
bool command_open_archetype(editor_state& s, ui_state& ui, const std::filesystem::path& file);
/// Saves the open prefab (the instances in the scene follow when it comes back) or archetype.
bool command_save_asset(editor_state& s, ui_state& ui);
/// Close: at once when nothing is unsaved, else the question (draw_asset_banner shows it).
void request_close_asset(editor_state& s, ui_state& ui);
/// Close without asking (unsaved changes to the prefab or archetype are dropped).
void close_asset_now(editor_state& s, ui_state& ui);

/// While a prefab or an archetype is open: a coloured line naming it ("Prefab: Tank*",
/// "Archetype: enemy", its file in the tooltip) with Save and Close, and Close's question.
/// Nothing otherwise.
void draw_asset_banner(panel_context& ctx);

}  // namespace mosaic::editor
