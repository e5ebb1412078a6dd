// recording: sections
//   1. attaching, recording ticks (the observer)
//   2. keyframes, the interval, the budget
//   3. seeking, stepping, re-simulating
//   4. per-tick queries
#include "mosaic/engine/runtime/recording.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "mosaic/engine/input.hpp"

namespace mosaic {

namespace {
std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
std::size_t state_bytes(const world_snapshot& w, const scheduler_state& s) {
    return w.own_bytes() + s.waited.capacity() * sizeof(double);
}
// Re-simulating on a copy moves the game's scheduler along: this puts its state back.
class scheduler_put_back {
public:
    explicit scheduler_put_back(scheduler& s) : scheduler_(s), state_(s.state()) {}
    scheduler_put_back(const scheduler_put_back&) = delete;
    scheduler_put_back& operator=(const scheduler_put_back&) = delete;
    ~scheduler_put_back() { scheduler_.restore(state_); }

private:
    scheduler& scheduler_;
    scheduler_state state_;
};
}  // namespace

recording::recording(recording_options options) : options_(options) {
    interval_ = options_.keyframe_interval > 0 ? options_.keyframe_interval : 8;
}

// --- 1. attaching, recording ticks --------------------------------------------------------------

void recording::attach(game& g) {
    restart(g);
    g.set_observer(this);
}

void recording::detach(game& g) noexcept {
    if (g.observer() == this) g.set_observer(nullptr);
    pending_ = false;
}

void recording::restart(game& g) {
    keyframes_.clear();
    ticks_.clear();
    inputs_.clear();
    inputs_base_ = 0;
    system_ms_.clear();
    clear_all_states();
    history_bytes_ = 0;
    pending_ = false;
    first_ = last_ = current_ = g.systems().ticks();
    tick_seconds_ = g.clock().tick_seconds();
    clock_base_tick_ = first_;
    clock_base_ticks_ = g.clock().ticks();
    system_names_.clear();
    for (const system* sys : g.systems().ordered()) system_names_.push_back(sys->name());
    calls_before_.assign(system_names_.size(), 0);
    add_keyframe(g, true);
}

void recording::before_tick(game& g) {
    const std::uint64_t t = g.systems().ticks();
    if (t == current_ && t < last_) {
        truncate();  // play from a past tick: the recorded future goes
    } else if (t != last_ || current_ != last_) {
        restart(g);  // ticks ran unrecorded: start again from here
    }
    const Input* input = g.world().try_resource<Input>();
    pending_input_ = input ? tick_input::of(*input) : tick_input{};
    for (std::size_t k = 0; k < system_names_.size(); ++k) {
        const system* sys = g.systems().find(system_names_[k]);
        calls_before_[k] = sys ? sys->timing().calls : 0;
    }
    pending_tick_ = t;
    pending_ = true;
    tick_started_ns_ = now_ns();
}

void recording::after_tick(game& g) {
    const std::int64_t elapsed_ns = now_ns() - tick_started_ns_;
    if (!pending_ || g.systems().ticks() != pending_tick_ + 1) {
        pending_ = false;
        return;
    }
    pending_ = false;
    clear_cache();  // the cached states belong to a pause; their memory is history's now

    tick_record r;
    r.dt = g.clock().tick_seconds();
    r.clock_ticks = g.clock().ticks();
    r.clock_seconds = g.clock().game_seconds();
    r.tick_ms = static_cast<float>(static_cast<double>(elapsed_ns) * 1e-6);
    if (inputs_.empty() || inputs_.back() != pending_input_) {
        inputs_.push_back(pending_input_);
        history_bytes_ += sizeof(tick_input);
    }
    r.input = static_cast<std::uint32_t>(inputs_base_ + inputs_.size() - 1);
    ticks_.push_back(r);
    for (std::size_t k = 0; k < system_names_.size(); ++k) {
        const system* sys = g.systems().find(system_names_[k]);
        const bool ran = sys && sys->timing().calls > calls_before_[k];
        system_ms_.push_back(ran ? static_cast<float>(sys->timing().last_ms) : -1.0f);
    }
    history_bytes_ += record_bytes();
    last_ = current_ = pending_tick_ + 1;
    tick_seconds_ = r.dt;

    const double seconds = static_cast<double>(elapsed_ns) * 1e-9;
    mean_tick_seconds_ =
        mean_tick_seconds_ == 0.0 ? seconds : mean_tick_seconds_ * 0.9 + seconds * 0.1;
    if (last_ - keyframes_.back().tick >= interval_) add_keyframe(g, false);
    keep_halfway(g);
    enforce_budget();
}

void recording::keep_halfway(game& g) {
    if (keyframes_.size() >= 2) {  // the intervals before the newest two: none any more
        const std::uint64_t oldest = keyframes_[keyframes_.size() - 2].tick;
        std::erase_if(cache_, [&](const auto& entry) {
            if (entry.first >= oldest) return false;
            cache_bytes_ -= state_bytes(entry.second.world, entry.second.systems);
            return true;
        });
    }
    const keyframe& newest = keyframes_.back();
    // Below 3 ticks an interval is within step_ticks() without it.
    if (interval_ >= 3 && last_ - newest.tick == interval_ / 2)
        (void)cache_state(last_, g.world(), g.systems().state(), newest.world, true);
}

// --- 2. keyframes, the interval, the budget ----------------------------------------------------

void recording::add_keyframe(game& g, bool exact_clock) {
    keyframe k;
    k.tick = current_;
    k.world =
        world_snapshot::of(g.world(), keyframes_.empty() ? nullptr : &keyframes_.back().world);
    k.systems = g.systems().state();
    if (exact_clock) {
        k.clock_ticks = g.clock().ticks();
        k.clock_seconds = g.clock().game_seconds();
    } else {
        std::tie(k.clock_ticks, k.clock_seconds) = clock_at(current_);
    }
    k.bytes = sizeof(keyframe) + state_bytes(k.world, k.systems);
    history_bytes_ += k.bytes;
    choose_interval(k.bytes);
    keyframes_.push_back(std::move(k));
}

void recording::choose_interval(std::size_t keyframe_bytes) {
    if (options_.keyframe_interval > 0) {
        interval_ = options_.keyframe_interval;
        return;
    }
    if (mean_tick_seconds_ <= 0.0) return;  // nothing measured yet
    constexpr double most = 600.0;          // 10 s at 60 ticks/s
    const double by_time =
        std::clamp(std::floor(options_.resimulation_seconds / mean_tick_seconds_), 1.0, most);
    // keep_seconds of ticks and their keyframes must fit in the budget.
    const double keep_ticks = options_.keep_seconds / tick_seconds_;
    const double room = static_cast<double>(options_.budget_bytes) -
                        keep_ticks * static_cast<double>(record_bytes());
    const double by_memory =
        room > 0.0 ? std::ceil(keep_ticks * static_cast<double>(keyframe_bytes) / room) : most;
    interval_ = static_cast<std::uint32_t>(std::clamp(std::max(by_time, by_memory), 1.0, most));
}

std::uint64_t recording::kept_from() const {
    // The tick the game is at stays recorded; while states are cached for stepping back,
    // the interval it is in and the one before it (prepare() works there) stay too.
    if (cache_.empty()) return current_;
    const std::uint64_t here = keyframe_at_or_before(current_).tick;
    return here > first_ ? keyframe_at_or_before(here - 1).tick : here;
}

void recording::enforce_budget() {
    // The oldest history goes first, never the intervals at the tick the game is at (paused
    // back there, a smaller budget): the step-back cache only when nothing else can go.
    const std::uint64_t keep = keyframes_.empty() ? 0 : kept_from();
    while (memory_bytes() > options_.budget_bytes && keyframes_.size() > 1 &&
           keyframes_[1].tick <= keep) {
        history_bytes_ -= keyframes_.front().bytes;
        keyframes_.pop_front();
        // The pools the new oldest keyframe shared with the one gone are its own now.
        const std::size_t adopted = keyframes_.front().world.adopt_shared();
        keyframes_.front().bytes += adopted;
        history_bytes_ += adopted;
        const std::uint64_t first = keyframes_.front().tick;
        // States of the interval gone (they share pools with its keyframe) go with it.
        std::erase_if(cache_, [&](const auto& entry) {
            if (entry.first >= first) return false;
            cache_bytes_ -= state_bytes(entry.second.world, entry.second.systems);
            return true;
        });
        const std::size_t stride = system_names_.size();
        for (; first_ < first; ++first_) {
            ticks_.pop_front();
            system_ms_.erase(system_ms_.begin(),
                             system_ms_.begin() + static_cast<std::ptrdiff_t>(stride));
            history_bytes_ -= record_bytes();
        }
        // Inputs no record refers to any more.
        const std::uint64_t oldest =
            ticks_.empty() ? inputs_base_ + inputs_.size() - 1 : ticks_.front().input;
        while (inputs_base_ < oldest && !inputs_.empty()) {
            inputs_.pop_front();
            ++inputs_base_;
            history_bytes_ -= sizeof(tick_input);
        }
    }
    if (memory_bytes() > options_.budget_bytes) clear_cache();
    if (memory_bytes() > options_.budget_bytes) clear_all_states();
}

std::size_t recording::cache_budget() const noexcept {
    const auto share =
        static_cast<std::size_t>(static_cast<double>(history_bytes_) * options_.cache_share);
    return std::max(share, options_.cache_floor_bytes);
}

std::uint32_t recording::cache_stride() const noexcept {
    if (keyframes_.empty()) return 1;
    // A state copies the pools its tick changed: about what the newest keyframe added over
    // its interval (the first keyframe, the whole world: more). Two intervals are cached.
    const std::size_t per_state = std::max<std::size_t>(keyframes_.back().bytes, 1);
    const double dense = 2.0 * static_cast<double>(interval_) * static_cast<double>(per_state);
    const double stride =
        std::ceil(dense / static_cast<double>(std::max<std::size_t>(cache_budget(), 1)));
    return static_cast<std::uint32_t>(std::clamp(stride, 1.0, static_cast<double>(step_ticks())));
}

bool recording::on_cache_grid(std::uint64_t tick, std::uint32_t stride) const {
    return stride <= 1 || (tick - keyframe_at_or_before(tick).tick) % stride == 0;
}

void recording::set_budget(std::size_t bytes) {
    options_.budget_bytes = bytes;
    enforce_budget();
}

double recording::seconds_available() const noexcept {
    double per_tick = 0.0;
    if (last_ - first_ >= interval_) {
        per_tick = static_cast<double>(history_bytes_) / static_cast<double>(last_ - first_);
    } else if (!keyframes_.empty()) {
        per_tick = static_cast<double>(keyframes_.back().bytes) / interval_ +
                   static_cast<double>(record_bytes());
    }
    if (per_tick <= 0.0) return 0.0;
    return static_cast<double>(options_.budget_bytes) / per_tick * tick_seconds_;
}

std::size_t recording::record_bytes() const noexcept {
    return sizeof(tick_record) + system_names_.size() * sizeof(float);
}

void recording::drop_after(std::uint64_t tick) {
    while (keyframes_.size() > 1 && keyframes_.back().tick > tick) {
        history_bytes_ -= keyframes_.back().bytes;
        keyframes_.pop_back();
    }
    const std::size_t stride = system_names_.size();
    while (last_ > tick) {
        ticks_.pop_back();
        system_ms_.resize(system_ms_.size() - stride);
        history_bytes_ -= record_bytes();
        --last_;
    }
    const std::uint64_t newest = ticks_.empty() ? inputs_base_ : ticks_.back().input;
    while (!inputs_.empty() && inputs_base_ + inputs_.size() - 1 > newest) {
        inputs_.pop_back();
        history_bytes_ -= sizeof(tick_input);
    }
    std::erase_if(cache_, [&](const auto& entry) {
        if (entry.first <= tick) return false;
        cache_bytes_ -= state_bytes(entry.second.world, entry.second.systems);
        return true;
    });
}

void recording::truncate() {
    drop_after(current_);
}

void recording::edited(game& g) {
    drop_after(current_);
    clear_all_states();  // the halfway state of this tick too
    if (!keyframes_.empty() && keyframes_.back().tick == current_) {
        history_bytes_ -= keyframes_.back().bytes;
        keyframes_.pop_back();
    }
    add_keyframe(g, true);
    enforce_budget();
}

void recording::clear_cache() noexcept {
    drop_cached(0, last_ + 1);
}

void recording::clear_all_states() noexcept {
    cache_.clear();
    cache_bytes_ = 0;
}

void recording::drop_cached(std::uint64_t from, std::uint64_t to) noexcept {
    for (auto it = cache_.lower_bound(from); it != cache_.end() && it->first < to;) {
        if (it->second.halfway) {
            ++it;
            continue;
        }
        cache_bytes_ -= state_bytes(it->second.world, it->second.systems);
        it = cache_.erase(it);
    }
}

void recording::trim_cache() {
    // Stepping back from current_ needs its interval and the one before; stepping forward
    // re-simulates a tick at most.
    const std::uint64_t from = kept_from();
    drop_cached(0, from);
    const auto next =
        std::upper_bound(keyframes_.begin(), keyframes_.end(), current_,
                         [](std::uint64_t t, const keyframe& k) { return t < k.tick; });
    if (next != keyframes_.end()) drop_cached(next->tick, last_ + 1);
}

// --- 3. seeking, stepping, re-simulating -------------------------------------------------------

const recording::keyframe& recording::keyframe_at_or_before(std::uint64_t tick) const {
    auto after = std::upper_bound(keyframes_.begin(), keyframes_.end(), tick,
                                  [](std::uint64_t t, const keyframe& k) { return t < k.tick; });
    if (after == keyframes_.begin()) throw std::logic_error("recording: no keyframe before tick");
    return *std::prev(after);
}

recording::stored_state recording::stored_at_or_before(std::uint64_t tick) const {
    const keyframe& k = keyframe_at_or_before(tick);
    stored_state newest{k.tick, &k.world, &k.systems};
    const auto after = cache_.upper_bound(tick);
    if (after != cache_.begin()) {
        const auto& [at, state] = *std::prev(after);
        if (at > k.tick) newest = {at, &state.world, &state.systems};
    }
    return newest;
}

std::pair<std::uint64_t, double> recording::clock_at(std::uint64_t tick) const noexcept {
    // The clock counts a frame's ticks before they run: the counters recorded after a tick
    // may be ahead by the ticks still due in its frame, never behind. Counting one per tick
    // from where recording started is exact unless ticks ran without the clock (tick()
    // called directly), when the recorded counters are. The smaller is right either way.
    const tick_record& r = record(tick - 1);
    const std::uint64_t counted = clock_base_ticks_ + (tick - clock_base_tick_);
    const std::uint64_t ticks = std::min(r.clock_ticks, counted);
    const double seconds = r.clock_seconds - static_cast<double>(r.clock_ticks - ticks) * r.dt;
    return {ticks, seconds};
}

void recording::restore_clock(game& g, std::uint64_t tick) const {
    if (tick > first_) {
        const auto [ticks, seconds] = clock_at(tick);
        g.clock().restore_ticks(ticks, seconds);
    } else {
        g.clock().restore_ticks(keyframes_.front().clock_ticks, keyframes_.front().clock_seconds);
    }
}

void recording::put(game& g, const stored_state& state) {
    g.current().world = state.world->restore();
    g.systems().restore(*state.systems);
    restore_clock(g, state.tick);
    current_ = state.tick;
}

void recording::simulate(game& g, world& w, std::uint64_t from, std::uint64_t to,
                         const std::function<void(std::uint64_t)>& after_each) {
    scheduler& systems = g.systems();
    struct profiling_back {
        scheduler& s;
        bool on;
        ~profiling_back() { s.set_profiling(on); }
    } guard{systems, systems.profiling()};
    systems.set_profiling(false);  // the profiler's figures are the play's, not these
    for (std::uint64_t t = from; t < to; ++t) {
        const tick_record& r = record(t);
        if (Input* input = w.try_resource<Input>())
            inputs_[r.input - inputs_base_].apply_to(*input);
        systems.tick(w, r.dt);
        if (after_each) after_each(t + 1);
    }
}

const world_snapshot* recording::cache_state(std::uint64_t tick, const world& w,
                                             const scheduler_state& systems,
                                             const world_snapshot& before, bool halfway) {
    if (const auto known = cache_.find(tick); known != cache_.end()) return &known->second.world;
    cached_state state{world_snapshot::of(w, &before), systems, halfway};
    const std::size_t bytes = state_bytes(state.world, state.systems);
    // The halfway states (two at most) are the recording's; the others fit in the cache's
    // own budget or are not kept (the step back re-simulates from the state below).
    if (!halfway && cache_bytes_ + bytes > cache_budget()) return nullptr;
    cache_bytes_ += bytes;
    cache_.emplace(tick, std::move(state));
    enforce_budget();  // the oldest history makes room, else the cache goes
    const auto kept = cache_.find(tick);
    return kept == cache_.end() ? nullptr : &kept->second.world;
}

void recording::resimulate(game& g, world& w, const stored_state& from, std::uint64_t to,
                           bool cache_last) {
    const world_snapshot* before = from.world;
    const std::uint32_t stride = cache_stride();
    simulate(g, w, from.tick, to, [&](std::uint64_t t) {
        const bool wanted = t < to ? on_cache_grid(t, stride) : cache_last;
        if (before && wanted) before = cache_state(t, w, g.systems().state(), *before);
    });
}

void recording::prepare_up_to(game& g, std::uint64_t tick) {
    const scheduler_put_back guard(g.systems());
    const stored_state from = stored_at_or_before(tick);
    world w = from.world->restore();
    g.systems().restore(*from.systems);
    resimulate(g, w, from, tick);
}

std::optional<std::uint64_t> recording::land(game& g, std::uint64_t tick, bool cache_target) {
    if (!contains(tick) || keyframes_.empty()) return std::nullopt;
    if (tick == current_ && g.systems().ticks() == tick) return 0;
    const stored_state from = stored_at_or_before(tick);
    if (from.tick == tick) {
        put(g, from);
        return 0;
    }
    // The game is at that state already: it goes on from its world.
    const bool on_the_way = from.tick == current_ && g.systems().ticks() == current_;
    current_ = tick;  // the budget keeps the intervals at the tick we go to
    trim_cache();     // the states of elsewhere leave room in the cache's budget first
    if (on_the_way) {
        resimulate(g, g.world(), from, tick, cache_target);
    } else {
        world w = from.world->restore();
        g.systems().restore(*from.systems);
        resimulate(g, w, from, tick, cache_target);
        g.current().world = std::move(w);
    }
    restore_clock(g, tick);
    return tick - from.tick;
}

bool recording::seek(game& g, std::uint64_t tick) {
    if (!land(g, tick)) return false;
    trim_cache();
    prepare_before_keyframe(g, due_before_keyframe());
    return true;
}

bool recording::step_back(game& g) {
    if (current_ <= first_) return false;
    // The state stepped to is not cached: the steps after go below it (a step forward
    // re-simulates from the state before it).
    const std::uint64_t ran = land(g, current_ - 1, false).value_or(0);
    trim_cache();
    const std::uint64_t share = step_ticks();
    prepare_before_keyframe(g, std::min(due_before_keyframe(), share > ran ? share - ran : 0));
    return true;
}

std::uint64_t recording::due_before_keyframe() const {
    const std::uint64_t k = keyframe_at_or_before(current_).tick;
    if (k <= first_) return 0;  // nothing before it
    const std::uint64_t share = step_ticks();
    // The step back across k re-simulates from the newest state before it.
    const std::uint64_t crossing = k - 1 - stored_at_or_before(k - 1).tick;
    // Each step before it (landing on current_ - 1 ... k) whose landing is a copy prepares a
    // tick (so that the work spreads over the steps: none does more than step_ticks()). A
    // landing caches the states from where it started.
    std::uint64_t later = 0;
    std::uint64_t ready_from = current_;  // the steps so far left every tick >= it stored
    for (std::uint64_t t = current_; t-- > k;) {
        std::uint64_t landing = 0;
        if (t < ready_from) {
            ready_from = stored_at_or_before(t).tick;
            landing = t - ready_from;
        }
        if (landing == 0) ++later;
    }
    return crossing > share + later ? crossing - share - later : 0;
}

void recording::prepare_before_keyframe(game& g, std::uint64_t ticks) {
    if (ticks == 0) return;
    const std::uint64_t k = keyframe_at_or_before(current_).tick;
    if (k <= first_) return;
    const std::uint64_t from = stored_at_or_before(k - 1).tick;
    prepare_up_to(g, std::min(from + ticks, k - 1));
}

std::optional<std::uint64_t> recording::next_to_prepare() const {
    if (current_ <= first_) return std::nullopt;
    std::uint64_t top = current_ - 1;
    const std::uint32_t stride = cache_stride();
    for (int interval = 0; interval < 2; ++interval) {
        const std::uint64_t k = keyframe_at_or_before(top).tick;
        for (std::uint64_t t = k + stride; t <= top; t += stride)
            if (!cache_.contains(t)) return t;
        if (k <= first_) break;
        top = k - 1;
    }
    return std::nullopt;
}

bool recording::prepare(game& g) {
    if (keyframes_.empty()) return false;
    const std::optional<std::uint64_t> tick = next_to_prepare();
    if (!tick) return false;
    prepare_up_to(g, *tick);
    return cache_.contains(*tick);  // false: no room, step back re-simulates
}

bool recording::step_forward(game& g) {
    if (current_ >= last_) return false;
    return seek(g, current_ + 1);
}

bool recording::visit(game& g, std::span<const std::uint64_t> ticks,
                      const std::function<void(std::uint64_t, const world&)>& fn) {
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        if (!contains(ticks[i]) || (i > 0 && ticks[i] < ticks[i - 1])) return false;
    }
    const scheduler_put_back guard(g.systems());
    std::optional<world> w;
    std::uint64_t at = 0;
    for (const std::uint64_t t : ticks) {
        const keyframe& k = keyframe_at_or_before(t);
        if (!w || at > t || k.tick > at) {
            w = k.world.restore();
            g.systems().restore(k.systems);
            at = k.tick;
        }
        simulate(g, *w, at, t);
        at = t;
        fn(t, *w);
    }
    return true;
}

// --- 4. per-tick queries -----------------------------------------------------------------------

const tick_input* recording::input_at(std::uint64_t tick) const noexcept {
    if (tick < first_ || tick >= last_) return nullptr;
    return &inputs_[record(tick).input - inputs_base_];
}

std::optional<tick_profile> recording::profile_at(std::uint64_t tick) const {
    if (tick <= first_ || tick > last_) return std::nullopt;
    const std::size_t row = tick - 1 - first_;
    const std::size_t stride = system_names_.size();
    tick_profile p;
    p.tick_ms = ticks_[row].tick_ms;
    const auto row_begin = system_ms_.begin() + static_cast<std::ptrdiff_t>(row * stride);
    p.system_ms.assign(row_begin, row_begin + static_cast<std::ptrdiff_t>(stride));
    return p;
}

}  // namespace mosaic
