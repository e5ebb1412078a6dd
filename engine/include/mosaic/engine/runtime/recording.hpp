#pragma once
// recording: the ticks of a playing game, kept so that any of them can be looked at again
// exactly (the editor's rewind: scrub, step back, field history). Attached as the game's
// tick_observer, it keeps
//   - per tick: the input it saw (tick_input), its dt, the clock's counters, and what it cost
//     (the whole tick and each system, in ms: the profiler's figures, a few floats);
//   - keyframes: the whole world (resources included, so the Random state too) with the
//     scheduler's state (tick count, interval waits), every keyframe_interval() ticks. A
//     keyframe is a world_snapshot: the pools that did not change since the keyframe before
//     (sprites, colliders...) are shared with it, only the changed ones are copied.
// seek() puts the game at any recorded tick: the nearest keyframe at or before it, then the
// recorded ticks run again with nobody observing. The engine is deterministic (the same world,
// input and dt give the same bytes), so that is the state the game had, byte for byte.
//
// "Tick t" is the state in which t ticks have run (g.systems().ticks() == t): the world
// tick t's systems start from, which tick t-1 left. first_tick()..last_tick() are recorded.
//
// Memory stays within a budget (default 1 GiB): when over it, the oldest keyframe goes, with
// the ticks only it could reach (the newest ticks are always kept). With the default options
// the keyframe interval follows the measured tick time (re-simulating one interval takes about
// resimulation_seconds) and grows when the budget could not otherwise hold keep_seconds.
// While paused, the states step_back() and prepare() re-simulated stay cached (two keyframe
// intervals, within the budget: the oldest history makes room), so stepping back is a copy.
//
//   mosaic::recording rec;
//   rec.attach(g);                        // a keyframe of the tick g is at; g's observer
//   while (playing) g.frame(dt);          // every tick recorded
//   rec.seek(g, rec.last_tick() - 60);    // one second back (60 ticks/s)
//   rec.truncate();                       // play on from here: the recorded future goes
//   rec.detach(g);

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/ecs/world_snapshot.hpp>

#include "game.hpp"
#include "tick_input.hpp"

namespace mosaic {

struct recording_options {
    static constexpr std::size_t default_budget = std::size_t{1} << 30;  // 1 GiB

    /// The most bytes the history (keyframes, ticks, cached states) may hold.
    std::size_t budget_bytes = default_budget;
    /// Ticks between keyframes; 0: chosen from the measured tick time and the budget.
    std::uint32_t keyframe_interval = 0;
    /// Automatic interval: re-simulating one interval takes about this long (the cost of a
    /// jump, and of the first step back into an interval).
    double resimulation_seconds = 0.05;
    /// Automatic interval: it grows so that at least this much play fits in the budget.
    double keep_seconds = 10.0;
};

/// What one recorded tick cost (measured while recording, not while re-simulating).
struct tick_profile {
    float tick_ms = 0.0f;  // the whole tick: systems and command buffers
    /// Per system of recording::system_names(), in ms; negative: it did not run that tick.
    std::vector<float> system_ms;
};

class recording final : public tick_observer {
public:
    explicit recording(recording_options options = {});
    recording(const recording&) = delete;
    recording& operator=(const recording&) = delete;

    // --- recording -------------------------------------------------------------------------
    /// Starts recording at the tick `g` is at (a keyframe of it) and becomes its observer.
    /// Forgets what an earlier attach recorded.
    void attach(game& g);
    /// Stops observing `g` (if it is still its observer); the history stays.
    void detach(game& g) noexcept;

    // --- what is recorded ------------------------------------------------------------------
    [[nodiscard]] std::uint64_t first_tick() const noexcept { return first_; }
    [[nodiscard]] std::uint64_t last_tick() const noexcept { return last_; }
    /// The tick the game is at: last_tick() while recording, the tick seek() went to after.
    [[nodiscard]] std::uint64_t current_tick() const noexcept { return current_; }
    [[nodiscard]] bool contains(std::uint64_t tick) const noexcept {
        return tick >= first_ && tick <= last_;
    }
    /// Game seconds of one tick (the recorded dt of the last tick, else the clock's).
    [[nodiscard]] double tick_seconds() const noexcept { return tick_seconds_; }
    [[nodiscard]] std::size_t keyframe_count() const noexcept { return keyframes_.size(); }
    /// Ticks between keyframes now (options().keyframe_interval, or the automatic choice).
    [[nodiscard]] std::uint32_t keyframe_interval() const noexcept { return interval_; }
    [[nodiscard]] const recording_options& options() const noexcept { return options_; }

