// scheduler: phases, order, rates, sync points, waves, timing, profile, misuse, and the
// promise that the outcome does not depend on the thread count.
//
// Sections:
//   1. what runs when   phases, order, rates, enabling, run_phase
//   2. sync points      command buffers applied after each phase, in system order
//   3. waves            which systems may run side by side
//   4. timing, profile
//   5. misuse           duplicate names, undeclared access, exceptions (more in
//                       system_error_test.cpp)
//   6. determinism      one simulation on 1, 2 and 4 threads gives the same world

#include <gtest/gtest.h>

#include "test_components.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "mosaic/ecs/assert.hpp"
#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace scheduler_test {  // its own: the suite is built in batches (unity)
namespace {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
};
struct Velocity {
    float x = 0.0f;
    float y = 0.0f;
};
struct Health {
    int value = 100;
};
struct Log {};  // declared as written by systems that must run one after the other
struct Spawned {};
struct Value {
    int value = 0;
};

using mosaic_test::check_failed;  // shared with the other ecs tests
using mosaic_test::throwing_checks;

// Collects what systems did, from any thread.
class journal {
public:
    void write(std::string line) {
        std::lock_guard lock(mutex_);
        lines_.push_back(std::move(line));
    }
    std::vector<std::string> lines() {
        std::lock_guard lock(mutex_);
        return lines_;
    }

private:
    std::mutex mutex_;
    std::vector<std::string> lines_;
};

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

constexpr unsigned thread_counts[] = {1, 2, 4};

// --- 1. what runs when -------------------------------------------------------------------

TEST(Scheduler, PhasesRunInOrder) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        mosaic::scheduler s(threads);
        journal log;
        // Registered backwards, and none of them conflicts with another.
        s.add("render", [&](auto&) { log.write("render"); }).in(mosaic::phase::render);
        s.add("post", [&](auto&) { log.write("post"); }).in(mosaic::phase::post_update);
        s.add("update", [&](auto&) { log.write("update"); });
        s.add("pre", [&](auto&) { log.write("pre"); }).in(mosaic::phase::pre_update);
        s.tick(w, 0.1);
        s.tick(w, 0.1);
        EXPECT_EQ(log.lines(), (std::vector<std::string>{"pre", "update", "post", "render", "pre",
                                                         "update", "post", "render"}));
        EXPECT_EQ(s.ticks(), 2u);
    }
}

TEST(Scheduler, WithinAPhaseByOrderThenRegistration) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        mosaic::scheduler s(threads);
        journal log;
        auto entry = [&](const char* name) {
            return [&log, name](mosaic::system_context&) { log.write(name); };
        };
        s.add("late", entry("late")).writes<Log>().order(10);
        s.add("first", entry("first")).writes<Log>().order(-5);
        s.add("a", entry("a")).writes<Log>();
        s.add("b", entry("b")).writes<Log>();
        s.add("also_late", entry("also_late")).writes<Log>().order(10);
        s.add("pre", entry("pre")).writes<Log>().order(100).in(mosaic::phase::pre_update);
        s.tick(w, 0.0);
        const std::vector<std::string> expected = {"pre", "first", "a", "b", "late", "also_late"};
        EXPECT_EQ(log.lines(), expected);

        std::vector<std::string> ordered;
        for (const mosaic::system* sys : s.ordered()) ordered.push_back(sys->name());
        EXPECT_EQ(ordered, expected);
    }
}

// A tick reuses its lists from the last one (no allocation): what changed in between (an
// order, a phase, a system added or removed) must still be seen by the next tick.
TEST(Scheduler, ChangesBetweenTicksReorderTheNextTick) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        mosaic::scheduler s(threads);
        journal log;
        auto entry = [&](const char* name) {
            return [&log, name](mosaic::system_context&) { log.write(name); };
        };
        s.add("a", entry("a")).writes<Log>();
        s.add("b", entry("b")).writes<Log>();
        s.add("c", entry("c")).writes<Log>();
        s.tick(w, 0.0);
        EXPECT_EQ(log.lines(), (std::vector<std::string>{"a", "b", "c"}));

        s.find("c")->order(-1);
        s.find("a")->in(mosaic::phase::render);
        s.add("d", entry("d")).writes<Log>().order(-1);
        EXPECT_TRUE(s.remove("b"));
        s.tick(w, 0.0);
        EXPECT_EQ(log.lines(), (std::vector<std::string>{"a", "b", "c", "c", "d", "a"}));
    }
}

