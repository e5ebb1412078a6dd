#pragma once
// Recording and playing replays as tick observers (game::set_observer): what mosaic-run's
// --record / --replay / --verify do, and what the editor's Save Replay / Open Replay build on.
//
//   replay_recorder rec(g, origin_of(g, "battle.scene.json"), {.seed = 7});  // after g.start
//   g.set_observer(&rec);
//   for (...) g.tick();                     // (or g.frame(dt): ticks are what counts)
//   save_replay_file(rec.finish(g), "battle.mosaic-replay");
//
//   replay_player player(loaded_replay, {.verify = true});
//   auto problems = player.start(g);        // g: a fresh game with the project's code
//   g.set_observer(&player);
//   while (!player.finished(g) && !player.divergence()) g.tick();
//
// Both restart the game from a world_state (saved and loaded back), so the recording and
// every replay of it start from the same world, entity for entity.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../runtime/game.hpp"
#include "replay.hpp"

namespace mosaic {

/// The origin of a recording of `g`: its project's name and module version, this Mosaic.
[[nodiscard]] replay_origin origin_of(const game& g, std::string scene_name = {});

/// Makes `s` the state of `g`: restores its scene, game::start()s it and writes the
/// resources, and puts its scheduler at `s.tick`. Refused (an error, `g` untouched) when the
/// scene does not load. `where` labels errors.
std::vector<diagnostic> start_from_state(game& g, const world_state& s,
                                         const std::string& file_name = {},
                                         const std::string& where = "initial state");

struct replay_recorder_options {
    /// Ticks between two checkpoints (a hash of the state each).
    std::uint32_t checkpoint_every = 60;
    /// Bytes of checkpoint states kept (beyond it, checkpoints hold their hash only). A state
    /// is the binary scene plus ~1.5 KB: tiny_tanks ~2 KB, the 100k stress scene ~6 MB.
    std::uint64_t state_budget = std::uint64_t{256} << 20;
};

class replay_recorder final : public tick_observer {
public:
    /// Starts recording `g` from its state now (after game::start): captures it and restarts
    /// `g` from the captured state (start_from_state), so that a replay starts from the very
    /// same world. `settings.checkpoint_every` is taken from `options`.
    replay_recorder(game& g, replay_origin origin, replay_settings settings,
                    replay_recorder_options options = {});

    void before_tick(game& g) override;  // the tick's input
    void after_tick(game& g) override;   // every N ticks: a checkpoint

    /// What was recorded so far.
    [[nodiscard]] const replay& recording() const noexcept { return replay_; }
    /// Errors of the restart (none when the game's scene saves and loads).
    [[nodiscard]] const std::vector<diagnostic>& problems() const noexcept { return problems_; }
    /// The replay, with a last checkpoint at `g`'s tick unless there is one there.
    [[nodiscard]] replay finish(game& g);

private:
    void checkpoint(game& g);

    replay replay_;
    replay_recorder_options options_;
    std::uint64_t state_bytes_ = 0;
    std::vector<diagnostic> problems_;
};

/// Where a verified replay first differs from its recording. Ticks are numbered as systems
/// see them (system_context::tick(): the first tick is 0): the state after `tick` differs,
/// the state after `matched` (the checkpoint before) did not, so some tick in between did
/// something else.
struct replay_divergence {
    std::uint64_t tick = 0;
    std::optional<std::uint64_t> matched;  // none: no checkpoint before this one
    std::uint64_t recorded_hash = 0;
    std::uint64_t hash = 0;
    bool state_recorded = false;  // the checkpoint holds the state: `difference` says where
    std::optional<state_difference> difference;
    std::vector<diagnostic> problems;  // a recorded state that does not load

    /// "diverged by tick 100 (the state after tick 100 differs, after tick 59 it matched):
    /// entity 'Walker' (id 1), component Transform, field position: recorded [101,0], replay
    /// [102,0]" (the hashes instead when the checkpoint kept no state).
    [[nodiscard]] std::string to_string() const;
};

struct replay_options {
    bool verify = false;  // compare the state with every checkpoint's hash
};

class replay_player final : public tick_observer {
public:
    /// `r` must outlive the player.
    explicit replay_player(const replay& r, replay_options options = {});

    /// Restarts `g` (a game with the project's code, at tick 0 or the replay's start tick)
    /// from the replay's initial state. Errors when that fails.
    std::vector<diagnostic> start(game& g, const std::string& file_name = {});

    void before_tick(game& g) override;  // the recorded input; a replace checkpoint's state
    void after_tick(game& g) override;   // verify: the checkpoint's hash

    /// True once `g` has run every recorded tick.
    [[nodiscard]] bool finished(game& g) const {
        return g.systems().ticks() >= replay_->end_tick();
    }
    /// The first divergence found (verify only).
    [[nodiscard]] const std::optional<replay_divergence>& divergence() const noexcept {
        return divergence_;
    }
    /// Checkpoints compared so far.
    [[nodiscard]] std::size_t verified() const noexcept { return verified_; }
    /// Errors of a replace checkpoint whose state did not load (the game went on without).
    [[nodiscard]] const std::vector<diagnostic>& problems() const noexcept { return problems_; }

private:
    const replay* replay_;
    replay_options options_;
    std::size_t next_ = 0;  // the next checkpoint to look at
    std::size_t verified_ = 0;
    std::optional<std::uint64_t> matched_;  // the last checkpoint that matched
    std::optional<replay_divergence> divergence_;
    std::vector<diagnostic> problems_;
};

}  // namespace mosaic
