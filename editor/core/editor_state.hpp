#pragma once
// editor_state: everything the editor's panels share, in one object — the project and its
// component table, the scene being edited (inside a game, so Play runs the same systems as
// mosaic-run), the open documents (document.hpp: the scene's file, selection and undo history;
// a prefab or an archetype opened for editing is a second document on top), the console, the
// clipboard and the play state. Panels read it and change the scene only through actions.hpp.
//
// Play mode: play() snapshots the scene in memory (entity handles and file ids included);
// the game then runs in place. stop() puts the snapshot back exactly, keeps the selection,
// and the history never sees what happened while playing, except what the user marked
// "Keep after Stop" (play_keeps.hpp): Stop collects it for a dialog that applies it as one
// undo step.
//
// Rewind: while playing, a mosaic::recording (engine/runtime/recording.hpp) records the game.
// While paused, seek() / step_back() / step_forward() put the game's world at any recorded
// tick, exactly as it was; the panels read the world as always, so they show that tick.
// Play or Step from a past tick drops the recorded future and goes on from there; an edit
// while at a past tick becomes that tick's state (the future goes). Stop drops the recording
// and restores the edit-time snapshot as before.
//
// Game code cannot take the editor down: a system that throws or fails a check during Play
// or Step stops the game (the snapshot comes back, as on Stop), and the Console and an alert
// name the system and the message. A project whose registration throws leaves the editor
// with the built-in components and systems, and says so the same way at start.

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
#include "code_reloader.hpp"
#include "console_log.hpp"
#include "document.hpp"
#include "history.hpp"
#include "play_keeps.hpp"
#include "selection.hpp"

namespace mosaic {
class recording;  // mosaic/engine/runtime/recording.hpp: include it to use recording()
}

namespace mosaic::editor {

class replay_session;    // replay_session.hpp: include it to use opened_replay()
class animation_editor;  // animation_editor.hpp: include it to use animation()
class prefab_refresh;    // prefab_refresh.hpp

enum class play_state { editing, playing, paused };

/// What happens to the project's module (editor_state::on_code_change).
enum class code_change {
    unloading,  // the module is about to be let go: drop every pointer into it now
    loaded,     // a new module is in place (hot reload, another project)
};

/// Something the user must see now, in a modal (a system failed, the project did not load,
/// the scene is open in another editor). The UI shows the oldest and pops it.
struct editor_alert {
    std::string title;  // the modal's title: "Game stopped"
    std::string text;   // "Game stopped: system 'turret' failed: ..."
};

/// One point of editor_state::field_history.
struct field_sample {
    std::uint64_t tick = 0;
    double value = 0.0;
};

/// Copied component values (Edit > Copy / the inspector's "Copy values").
struct component_clipboard {
    type_id type = invalid_type_id;
    std::vector<std::byte> bytes;
};

class editor_state {
public:
    /// Code written in the program (tests): `p` may be null (built-in types only).
    explicit editor_state(const project* p = nullptr, game_options options = {});
    /// A project opened from its manifest (its module loaded, or not: see its problems).
    explicit editor_state(loaded_project project, game_options options = {});
    ~editor_state();

    // --- the scene -------------------------------------------------------------------------
    [[nodiscard]] mosaic::game& game() noexcept { return *game_; }
    /// Wall seconds the ticks of one frame may take (fixed_step_options::max_tick_seconds),
    /// for this game and the ones made later (project switch, reload); 0: no limit.
    void set_tick_budget(double seconds) noexcept;
    [[nodiscard]] mosaic::scene& scene() noexcept { return game_->current(); }
    [[nodiscard]] mosaic::world& world() noexcept { return game_->world(); }
    [[nodiscard]] const mosaic::world& world() const noexcept { return game_->world(); }
    [[nodiscard]] const component_table& table() const noexcept { return game_->table(); }
    [[nodiscard]] const project* project_info() const noexcept { return game_->project_info(); }

    // --- the project (editor_project.cpp) --------------------------------------------------
    /// The open project: its manifest (none: built-in types only) and module.
    [[nodiscard]] const loaded_project& opened_project() const noexcept { return project_; }
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
    [[nodiscard]] std::size_t reloads() const noexcept { return reloads_; }
    /// Build & Reload and the module watcher (the UI updates it every frame).
    [[nodiscard]] code_reloader& reloader() noexcept { return reloader_; }

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

    // --- play mode -------------------------------------------------------------------------
    [[nodiscard]] play_state mode() const noexcept { return mode_; }
    [[nodiscard]] bool playing() const noexcept { return mode_ != play_state::editing; }
    void play();   // editing -> playing (snapshot); paused -> playing
    void pause();  // playing -> paused
    void step();   // paused: one tick next frame; playing: pauses, then steps
    void stop();   // back to the snapshot (the kept changes wait in keeps().pending())
    /// Advances the game by a frame's worth of ticks when playing; returns the ticks run.
    /// When a system fails, the game stops (the snapshot comes back), the failure goes to
    /// the console, alerts() and last_failure(), and this returns the ticks that completed.
    int frame(double real_seconds);
    /// The last system failure that stopped the game (cleared by the next play()).
    [[nodiscard]] const std::optional<system_failure>& last_failure() const noexcept {
        return last_failure_;
    }
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

