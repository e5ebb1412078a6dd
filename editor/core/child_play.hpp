#pragma once
// child_play: Play in a separate process (issue #30 §2). play() writes a copy of the edit-time
// scene to a temporary file (the scene files' own writer), starts the project's `mosaic-run`
// on it with `--listen 127.0.0.1:0` (the editor's environment, so the same MOSAIC_BUILD_DIR
// and module), reads the port from the child's first stdout line and attaches a remote_game
// to it. Pause, Resume and Step go over the live link; stop() ends the child (SIGTERM, then
// SIGKILL after a grace) and reaps it. The edit-time scene never leaves the editor: there is
// nothing to restore.
//
// A crash of the game (a segfault, an abort) ends only the child: its crash report (signal,
// module, system, backtrace) and exit status go to the Console and an alert offers to play
// again. A child that exits with an error (a failed system, a module that does not load) is
// reported the same way. Nothing here waits: the child's pipes are read without blocking in
// update(), once a frame; tests drive it headless (tests/editor_core/child_play_test.cpp).
//
//   child_play child({log, alerts});
//   child.play(scene.clone(), table, manifest);   // then each frame: child.update();
//   child.pause(); child.step(); child.stop();

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <memory>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/live/live_mirror.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include "alerts.hpp"
#include "child_process.hpp"
#include "console_log.hpp"
#include "crash_backtrace.hpp"
#include "remote_game.hpp"

namespace mosaic::editor {

/// The mosaic-run the editor starts: $MOSAIC_RUN when set, else the one next to the running
/// program (an installed SDK's bin/), else the one built with this editor (the build tree).
[[nodiscard]] std::filesystem::path default_game_runner();

class child_play {
public:
    enum class status {
        idle,      // no child (never started, or stopped by the user)
        starting,  // the child runs; not attached yet (no port, or connecting)
        running,   // attached: the game's world is remote()'s
        ended,     // the child ended on its own (a crash, a failure, a timeout): message()
    };
    struct options {
        std::filesystem::path runner = default_game_runner();
        /// Seconds the child has to say where it listens before it is stopped.
        double port_timeout = 10.0;
        /// Seconds between SIGTERM and SIGKILL on stop().
        double stop_grace = 2.0;
    };
    struct sources {
        console_log& log;
        alert_queue& alerts;
    };
    /// The alert's title and the command its button runs (alerts.hpp).
    static constexpr const char* crash_title = "Game crashed";
    static constexpr const char* again_command = "play.separate";

    explicit child_play(sources from);
    child_play(sources from, options settings);
    /// Ends a child still running (SIGTERM, SIGKILL after 1 s: the editor waits that long at
    /// most) and removes the temporary files.
    ~child_play();
    child_play(const child_play&) = delete;
    child_play& operator=(const child_play&) = delete;

    /// Starts the game on `edit_scene` (a copy: its file ids may be assigned for the file)
    /// with the project of `manifest` (empty: built-in types only). A child still running is
    /// stopped first. "" when started, else why not (also in the Console).
    std::string play(mosaic::scene edit_scene, const component_table& table,
                     const std::filesystem::path& manifest);
    /// From now on `into` (the editor's play world, started as the scene given to play())
    /// follows the game's world, and what is edited in it is done in the game too
    /// (live::world_mirror: one mirror.pull in flight at a time); the keys and the mouse the
    /// editor reads into its Input resource go to the game's (input.set) when they change.
    /// Until stop() or the end.
    void mirror_into(world& into, const component_table& table);
    /// Mirroring a game's world into the editor's.
    [[nodiscard]] bool mirroring() const noexcept { return mirror_ != nullptr; }
    /// The mirror's counts (passes applied, entities paired...), while mirroring.
    [[nodiscard]] const live::world_mirror* mirror() const noexcept { return mirror_.get(); }
    /// Attaches to a game already running (`mosaic-run --listen`, File > Attach) as if it
    /// were this child: the play controls drive it, mirror_into() shows its world, and
    /// stop() detaches, leaving it running. Edits reach it only with remote().allow_edits.
    /// "" or what is wrong with the address.
    std::string adopt(std::string_view address, std::string token);
    /// A game attached with adopt(), not a child process.
    [[nodiscard]] bool adopted() const noexcept { return adopted_; }
    /// Reads the child's output, attaches when it gives its port, notices its end; takes in
    /// the game's replies. Once a frame; never waits.
    void update();
    /// Pauses (while starting: as soon as it is attached), resumes, steps one tick (pausing
    /// first when running).
    void pause();
    void resume();
    void step();
    /// Ends the child: SIGTERM, SIGKILL after stop_grace; update() reaps it.
    void stop();

