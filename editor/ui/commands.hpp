#pragma once
// commands: what the menus, the shortcuts and the context menus do, written once. Each one
// goes through editor/core's actions (so it is undoable) or its play/file API, and tells the
// other panels what changed through ui_state (its queue of events, panel_events.hpp).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/engine/math.hpp>

#include "ui/ui_state.hpp"

namespace mosaic::editor {

class editor_state;

// --- edit ----------------------------------------------------------------------------------
void command_undo(editor_state& s, ui_state& ui);
void command_redo(editor_state& s, ui_state& ui);
void command_duplicate(editor_state& s, ui_state& ui);
void command_delete(editor_state& s, ui_state& ui);
/// Copy remembers the selected entities; Paste duplicates them (while they still exist).
void command_copy(editor_state& s, ui_state& ui);
void command_paste(editor_state& s, ui_state& ui);
[[nodiscard]] bool can_paste(editor_state& s, const ui_state& ui);
void command_create_empty(editor_state& s, ui_state& ui, entity parent = null_entity);
void command_create_from_archetype(editor_state& s, ui_state& ui, const archetype& a);
/// The drag-and-drop payload type of a prefab (the Project panel's rows): its name's bytes.
inline constexpr const char* prefab_payload = "MOSAIC_PREFAB";
/// Writes `root` and its children as a prefab file (core/prefab_actions.hpp).
void command_create_prefab(editor_state& s, ui_state& ui, entity root);
/// Instantiates the loaded prefab named `name` (one undo step): under `parent`, at the world
/// position `at` when given.
void command_instantiate_prefab(editor_state& s, ui_state& ui, std::string_view name,
                                std::optional<glm::vec2> at = std::nullopt,
                                entity parent = null_entity);
/// Shows the prefab named `name` in the Project panel, highlighted (the entity header's
/// Select).
void command_select_prefab(ui_state& ui, std::string name);
/// Turns the instance `e` belongs to into plain entities (one undo step).
void command_unpack_prefab(editor_state& s, ui_state& ui, entity e);
void command_rename(editor_state& s, ui_state& ui);
void command_frame_selection(ui_state& ui);

// --- play ----------------------------------------------------------------------------------
/// Ctrl+P: Play when editing, Stop otherwise.
void command_play_stop(editor_state& s, ui_state& ui);
/// Ctrl+Shift+P: pause or resume.
void command_pause(editor_state& s, ui_state& ui);
void command_step(editor_state& s, ui_state& ui);
/// The timeline (while playing, the game is recorded): pause and go one tick back / forward
/// through the recording (forward past its end runs a new tick), or to any recorded tick.
void command_step_back(editor_state& s, ui_state& ui);
void command_step_forward(editor_state& s, ui_state& ui);
void command_seek(editor_state& s, ui_state& ui, std::uint64_t tick);

// --- files (file_commands.cpp) -------------------------------------------------------------
// New, Open and Exit first ask about unsaved changes (a modal), so they complete in a later
// frame; draw_file_modals() shows the modals and finishes them.
void request_new(editor_state& s, ui_state& ui);
void request_open_dialog(editor_state& s, ui_state& ui);
void request_open(editor_state& s, ui_state& ui, const std::filesystem::path& path);
/// File > Open Project...: the file dialog on projects, then open_project_now.
void request_open_project_dialog(editor_state& s, ui_state& ui);
/// Open Recent's projects: `folder` is a project folder or its manifest.
void request_open_project(editor_state& s, ui_state& ui, const std::filesystem::path& folder);
void request_exit(editor_state& s, ui_state& ui);
/// File > Open Replay...: asks about unsaved changes, then the file dialog on replays.
void request_open_replay_dialog(editor_state& s, ui_state& ui);
/// File > Save Replay... (paused): the file dialog, then timeline::save_replay.
void command_save_replay(editor_state& s, ui_state& ui);
/// Save to the scene's file, or Save As when it has none. False when it failed (console).
bool command_save(editor_state& s, ui_state& ui);
void command_save_as(editor_state& s, ui_state& ui);
/// Opens `path` now (no question asked). On failure the scene is untouched and the "Could
/// not open" modal shows the errors.
bool open_scene_now(editor_state& s, ui_state& ui, const std::filesystem::path& path);
/// Opens `path` as open_scene_now does, loading in the background: a scene that takes more
/// than a moment shows the "Opening scene" modal (progress, Cancel) until it is in.
void open_scene_showing_progress(editor_state& s, ui_state& ui, const std::filesystem::path& path);
/// Opens the project now (no question asked) on its default scene; on failure the open
/// project is untouched and the "Could not open" modal shows why.
bool open_project_now(editor_state& s, ui_state& ui, const std::filesystem::path& manifest);
void draw_file_modals(editor_state& s, ui_state& ui);

// --- code (Project menu, Ctrl+R) -----------------------------------------------------------
/// Build & Reload: starts the project's build in the background and shows the Console, where
/// its output streams; the code is reloaded when it succeeds (editor_state::reloader()).
void command_build_reload(editor_state& s, ui_state& ui);

}  // namespace mosaic::editor
