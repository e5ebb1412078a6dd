#include "mosaic/ecs/scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>

#include "mosaic/ecs/running_system.hpp"
#include "mosaic/ecs/worker_pool.hpp"

namespace mosaic {

scheduler::scheduler(unsigned threads) : pool_(std::make_unique<worker_pool>(threads)) {}
scheduler::~scheduler() = default;

unsigned scheduler::threads() const noexcept {
    return pool_->threads();
}

system& scheduler::add(std::string name, system_function fn) {
    if (!MOSAIC_CHECK(find(name) == nullptr,
                      "scheduler::add: a system named '" + name + "' already exists")) {
        name += '#';  // appended separately: GCC 12 -O3 gives a false -Wrestrict otherwise
        name += std::to_string(systems_.size());
    }
    systems_.push_back(std::make_unique<system>(std::move(name), std::move(fn)));
    return *systems_.back();
}

namespace {
// The system named `name` among `systems` (one body for find() and find() const).
template <class Systems>
auto* named(Systems& systems, std::string_view name) noexcept {
    const auto it = std::find_if(systems.begin(), systems.end(),
                                 [&](const auto& s) { return s->name() == name; });
    return it == systems.end() ? nullptr : it->get();
}
}  // namespace

system* scheduler::find(std::string_view name) noexcept {
    return named(systems_, name);
}
const system* scheduler::find(std::string_view name) const noexcept {
    return named(systems_, name);
}

bool scheduler::remove(std::string_view name) {
    const auto it = std::find_if(systems_.begin(), systems_.end(),
                                 [&](const auto& s) { return s->name() == name; });
    if (it == systems_.end()) return false;
    systems_.erase(it);
    return true;
}

void scheduler::clear() noexcept {
    systems_.clear();
}

void scheduler::set_threads(unsigned threads) {
    if (threads == 0) threads = 1;
    if (threads != pool_->threads()) pool_ = std::make_unique<worker_pool>(threads);
}

std::vector<system*> scheduler::ordered_mutable() const {
    std::vector<system*> result;
    order_into(result);
    return result;
}

void scheduler::order_into(std::vector<system*>& out) const {
    // A stable insertion sort by (phase, order): registration order breaks ties. It
    // allocates nothing once `out` has room, which matters because every tick orders the
    // systems again (their phase and order may have changed since the last tick).
    out.clear();
    for (const auto& s : systems_) {
        system* const added = s.get();
        out.push_back(added);
        std::size_t i = out.size() - 1;
        for (; i > 0; --i) {
            const system* before = out[i - 1];
            const bool after_it = before->in() < added->in() || (before->in() == added->in() &&
                                                                 before->order() <= added->order());
            if (after_it) break;
            out[i] = out[i - 1];
        }
        out[i] = added;
    }
}

std::vector<const system*> scheduler::ordered() const {
    const auto list = ordered_mutable();
    return {list.begin(), list.end()};
}

std::vector<int> scheduler::assign_waves(const std::vector<due_system>& due) {
    std::vector<int> wave;
    assign_waves(due, wave);
    return wave;
}

void scheduler::assign_waves(const std::vector<due_system>& due, std::vector<int>& wave) {
    wave.assign(due.size(), 0);
    for (std::size_t j = 0; j < due.size(); ++j) {
        for (std::size_t i = 0; i < j; ++i) {
            if (due[j].sys->conflicts_with(*due[i].sys)) wave[j] = std::max(wave[j], wave[i] + 1);
        }
    }
}

std::vector<std::pair<const system*, int>> scheduler::waves(phase p) const {
    std::vector<due_system> due;
    for (system* s : ordered_mutable()) {
        if (s->in() == p) due.push_back({s, 0.0});
    }
    const std::vector<int> wave = assign_waves(due);
    std::vector<std::pair<const system*, int>> result;
    for (std::size_t i = 0; i < due.size(); ++i) result.emplace_back(due[i].sys, wave[i]);
    return result;
}

std::optional<scheduler::failed_run> scheduler::run_one(world& w, const due_system& due) {
    system_context context(w, *due.sys, due.dt, tick_);
    // The clock is read only when timing is kept: two reads cost about as much as the rest
    // of a small system's dispatch.
    const auto start =
        profiling_ ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    std::optional<failed_run> failure;
    try {
        // A failed check inside the system throws (check_error) instead of aborting the
        // process: it becomes this system's error.
        const check_scope checks;
        const detail::running_system_scope running(due.sys->name().c_str());  // crash reports
        due.sys->fn_(context);
    } catch (...) {
        failure = failed_run{describe_current_exception(), std::current_exception()};
    }
    if (profiling_) {
        const auto end = std::chrono::steady_clock::now();
        due.sys->record_time(std::chrono::duration<double, std::milli>(end - start).count());
    }
    return failure;
}

void scheduler::fail(const std::vector<due_system>& due, const system& failed, failed_run run) {
    // Half a phase's structural changes would leave the world in a state no ordering of the
    // systems produces: drop them all (the caller discards or restores the world anyway).
    for (const due_system& d : due) d.sys->commands_.clear();
    throw system_error(system_failure{failed.name(), std::move(run.message), tick_},
                       std::move(run.cause));
}

void scheduler::run_phase(world& w, phase p, double dt) {
    order_into(scratch_.ordered);
    run_ordered_phase(w, p, dt);
}

void scheduler::run_ordered_phase(world& w, phase p, double dt) {
    // The per-phase lists live in scratch_ and keep their capacity: a tick allocates
    // nothing once the first one has run (scheduler_tick in tests/bench/scheduler_bench.cpp).
    std::vector<due_system>& due = scratch_.due;
    due.clear();
    for (system* s : scratch_.ordered) {
        if (s->in() != p || !s->enabled()) continue;
        switch (s->every().type) {
            case rate::kind::every_tick:
                due.push_back({s, dt});
                break;
            case rate::kind::every_n_ticks:
                if (tick_ % s->every().ticks == 0) {
                    due.push_back({s, dt * s->every().ticks});
                }
                break;
            case rate::kind::interval:
                s->since_last_run_ += dt;
                if (s->since_last_run_ + 1e-9 >= s->every().seconds) {
                    due.push_back({s, s->since_last_run_});
                    s->since_last_run_ = 0.0;
                }
                break;
        }
    }
    if (due.empty()) return;

    // Pools of declared types exist before systems run, so parallel views never create one.
    for (const due_system& d : due) {
        for (const type_id type : d.sys->read_types()) w.assure(type);
        for (const type_id type : d.sys->write_types()) w.assure(type);
        // Made here, before any system runs: making one moves components around.
        for (const std::vector<type_id>& query : d.sys->query_types()) w.assure_group(query);
    }
    // Then the pools no group owns take the order of the pool each query walks, as views
    // outside the scheduler do on their own (world::order_followers).
    if (w.automatic_groups() != 0) {
        for (const due_system& d : due) {
            for (const std::vector<type_id>& query : d.sys->query_types()) {
                w.order_followers(query);
            }
        }
    }

    // Systems declare their queries: their views build no automatic group (and may run in
    // parallel, where building one would race).
    struct automatic_groups_paused {
        world& w;
        explicit automatic_groups_paused(world& paused) : w(paused) {
            w.pause_automatic_groups(true);
        }
        ~automatic_groups_paused() { w.pause_automatic_groups(false); }
        automatic_groups_paused(const automatic_groups_paused&) = delete;
        automatic_groups_paused& operator=(const automatic_groups_paused&) = delete;
    } paused{w};
    std::vector<int>& wave = scratch_.waves;
    assign_waves(due, wave);
    const int last_wave = *std::max_element(wave.begin(), wave.end());
    std::vector<std::size_t>& batch = scratch_.batch;
    // One slot per system of the wave: each thread writes only its own.
    std::vector<std::optional<failed_run>>& failures = scratch_.failures;
    for (int k = 0; k <= last_wave; ++k) {
        batch.clear();
        for (std::size_t i = 0; i < due.size(); ++i) {
            if (wave[i] == k) batch.push_back(i);
        }
        failures.assign(batch.size(), std::nullopt);
        // Two pointers captured: std::function keeps them without allocating.
        pool_->run(batch.size(), [this, &w](std::size_t i) {
            scratch_.failures[i] = run_one(w, scratch_.due[scratch_.batch[i]]);
        });
        // The first failure in system order, whichever thread saw it first.
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (failures[i]) fail(due, *due[batch[i]].sys, std::move(*failures[i]));
        }
    }

