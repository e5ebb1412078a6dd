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
// The step-back cache has a budget of its own, cache_budget(): cache_share (half) of the
// history's bytes, at least cache_floor_bytes (6 MiB). When caching every state of two
// intervals would not fit in it (an estimate: a state costs about what the newest keyframe
// added), only every cache_stride()-th state of an interval is cached (counted from its
// keyframe, at most step_ticks() apart), plus the state a move or a preparation ended on; a
// state that does not fit at all is not cached. So memory after a seek stays under the
// history plus max(cache_share x history, cache_floor_bytes) (Tiny Tanks' battle, 30 s at a
// 240-tick interval: 7.9 MiB recorded, 85.5 MiB after one seek before this budget; see
// tests/projects/tiny_tanks_rewind_test.cpp). A step back re-simulates at most step_ticks()
// while the cache holds its grid (a copy when it holds every state); only when even every
// step_ticks()-th state does not fit does a step go back further, to the state below it.
//
// Stepping back never re-simulates more than step_ticks() (about half an interval):
//   - while recording, the state halfway through each of the newest two intervals is kept too,
//     so the first step back after a pause starts at most half an interval away;
//   - a move (seek, step) re-simulates from the nearest state it has (keyframe, halfway
//     state or cached state) and caches the states on the way, so the next steps back inside
//     that interval are copies;
//   - the only long way is across a keyframe into an interval nobody prepared: each move
//     prepares that interval's first ticks early enough that the steps still to come
//     before the crossing (each within step_ticks()) leave at most step_ticks() to do on it.
//
//   mosaic::recording rec;
//   rec.attach(g);                        // a keyframe of the tick g is at; g's observer
//   while (playing) g.frame(dt);          // every tick recorded
//   rec.seek(g, rec.last_tick() - 60);    // one second back (60 ticks/s)
//   rec.truncate();                       // play on from here: the recorded future goes
//   rec.detach(g);

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
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
    /// The step-back cache (states re-simulated by seeks, steps and prepare()) holds at most
    /// this share of the history's bytes, or cache_floor_bytes when that is more: a seek
    /// never multiplies the memory a long recording holds.
    double cache_share = 0.5;
    std::size_t cache_floor_bytes = std::size_t{6} << 20;  // 6 MiB
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
    /// Bytes of cached states held (part of memory_bytes()).
    [[nodiscard]] std::size_t cache_bytes() const noexcept { return cache_bytes_; }
    /// The most bytes the step-back cache may hold: options().cache_share of the history,
    /// at least options().cache_floor_bytes.
    [[nodiscard]] std::size_t cache_budget() const noexcept;
    /// Every how many ticks of an interval (from its keyframe) a re-simulated state is cached:
    /// 1 while caching two whole intervals fits in cache_budget(), else more, at most
    /// step_ticks().
    [[nodiscard]] std::uint32_t cache_stride() const noexcept;
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
    /// that the next steps back (and forward) are copies; it re-simulates at most
    /// step_ticks() ticks (on its way, and ahead for the steps after it). False at
    /// first_tick().
    bool step_back(game& g);
    /// The most ticks one step back re-simulates: half a keyframe interval (at least 1).
    [[nodiscard]] std::uint32_t step_ticks() const noexcept {
        return std::max<std::uint32_t>(1, (interval_ - 1) / 2);
    }
    /// seek(current_tick() + 1). False at last_tick().
    bool step_forward(game& g);
    /// Idle work while paused (call it once a frame): re-simulates one more tick of the
    /// keyframe interval before current_tick(), then of the interval before that, into the
    /// step-back cache, on a copy (the game's world is not touched; its scheduler's state is
    /// put back). After a few idle frames the next steps back are copies instead of
    /// re-simulations. The cache takes its room from the oldest history when the budget is
    /// full. False when there is nothing left to prepare. Seeks and steps prepare what they
    /// must by themselves (see step_ticks()); this only makes them copies sooner.
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
        world_snapshot world;  // shares unchanged pools with the state before it (same interval)
        scheduler_state systems;
        /// Kept while recording (halfway through one of the newest intervals): play going on
        /// does not drop it, the next intervals do.
        bool halfway = false;
    };
    /// A state to re-simulate from: a keyframe's or a cached one.
    struct stored_state {
        std::uint64_t tick = 0;
        const world_snapshot* world = nullptr;
        const scheduler_state* systems = nullptr;
    };

    void restart(game& g);  // forgets everything; a keyframe of g's tick
    /// A keyframe of g at current_; `exact_clock`: g's clock counters are those of the tick
    /// (not inside a frame whose ticks the clock counted up front).
    void add_keyframe(game& g, bool exact_clock);
    /// While recording: keeps the state halfway through the newest interval, drops those of
    /// the intervals before the newest two.
    void keep_halfway(game& g);
    void drop_after(std::uint64_t tick);  // every record of ticks >= tick, keyframes > tick
    void enforce_budget();
    [[nodiscard]] std::uint64_t kept_from() const;  // the oldest keyframe eviction keeps
    void choose_interval(std::size_t keyframe_bytes);
    /// Drops the cached states of a pause (not the halfway states) / all of them.
    void clear_cache() noexcept;
    void clear_all_states() noexcept;
    /// Drops the cached states (not the halfway ones) of ticks in [from, to).
    void drop_cached(std::uint64_t from, std::uint64_t to) noexcept;
    /// Keeps only the cached states of the intervals stepping back from current_ needs.
    void trim_cache();
    [[nodiscard]] const keyframe& keyframe_at_or_before(std::uint64_t tick) const;
    /// True when the state of `tick` is one cache_stride() keeps.
    [[nodiscard]] bool on_cache_grid(std::uint64_t tick, std::uint32_t stride) const;
    /// The newest keyframe or cached state at or before `tick`.
    [[nodiscard]] stored_state stored_at_or_before(std::uint64_t tick) const;
    [[nodiscard]] const tick_record& record(std::uint64_t tick) const {
        return ticks_[tick - first_];
    }
    /// Caches the state `w` of tick `tick` (sharing pools with `before`, the state it was
    /// re-simulated from); the oldest history makes room. Null when there was no room (the
    /// budget, or cache_budget() for a state that is not a halfway one).
    const world_snapshot* cache_state(std::uint64_t tick, const world& w,
                                      const scheduler_state& systems, const world_snapshot& before,
                                      bool halfway = false);
    /// Runs `w` (at the state `from`, as is g's scheduler) on to tick `to`, caching the
    /// states on the way every cache_stride() ticks (while there is room; `to`'s too with
    /// `cache_last`).
    void resimulate(game& g, world& w, const stored_state& from, std::uint64_t to,
                    bool cache_last = true);
    /// The state of `tick` re-simulated into the cache from the newest stored state before
    /// it, on a copy (g's world untouched, its scheduler put back).
    void prepare_up_to(game& g, std::uint64_t tick);
    /// Runs the recorded ticks [from, to) on `w` (the scheduler is at `from`'s state), with
    /// the scheduler's profiling off: the systems' statistics stay those of the play.
    void simulate(game& g, world& w, std::uint64_t from, std::uint64_t to,
                  const std::function<void(std::uint64_t)>& after_each = {});
    /// Puts `g` at `tick`; returns the ticks re-simulated, or nothing when not recorded.
    /// `cache_target`: the state of `tick` is cached too when re-simulated.
    std::optional<std::uint64_t> land(game& g, std::uint64_t tick, bool cache_target = true);
    /// Ticks to prepare now, before the keyframe at or before current_, so that stepping
    /// back to it and across it stays within step_ticks() a step.
    [[nodiscard]] std::uint64_t due_before_keyframe() const;
    /// Re-simulates up to `ticks` ticks of the interval before the keyframe at or before
    /// current_, from its newest stored state on (on a copy, g's scheduler put back).
    void prepare_before_keyframe(game& g, std::uint64_t ticks);
    /// The lowest tick prepare() would do next (the interval of current_ - 1, then the
    /// one before it), or nothing.
    [[nodiscard]] std::optional<std::uint64_t> next_to_prepare() const;
    /// The clock's counters at `tick` (first_tick() < tick <= last_tick()).
    [[nodiscard]] std::pair<std::uint64_t, double> clock_at(std::uint64_t tick) const noexcept;
    /// Puts the clock's counters at what they were at `tick`.
    void restore_clock(game& g, std::uint64_t tick) const;
    /// Puts `g` at a stored state (world, scheduler, clock).
    void put(game& g, const stored_state& state);
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
    // By tick: the halfway states of the newest two intervals, and while paused the states
    // re-simulated in (mostly) the two intervals before current_.
    std::map<std::uint64_t, cached_state> cache_;
    std::size_t history_bytes_ = 0;
    std::size_t cache_bytes_ = 0;
    double mean_tick_seconds_ = 0.0;  // wall time, smoothed
    std::int64_t tick_started_ns_ = 0;
    std::uint64_t pending_tick_ = 0;
    bool pending_ = false;
};

}  // namespace mosaic
