#pragma once
// A system: behaviour that runs over the world every tick (or less often), with the
// components it reads and writes declared where it is registered:
//
//   scheduler.add("movement", [](mosaic::system_context& ctx) {
//       ctx.view<Position, const Velocity>().each([&](Position& p, const Velocity& v) {
//           p.x += v.x * ctx.dt();
//       });
//   }).reads<Velocity>().writes<Position>().in(mosaic::phase::update).order(10);
//
// The declarations let the scheduler run non-conflicting systems in parallel, let the editor
// show who touches what, and, in debug builds, catch a system that touches a component it
// did not declare.

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "command_buffer.hpp"
#include "type_id.hpp"
#include "world.hpp"

namespace mosaic {

/// Phases run in this order every tick; command buffers are applied after each.
enum class phase : std::uint8_t { pre_update, update, post_update, render };
inline constexpr std::size_t phase_count = 4;
[[nodiscard]] std::string_view to_string(phase p) noexcept;

/// How often a system runs.
struct rate {
    enum class kind : std::uint8_t { every_tick, every_n_ticks, interval };
    kind type = kind::every_tick;
    std::uint32_t ticks = 1;  // for every_n_ticks
    double seconds = 0.0;     // for interval

    static constexpr rate every_tick() noexcept { return {}; }
    /// On ticks 0, n, 2n, ... (counted per scheduler).
    static constexpr rate every_n_ticks(std::uint32_t n) noexcept {
        return {kind::every_n_ticks, n == 0 ? 1 : n, 0.0};
    }
    /// When at least `s` seconds of simulated time have passed since it last ran; it then
    /// gets that whole elapsed time as its dt (an AI that thinks once a second).
    static constexpr rate interval(double s) noexcept { return {kind::interval, 1, s}; }
};

/// Timing of one system over a sliding window of its recent calls.
struct system_timing {
    double last_ms = 0.0;
    double mean_ms = 0.0;
    double max_ms = 0.0;
    std::uint64_t calls = 0;
};

class system_context;
using system_function = std::function<void(system_context&)>;

class system {
public:
    static constexpr std::size_t timing_window = 120;

    system(std::string name, system_function fn) : name_(std::move(name)), fn_(std::move(fn)) {}

    // --- declaration (chainable) ----------------------------------------------------------
    template <class... T>
    system& reads() {
        (add_unique(reads_, type_id_of<T>()), ...);
        return *this;
    }
    template <class... T>
    system& writes() {
        (add_unique(writes_, type_id_of<T>()), ...);
        return *this;
    }
    system& in(phase p) noexcept;
    system& order(int order) noexcept;
    system& every(rate r) noexcept;
    /// The system changes the world directly (creates pools, entities...): it runs alone,
    /// never in parallel with another, and may use system_context::world().
    system& exclusive() noexcept;
    system& enabled(bool on) noexcept;

    // --- what it is ---------------------------------------------------------------------
    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    [[nodiscard]] phase stage() const noexcept { return phase_; }
    [[nodiscard]] int order() const noexcept { return order_; }
    [[nodiscard]] const rate& schedule() const noexcept { return rate_; }
    [[nodiscard]] bool is_enabled() const noexcept { return enabled_; }
    [[nodiscard]] bool is_exclusive() const noexcept { return exclusive_; }
    [[nodiscard]] const std::vector<type_id>& read_types() const noexcept { return reads_; }
    [[nodiscard]] const std::vector<type_id>& write_types() const noexcept { return writes_; }
    [[nodiscard]] bool can_read(type_id type) const noexcept;
    [[nodiscard]] bool can_write(type_id type) const noexcept;
    /// True when the two may not run at the same time: one writes what the other reads or
    /// writes, or either is exclusive.
    [[nodiscard]] bool conflicts_with(const system& other) const noexcept;

    [[nodiscard]] system_timing timing() const noexcept;

private:
    friend class scheduler;
    friend class system_context;
    static void add_unique(std::vector<type_id>& list, type_id type) {
        if (std::find(list.begin(), list.end(), type) == list.end()) list.push_back(type);
    }
    void record_time(double ms) noexcept;

