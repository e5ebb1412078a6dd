#pragma once
// editor_state: what the editor's panels share, as parts with one job each — the project and
// its game (the scene being edited runs inside a game, so Play runs the same systems as
// mosaic-run), the open documents (document.hpp: the scene's file, selection and undo history;
// a prefab or an archetype opened for editing is a second document on top), the play controls
// with their timeline (play_control.hpp, timeline.hpp), the console, the alerts and the
// clipboard. Panels read it and change the scene only through actions.hpp.
//
// What remains here is what spans the parts: opening and saving files (a new scene resets the
// play controls and the documents), replacing the project's code in place, and recording a
// step (while playing it becomes the timeline's edit, else the document's undo step).
//
// A project whose registration throws leaves the editor with the built-in components and
// systems, and says so with an alert at start.

#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <mosaic/ecs/system_error.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/prefab_library.hpp>

#include "background_load.hpp"
#include "clipboard.hpp"
#include "console_log.hpp"
#include "document.hpp"
#include "history.hpp"
#include "play_control.hpp"
#include "project_session.hpp"
#include "selection.hpp"

namespace mosaic::editor {

class animation_editor;  // animation_editor.hpp: include it to use animation()
class child_play;        // child_play.hpp: include it to use child_player()
class prefab_refresh;    // prefab_refresh.hpp

class editor_state {
public:
    /// Code written in the program (tests): `p` may be null (built-in types only).
    explicit editor_state(const project* p = nullptr, game_options options = {});
    /// A project opened from its manifest (its module loaded, or not: see its problems).
    explicit editor_state(loaded_project project, game_options options = {});
    ~editor_state();

    // --- the scene -------------------------------------------------------------------------
    [[nodiscard]] mosaic::game& game() noexcept { return session_.game(); }
    /// Wall seconds the ticks of one frame may take (fixed_step_options::max_tick_seconds),
    /// for this game and the ones made later (project switch, reload); 0: no limit.
    void set_tick_budget(double seconds) noexcept { session_.set_tick_budget(seconds); }
    [[nodiscard]] mosaic::scene& scene() noexcept { return game().current(); }
    [[nodiscard]] mosaic::world& world() noexcept { return game().world(); }
    [[nodiscard]] const mosaic::world& world() const noexcept { return session_.game().world(); }
    [[nodiscard]] const component_table& table() const noexcept { return session_.game().table(); }
    [[nodiscard]] const project* project_info() const noexcept {
        return session_.game().project_info();
    }

    // --- the project (editor_project.cpp) --------------------------------------------------
    /// The open project: its manifest (none: built-in types only) and module.
    [[nodiscard]] const loaded_project& opened_project() const noexcept {
        return session_.project();
    }
    /// Opens the project of `manifest` (its file or folder) and its default scene (a new
    /// scene when it has none). Tears down the game of the old project: nothing of it
    /// survives. False (the open project untouched) when the manifest cannot be read.
    /// Callers ask about unsaved changes first.
    bool open_project(const std::filesystem::path& manifest);
    /// Loads the project's module again (after a build) and replaces the game's code in
    /// place: the scene, the selection, the undo history and the play state survive, values
    /// migrate by field name (the report goes to the console). False, with the old code
    /// still running, when the module does not load.
    bool reload_code();
    /// How many times reload_code() replaced the code.
    [[nodiscard]] std::size_t reloads() const noexcept { return session_.reloads(); }
    /// Build & Reload and the module watcher (the UI updates it every frame).
    [[nodiscard]] code_reloader& reloader() noexcept { return session_.reloader(); }