    [[nodiscard]] status state() const noexcept { return status_; }
    /// Starting or running: the toolbar's Pause, Step and Stop drive the child.
    [[nodiscard]] bool active() const noexcept {
        return status_ == status::starting || status_ == status::running;
    }
    [[nodiscard]] bool paused() const noexcept { return remote_.paused(); }
    [[nodiscard]] std::uint64_t tick() const noexcept { return remote_.tick(); }
    /// What happened last ("game process 4242 listening on ...", why it ended).
    [[nodiscard]] const std::string& message() const noexcept { return message_; }
    /// The attached game: its entities, the inspected one, queries (the Game tab draws it).
    [[nodiscard]] remote_game& remote() noexcept { return remote_; }
    [[nodiscard]] const remote_game& remote() const noexcept { return remote_; }
    /// The child's process id while it runs (or until it is reaped), else -1.
    /// Stopped children that have not ended yet (each update() reaps those that have).
    [[nodiscard]] std::size_t stopping() const noexcept;
    [[nodiscard]] int pid() const noexcept { return process_.started() ? process_.pid() : -1; }
    /// How the last child ended (nothing while it runs, or before any).
    [[nodiscard]] const std::optional<process_exit>& last_exit() const noexcept {
        return last_exit_;
    }
    /// True while the last crash's backtrace is being looked up (addr2line): its frames
    /// with function names and lines follow the report in the Console.
    [[nodiscard]] bool symbolising() const noexcept { return symbolising_; }
    /// The last crash report (signal, module, system, backtrace), or "".
    [[nodiscard]] const std::string& crash_report() const noexcept { return crash_report_; }
    /// Seconds from play() to the first tick the attached game reported (the issue's "starts
    /// within 1 s"), once known.
    [[nodiscard]] std::optional<double> seconds_to_first_tick() const noexcept {
        return first_tick_after_;
    }

    /// "Play in separate process": what Play does for this project (the toolbar's toggle).
    bool enabled = false;
    /// Called when the mirror ends (Stop, a crash, a failure, a broken view): the editor puts
    /// its edit scene back (editor_state sets it).
    std::function<void()> on_mirror_end;
    /// This child's own mosaic-run options, after the editor's (e.g. "--seed 2").
    std::vector<std::string> extra_args;
    /// Run instances (Godot's): one more game per entry, started with this one on the same
    /// scene, each with its own options (one line of arguments, split on spaces: a server and
    /// two clients with "--seed 1", "--seed 2"). Shown in the Game tab; Stop ends them all.
    std::vector<std::string> instance_args;
    /// The instances started with the last play(), in the order of instance_args.
    [[nodiscard]] std::vector<std::unique_ptr<child_play>>& instances() noexcept {
        return instances_;
    }

private:
    void end_adopted();
    /// An attached game is gone (refused, the link broke): ended, saying why.
    void lose_adopted(const std::string& why);
    void start_instances(const mosaic::scene& edit_scene, const component_table& table,
                         const std::filesystem::path& manifest);
    void end_mirror();
    void forward_input();
    void send_local_edits();
    void pull_mirror();
    void read_output();
    void notice_end();
    void give_up(const std::string& why);
    void remove_files() noexcept;
    void reap_ending();

    sources from_;
    options options_;
    child_process process_;
    // Stopped and not ended yet: reaped by update() (Play right after Stop never waits, and
    // none is left a zombie).
    std::vector<child_process> ending_;
    remote_game remote_;
    status status_ = status::idle;
    std::string message_;
    double started_at_ = 0;
    bool pause_when_attached_ = false;
    bool step_when_attached_ = false;
    std::filesystem::path scene_file_;
    std::filesystem::path crash_file_;
    std::string crash_lines_;  // the crash report as it arrived on stderr
    std::string last_error_line_;
    std::string crash_report_;
    // The crash report's frames being looked up (function, file:line), for the Console.
    crash_backtrace backtrace_;
    bool symbolising_ = false;
    std::optional<process_exit> last_exit_;
    std::optional<double> first_tick_after_;
    std::vector<std::unique_ptr<child_play>> instances_;
    bool adopted_ = false;  // attached with adopt(): no process
    std::unique_ptr<live::world_mirror> mirror_;
    world* mirror_world_ = nullptr;
    std::optional<Input> sent_input_;  // what the game was last told
    std::uint64_t pulls_ = 0;          // mirror.pull requests sent
    bool pull_waiting_ = false;
    double next_pull_at_ = 0;                // passes are spaced on large worlds
    std::optional<double> pass_started_at_;  // the first pull of the pass in flight
    /// Mirrors up to this many entities check for local edits every frame.
    static constexpr std::size_t every_frame_check = 20'000;
};

}  // namespace mosaic::editor
