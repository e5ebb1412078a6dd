#pragma once
// replay_session: an opened replay file playing in the editor (File > Open Replay). It sits
// in front of the recording as the game's tick observer: before each tick the replay covers,
// it writes the recorded input into the world (and loads a "replace" checkpoint's state,
// which the recording then keeps as an edit); past the replay's end the live input plays on.

#include <optional>

#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/replay/replay_observers.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>

namespace mosaic::editor {

class replay_session final : public tick_observer {
public:
    explicit replay_session(mosaic::replay r) : replay_(std::move(r)) { restart(); }
    replay_session(const replay_session&) = delete;
    replay_session& operator=(const replay_session&) = delete;

    [[nodiscard]] const mosaic::replay& data() const noexcept { return replay_; }
    /// Who records the ticks after this has set their input (null: nobody).
    void feed(mosaic::recording* next) noexcept { next_ = next; }
    /// The game is past the replay's last tick (the live input plays).
    [[nodiscard]] bool finished(game& g) const { return player_->finished(g); }
    /// From the replay's first tick again (a new Play of it).
    void restart() { player_.emplace(replay_); }

    void before_tick(game& g) override {
        const std::uint64_t tick = g.systems().ticks();
        const bool replaces = has_replace_at(tick);
        player_->before_tick(g);
        if (next_ == nullptr) return;
        if (replaces) next_->edited(g);  // a state the recording did not run into
        next_->before_tick(g);
    }
    void after_tick(game& g) override {
        player_->after_tick(g);
        if (next_) next_->after_tick(g);
    }

private:
    [[nodiscard]] bool has_replace_at(std::uint64_t tick) const noexcept {
        for (const replay_checkpoint& c : replay_.checkpoints)
            if (c.tick == tick && c.kind == checkpoint_kind::replace) return true;
        return false;
    }

    // The player points into replay_ (never moved: the session is not copyable).
    mosaic::replay replay_;
    std::optional<replay_player> player_;
    mosaic::recording* next_ = nullptr;
};

}  // namespace mosaic::editor