    // --- memory ----------------------------------------------------------------------------
    /// Bytes held: keyframes, per-tick records and cached states.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return history_bytes_ + cache_bytes_;
    }
    [[nodiscard]] std::size_t budget() const noexcept { return options_.budget_bytes; }
    /// Drops the oldest history at once if it is now over the budget.
    void set_budget(std::size_t bytes);
    /// Seconds of play the budget holds at the current rate (bytes per recorded tick so far,
    /// or per keyframe interval before a whole one is recorded); 0 before anything is known.
    [[nodiscard]] double seconds_available() const noexcept;

    // --- going back ------------------------------------------------------------------------
    /// Puts `g` at recorded tick `tick` exactly (world, scheduler state, clock counters).
    /// False, with `g` untouched, when the tick is not recorded. Call it while `g` does not
    /// tick (paused); the observer is not told about the re-simulated ticks.
    bool seek(game& g, std::uint64_t tick);
    /// seek(current_tick() - 1), keeping the re-simulated states of that keyframe interval so
    /// that the next steps back (and forward) are copies. False at first_tick().
    bool step_back(game& g);
    /// seek(current_tick() + 1). False at last_tick().
    bool step_forward(game& g);
    /// Idle work while paused (call it once a frame): re-simulates one more tick of the
    /// keyframe interval before current_tick(), then of the interval before that, into the
    /// step-back cache, on a copy (the game's world is not touched; its scheduler's state is
    /// put back). After a few idle frames the next steps back are copies instead of
    /// re-simulations. The cache takes its room from the oldest history when the budget is
    /// full. False when there is nothing left to prepare.
    bool prepare(game& g);
    /// Play goes on from current_tick(): the recorded ticks after it are dropped. (Recording
    /// a tick from a past tick does this by itself.)
    void truncate();
    /// The world at current_tick() was changed (an edit while paused): that state becomes
    /// the keyframe of the tick and the recorded future goes.
    void edited(game& g);

    /// Calls `fn(tick, world)` with the state of `g` at each of `ticks` (ascending, all
    /// recorded), re-simulating on a copy; `g` is left exactly as it was (its world is not
    /// touched; its scheduler's state is put back). False when a tick is not recorded.
    bool visit(game& g, std::span<const std::uint64_t> ticks,
               const std::function<void(std::uint64_t, const world&)>& fn);

    // --- per tick --------------------------------------------------------------------------
    /// The input tick `tick` saw (first_tick() <= tick < last_tick()), or null.
    [[nodiscard]] const tick_input* input_at(std::uint64_t tick) const noexcept;
    /// What the tick that led to `tick` cost (tick - 1's run: what a profiler shows when
    /// paused at `tick`), for first_tick() < tick <= last_tick().
    [[nodiscard]] std::optional<tick_profile> profile_at(std::uint64_t tick) const;
    /// The systems tick_profile::system_ms is about, in the order they ran when attached.
    [[nodiscard]] const std::vector<std::string>& system_names() const noexcept {
        return system_names_;
    }

    // --- tick_observer ---------------------------------------------------------------------
    void before_tick(game& g) override;
    void after_tick(game& g) override;

private:
    struct keyframe {
        std::uint64_t tick = 0;
        world_snapshot world;  // shares unchanged pools with the keyframe before
        scheduler_state systems;
        std::uint64_t clock_ticks = 0;
        double clock_seconds = 0.0;
        std::size_t bytes = 0;
    };
    struct tick_record {
        double dt = 0.0;
        std::uint64_t clock_ticks = 0;  // the clock's counters after the tick
        double clock_seconds = 0.0;
        float tick_ms = 0.0f;
        std::uint32_t input = 0;  // inputs_[input - inputs_base_]
    };
    struct cached_state {
        std::uint64_t tick = 0;
        world_snapshot world;  // shares unchanged pools with the state before
        scheduler_state systems;
    };