TEST(Scheduler, EveryTickEveryNTicksAndInterval) {
    mosaic::world w;
    mosaic::scheduler s;
    std::vector<std::uint64_t> every_tick;
    std::vector<std::uint64_t> every_third;
    std::vector<double> every_third_dt;
    std::vector<std::uint64_t> each_second;
    std::vector<double> each_second_dt;
    s.add("tick", [&](mosaic::system_context& ctx) { every_tick.push_back(ctx.tick()); });
    s.add("third", [&](mosaic::system_context& ctx) {
         every_third.push_back(ctx.tick());
         every_third_dt.push_back(ctx.dt());
     }).every(mosaic::rate::every_n_ticks(3));
    s.add("second", [&](mosaic::system_context& ctx) {
         each_second.push_back(ctx.tick());
         each_second_dt.push_back(ctx.dt());
     }).every(mosaic::rate::interval(1.0));

    for (int i = 0; i < 12; ++i) s.tick(w, 0.25);

    EXPECT_EQ(every_tick.size(), 12u);
    for (std::size_t i = 0; i < every_tick.size(); ++i) EXPECT_EQ(every_tick[i], i);
    EXPECT_EQ(every_third, (std::vector<std::uint64_t>{0, 3, 6, 9}));
    for (const double dt : every_third_dt) EXPECT_DOUBLE_EQ(dt, 0.75);
    EXPECT_EQ(each_second, (std::vector<std::uint64_t>{3, 7, 11}));
    for (const double dt : each_second_dt) EXPECT_NEAR(dt, 1.0, 1e-9);
}

TEST(Scheduler, IntervalAccumulatesUnevenSteps) {
    mosaic::world w;
    mosaic::scheduler s;
    std::vector<double> dts;
    s.add("ai", [&](mosaic::system_context& ctx) {
         dts.push_back(ctx.dt());
     }).every(mosaic::rate::interval(0.5));
    for (const double dt : {0.2, 0.2, 0.2, 0.4, 0.1, 0.6}) s.tick(w, dt);
    ASSERT_EQ(dts.size(), 3u);
    EXPECT_NEAR(dts[0], 0.6, 1e-9);
    EXPECT_NEAR(dts[1], 0.5, 1e-9);
    EXPECT_NEAR(dts[2], 0.6, 1e-9);
}

TEST(Scheduler, DisabledSystemsDoNotRunUntilReenabled) {
    mosaic::world w;
    mosaic::scheduler s;
    int calls = 0;
    s.add("sleepy", [&](auto&) { ++calls; }).enabled(false);
    s.tick(w, 0.1);
    s.tick(w, 0.1);
    EXPECT_EQ(calls, 0);
    mosaic::system* sys = s.find("sleepy");
    ASSERT_NE(sys, nullptr);
    EXPECT_EQ(sys->timing().calls, 0u);
    sys->enabled(true);
    s.tick(w, 0.1);
    EXPECT_EQ(calls, 1);
    sys->enabled(false);
    s.tick(w, 0.1);
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(sys->timing().calls, 1u);
}

TEST(Scheduler, RunPhaseRunsOnlyThatPhase) {
    mosaic::world w;
    mosaic::scheduler s;
    journal log;
    s.add("update", [&](auto&) { log.write("update"); });
    s.add("render", [&](mosaic::system_context& ctx) {
         log.write("render");
         (void)ctx.commands().create();
     }).in(mosaic::phase::render);
    s.run_phase(w, mosaic::phase::render, 0.016);
    EXPECT_EQ(log.lines(), std::vector<std::string>{"render"});
    EXPECT_EQ(s.ticks(), 0u) << "run_phase does not advance the tick count";
    EXPECT_EQ(w.size(), 1u) << "its command buffers are applied too";
}

TEST(Scheduler, FindRemoveAndSize) {
    mosaic::world w;
    mosaic::scheduler s;
    int calls = 0;
    s.add("a", [&](auto&) { ++calls; });
    s.add("b", [&](auto&) { calls += 10; });
    EXPECT_EQ(s.size(), 2u);
    EXPECT_NE(s.find("a"), nullptr);
    EXPECT_EQ(s.find("nope"), nullptr);
    EXPECT_TRUE(s.remove("b"));
    EXPECT_FALSE(s.remove("b"));
    EXPECT_EQ(s.size(), 1u);
    s.tick(w, 0.0);
    EXPECT_EQ(calls, 1);
}

