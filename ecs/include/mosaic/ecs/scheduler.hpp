#pragma once
// scheduler: runs systems phase by phase, in order, each at its rate, and times them.
//
// Within a phase, systems are ordered by (order, registration). They are grouped into
// waves: a system goes into the first wave after every earlier system it conflicts with, so
// two systems that touch the same component for writing always run in registration order,
// and systems that don't conflict run side by side on the worker pool. After the phase, the
// systems' command buffers are applied in system order (the sync point). The outcome is the
// same for any thread count.
//
// A failing system (it throws, fails a MOSAIC_CHECK, or applying its commands does) does not
// take the process down: the other systems of its wave finish, no later wave or phase runs,
// the command buffers of the failing phase are dropped unapplied (earlier phases' were
// applied at their sync points), and tick() throws a system_error naming the first failed
// system in system order (system_error.hpp). The failed tick counts in ticks(); the scheduler
// is ready for the next tick.
//
// Groups: before a phase runs, the scheduler asks the world for a group over each query its
// due systems declare (system::queries; scheduler::each and view_t parameters declare
// theirs), so their views iterate packed arrays (group.hpp). The first system to ask for a
// pool wins it; a query whose pools another, non-nesting group owns runs as a plain view.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "system.hpp"
#include "system_error.hpp"
#include "system_params.hpp"
#include "world.hpp"

namespace mosaic {

class worker_pool;  // worker_pool.hpp: <thread> and <condition_variable> stay out of here

/// What of a run lives in the scheduler rather than in the world: the tick count (every_n_ticks
/// rates, system_context::tick) and the time each interval system has waited. A world put back
/// to an earlier tick (a recording's keyframe) needs this back too to run on as it did.
struct scheduler_state {
    std::uint64_t tick = 0;
    std::vector<double> waited;  // seconds, per system in registration order
};

class scheduler {
public:
    /// `threads`: 1 runs everything on the calling thread.
    explicit scheduler(unsigned threads = 1);
    ~scheduler();
    scheduler(const scheduler&) = delete;
    scheduler& operator=(const scheduler&) = delete;

    /// Registers a system (update phase, order 0, every tick until told otherwise).
    /// Names are unique: a second system with a taken name fails a check and gets a
    /// numbered name.
    /// A plain `void(system_context&)` declares its access with .reads<T>() / .writes<T>().
    system& add(std::string name, system_function fn);
    /// A function whose parameters are views, resources and the context (system_params.hpp):
    /// its access is declared from them, so it cannot disagree with what the function uses.
    ///   s.add("gravity", [](view_t<RigidBody> bodies, const Physics& physics) { ... });
    template <class F>
    requires(!std::is_convertible_v<F, system_function>) system& add(std::string name, F fn) {
        using params = typename detail::callable_params<F>::type;
        system& added = add(std::move(name), system_function([fn](system_context& ctx) mutable {
                                detail::call_with_params(fn, ctx, params{});
                            }));
        detail::declare_params(added, params{});
        return added;
    }
    /// A system that runs `fn` for every entity with Get..., which it reads (const) or writes:
    ///   s.each<Transform, const Spin>("spin", [](system_context& ctx, Transform& t,
    ///                                            const Spin& s) { ... });
    /// `fn` takes (system_context&, entity, Get&...), (system_context&, Get&...),
    /// (entity, Get&...) or (Get&...).
    template <class... Get, class F>
    system& each(std::string name, F fn) {
        return add(std::move(name), system_function([fn](system_context& ctx) mutable {
                       auto matching = ctx.view<Get...>();
                       if constexpr (std::is_invocable_v<F&, system_context&, entity, Get&...>) {
                           matching.each([&](entity e, Get&... c) { fn(ctx, e, c...); });
                       } else if constexpr (std::is_invocable_v<F&, system_context&, Get&...>) {
                           matching.each([&](Get&... c) { fn(ctx, c...); });
                       } else {
                           static_assert(std::is_invocable_v<F&, entity, Get&...> ||
                                             std::is_invocable_v<F&, Get&...>,
                                         "scheduler::each: the function must take "
                                         "([system_context&,] [entity,] Get&...)");
                           matching.each(fn);
                       }
                   }))
            .template access<Get...>()
            .template queries<Get...>();
    }
    [[nodiscard]] system* find(std::string_view name) noexcept;
    [[nodiscard]] const system* find(std::string_view name) const noexcept;
    bool remove(std::string_view name);
    /// Removes every system; the tick count stays (a game whose code is replaced goes on
    /// from the same tick, and rates like every_n_ticks keep their phase).
    void clear() noexcept;
    [[nodiscard]] std::size_t size() const noexcept { return systems_.size(); }

    void set_threads(unsigned threads);
    [[nodiscard]] unsigned threads() const noexcept;

    /// Runs one tick of `dt` seconds: every phase, then applies command buffers. Throws
    /// system_error when a system fails (see above).
    void tick(world& w, double dt);
    /// Runs one phase only (the editor renders without simulating). Throws system_error.
    void run_phase(world& w, phase p, double dt);
    /// Ticks run so far.
    [[nodiscard]] std::uint64_t ticks() const noexcept { return tick_; }
    /// The tick count and the interval systems' waits, to put back with restore().
    [[nodiscard]] scheduler_state state() const;
    /// Puts back what state() returned (systems registered since keep their waits).
    void restore(const scheduler_state& s) noexcept;

    /// The systems in the order they run.
    [[nodiscard]] std::vector<const system*> ordered() const;
    /// Which wave each system of `p` would run in if all were due (for tools and tests).
    [[nodiscard]] std::vector<std::pair<const system*, int>> waves(phase p) const;

    /// Whether runs are timed into each system's timing() (on by default). Off while ticks
    /// that the game already played run again (a recording's re-simulation), so that the
    /// statistics are those of the play.
    void set_profiling(bool on) noexcept { profiling_ = on; }
    [[nodiscard]] bool profiling() const noexcept { return profiling_; }

    /// A table of every system's timing, phase, rate and declared access.
    [[nodiscard]] std::string profile_table() const;
    void print_profile(std::ostream& out) const;

private:
    struct due_system {
        system* sys;
        double dt;
    };
    std::vector<system*> ordered_mutable() const;
    /// The systems in the order they run, into `out` (its capacity reused).
    void order_into(std::vector<system*>& out) const;
    /// run_phase over scratch_.ordered, which the caller filled.
    void run_ordered_phase(world& w, phase p, double dt);
    struct failed_run {
        std::string message;
        std::exception_ptr cause;
    };
    static std::vector<int> assign_waves(const std::vector<due_system>& due);
    static void assign_waves(const std::vector<due_system>& due, std::vector<int>& wave);
    /// Runs one system; an exception or failed check comes back as a failed_run.
    std::optional<failed_run> run_one(world& w, const due_system& due);
    /// Drops the phase's command buffers and throws the failure of `failed`.
    [[noreturn]] void fail(const std::vector<due_system>& due, const system& failed,
                           failed_run run);

    std::vector<std::unique_ptr<system>> systems_;  // registration order
    // What a tick works with, kept between ticks so that their capacity is reused: a tick
    // of a few systems over few entities would otherwise spend more time allocating these
    // than running the systems.
    struct tick_scratch {
        std::vector<system*> ordered;
        std::vector<due_system> due;
        std::vector<int> waves;
        std::vector<std::size_t> batch;
        std::vector<std::optional<failed_run>> failures;
    };
    tick_scratch scratch_;
    std::unique_ptr<worker_pool> pool_;
    std::uint64_t tick_ = 0;
    bool profiling_ = true;
};

}  // namespace mosaic
