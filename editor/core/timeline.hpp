#pragma once
// timeline: what a Play recorded and how the editor moves through it (rewind). While playing,
// a mosaic::recording (engine/runtime/recording.hpp) records the game; while paused, seek()
// puts the game's world at any recorded tick exactly as it was (the panels read the world as
// always, so they show that tick) and field_history() reads a value over the recorded ticks.
// An edit while paused becomes that tick's state (the recorded future goes) and is noted for
// Save Replay, which writes the recording as a replay file. An opened replay (File > Open
// Replay) sits in front of the recording and feeds it the replay's input.
//
// The timeline belongs to the play controls (play_control.hpp), which start and drop the
// recording on Play and Stop and own the play state the timeline reads: a seek is only
// possible while paused. It knows the project, the game and the open documents (the
// selection follows a seek) through the references editor_state gives it.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/scene/diagnostic.hpp>

namespace mosaic {
class game;
class recording;  // mosaic/engine/runtime/recording.hpp: include it to use recording()
}  // namespace mosaic

namespace mosaic::editor {

class console_log;
class document;
class replay_session;  // replay_session.hpp: include it to use opened_replay()

enum class play_state { editing, playing, paused };

/// One point of timeline::field_history.
struct field_sample {
    std::uint64_t tick = 0;
    double value = 0.0;
};

class timeline {
public:
    /// What the timeline reads; editor_state owns each (their addresses never change).
    struct sources {
        const loaded_project& project;
        std::unique_ptr<mosaic::game>& game;
        std::deque<document>& documents;  // the scene's at the bottom; the selection's on top
        console_log& log;
        const play_state& mode;  // play_control's
    };
    explicit timeline(sources from);
    ~timeline();
    timeline(const timeline&) = delete;
    timeline& operator=(const timeline&) = delete;

    /// What this Play recorded: its first/last/current tick, memory used, budget, seconds
    /// available, per-tick profiler figures (recording::profile_at). Null when not playing.
    [[nodiscard]] const mosaic::recording* recording() const noexcept { return recording_.get(); }
    /// Paused only: puts the game at a recorded tick (recording()->first_tick() ..
    /// last_tick()). The selection keeps the entities alive at that tick (and gets back
    /// those a seek dropped when they are alive again). False when not paused or not recorded.
    bool seek(std::uint64_t tick);
    /// Paused only: one tick back through the recording (play_control::step_back pauses
    /// first). False at its start.
    bool step_back();
    /// Whether a tick after the current one is recorded (Step Forward seeks to it).
    [[nodiscard]] bool has_future() const noexcept;
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

    /// File > Save Replay, while paused: what this Play recorded as a replay file (the state
    /// at the first recorded tick, the input of every tick, an edit made while paused as a
    /// state that replaces the simulated one at its tick). The recorded ticks run again on a
    /// copy of the game to take the checkpoints, so `mosaic-run --replay FILE --verify`
    /// passes with the same code. False, with the errors, when it could not.
    bool save_replay(const std::filesystem::path& path, std::vector<diagnostic>* errors = nullptr);
    /// The replay opened (File > Open Replay; null: none; another scene drops it).
    [[nodiscard]] const replay_session* opened_replay() const noexcept { return replay_.get(); }
    [[nodiscard]] replay_session* opened_replay() noexcept { return replay_.get(); }

    // --- for play_control and editor_state -------------------------------------------------
    /// A new recording of the game, attached (Play; after a code reload).
    void start();
    /// The recording goes (Stop; before a code reload: its keyframes hold the old code's
    /// components).
    void drop() noexcept;
    /// Play or Step from a past tick: the recorded future goes.
    void truncate();
    /// Idle while paused: the ticks before the current one get ready for Step Back.
    void prepare();
    /// An edit while playing: it is the current tick's state (the future goes), and a state
    /// Save Replay writes.
    void edited();
    /// The replay File > Open Replay opened (null: none), fed by the next start().
    void set_replay(std::unique_ptr<replay_session> replay);

private:
    /// seek() and step_back(): `move` puts the game at another tick (false: not recorded);
    /// the selection follows.
    bool move_on_timeline(const std::function<bool()>& move);

    sources from_;
    std::unique_ptr<mosaic::recording> recording_;
    std::size_t recording_budget_ = std::size_t{1} << 30;  // recording_options' default
    std::vector<std::uint64_t> edit_ticks_;   // ticks edited while paused (Save Replay)
    std::unique_ptr<replay_session> replay_;  // File > Open Replay's; feeds the recording
    std::vector<entity> unselected_by_seek_;  // selected, but not alive at the tick seeked to
    std::vector<entity> selected_by_seek_;    // what the last seek left selected
};

}  // namespace mosaic::editor