TEST(Scheduler, SetThreadsKeepsWorking) {
    mosaic::world w;
    mosaic::scheduler s;
    EXPECT_EQ(s.threads(), 1u);
    int calls = 0;
    s.add("a", [&](auto&) { ++calls; }).writes<Log>();
    s.set_threads(3);
    EXPECT_EQ(s.threads(), 3u);
    s.tick(w, 0.0);
    s.set_threads(0);
    EXPECT_EQ(s.threads(), 1u);
    s.tick(w, 0.0);
    EXPECT_EQ(calls, 2);
}

// --- 2. sync points ----------------------------------------------------------------------

TEST(Scheduler, CommandsAreAppliedAfterEachPhase) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        mosaic::scheduler s(threads);
        std::vector<std::size_t> seen_by_spawner;
        std::vector<std::size_t> seen_later_in_update;
        std::vector<std::size_t> seen_in_post_update;
        s.add("spawner", [&](mosaic::system_context& ctx) {
             seen_by_spawner.push_back(ctx.view<const Spawned>().size_hint());
             ctx.commands().add<Spawned>(ctx.commands().create());
         }).reads<Spawned>();
        s.add("same_phase",
              [&](mosaic::system_context& ctx) {
                  seen_later_in_update.push_back(ctx.view<const Spawned>().size_hint());
              })
            .reads<Spawned>()
            .order(1);
        s.add("next_phase",
              [&](mosaic::system_context& ctx) {
                  seen_in_post_update.push_back(ctx.view<const Spawned>().size_hint());
              })
            .reads<Spawned>()
            .in(mosaic::phase::post_update);
        for (int i = 0; i < 3; ++i) s.tick(w, 0.0);
        EXPECT_EQ(seen_by_spawner, (std::vector<std::size_t>{0, 1, 2}));
        EXPECT_EQ(seen_later_in_update, (std::vector<std::size_t>{0, 1, 2}));
        EXPECT_EQ(seen_in_post_update, (std::vector<std::size_t>{1, 2, 3}));
    }
}

TEST(Scheduler, BuffersAreAppliedInSystemOrder) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        const mosaic::entity target = w.create();
        mosaic::scheduler s(threads);
        // None declares anything, so all may run at once; their buffers still land in order.
        for (int i = 0; i < 8; ++i) {
            s.add("writer" + std::to_string(i), [target, i](mosaic::system_context& ctx) {
                 ctx.commands().add_or_replace<Value>(target, i);
             }).order(i % 2 == 0 ? 0 : -1);  // odd ones first: 1 3 5 7 0 2 4 6
        }
        s.tick(w, 0.0);
        EXPECT_EQ(w.get<Value>(target).value, 6);
    }
}

// --- 3. waves ----------------------------------------------------------------------------

TEST(Scheduler, WavesSeparateConflictsAndIsolateExclusiveSystems) {
    mosaic::scheduler s;
    auto nothing = [](mosaic::system_context&) {};
    s.add("writes_pos", nothing).writes<Position>();
    s.add("reads_vel", nothing).reads<Velocity>();
    s.add("reads_pos", nothing).reads<Position>();
    s.add("writes_vel", nothing).writes<Velocity>();
    s.add("also_reads_vel", nothing).reads<Velocity>().order(-1);  // runs first
    s.add("alone", nothing).exclusive();
    s.add("writes_health", nothing).writes<Health>();
    s.add("reads_health", nothing).reads<Health>();
    s.add("elsewhere", nothing).writes<Position>().in(mosaic::phase::render);

    const auto waves = s.waves(mosaic::phase::update);
    ASSERT_EQ(waves.size(), 8u);
    std::vector<std::string> names;
    std::vector<int> numbers;
    for (const auto& [sys, wave] : waves) {
        names.push_back(sys->name());
        numbers.push_back(wave);
    }
    EXPECT_EQ(names,
              (std::vector<std::string>{"also_reads_vel", "writes_pos", "reads_vel", "reads_pos",
                                        "writes_vel", "alone", "writes_health", "reads_health"}));
    EXPECT_EQ(numbers, (std::vector<int>{0, 0, 0, 1, 1, 2, 3, 4}));

    // Any two systems of one wave do not conflict; the exclusive one is alone in its wave.
    for (const auto& [a, wave_a] : waves) {
        for (const auto& [b, wave_b] : waves) {
            if (a != b && wave_a == wave_b) {
                EXPECT_FALSE(a->conflicts_with(*b)) << a->name() << " / " << b->name();
            }
        }
    }
    const auto render = s.waves(mosaic::phase::render);
    ASSERT_EQ(render.size(), 1u);
    EXPECT_EQ(render[0].second, 0);
    EXPECT_TRUE(s.waves(mosaic::phase::pre_update).empty());
}

