#pragma once
// model_parts: the editor's model as the parts a panel (or a command) reads and works with,
// without the whole of editor_state — the open scene's game (world, component table,
// systems), the active document's selection and (read-only) file and undo history, the play
// controls, the timeline, the console, the alerts, the clipboard, the animation editor and the
// open project (read-only). What changes the scene goes through the actions (actions.hpp) or
// the command table, never through here: the parts do not record undo steps, open files,
// switch projects or reload code.
//
// Each part is looked up when asked, not kept: a scene or a prefab opened in the middle of a
// frame (a double-click in the Project panel) is what the next call sees, as it was when
// panels held editor_state itself.
//
// editor_state.hpp is included only by model_parts.cpp: a file that holds a model_parts sees
// the parts it includes, nothing else of the model.

#include <filesystem>
#include <string>

#include <mosaic/ecs/fwd.hpp>

namespace mosaic {
class game;
struct scene;
struct loaded_project;
}  // namespace mosaic

namespace mosaic::editor {

class editor_state;
class document;
class selection;
class history;
class play_control;
class child_play;
class timeline;
class console_log;
class alert_queue;
class animation_editor;
struct component_clipboard;
struct command_context;

class model_parts {
public:
    explicit model_parts(editor_state& model) noexcept : model_(&model) {}
    /// The parts of the model a command runs on (its commands in a panel's file).
    explicit model_parts(const command_context& c) noexcept;

    // --- the open scene's game (project_session.hpp) ----------------------------------------
    [[nodiscard]] mosaic::game& game() const noexcept;
    [[nodiscard]] mosaic::world& world() const noexcept;
    [[nodiscard]] mosaic::scene& scene() const noexcept;
    [[nodiscard]] const component_table& table() const noexcept;

    // --- the project, read-only ------------------------------------------------------------
    [[nodiscard]] const loaded_project& opened_project() const noexcept;
    /// editor_state::project_folder(): the project's folder, else the scene's.
    [[nodiscard]] std::filesystem::path project_folder() const;
    /// How many times the code was reloaded (a panel that caches what the module defines).
    [[nodiscard]] std::size_t reloads() const noexcept;

    // --- the documents (document.hpp) -------------------------------------------------------
    /// The active document: the scene's, or the prefab's (archetype's) open on top of it.
    /// Read-only: undo steps are recorded by the actions, undone by the commands.
    [[nodiscard]] const document& doc() const noexcept;
    [[nodiscard]] editor::selection& selection() const noexcept;
    [[nodiscard]] const editor::history& history() const noexcept;
    /// The scene's file (the bottom document's, also while a prefab is open).
    [[nodiscard]] const std::filesystem::path& scene_path() const noexcept;
    /// The prefab or archetype open above the scene, or null.
    [[nodiscard]] const document* opened_asset() const noexcept;
    [[nodiscard]] const std::filesystem::path* opened_prefab() const noexcept;
    [[nodiscard]] const std::filesystem::path* opened_archetype() const noexcept;
    /// "prefab Tank", "archetype enemy"; empty when none is open.
    [[nodiscard]] std::string opened_asset_label() const;
    /// "Tank" for Tank.prefab.json; empty when none is open.
    [[nodiscard]] std::string opened_prefab_name() const;
    /// Unsaved changes (the active document's).
    [[nodiscard]] bool dirty() const noexcept;

    // --- play mode (play_control.hpp, timeline.hpp) -----------------------------------------
    [[nodiscard]] play_control& player() const noexcept;
    [[nodiscard]] bool playing() const noexcept;
    [[nodiscard]] editor::timeline& timeline() const noexcept;
    /// The game played in a separate process (child_play.hpp), while one runs.
    [[nodiscard]] child_play& child_player() const noexcept;

    // --- what the editor shows and keeps ------------------------------------------------------
    [[nodiscard]] console_log& log() const noexcept;
    [[nodiscard]] alert_queue& alerts() const noexcept;
    [[nodiscard]] component_clipboard& clipboard() const noexcept;
    /// The Animation window's clips, preview and record (animation_editor.hpp). Its verbs
    /// take the model: run them through the command table or the panel's edits.
    [[nodiscard]] animation_editor& animation() const noexcept;

private:
    editor_state* model_;
};

}  // namespace mosaic::editor
