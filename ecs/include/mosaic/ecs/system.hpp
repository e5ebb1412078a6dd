#pragma once
// A system: behaviour that runs over the world every tick (or less often). What it reads and
// writes is said once, by the types it works on (a const type is read, any other written):
//
//   // per entity: the access comes from the component types
//   scheduler.each<Position, const Velocity>(
//       "movement", [](mosaic::system_context& ctx, Position& p, const Velocity& v) {
//           p.y += v.y * static_cast<float>(ctx.dt());
//       });
//
//   // the parameters say it all: a view of RigidBody (written), the Physics resource (read)
//   scheduler.add("gravity", [](mosaic::system_context& ctx, mosaic::view_t<RigidBody> bodies,
//                               const Physics& physics) {
//       const auto dt = static_cast<float>(ctx.dt());
//       bodies.each([&](RigidBody& body) { body.velocity += physics.gravity * dt; });
//   });
//
// A system that also looks up other entities' components (ctx.get / try_get) or is written
// as a plain `void(system_context&)` adds what it touches with .reads<T>() / .writes<T>().
//
// The access lets the scheduler run non-conflicting systems in parallel and lets the editor
// show who touches what. It is enforced in every build: touching a type the system did not
// declare fails the system (a system_error naming it and the type), never a silent race.

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
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
        (declare(type_id_of<T>(), access_read), ...);
        return *this;
    }
    template <class... T>
    system& writes() {
        (declare(type_id_of<T>(), access_write), ...);
        return *this;
    }
    /// Declares by the spelling views use: `access<Position, const Velocity>()` writes
    /// Position and reads Velocity.
    template <class... T>
    system& access() {
        (declare(type_id_of<std::remove_const_t<T>>(),
                 std::is_const_v<T> ? access_read : access_write),
         ...);
        return *this;
    }
    /// Declares a query the system runs on every call (a view over T...): before each
    /// phase the scheduler asks the world for a group over those types
    /// (world::assure_group), so the view walks packed, aligned arrays. scheduler::each and
    /// view_t parameters declare theirs; a plain `void(system_context&)` system may add its
    /// own. Declares no access (reads / writes / access do).
    template <class... T>
    system& queries() {
        if constexpr (sizeof...(T) > 1)
            queries_.push_back({type_id_of<std::remove_const_t<T>>()...});
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
    // Each setting reads back by the name that sets it: in(phase) / in(), every(rate) /
    // every(), enabled(bool) / enabled(), order(int) / order().
    [[nodiscard]] phase in() const noexcept { return phase_; }
    [[nodiscard]] int order() const noexcept { return order_; }
    [[nodiscard]] const rate& every() const noexcept { return rate_; }
    [[nodiscard]] bool enabled() const noexcept { return enabled_; }
    [[nodiscard]] bool is_exclusive() const noexcept { return exclusive_; }
    [[nodiscard]] const std::vector<type_id>& read_types() const noexcept { return reads_; }
    [[nodiscard]] const std::vector<type_id>& write_types() const noexcept { return writes_; }
    /// The queries declared with queries<T...>(), one type list each.
    [[nodiscard]] const std::vector<std::vector<type_id>>& query_types() const noexcept {
        return queries_;
    }
    [[nodiscard]] bool can_read(type_id type) const noexcept;
    [[nodiscard]] bool can_write(type_id type) const noexcept;
    /// True when the two may not run at the same time: one writes what the other reads or
    /// writes, or either is exclusive.
    [[nodiscard]] bool conflicts_with(const system& other) const noexcept;

    [[nodiscard]] system_timing timing() const noexcept;

private:
    friend class scheduler;
    friend class system_context;
    static constexpr std::uint8_t access_read = 1;
    static constexpr std::uint8_t access_write = 2;
    void declare(type_id type, std::uint8_t how);
    void record_time(double ms) noexcept;

    std::string name_;
    system_function fn_;
    std::vector<type_id> reads_;
    std::vector<type_id> writes_;
    std::vector<std::vector<type_id>> queries_;
    // access_read | access_write per type id: the check every component access makes, in
    // every build, must be O(1) (ctx.get runs per entity).
    std::vector<std::uint8_t> access_;
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
    /// The world's resource T (world::resource), which must exist before the tick:
    /// creating it here would be a structural change while other systems may run.
    /// resource<T> needs writes<T>; resource<const T> needs reads<T>.
    template <class T>
    [[nodiscard]] T& resource() {
        check_access<T>();
        using U = std::remove_const_t<T>;
        if (U* found = world_->try_resource<U>()) return *found;
        MOSAIC_CHECK(false, "system '" + self_->name() + "' needs the resource " +
                                std::string(type_name_of<U>()) +
                                ", which the world does not have: create it with "
                                "world.resource<" +
                                std::string(type_name_of<U>()) + ">() before ticking");
        thread_local U scratch{};
        scratch = U{};
        return scratch;
    }

    /// The whole world, unchecked: only for systems declared exclusive().
    [[nodiscard]] mosaic::world& world() {
        MOSAIC_CHECK(self_->is_exclusive(),
                     "system '" + self_->name() +
                         "' uses system_context::world() but is not declared "
                         "exclusive(): it may be running in parallel with others");
        return *world_;
    }

private:
    template <class T>
    void check_access() const {
        using U = std::remove_const_t<T>;
        if constexpr (std::is_const_v<T>) {
            MOSAIC_CHECK(self_->is_exclusive() || self_->can_read(type_id_of<U>()),
                         "system '" + self_->name() + "' reads " + std::string(type_name_of<U>()) +
                             " but does not declare it: add .reads<" +
                             std::string(type_name_of<U>()) + ">()");
        } else {
            MOSAIC_CHECK(self_->is_exclusive() || self_->can_write(type_id_of<U>()),
                         "system '" + self_->name() + "' writes " + std::string(type_name_of<U>()) +
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