TEST(Scheduler, AWriterAndAReaderRunInRegistrationOrder) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        const mosaic::entity e = w.create();
        w.add<Position>(e, 0.0f, 0.0f);
        mosaic::scheduler s(threads);
        std::vector<float> read_before;
        std::vector<float> read_after;
        s.add("before", [&](mosaic::system_context& ctx) {
             read_before.push_back(ctx.get<const Position>(e).x);
         }).reads<Position>();
        s.add("writer", [&](mosaic::system_context& ctx) {
             ctx.get<Position>(e).x += 1.0f;
         }).writes<Position>();
        s.add("after", [&](mosaic::system_context& ctx) {
             read_after.push_back(ctx.get<const Position>(e).x);
         }).reads<Position>();
        for (int i = 0; i < 20; ++i) s.tick(w, 0.0);
        for (int i = 0; i < 20; ++i) {
            EXPECT_EQ(read_before[static_cast<std::size_t>(i)], static_cast<float>(i));
            EXPECT_EQ(read_after[static_cast<std::size_t>(i)], static_cast<float>(i + 1));
        }
    }
}

// --- 4. timing, profile ------------------------------------------------------------------

TEST(Scheduler, TimingCountsCallsAndStaysConsistent) {
    mosaic::world w;
    mosaic::scheduler s(2);
    s.add("busy", [](mosaic::system_context& ctx) {
        volatile double sink = 0.0;
        for (int i = 0; i < 1000; ++i) sink = sink + std::sqrt(static_cast<double>(i));
        (void)ctx;
    });
    s.add("rare", [](auto&) {}).every(mosaic::rate::every_n_ticks(4));
    for (int n = 1; n <= 150; ++n) {
        s.tick(w, 0.01);
        const mosaic::system_timing t = s.find("busy")->timing();
        ASSERT_EQ(t.calls, static_cast<std::uint64_t>(n));
        ASSERT_GE(t.last_ms, 0.0);
        ASSERT_GE(t.mean_ms, 0.0);
        ASSERT_GE(t.max_ms, t.mean_ms);
        ASSERT_GE(t.max_ms, t.last_ms);
        if (n == 1) {
            EXPECT_EQ(t.mean_ms, t.last_ms);
            EXPECT_EQ(t.max_ms, t.last_ms);
        }
    }
    EXPECT_EQ(s.find("rare")->timing().calls, 38u);  // ticks 0, 4, ..., 148
}

// The window holds the last 120 calls: a slow first call counts in max_ms for exactly 120
// calls. (sleep_for blocks at least as long as asked, so the first sample is >= 200 ms.)
TEST(Scheduler, TimingWindowIsTheLast120Calls) {
    static_assert(mosaic::system::timing_window == 120);
    mosaic::world w;
    mosaic::scheduler s;
    s.add("slow_start", [](mosaic::system_context& ctx) {
        if (ctx.tick() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    });
    s.tick(w, 0.0);
    const double first = s.find("slow_start")->timing().max_ms;
    EXPECT_GE(first, 200.0);
    for (int i = 1; i < 120; ++i) s.tick(w, 0.0);
    EXPECT_EQ(s.find("slow_start")->timing().max_ms, first) << "still in the window";
    s.tick(w, 0.0);
    EXPECT_LT(s.find("slow_start")->timing().max_ms, first) << "left the window";
    EXPECT_EQ(s.find("slow_start")->timing().calls, 121u);
}

// Profiling off (a recording re-running ticks the game already played): the systems run,
// their statistics stay those of the timed ticks.
TEST(Scheduler, UntimedTicksLeaveTheTimingAsItWas) {
    mosaic::world w;
    mosaic::scheduler s;
    int runs = 0;
    s.add("slow", [&](mosaic::system_context&) {
        ++runs;
        if (runs > 3) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    });
    for (int i = 0; i < 3; ++i) s.tick(w, 0.0);
    const mosaic::system_timing played = s.find("slow")->timing();
    EXPECT_TRUE(s.profiling());
    s.set_profiling(false);
    for (int i = 0; i < 2; ++i) s.tick(w, 0.0);
    EXPECT_EQ(runs, 5);
    const mosaic::system_timing after = s.find("slow")->timing();
    EXPECT_EQ(after.calls, played.calls);
    EXPECT_EQ(after.max_ms, played.max_ms);
    EXPECT_EQ(after.mean_ms, played.mean_ms);
    EXPECT_EQ(after.last_ms, played.last_ms);
    s.set_profiling(true);
    s.tick(w, 0.0);
    EXPECT_EQ(s.find("slow")->timing().calls, 4u);
    EXPECT_GE(s.find("slow")->timing().last_ms, 20.0);
}

// The profile row of the system named `name`, or "".
std::string row_of(const std::string& table, const std::string& name) {
    std::istringstream lines(table);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.compare(0, name.size() + 1, name + " ") == 0) return line;
    }
    return {};
}

