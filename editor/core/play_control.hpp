#pragma once
// play_control: Play, Pause, Step and Stop, and what they keep. play() snapshots the scene in
// memory (entity handles and file ids included); the game then runs in place. stop() puts the
// snapshot back exactly, keeps the selection, and the history never sees what happened while
// playing, except what the user marked "Keep after Stop" (play_keeps.hpp): Stop collects it
// for a dialog that applies it as one undo step.
//
// Game code cannot take the editor down: a system that throws or fails a check during Play or
// Step stops the game (the snapshot comes back, as on Stop), and the Console and an alert name
// the system and the message.
//
// The play controls own the timeline (timeline.hpp: the recording of this Play, rewind,
// replays), which they start on Play and drop on Stop. They know the game and the open
// documents through references editor_state gives them, and tell editor_state what it wires
// to the other parts (the animation preview, the recovery file) through hooks.

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <mosaic/ecs/system_error.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include "alerts.hpp"
#include "play_keeps.hpp"
#include "timeline.hpp"

namespace mosaic::editor {

class play_control {
public:
    /// What editor_state connects to Play and Stop; each may be empty.
    struct hooks {
        /// Why Play is refused now ("" when it is not): a prefab open for editing.
        std::function<std::string()> refusal;
        /// Before the snapshot is taken (the animation preview puts the scene's values back).
        std::function<void()> before_play;
        /// After the snapshot, before any tick (the recovery file).
        std::function<void()> on_play;
        /// After Stop put the snapshot back (the animation preview comes back).
        std::function<void()> after_stop;
        /// The project folder the game reads its assets from.
        std::function<std::filesystem::path()> project_folder;
    };
    /// `from` as the timeline's (mode aside: this object's).
    struct sources {
        const loaded_project& project;
        std::unique_ptr<mosaic::game>& game;
        std::deque<document>& documents;
        console_log& log;
        alert_queue& alerts;
    };
    play_control(sources from, hooks wired);
    play_control(const play_control&) = delete;
    play_control& operator=(const play_control&) = delete;

    [[nodiscard]] play_state mode() const noexcept { return mode_; }
    [[nodiscard]] bool playing() const noexcept { return mode_ != play_state::editing; }
    void play();  // editing -> playing (snapshot); paused -> playing
    /// Play with the game in another process (child_play): the snapshot is taken as by
    /// play(), but frame() runs no tick here; the world follows the game's (a live-link
    /// mirror) and stop() puts the snapshot back, with what was kept, as after play().
    void play_mirrored();
    /// Playing a game that runs in another process.
    [[nodiscard]] bool mirrored() const noexcept { return mirrored_ && playing(); }
    void pause();  // playing -> paused
    void step();   // paused: one tick next frame; playing: pauses, then steps
    void stop();   // back to the snapshot (the kept changes wait in keeps().pending())
    /// One tick back through the recording (pauses first when playing). False at its start.
    bool step_back();
    /// One tick forward through the recording; at its end, a normal step() (recorded).
    /// False when editing.
    bool step_forward();
    /// Advances the game by a frame's worth of ticks when playing; returns the ticks run.
    /// When a system fails, the game stops (the snapshot comes back), the failure goes to
    /// the console, the alerts and last_failure(), and this returns the ticks that completed.
    int frame(double real_seconds);
    /// The last system failure that stopped the game (cleared by the next play()).
    [[nodiscard]] const std::optional<system_failure>& last_failure() const noexcept {
        return last_failure_;
    }
    /// "Keep after Stop": what is marked while playing, what Stop found to offer.
    [[nodiscard]] play_keeps& keeps() noexcept { return keeps_; }
    /// This Play's recording, rewind and replays.
    [[nodiscard]] editor::timeline& timeline() noexcept { return timeline_; }
    [[nodiscard]] const editor::timeline& timeline() const noexcept { return timeline_; }
    /// The edit-time scene while playing (Save writes it), else null.
    [[nodiscard]] mosaic::scene* snapshot() noexcept { return snapshot_ ? &*snapshot_ : nullptr; }

    /// Another scene is in place (opened, new): editing, no snapshot, no recording, no
    /// replay; kept changes not yet answered are dropped (with a warning).
    void reset();
    /// The editor closes: what holds the module's components goes first.
    void forget() noexcept;

private:
    void stop_after_failure(const system_failure& failure);
    /// Moves the game's GameLog warnings to the console.
    void show_game_log();

    sources from_;
    hooks hooks_;
    play_state mode_ = play_state::editing;
    bool mirrored_ = false;
    std::optional<mosaic::scene> snapshot_;
    play_keeps keeps_;
    std::vector<system_setting> systems_before_play_;
    std::vector<entity> selection_before_play_;
    std::optional<system_failure> last_failure_;
    editor::timeline timeline_;  // reads mode_
};

}  // namespace mosaic::editor
