#include "play_control.hpp"

#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>

#include "console_log.hpp"
#include "document.hpp"
#include "replay_session.hpp"

namespace mosaic::editor {

play_control::play_control(sources from, hooks wired)
    : from_(from),
      hooks_(std::move(wired)),
      timeline_({from.project, from.game, from.documents, from.log, mode_}) {}

void play_control::play() {
    mosaic::game& game = *from_.game;
    if (mode_ == play_state::paused) {
        timeline_.truncate();  // from a past tick: the future goes
        mode_ = play_state::playing;
        game.clock().resume();
        return;
    }
    if (mode_ == play_state::playing) return;
    if (hooks_.refusal) {
        if (const std::string why = hooks_.refusal(); !why.empty()) {
            from_.log.warning("play: " + why);
            return;
        }
    }
    keeps_.clear();  // marks are per Play; an unanswered Stop dialog is answered "no"
    // The systems' flags are remembered apart from the scene, so the snapshot is the scene
    // exactly as it was.
    mosaic::scene flags;
    flags.capture_systems(game.systems());
    systems_before_play_ = std::move(flags.systems);
    const selection& selected = from_.documents.back().selection();
    selection_before_play_.assign(selected.items().begin(), selected.items().end());
    if (hooks_.before_play) hooks_.before_play();  // the scene's values, not previewed ones
    snapshot_ = game.current().clone();
    // A scene made in the editor may have got its first Animator or Tilemap after it started
    // (an Untitled scene): the first tick gives it caches on the project folder.
    if (hooks_.project_folder) {
        if (const auto folder = hooks_.project_folder(); game.project_folder() != folder)
            game.set_project_folder(folder);
    }
    game.sync_settings();
    game.clock().reset();
    game.clock().resume();
    // Every Play starts at tick 0, with interval systems' waits fresh, as `mosaic-run` starts
    // the same scene: systems (ctx.tick()), the timeline, the recording and replays agree.
    game.systems().restore(scheduler_state{0, std::vector<double>(game.systems().size())});
    mode_ = play_state::playing;
    last_failure_.reset();
    from_.log.info("play");
    if (hooks_.on_play) hooks_.on_play();  // before the first tick: the recovery file
    if (replay_session* replay = timeline_.opened_replay()) {
        // An opened replay plays from its first tick each Play (Stop put its world back).
        scheduler_state at_start = game.systems().state();
        at_start.tick = replay->data().initial.tick;
        game.systems().restore(at_start);
        replay->restart();
    }
    timeline_.start();
}

void play_control::play_mirrored() {
    if (playing()) return;
    play();
    if (!playing()) return;  // refused
    mirrored_ = true;
    from_.game->clock().pause();  // nothing ticks here
    timeline_.drop();             // the recording is the game's own, in its process
}

void play_control::pause() {
    if (mode_ != play_state::playing) return;
    mode_ = play_state::paused;
    from_.game->clock().pause();
}

void play_control::step() {
    if (mode_ == play_state::editing) play();
    pause();
    timeline_.truncate();  // from a past tick: the future goes
    from_.game->clock().step();
}

bool play_control::step_back() {
    if (mode_ == play_state::playing) pause();
    return timeline_.step_back();
}

bool play_control::step_forward() {
    if (mode_ == play_state::editing) return false;
    if (mode_ == play_state::playing) pause();
    if (timeline_.has_future()) return timeline_.seek(timeline_.recording()->current_tick() + 1);
    step();  // at the end of the recording: a new tick, recorded
    return true;
}

void play_control::stop() {
    if (mode_ == play_state::editing || !snapshot_) return;
    mirrored_ = false;
    mosaic::game& game = *from_.game;
    // What the user chose to keep is read from the played scene before it goes.
    timeline_.drop();
    keeps_.collect(game.current(), *snapshot_, game.table());
    for (const std::string& line : keeps_.pending().problems) from_.log.warning("keep: " + line);
    // The snapshot is the edit-time scene exactly: same entity handles, ids and values, so
    // the selection (entity handles) stays valid.
    game.current() = std::move(*snapshot_);
    snapshot_.reset();
    mosaic::scene flags;
    flags.systems = systems_before_play_;
    flags.apply_systems(game.systems());
    game.clock().resume();
    game.clock().reset();
    mode_ = play_state::editing;
    // Entities selected while playing stay selected if they existed before Play; otherwise the
    // selection from before Play comes back.
    selection& selected = from_.documents.back().selection();
    selected.prune(game.world());
    if (selected.empty()) {
        selected.set(selection_before_play_);
        selected.prune(game.world());
    }
    if (hooks_.after_stop) hooks_.after_stop();
    from_.log.info("stop");
}

int play_control::frame(double real_seconds) {
    if (mode_ == play_state::editing) return 0;
    if (mirrored_) {
        from_.documents.back().selection().prune(from_.game->world());  // the game's deaths
        return 0;
    }
    mosaic::game& game = *from_.game;
    // Read only after a failure: the analyzer does not follow the throw into the catch.
    // NOLINTNEXTLINE(clang-analyzer-deadcode.DeadStores)
    const std::uint64_t before = game.systems().ticks();
    try {
        const int ticks = game.frame(real_seconds);
        // Idle while paused: the ticks before this one get ready for Step Back.
        if (ticks == 0 && mode_ == play_state::paused) timeline_.prepare();
        show_game_log();
        from_.documents.back().selection().prune(game.world());  // play may destroy them
        return ticks;
    } catch (const system_error& e) {
        show_game_log();  // what the game said before it failed, then the failure
        stop_after_failure(e.failure());
    }
    return static_cast<int>(game.systems().ticks() - before) - 1;  // the failed one counted
}

void play_control::show_game_log() {
    if (GameLog* game_log = from_.game->world().try_resource<GameLog>()) {
        for (std::string& line : game_log->take()) from_.log.warning(std::move(line));
    }
}

void play_control::stop_after_failure(const system_failure& failure) {
    // The world is as the failure left it (half a tick): the snapshot replaces it.
    stop();
    last_failure_ = failure;
    from_.log.error("game stopped: " + failure.to_string() + " (the scene is back as before Play)");
    from_.alerts.add("Game stopped", "Game stopped: system '" + failure.system +
                                         "' failed at tick " + std::to_string(failure.tick) + ": " +
                                         failure.message);
}

void play_control::reset() {
    mode_ = play_state::editing;
    mirrored_ = false;
    timeline_.set_replay(nullptr);  // an opened replay belongs to the scene it opened
    snapshot_.reset();
    if (keeps_.has_pending())
        from_.log.warning("the kept play-mode changes were dropped: another scene was opened");
    keeps_.clear();
}

void play_control::forget() noexcept {
    snapshot_.reset();
    timeline_.drop();
}

}  // namespace mosaic::editor