TEST(Scheduler, ProfileTableListsEverySystemWithItsPhase) {
    mosaic::world w;
    mosaic::scheduler s;
    auto nothing = [](mosaic::system_context&) {};
    s.add("input", nothing).in(mosaic::phase::pre_update);
    s.add("movement", nothing).reads<Velocity>().writes<Position>();
    s.add("camera_follow", nothing).in(mosaic::phase::post_update);
    s.add("draw_sprites", nothing).in(mosaic::phase::render).reads<Position>();
    s.add("editor_tools", nothing).exclusive().enabled(false);
    s.tick(w, 0.016);
    const std::string table = s.profile_table();

    const std::pair<const char*, const char*> expected[] = {{"input", "pre_update"},
                                                            {"movement", "update"},
                                                            {"camera_follow", "post_update"},
                                                            {"draw_sprites", "render"},
                                                            {"editor_tools", "update"}};
    for (const auto& [name, phase] : expected) {
        const std::string row = row_of(table, name);
        ASSERT_FALSE(row.empty()) << name << " missing from\n" << table;
        EXPECT_TRUE(contains(row, phase)) << row;
    }
    EXPECT_TRUE(contains(row_of(table, "movement"), "Velocity")) << table;
    EXPECT_TRUE(contains(row_of(table, "movement"), "Position")) << table;
    EXPECT_TRUE(contains(row_of(table, "editor_tools"), "exclusive")) << table;
    EXPECT_TRUE(contains(row_of(table, "editor_tools"), " no ")) << table;

    std::ostringstream printed;
    s.print_profile(printed);
    EXPECT_EQ(printed.str(), table);
}

template <int N>
struct ComponentWithALongNameForTheProfileTable {
    int value = N;
};

template <int... N>
void read_many(mosaic::system& sys, std::integer_sequence<int, N...>) {
    sys.reads<ComponentWithALongNameForTheProfileTable<N>...>();
}

// A system that reads many components still gets one complete row.
TEST(Scheduler, ProfileRowsAreNeverCutShort) {
    mosaic::scheduler s;
    auto nothing = [](mosaic::system_context&) {};
    read_many(s.add("reads_a_lot", nothing), std::make_integer_sequence<int, 12>{});
    s.add("next_one", nothing);
    const std::string table = s.profile_table();
    const std::string row = row_of(table, "reads_a_lot");
    EXPECT_TRUE(contains(row, "ComponentWithALongNameForTheProfileTable<11>")) << row;
    EXPECT_FALSE(row_of(table, "next_one").empty()) << table;
}

// --- 5. misuse ---------------------------------------------------------------------------

std::vector<std::string> recorded_checks;

void record_check(const char*, const std::string& message, const char*, int) {
    recorded_checks.push_back(message);
}

