#pragma once
// fixed_step_clock: turns real frame times into a whole number of fixed simulation ticks.
//
// The simulation always advances in ticks of the same length (1/60 s by default), so it
// behaves the same at 30 or 300 frames per second and runs are reproducible; rendering runs
// once per frame and shows the latest state (no interpolation). Real time, scaled by
// `time_scale`, accumulates; each frame runs as many ticks as fit. After a stall (a debugger
// break, loading a big scene) at most `max_ticks_per_frame` run and the rest of the backlog
// is dropped, so a slow frame cannot snowball into ever slower ones. With a tick budget
// (`max_tick_seconds`, the editor's), the ticks of one frame stop once they have taken that
// much wall time; the game then runs slower than real time instead of the frames getting
// slower (Unity's "Maximum Allowed Timestep" does the same), and `speed()` says how much.

#include <cstdint>

namespace mosaic {

struct fixed_step_options {
    double tick_rate = 60.0;      // ticks per second of game time
    int max_ticks_per_frame = 5;  // catch-up cap
    double time_scale = 1.0;      // 0.5: slow motion
    /// Wall seconds the ticks of one frame may take before the rest are dropped (at least
    /// one tick runs); 0: no limit.
    double max_tick_seconds = 0.0;
};

class fixed_step_clock {
public:
    explicit fixed_step_clock(fixed_step_options options = {}) noexcept;

    /// Seconds of game time one tick covers.
    [[nodiscard]] double tick_seconds() const noexcept { return 1.0 / options_.tick_rate; }
    [[nodiscard]] const fixed_step_options& options() const noexcept { return options_; }
    /// Non-positive or non-finite values are ignored (the old value stays).
    void set_tick_rate(double ticks_per_second) noexcept;
    void set_time_scale(double scale) noexcept;
    void set_max_ticks_per_frame(int ticks) noexcept;

    /// How many ticks to run for a frame that took `real_seconds`. Paused: 0, except one
    /// tick after step(). Negative or absurd frame times count as zero.
    [[nodiscard]] int advance(double real_seconds) noexcept;

    void pause() noexcept { paused_ = true; }
    void resume() noexcept { paused_ = false; }
    [[nodiscard]] bool paused() const noexcept { return paused_; }
    /// While paused: the next advance() runs exactly one tick.
    void step() noexcept { step_requested_ = true; }

    /// Ticks run since construction or reset().
    [[nodiscard]] std::uint64_t ticks() const noexcept { return ticks_; }
    /// Game time in seconds (ticks * tick_seconds()).
    [[nodiscard]] double game_seconds() const noexcept { return game_seconds_; }
    /// Ticks dropped by the catch-up cap or the tick budget since reset (a sign the machine
    /// cannot keep up).
    [[nodiscard]] std::uint64_t dropped_ticks() const noexcept { return dropped_; }
    /// Gives back `ticks` of those advance() last returned, unrun (the tick budget ran out):
    /// they count as dropped.
    void drop(int ticks) noexcept;
    void set_max_tick_seconds(double seconds) noexcept;
    /// Ticks run over ticks due, over the last whole second or so of due ticks: 1 when the
    /// game keeps up with (scaled) real time, 0.5 when half were dropped.
    [[nodiscard]] double speed() const noexcept { return speed_; }
    /// Puts the tick count and game time back to those of an earlier moment (a recording
    /// seeking to a past tick); the accumulated frame time is forgotten.
    void restore_ticks(std::uint64_t ticks, double game_seconds) noexcept {
        ticks_ = ticks;
        game_seconds_ = game_seconds;
        accumulator_ = 0.0;
    }
    /// Forgets the accumulated time and the counters.
    void reset() noexcept;

private:
    void count_speed(double due, double run) noexcept;

    fixed_step_options options_;
    double accumulator_ = 0.0;
    double game_seconds_ = 0.0;
    std::uint64_t ticks_ = 0;
    std::uint64_t dropped_ = 0;
    double speed_ = 1.0;
    double window_due_ = 0.0;  // ticks due and ticks run in the current speed window
    double window_run_ = 0.0;
    bool window_completed_ = false;
    bool paused_ = false;
    bool step_requested_ = false;
};

}  // namespace mosaic