    void restart(game& g);  // forgets everything; a keyframe of g's tick
    /// A keyframe of g at current_; `exact_clock`: g's clock counters are those of the tick
    /// (not inside a frame whose ticks the clock counted up front).
    void add_keyframe(game& g, bool exact_clock);
    void drop_after(std::uint64_t tick);  // every record of ticks >= tick, keyframes > tick
    void enforce_budget();
    [[nodiscard]] std::uint64_t kept_from() const;  // the oldest keyframe eviction keeps
    void choose_interval(std::size_t keyframe_bytes);
    void clear_cache() noexcept;
    [[nodiscard]] bool warm_for(const keyframe& k, std::uint64_t target) const noexcept;
    [[nodiscard]] const keyframe& keyframe_at_or_before(std::uint64_t tick) const;
    [[nodiscard]] const tick_record& record(std::uint64_t tick) const {
        return ticks_[tick - first_];
    }
    /// simulate(), keeping the state after each tick in the step-back cache (k: the keyframe
    /// the run started from; the cache shares pools with it).
    void simulate_caching(game& g, world& w, const keyframe& k, std::uint64_t from,
                          std::uint64_t to);
    /// Runs the recorded ticks [from, to) on `w` (the scheduler is at `from`'s state).
    void simulate(game& g, world& w, std::uint64_t from, std::uint64_t to,
                  const std::function<void(std::uint64_t)>& after_each = {});
    /// The clock's counters at `tick` (first_tick() < tick <= last_tick()).
    [[nodiscard]] std::pair<std::uint64_t, double> clock_at(std::uint64_t tick) const noexcept;
    /// Puts the clock's counters at what they were at `tick`.
    void restore_clock(game& g, std::uint64_t tick) const;
    /// Puts `g` at a cached state / a keyframe (world, scheduler, clock).
    void put(game& g, const world_snapshot& w, const scheduler_state& systems, std::uint64_t tick);
    [[nodiscard]] const cached_state* cached(std::uint64_t tick) const noexcept;
    [[nodiscard]] std::size_t record_bytes() const noexcept;

    recording_options options_;
    std::uint64_t first_ = 0;
    std::uint64_t last_ = 0;
    std::uint64_t current_ = 0;
    std::uint32_t interval_ = 1;
    double tick_seconds_ = 1.0 / 60.0;
    std::deque<keyframe> keyframes_;  // ascending ticks; front().tick == first_
    std::deque<tick_record> ticks_;   // ticks_[t - first_]: tick t's run, t < last_
    std::deque<tick_input> inputs_;   // distinct consecutive inputs
    std::uint64_t inputs_base_ = 0;   // number of inputs dropped from the front
    std::deque<float> system_ms_;     // a row of system_names_.size() per record
    std::vector<std::string> system_names_;
    std::vector<std::uint64_t> calls_before_;  // per system: calls before the pending tick
    tick_input pending_input_;
    std::uint64_t clock_base_ticks_ = 0;  // the clock's ticks at tick clock_base_tick_
    std::uint64_t clock_base_tick_ = 0;
    std::deque<cached_state> cache_;  // ticks of (at most) two intervals before current_
    // prepare()'s re-simulation in progress: the state of tick warm_tick_ (cache_ holds the
    // ticks after the keyframe up to it).
    std::optional<world> warm_world_;
    scheduler_state warm_systems_;
    std::uint64_t warm_tick_ = 0;
    std::size_t history_bytes_ = 0;
    std::size_t cache_bytes_ = 0;
    double mean_tick_seconds_ = 0.0;  // wall time, smoothed
    std::int64_t tick_started_ns_ = 0;
    std::uint64_t pending_tick_ = 0;
    bool pending_ = false;
};

}  // namespace mosaic