TEST(Scheduler, DuplicateNamesFailACheck) {
    mosaic::scheduler s;
    auto nothing = [](mosaic::system_context&) {};
    s.add("physics", nothing);
    {
        throwing_checks checks;
        try {
            s.add("physics", nothing);
            ADD_FAILURE() << "adding a second 'physics' passed the check";
        } catch (const check_failed& failure) {
            EXPECT_TRUE(contains(failure.what(), "physics")) << failure.what();
        }
    }
    EXPECT_EQ(s.size(), 1u);

    // In release the system is still added, under another name.
    recorded_checks.clear();
    const mosaic::assert_handler previous = mosaic::set_assert_handler(&record_check);
    mosaic::system& renamed = s.add("physics", nothing);
    mosaic::set_assert_handler(previous);
    EXPECT_EQ(recorded_checks.size(), 1u);
    EXPECT_NE(renamed.name(), "physics");
    EXPECT_EQ(s.size(), 2u);
    EXPECT_EQ(s.find(renamed.name()), &renamed);
}

struct Frozen {};  // never on any entity in these tests

std::size_t pool_count(const mosaic::world& w) {
    std::size_t n = 0;
    w.each_pool([&](const mosaic::sparse_set&) { ++n; });
    return n;
}

// Systems of one wave run in parallel, so a view must not create a pool while they run:
// that resizes the world's pool table under the other threads' feet (a data race that
// ThreadSanitizer reports). The scheduler creates the pools of declared types beforehand.
TEST(Scheduler, RunningSystemsCreateNoPools) {
    mosaic::world w;  // fresh: no view has run on it yet
    w.add<Position>(w.create());
    mosaic::scheduler s;
    std::size_t before = 0;
    std::size_t after = 0;
    s.add("reader", [&](mosaic::system_context& ctx) {
         before = pool_count(w);
         (void)ctx.view<const Position>();
         (void)ctx.view<const Position>(mosaic::exclude<Frozen>);
         after = pool_count(w);
     }).reads<Position, Frozen>();
    s.tick(w, 0.0);
    EXPECT_EQ(after, before) << "a view created a pool inside a running system";
}

// The same for a component a view excludes without the system declaring it: excluding
// only needs to know that no entity has one.
TEST(Scheduler, ExcludingAnUnusedComponentCreatesNoPool) {
    mosaic::world w;
    w.add<Position>(w.create());
    mosaic::scheduler s;
    std::size_t before = 0;
    std::size_t after = 0;
    std::size_t matches = 0;
    s.add("reader", [&](mosaic::system_context& ctx) {
         (void)ctx.view<const Position>();  // whatever a first view needs, it has now
         before = pool_count(w);
         matches = ctx.view<const Position>(mosaic::exclude<Frozen>).size_hint();
         after = pool_count(w);
     }).reads<Position>();
    s.tick(w, 0.0);
    EXPECT_EQ(matches, 1u);
    EXPECT_EQ(after, before) << "exclude<Frozen> created Frozen's pool inside a running system";
}

TEST(Scheduler, ExceptionsFromSystemsReachTheCaller) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        mosaic::world w;
        mosaic::scheduler s(threads);
        s.add("fine", [](auto&) {});
        s.add("broken", [](auto&) { throw std::runtime_error("broken system"); });
        EXPECT_THROW(s.tick(w, 0.0), std::runtime_error);
        s.remove("broken");
        EXPECT_NO_THROW(s.tick(w, 0.0));
    }
}

#ifndef NDEBUG

TEST(Scheduler, UndeclaredAccessIsCaughtWhileTicking) {
    for (const unsigned threads : thread_counts) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        throwing_checks checks;
        mosaic::world w;
        w.add<Position>(w.create());
        mosaic::scheduler s(threads);
        s.add("innocent", [](mosaic::system_context& ctx) {
             (void)ctx.view<const Position>();
         }).reads<Position>();
        s.add("sneaky", [](mosaic::system_context& ctx) {
             ctx.view<Position>().each([](Position& p) { p.x = 1.0f; });
         }).reads<Position>();
        // The installed handler throws; the scheduler reports that as the system's error.
        try {
            s.tick(w, 0.0);
            ADD_FAILURE() << "the undeclared write passed";
        } catch (const mosaic::system_error& failure) {
            EXPECT_EQ(failure.failure().system, "sneaky");
            EXPECT_TRUE(contains(failure.what(), "Position")) << failure.what();
            EXPECT_THROW(std::rethrow_exception(failure.cause()), check_failed);
        }
    }
}