    std::string name_;
    system_function fn_;
    std::vector<type_id> reads_;
    std::vector<type_id> writes_;
    phase phase_ = phase::update;
    int order_ = 0;
    rate rate_{};
    bool enabled_ = true;
    bool exclusive_ = false;

    // Run-time state, owned by the scheduler.
    double since_last_run_ = 0.0;
    command_buffer commands_;
    std::array<double, timing_window> samples_{};
    std::uint64_t calls_ = 0;
};

/// What a running system sees: checked access to the world, its command buffer and time.
class system_context {
public:
    system_context(mosaic::world& w, system& self, double dt, std::uint64_t tick) noexcept
        : world_(&w), self_(&self), dt_(dt), tick_(tick) {}

    /// Seconds of simulated time this run covers (the tick's dt, or the time since the
    /// last run for interval systems).
    [[nodiscard]] double dt() const noexcept { return dt_; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
    [[nodiscard]] const system& self() const noexcept { return *self_; }
    /// Structural changes, applied at the end of the phase.
    [[nodiscard]] command_buffer& commands() noexcept { return self_->commands_; }

    template <class... Get, class... Exclude>
    [[nodiscard]] auto view(exclude_t<Exclude...> ex = {}) {
        (check_access<Get>(), ...);
        return world_->view<Get...>(ex);
    }
    template <class... Get, class... Exclude>
    [[nodiscard]] auto view(exclude_t<Exclude...> ex, include_disabled_t with) {
        (check_access<Get>(), ...);
        return world_->view<Get...>(ex, with);
    }
    /// get<T> needs writes<T>; get<const T> needs reads<T> or writes<T>.
    template <class T>
    [[nodiscard]] T& get(entity e) {
        check_access<T>();
        return world_->get<std::remove_const_t<T>>(e);
    }
    template <class T>
    [[nodiscard]] T* try_get(entity e) {
        check_access<T>();
        return world_->try_get<std::remove_const_t<T>>(e);
    }
    template <class... T>
    [[nodiscard]] bool has(entity e) const noexcept {
        return world_->has<T...>(e);
    }
    [[nodiscard]] bool alive(entity e) const noexcept { return world_->alive(e); }
    /// The world's resource T (world::singleton), which must exist before the tick:
    /// creating it here would be a structural change while other systems may run.
    /// singleton<T> needs writes<T>; singleton<const T> needs reads<T>.
    template <class T>
    [[nodiscard]] T& singleton() {
        check_access<T>();
        using U = std::remove_const_t<T>;
        if (U* found = world_->try_singleton<U>()) return *found;
        MOSAIC_CHECK(false, "system '" + self_->name() + "' needs the resource " +
                                std::string(type_name_of<U>()) +
                                ", which the world does not have: create it with "
                                "world.singleton<" +
                                std::string(type_name_of<U>()) + ">() before ticking");
        thread_local U scratch{};
        scratch = U{};
        return scratch;
    }

    /// The whole world, unchecked: only for systems declared exclusive().
    [[nodiscard]] mosaic::world& world() {
        MOSAIC_DEBUG_CHECK(self_->is_exclusive(),
                           "system '" + self_->name() +
                               "' uses system_context::world() but is not declared "
                               "exclusive(): it may be running in parallel with others");
        return *world_;
    }

private:
    template <class T>
    void check_access() const {
        using U [[maybe_unused]] = std::remove_const_t<T>;  // unused when NDEBUG
        if constexpr (std::is_const_v<T>) {
            MOSAIC_DEBUG_CHECK(self_->is_exclusive() || self_->can_read(type_id_of<U>()),
                               "system '" + self_->name() + "' reads " +
                                   std::string(type_name_of<U>()) +
                                   " but does not declare it: add .reads<" +
                                   std::string(type_name_of<U>()) + ">()");
        } else {
            MOSAIC_DEBUG_CHECK(self_->is_exclusive() || self_->can_write(type_id_of<U>()),
                               "system '" + self_->name() + "' writes " +
                                   std::string(type_name_of<U>()) +
                                   " but does not declare it: add .writes<" +
                                   std::string(type_name_of<U>()) + ">() (or view it as const " +
                                   std::string(type_name_of<U>()) + " and declare reads)");
        }
    }

    mosaic::world* world_;
    system* self_;
    double dt_;
    std::uint64_t tick_;
};

}  // namespace mosaic