    // Sync point: structural changes land in system order. A check that fails while applying
    // a system's commands (a stale handle it recorded) is that system's error.
    for (const due_system& d : due) {
        try {
            const check_scope checks;
            d.sys->commands_.apply(w);
        } catch (...) {
            fail(due, *d.sys,
                 {"applying its commands: " + describe_current_exception(),
                  std::current_exception()});
        }
    }
}

scheduler_state scheduler::state() const {
    scheduler_state s{tick_, {}};
    s.waited.reserve(systems_.size());
    for (const std::unique_ptr<system>& sys : systems_) s.waited.push_back(sys->since_last_run_);
    return s;
}

void scheduler::restore(const scheduler_state& s) noexcept {
    tick_ = s.tick;
    const std::size_t n = std::min(s.waited.size(), systems_.size());
    for (std::size_t i = 0; i < n; ++i) systems_[i]->since_last_run_ = s.waited[i];
}

void scheduler::tick(world& w, double dt) {
    // A failed tick counts too: the next one is a new tick number (a system that fails on
    // a given tick does not fail again at once, and every_n_ticks rates keep their rhythm).
    struct count_on_exit {
        std::uint64_t& tick;
        ~count_on_exit() { ++tick; }
    } count{tick_};
    order_into(scratch_.ordered);
    for (std::size_t p = 0; p < phase_count; ++p) run_ordered_phase(w, static_cast<phase>(p), dt);
}

namespace {
std::string type_list(const std::vector<type_id>& types) {
    std::string text;
    for (const type_id type : types) {
        const type_info* info = find_type(type);
        if (!text.empty()) text += ",";
        text += info ? std::string(info->name) : "?";
    }
    return text.empty() ? "-" : text;
}
}  // namespace

std::string scheduler::profile_table() const {
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "%-24s %-11s %3s %8s %9s %9s %9s  %s\n", "system", "phase",
                  "on", "calls", "last ms", "mean ms", "max ms", "reads | writes");
    out += line;
    for (const system* s : ordered()) {
        const system_timing t = s->timing();
        // Names and type lists have no length limit: only the fixed-width columns go
        // through the buffer.
        std::string name = s->name();
        if (name.size() < 24) name.resize(24, ' ');
        std::snprintf(line, sizeof line, " %-11s %3s %8llu %9.3f %9.3f %9.3f  ",
                      std::string(to_string(s->in())).c_str(), s->enabled() ? "yes" : "no",
                      static_cast<unsigned long long>(t.calls), t.last_ms, t.mean_ms, t.max_ms);
        out += name;
        out += line;
        out += type_list(s->read_types());
        out += " | ";
        out += s->is_exclusive() ? "(exclusive)" : type_list(s->write_types());
        out += '\n';
    }
    return out;
}

void scheduler::print_profile(std::ostream& out) const {
    out << profile_table();
}

}  // namespace mosaic