TEST(Scheduler, WorldAccessNeedsExclusive) {
    throwing_checks checks;
    mosaic::world w;
    mosaic::scheduler s;
    s.add("honest", [](mosaic::system_context& ctx) { (void)ctx.world().create(); }).exclusive();
    EXPECT_NO_THROW(s.tick(w, 0.0));
    EXPECT_EQ(w.size(), 1u);
    s.add("shortcut", [](mosaic::system_context& ctx) { (void)ctx.world().create(); });
    EXPECT_THROW(s.tick(w, 0.0), mosaic::system_error);
}

#endif  // NDEBUG

// --- 6. determinism ----------------------------------------------------------------------

struct Age {
    int ticks = 0;
};
struct Veteran {};
struct Observation {  // written only by the observer: what it saw of its entity
    double sum = 0.0;
    int samples = 0;
};
struct Spawner {
    std::uint32_t seed = 1;
    int spawned = 0;
};
struct Stats {
    int positions = 0;
    double total_x = 0.0;
};

std::uint32_t next_random(std::uint32_t& seed) {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
}

// A small game: a spawner, movement, damage, a splitter, an observer that writes only its
// own component, aging that tags veterans, bouncing, periodic cleanup and statistics.
void add_simulation(mosaic::scheduler& s) {
    s.add("spawner",
          [](mosaic::system_context& ctx) {
              ctx.view<Spawner>().each([&](Spawner& spawner) {
                  const std::uint32_t count = 1 + next_random(spawner.seed) % 3;
                  for (std::uint32_t i = 0; i < count; ++i) {
                      mosaic::command_buffer& commands = ctx.commands();
                      const mosaic::entity e = commands.create();
                      const float x = static_cast<float>(next_random(spawner.seed) % 100) - 50.0f;
                      const float y = static_cast<float>(next_random(spawner.seed) % 100) - 50.0f;
                      const float vx = static_cast<float>(next_random(spawner.seed) % 21) - 10.0f;
                      const float vy = static_cast<float>(next_random(spawner.seed) % 21) - 10.0f;
                      commands.add<Position>(e, x, y);
                      commands.add<Velocity>(e, vx, vy);
                      commands.add<Health>(e,
                                           60 + static_cast<int>(next_random(spawner.seed) % 60));
                      commands.add<Age>(e);
                      commands.add<Observation>(e);
                      ++spawner.spawned;
                  }
              });
          })
        .writes<Spawner>()
        .in(mosaic::phase::pre_update);

    s.add("movement",
          [](mosaic::system_context& ctx) {
              const auto dt = static_cast<float>(ctx.dt());
              ctx.view<Position, const Velocity>().each([dt](Position& p, const Velocity& v) {
                  p.x += v.x * dt;
                  p.y += v.y * dt;
              });
          })
        .reads<Velocity>()
        .writes<Position>();

    s.add("damage",
          [](mosaic::system_context& ctx) {
              ctx.view<Health, const Position>().each(
                  [&](mosaic::entity e, Health& h, const Position& p) {
                      h.value -= 1;
                      if (std::abs(p.x) > 40.0f || std::abs(p.y) > 40.0f) h.value -= 5;
                      if (h.value <= 0) ctx.commands().destroy(e);
                  });
          })
        .reads<Position>()
        .writes<Health>();

    // Creates in the same sync point where damage destroys: entity ids depend on the order
    // the two buffers are applied in.
    s.add("splitter", [](mosaic::system_context& ctx) {
         ctx.view<const Velocity>().each([&](mosaic::entity e, const Velocity& v) {
             if ((e.index + ctx.tick()) % 40 != 0) return;
             mosaic::command_buffer& commands = ctx.commands();
             const mosaic::entity child = commands.create();
             commands.add<Position>(child, 0.0f, 0.0f);
             commands.add<Velocity>(child, v.y, v.x);
             commands.add<Health>(child, 30);
             commands.add<Age>(child);
             commands.add<Observation>(child);
         });
     }).reads<Velocity>();

    s.add("observer",
          [](mosaic::system_context& ctx) {
              ctx.view<Observation, const Position, const Health>().each(
                  [](Observation& o, const Position& p, const Health& h) {
                      o.sum += static_cast<double>(p.x) * 0.5 + static_cast<double>(p.y) + h.value;
                      ++o.samples;
                  });
          })
        .reads<Position, Health>()
        .writes<Observation>();

    s.add("aging", [](mosaic::system_context& ctx) {
         ctx.view<Age>().each([&](mosaic::entity e, Age& age) {
             if (++age.ticks == 30) ctx.commands().add<Veteran>(e);
         });
     }).writes<Age>();

    s.add("veterans_heal",
          [](mosaic::system_context& ctx) {
              ctx.view<Health, const Veteran>().each(
                  [](Health& h, const Veteran&) { h.value += 2; });
          })
        .reads<Veteran>()
        .writes<Health>()
        .order(1);

    s.add("bounce",
          [](mosaic::system_context& ctx) {
              ctx.view<Velocity, const Position>().each([](Velocity& v, const Position& p) {
                  if (std::abs(p.x) > 60.0f) v.x = -v.x;
                  if (std::abs(p.y) > 60.0f) v.y = -v.y;
              });
          })
        .reads<Position>()
        .writes<Velocity>()
        .in(mosaic::phase::post_update);

    s.add("cleanup",
          [](mosaic::system_context& ctx) {
              ctx.view<const Age>().each([&](mosaic::entity e, const Age& age) {
                  if (age.ticks > 120) ctx.commands().destroy(e);
              });
          })
        .reads<Age>()
        .in(mosaic::phase::post_update)
        .every(mosaic::rate::every_n_ticks(5));

    s.add("stats",
          [](mosaic::system_context& ctx) {
              Stats total;
              ctx.view<const Position>().each([&](const Position& p) {
                  ++total.positions;
                  total.total_x += p.x;
              });
              ctx.view<Stats>().each([&](Stats& stats) { stats = total; });
          })
        .reads<Position>()
        .writes<Stats>()
        .in(mosaic::phase::render)
        .every(mosaic::rate::interval(0.1));
}