    // --- files -----------------------------------------------------------------------------
    /// An empty scene (a camera), no file. Callers ask about unsaved changes first.
    void new_scene();
    /// Loads `path` into a fresh scene and swaps it in only on success; on failure the open
    /// scene is untouched and the errors are in the console and returned. A scene of another
    /// project switches to that project (its module loaded first; on failure neither the
    /// project nor the scene changes).
    bool open(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    /// open() in the background, for the UI: starts loading (after opening the scene's
    /// project, if another) and returns at once; poll_open() finishes it. False, with the
    /// errors, when the project cannot be opened. A load already running is cancelled.
    bool begin_open(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    enum class open_outcome { none, loading, opened, failed, cancelled };
    /// Swaps the loaded scene in once its load is done (as open() does; on failure or cancel
    /// nothing changes and the errors are returned). `loading` until then.
    open_outcome poll_open(std::vector<diagnostic>* errors = nullptr);
    /// The load begin_open started, while it runs (its path and progress), or null.
    [[nodiscard]] const background_load* opening() const noexcept {
        return pending_open_ ? pending_open_->load.get() : nullptr;
    }
    void cancel_open() noexcept {
        if (pending_open_) pending_open_->load->cancel();
    }
    /// Saves to the current file (false, with an error, when it has none: use save_as).
    /// While a prefab or an archetype is open: save_asset().
    bool save();
    /// Saves to `path` (atomically) and makes it the current file. Refused while a prefab
    /// or an archetype is open (its entities are not the scene).
    bool save_as(const std::filesystem::path& path);
    /// The scene's file (the bottom document's, also while a prefab or archetype is open).
    [[nodiscard]] const std::filesystem::path& scene_path() const noexcept {
        return documents_.front().file();
    }
    /// What the panels edit: the scene's document, or the prefab's (archetype's) while one
    /// is open.
    [[nodiscard]] document& active_document() noexcept { return documents_.back(); }
    [[nodiscard]] const document& active_document() const noexcept { return documents_.back(); }
    /// Unsaved changes since the last new/open/save.
    [[nodiscard]] bool dirty() const noexcept;
    /// "battle.scene.json* - tiny_tanks - Mosaic" (the * when dirty; "Untitled" without a
    /// file; the project's name when one is open); "Tank.prefab.json* (prefab) - ..." while
    /// a prefab is open, "enemy.archetype.json (archetype) - ..." while an archetype is.
    [[nodiscard]] std::string title() const;
    /// Recently opened or saved files, newest first.
    [[nodiscard]] const std::vector<std::filesystem::path>& recent_files() const noexcept {
        return recent_;
    }
    /// The folders of recently opened projects, newest first.
    [[nodiscard]] const std::vector<std::filesystem::path>& recent_projects() const noexcept {
        return recent_projects_;
    }
    /// Adds what an earlier run remembered (the editor's settings) after this run's own
    /// entries, keeping each list to its length limit.
    void restore_recent(const std::vector<std::filesystem::path>& files,
                        const std::vector<std::filesystem::path>& projects);
    /// The project's folder (for archetypes, textures, the Project tab); without a project
    /// the scene's folder, or the working folder for an untitled scene.
    [[nodiscard]] std::filesystem::path project_folder() const;
    /// Where Open and Save As start: the scene's folder; for an untitled scene the project's
    /// scenes folder (when it exists), else project_folder(). Always absolute.
    [[nodiscard]] std::filesystem::path scene_folder() const;

    // --- play mode (play_control.hpp) -------------------------------------------------------
    /// Play, Pause, Step, Stop, what is kept after Stop and the game's failures.
    [[nodiscard]] play_control& player() noexcept { return play_; }
    [[nodiscard]] const play_control& player() const noexcept { return play_; }
    [[nodiscard]] bool playing() const noexcept { return play_.playing(); }
    /// This Play's recording, rewind, field history and replays (the player's).
    [[nodiscard]] editor::timeline& timeline() noexcept { return play_.timeline(); }
    /// Called by play() after the snapshot is taken and before any tick runs, when starting
    /// from edit mode: autosave writes the recovery file there, so a crash of game code (even
    /// a segfault) loses no edit. One listener; an empty function removes it.
    void on_play(std::function<void(editor_state&)> listener) { on_play_ = std::move(listener); }

    /// Called just before the project's module is let go (hot reload, another project, a
    /// scene of another project, the editor closing) and just after a new one is in place,
    /// so that whoever holds pointers into the module's code (the editor's module panels)
    /// lets go first and asks the new module after. One listener; an empty function removes
    /// it.
    void on_code_change(std::function<void(editor_state&, code_change)> listener) {
        on_code_change_ = std::move(listener);
    }

    // --- play in a separate process (child_play.hpp) --------------------------------------
    /// The game played by a child mosaic-run, attached over the live link; its `enabled` is
    /// the toolbar's "Separate process" toggle (what Play does).
    [[nodiscard]] child_play& child_player() noexcept { return *child_; }
    [[nodiscard]] const child_play& child_player() const noexcept { return *child_; }
    /// Plays a copy of the edit-time scene in a child process (child_play::play); the scene
    /// stays as it is. "" or why not (also in the Console): a prefab or archetype is open, the
    /// game plays in the editor, the child did not start.
    std::string play_in_child();
    /// Shows a game already running (`mosaic-run --listen` at `address`) in the Hierarchy,
    /// Inspector and Scene view as if it played here, read-only until the Game tab's Allow
    /// Edits; the play controls drive it; Stop detaches (the game goes on) and puts the edit
    /// scene back. "" or why not.
    std::string show_game(std::string_view address, std::string token);
    /// What the play buttons show: the child's state while one runs, else the editor's.
    [[nodiscard]] play_state shown_play_mode() const noexcept;

    // --- replays (editor_replay.cpp) -------------------------------------------------------
    /// File > Open Replay: the replay's first state becomes the scene (untitled) and the game
    /// waits paused at its first tick; Resume plays the recorded input (the window's input
    /// is ignored until the replay's last tick), recorded as any Play, so the timeline goes
    /// back and forth. Stop and Play play it again. A replay made with other code loads with
    /// warnings in the console. False, with the open scene untouched, when it does not load.
    bool open_replay(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    // --- prefabs (editor_prefab_stage.cpp) --------------------------------------------------
    /// The prefabs instances link to, by their path relative to the project folder (the
    /// game's library, kept on project_folder()): what resolves a scene's instances on load,
    /// computes their overrides and writes them as links on save.
    [[nodiscard]] prefab_library& prefab_links();

    // --- a prefab or an archetype opened for editing ------------------------------------
    /// The document open above the scene: a prefab (Unity's prefab mode) or an archetype, or
    /// null when the scene is edited. Only one at a time.
    [[nodiscard]] const document* opened_asset() const noexcept {
        return documents_.size() > 1 ? &documents_.back() : nullptr;
    }
    /// "prefab Tank", "archetype enemy": what messages call it; empty when none is open.
    [[nodiscard]] std::string opened_asset_label() const;
    /// Writes the open prefab or archetype to its file (save_prefab, save_archetype).
    bool save_asset();
    /// Back to the scene put aside, its selection and undo history as they were. Unsaved
    /// prefab or archetype changes are dropped (callers ask first: dirty()).
    void close_asset();

    // --- a prefab opened for editing (editor_prefab_stage.cpp) ------------------------------
    /// Opens the prefab file `file` alone as the scene (Unity's prefab mode): the open scene,
    /// with its file, selection and undo history, is put aside until close_asset(); the
    /// usual panels and undo work on the prefab's entities. False, with the reason in the
    /// console, while playing, when another prefab (or an archetype) is open or when the file
    /// does not load.
    bool open_prefab(const std::filesystem::path& file);
    /// The prefab being edited (its file), or null when the scene (or an archetype) is.
    [[nodiscard]] const std::filesystem::path* opened_prefab() const noexcept {
        const document* open = opened_asset();
        return open != nullptr && open->what() == document::kind::prefab ? &open->file() : nullptr;
    }
    /// The prefab's name ("Tank" for Tank.prefab.json); empty when none is open.
    [[nodiscard]] std::string opened_prefab_name() const;
    /// Writes the open prefab to its file (its root and the root's descendants, their file
    /// ids kept), reloads the project's prefabs and updates the instances in the scene put
    /// aside (one undo step there, done when it comes back). False, with the reason in the
    /// console, when it has not exactly one root entity or the file cannot be written.
    bool save_prefab();

    // --- an archetype opened for editing (editor_archetype_stage.cpp) ------------------------
    /// Opens NAME.archetype.json as a scene of one entity made from it, as open_prefab does
    /// for a prefab: the Inspector edits its components (add, remove, enable, values), each
    /// edit one undo step of its own history. False, with the file and the field that is
    /// wrong in the console, when it does not load (nothing changes then: the scene stays,
    /// the file is not touched), while playing or when a prefab or archetype is open.
    bool open_archetype(const std::filesystem::path& file);
    /// The archetype being edited (its file), or null.
    [[nodiscard]] const std::filesystem::path* opened_archetype() const noexcept {
        const document* open = opened_asset();
        return open != nullptr && open->what() == document::kind::archetype ? &open->file()
                                                                            : nullptr;
    }
    /// Writes the open archetype back to its file in the format the engine reads (the same
    /// bytes when nothing changed) and reloads the project's archetypes. Its name in the file
    /// stays. False, with the reason in the console, when the document is not exactly one
    /// entity, when the file held what the editor could not read (saving would lose it) or
    /// when it cannot be written.
    bool save_archetype();
    /// A prefab file was written (Create Prefab, Save, Apply to Prefab): the project's
    /// prefabs are read again.
    void after_prefab_written(const std::filesystem::path& file);

    // --- alerts ----------------------------------------------------------------------------
    [[nodiscard]] alert_queue& alerts() noexcept { return alerts_; }
    void alert(std::string title, std::string text) {
        alerts_.add(std::move(title), std::move(text));
    }

    // --- shared editor state ---------------------------------------------------------------
    [[nodiscard]] editor::selection& selection() noexcept { return documents_.back().selection(); }
    [[nodiscard]] editor::history& history() noexcept { return documents_.back().history(); }
    [[nodiscard]] console_log& log() noexcept { return log_; }
    [[nodiscard]] const console_log& log() const noexcept { return log_; }
    [[nodiscard]] component_clipboard& clipboard() noexcept { return clipboard_; }
    /// The Animation window's model: the clips edited, preview and record (its hooks run in
    /// record(), undo, redo, save, play and code reloads).
    [[nodiscard]] animation_editor& animation() noexcept { return *animation_; }

    /// Records a step unless playing (actions call this after applying a change).
    void record(editor::step s);
    /// The steps recorded from begin_step_group() to end_step_group() are one undo step,
    /// labelled as the first (a menu acting on every selected entity). Groups nest: the
    /// outermost end pushes it. Use step_group to pair them.
    void begin_step_group() noexcept { documents_.back().begin_step_group(); }
    void end_step_group();
    bool undo();
    bool redo();

    /// The entity with this Name (first in id order), or null.
    [[nodiscard]] entity find_by_name(std::string_view name) const;

private:
    /// What Play and Stop tell the other parts (animation preview, recovery file).
    play_control::hooks play_hooks();
    void reset_after_load();
    void remember_recent(const std::filesystem::path& path);
    void remember_project();         // the open project's folder, into recent_projects_
    void load_project_archetypes();  // a project opened without a scene still has them
    /// Opens `path` with `g`'s table into `g` (which becomes the game on success).
    bool open_in(std::unique_ptr<mosaic::game> g, loaded_project p,
                 const std::filesystem::path& path, std::vector<diagnostic>* errors);
    /// The same with the scene already loaded (by a background_load).
    bool open_in(std::unique_ptr<mosaic::game> g, loaded_project p,
                 const std::filesystem::path& path, load_result<mosaic::scene> loaded,
                 std::vector<diagnostic>* errors);
    /// Swaps in a scene loaded for the open project.
    bool open_loaded(const std::filesystem::path& path, load_result<mosaic::scene> loaded,
                     std::vector<diagnostic>* errors);
    open_outcome finish_open(std::vector<diagnostic>* errors);
    void report_load_error();  // the game's registration error, to the console and an alert
    /// After save_prefab: the instances in the scene put aside of the saved prefab, and of
    /// the prefabs containing it, take its values (except their overrides), as one undo step
    /// of that scene's history.
    void update_instances_aside(const prefab_refresh& refresh);
    /// After an undo or redo that wrote prefab files back: the project's prefabs are read
    /// again; a file that could not be written goes to the console.
    void after_files_written();
    void notify(code_change change) {
        if (on_code_change_) on_code_change_(*this, change);
    }
    /// What the session calls when the module goes and comes: notify().
    project_session::listener code_listener() {
        return [this](code_change change) { notify(change); };
    }

    // First: the game and its module outlive every other part (they hold its components).
    project_session session_;
    // The open documents: the scene at the bottom, a prefab or archetype being edited on top (a
    // deque: a document stays where it is while another is pushed).
    std::deque<document> documents_ = std::deque<document>(1);
    console_log log_;
    component_clipboard clipboard_;
    std::vector<std::filesystem::path> recent_;
    std::vector<std::filesystem::path> recent_projects_;

    std::function<void(editor_state&)> on_play_;
    std::function<void(editor_state&, code_change)> on_code_change_;
    alert_queue alerts_;
    // After the console and the alerts it reports to.
    std::unique_ptr<child_play> child_;
    std::unique_ptr<animation_editor> animation_;
    // After what it reads (the project, the game, the documents, the console, the alerts): it
    // goes first, and its recording holds the game's components.
    play_control play_;

    /// Resolves the instances of the scene just loaded (links plus overrides in the file).
    void resolve_instances(const std::filesystem::path& file);

    /// The document under the top one (the scene, while a prefab is open).
    [[nodiscard]] document& under_top() noexcept { return documents_[documents_.size() - 2]; }
    /// Back to the scene's document alone (a new scene: what was open on it goes).
    void close_documents_above_scene();

    // A scene loading in the background (begin_open). Last: it reads game_'s table, so it
    // goes (cancelled and joined) before the game.
    struct pending_open {
        std::unique_ptr<mosaic::game> game;  // the scene's project's, or null: the open one
        loaded_project project;
        std::unique_ptr<background_load> load;  // last: stops before the game goes
    };
    std::optional<pending_open> pending_open_;
};

/// begin_step_group() while it lives, end_step_group() when it goes.
class step_group {
public:
    explicit step_group(editor_state& s) noexcept : s_(s) { s_.begin_step_group(); }
    ~step_group() { s_.end_step_group(); }
    step_group(const step_group&) = delete;
    step_group& operator=(const step_group&) = delete;

private:
    editor_state& s_;
};

}  // namespace mosaic::editor