    // --- rewind (editor_rewind.cpp) --------------------------------------------------------
    /// What this Play recorded: its first/last/current tick, memory used, budget, seconds
    /// available, per-tick profiler figures (recording::profile_at). Null when not playing.
    [[nodiscard]] const mosaic::recording* recording() const noexcept { return recording_.get(); }
    /// Paused only: puts the game at a recorded tick (recording()->first_tick() ..
    /// last_tick()). The selection keeps the entities alive at that tick (and gets back
    /// those a seek dropped when they are alive again). False when not paused or not recorded.
    bool seek(std::uint64_t tick);
    /// One tick back through the recording (pauses first when playing). False at its start.
    bool step_back();
    /// One tick forward through the recording; at its end, a normal step() (recorded).
    /// False when editing.
    bool step_forward();
    /// The most memory the recording may hold (default 1 GiB): the oldest ticks go first.
    void set_recording_budget(std::size_t bytes);
    [[nodiscard]] std::size_t recording_budget() const noexcept { return recording_budget_; }
    /// Paused only: a numeric field of `e`'s `component` over the recorded ticks, at most
    /// `max_points` ticks spread evenly from the first to the last recorded one (ticks where
    /// the entity or component does not exist are left out). `field_index` indexes the
    /// component's fields (component_info::fields); `element` picks the float of a vector or
    /// colour, or the element of an array. Re-simulates on a copy: the world stays at the
    /// tick it is at. Empty when not paused or the field is not a number.
    [[nodiscard]] std::vector<field_sample> field_history(entity e, type_id component,
                                                          std::size_t field_index,
                                                          std::size_t max_points,
                                                          std::size_t element = 0);

    // --- replays (editor_replay.cpp) -------------------------------------------------------
    /// File > Save Replay, while paused: what this Play recorded as a replay file (the state
    /// at the first recorded tick, the input of every tick, an edit made while paused as a
    /// state that replaces the simulated one at its tick). The recorded ticks run again on a
    /// copy of the game to take the checkpoints, so `mosaic-run --replay FILE --verify`
    /// passes with the same code. False, with the errors, when it could not.
    bool save_replay(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    /// File > Open Replay: the replay's first state becomes the scene (untitled) and the game
    /// waits paused at its first tick; Resume plays the recorded input (the window's input
    /// is ignored until the replay's last tick), recorded as any Play, so the timeline goes
    /// back and forth. Stop and Play play it again. A replay made with other code loads with
    /// warnings in the console. False, with the open scene untouched, when it does not load.
    bool open_replay(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    /// The replay opened (null: none; another scene drops it).
    [[nodiscard]] const replay_session* opened_replay() const noexcept { return replay_.get(); }

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
    [[nodiscard]] std::deque<editor_alert>& alerts() noexcept { return alerts_; }
    void alert(std::string title, std::string text);

    // --- shared editor state ---------------------------------------------------------------
    [[nodiscard]] editor::selection& selection() noexcept { return documents_.back().selection(); }
    [[nodiscard]] editor::history& history() noexcept { return documents_.back().history(); }
    [[nodiscard]] console_log& log() noexcept { return log_; }
    [[nodiscard]] const console_log& log() const noexcept { return log_; }
    [[nodiscard]] component_clipboard& clipboard() noexcept { return clipboard_; }
    /// "Keep after Stop": what is marked while playing, what Stop found to offer.
    [[nodiscard]] play_keeps& keeps() noexcept { return keeps_; }
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
    /// seek() and step_back(): `move` puts the game at another tick (false: not recorded);
    /// the selection follows.
    bool move_on_timeline(const std::function<bool()>& move);
    void reset_after_load();
    void remember_recent(const std::filesystem::path& path);
    void remember_project();         // the open project's folder, into recent_projects_
    void load_project_archetypes();  // a project opened without a scene still has them
    [[nodiscard]] std::unique_ptr<mosaic::game> make_game(const loaded_project& p) const;
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
    /// Moves the game's GameLog warnings to the console.
    void show_game_log();
    void stop_after_failure(const system_failure& failure);
    void start_recording();       // a new recording of the game, attached
    void note_edit_for_replay();  // an edit while playing, at the recording's current tick
    void drop_recording() noexcept;
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

    game_options options_;
    loaded_project project_;  // before game_: its module outlives the game
    std::unique_ptr<mosaic::game> game_;
    std::size_t reloads_ = 0;
    // The open documents: the scene at the bottom, a prefab or archetype being edited on top (a
    // deque: a document stays where it is while another is pushed).
    std::deque<document> documents_ = std::deque<document>(1);
    console_log log_;
    component_clipboard clipboard_;
    std::vector<std::filesystem::path> recent_;
    std::vector<std::filesystem::path> recent_projects_;
    code_reloader reloader_;

    play_state mode_ = play_state::editing;
    std::optional<mosaic::scene> snapshot_;
    play_keeps keeps_;
    std::vector<system_setting> systems_before_play_;
    std::vector<entity> selection_before_play_;
    std::optional<system_failure> last_failure_;
    // While playing. After game_: it holds the game's components, so it goes first.
    std::unique_ptr<mosaic::recording> recording_;
    std::size_t recording_budget_ = std::size_t{1} << 30;  // recording_options' default
    std::vector<std::uint64_t> edit_ticks_;   // ticks edited while paused (Save Replay)
    std::unique_ptr<replay_session> replay_;  // File > Open Replay's; feeds the recording
    std::vector<entity> unselected_by_seek_;  // selected, but not alive at the tick seeked to
    std::vector<entity> selected_by_seek_;    // what the last seek left selected
    std::function<void(editor_state&)> on_play_;
    std::function<void(editor_state&, code_change)> on_code_change_;
    std::deque<editor_alert> alerts_;
    std::unique_ptr<animation_editor> animation_;

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