// Every entity id and every component value, as text (floats in hex: exact).
std::vector<std::string> dump(const mosaic::world& w) {
    std::vector<std::string> lines;
    w.each([&](mosaic::entity e) {
        std::ostringstream line;
        line << std::hexfloat << mosaic::to_string(e);
        if (const auto* p = w.try_get<Position>(e)) line << " P" << p->x << "," << p->y;
        if (const auto* v = w.try_get<Velocity>(e)) line << " V" << v->x << "," << v->y;
        if (const auto* h = w.try_get<Health>(e)) line << " H" << h->value;
        if (const auto* a = w.try_get<Age>(e)) line << " A" << a->ticks;
        if (w.has<Veteran>(e)) line << " veteran";
        if (const auto* o = w.try_get<Observation>(e)) line << " O" << o->sum << "/" << o->samples;
        if (const auto* sp = w.try_get<Spawner>(e)) line << " S" << sp->seed << "/" << sp->spawned;
        if (const auto* st = w.try_get<Stats>(e))
            line << " T" << st->positions << "/" << st->total_x;
        lines.push_back(line.str());
    });
    return lines;
}

std::vector<std::string> simulate(unsigned threads, int ticks) {
    mosaic::world w;
    const mosaic::entity spawner = w.create();
    w.add<Spawner>(spawner, 12345u, 0);
    w.add<Stats>(spawner);
    mosaic::scheduler s(threads);
    add_simulation(s);
    for (int i = 0; i < ticks; ++i) s.tick(w, 1.0 / 60.0);
    return dump(w);
}

TEST(Scheduler, TheSimulationHasParallelWaves) {
    mosaic::scheduler s;
    add_simulation(s);
    const auto waves = s.waves(mosaic::phase::update);
    std::vector<int> per_wave(waves.size(), 0);
    for (const auto& [sys, wave] : waves) ++per_wave[static_cast<std::size_t>(wave)];
    EXPECT_GE(*std::max_element(per_wave.begin(), per_wave.end()), 2)
        << "no two systems run side by side: the determinism test would prove nothing";
}

TEST(Scheduler, OutcomeIsTheSameForAnyThreadCount) {
    const std::vector<std::string> one = simulate(1, 200);
    ASSERT_GT(one.size(), 50u) << "the simulation should have a crowd by now";
    for (const unsigned threads : {2u, 4u}) {
        const std::vector<std::string> many = simulate(threads, 200);
        ASSERT_EQ(many.size(), one.size()) << threads << " threads";
        for (std::size_t i = 0; i < one.size(); ++i) {
            ASSERT_EQ(many[i], one[i]) << threads << " threads, entity #" << i;
        }
    }
}

}  // namespace

}  // namespace scheduler_test
