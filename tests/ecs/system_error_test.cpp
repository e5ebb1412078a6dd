// system_error: a system that throws or fails a check is an error of that system. The
// scheduler catches it on whatever thread ran the system, stops the tick, drops the phase's
// command buffers and throws one system_error naming the first failed system in system order.
//
// Sections:
//   1. what fails       an exception, a failed MOSAIC_CHECK (default handler), bad_alloc,
//                       applying the commands
//   2. what the tick does afterwards   later phases skipped, buffers dropped, next tick fine
//   3. threads          parallel systems on 2 threads report the same system
//   4. handlers         an installed handler still decides; check_scope

#include <gtest/gtest.h>

#include <atomic>
#include <new>
#include <stdexcept>
#include <string>

#include "mosaic/ecs/assert.hpp"
#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/system_error.hpp"
#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

namespace {

struct Turret {
    int shots = 0;
};
struct Target {
    int hits = 0;
};
bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Runs ticks until one throws system_error; returns it (or fails the test).
mosaic::system_failure tick_until_failure(mosaic::scheduler& s, mosaic::world& w, int ticks) {
    for (int i = 0; i < ticks; ++i) {
        try {
            s.tick(w, 1.0 / 60);
        } catch (const mosaic::system_error& error) {
            EXPECT_EQ(std::string(error.what()), error.failure().to_string());
            return error.failure();
        }
    }
    ADD_FAILURE() << "no system failed in " << ticks << " ticks";
    return {};
}

// --- 1. what fails ---------------------------------------------------------------------------

TEST(SystemError, AnExceptionNamesTheSystemAndTheTick) {
    mosaic::world w;
    mosaic::scheduler s;
    s.add("movement", [](mosaic::system_context&) {});
    s.add("turret", [](mosaic::system_context& ctx) {
        if (ctx.tick() == 10) throw std::runtime_error("no ammunition left");
    });
    const mosaic::system_failure failure = tick_until_failure(s, w, 20);
    EXPECT_EQ(failure.system, "turret");
    EXPECT_EQ(failure.message, "no ammunition left");
    EXPECT_EQ(failure.tick, 10u);
    EXPECT_EQ(failure.to_string(), "system 'turret' failed at tick 10: no ammunition left");
}

// Without the check_scope the default handler aborts a debug build here (the whole editor with
// it) and lets a release build carry on with a scratch value.
TEST(SystemError, AFailedCheckWithTheDefaultHandlerIsTheSystemsError) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(nullptr);  // the default
    mosaic::world w;
    const mosaic::entity gone = w.create();
    w.destroy(gone);
    mosaic::scheduler s;
    s.add("aim", [gone](mosaic::system_context& ctx) {
         (void)ctx.get<Target>(gone);  // a stale handle: get<Target> of a destroyed entity
     }).writes<Target>();
    const mosaic::system_failure failure = tick_until_failure(s, w, 1);
    mosaic::set_assert_handler(previous);
    EXPECT_EQ(failure.system, "aim");
    EXPECT_TRUE(contains(failure.message, "get<")) << failure.message;
    EXPECT_TRUE(contains(failure.message, "Target")) << failure.message;
}

TEST(SystemError, ACheckOfTheGamesOwnIsTheSystemsErrorToo) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(nullptr);
    mosaic::world w;
    mosaic::scheduler s;
    s.add("turret", [](mosaic::system_context&) {
        MOSAIC_CHECK(1 + 1 == 3, "turret: the barrel points nowhere");
    });
    const mosaic::system_failure failure = tick_until_failure(s, w, 1);
    mosaic::set_assert_handler(previous);
    EXPECT_EQ(failure.system, "turret");
    EXPECT_EQ(failure.message, "turret: the barrel points nowhere");
}

TEST(SystemError, OutOfMemoryIsTheSystemsError) {
    mosaic::world w;
    mosaic::scheduler s;
    s.add("hoarder", [](mosaic::system_context&) { throw std::bad_alloc(); });
    const mosaic::system_failure failure = tick_until_failure(s, w, 1);
    EXPECT_EQ(failure.system, "hoarder");
    EXPECT_TRUE(contains(failure.message, "out of memory")) << failure.message;
}

TEST(SystemError, ACapacityErrorIsTheSystemsError) {
    mosaic::world w(mosaic::world_options{.max_entities = 4});
    mosaic::scheduler s;
    s.add("spawner", [](mosaic::system_context& ctx) {
         for (int i = 0; i < 10; ++i) (void)ctx.world().create();
     }).exclusive();
    const mosaic::system_failure failure = tick_until_failure(s, w, 1);
    EXPECT_EQ(failure.system, "spawner");
    EXPECT_TRUE(contains(failure.message, "maximum of 4 entities")) << failure.message;
}

// The command reads a component the entity lacks when it is applied: the failed check at the
// sync point is the recording system's error, not the scheduler's.
TEST(SystemError, ApplyingABrokenCommandIsTheRecordingSystemsError) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(nullptr);
    mosaic::world w;
    const mosaic::entity plain = w.create();
    mosaic::scheduler s;
    s.add("fine", [](mosaic::system_context&) {});
    s.add("tagger", [plain](mosaic::system_context& ctx) {
        ctx.commands().call(
            plain,
            [](mosaic::world& world, mosaic::entity e, void*) { ++world.get<Turret>(e).shots; },
            nullptr);
    });
    const mosaic::system_failure failure = tick_until_failure(s, w, 1);
    mosaic::set_assert_handler(previous);
    EXPECT_EQ(failure.system, "tagger");
    EXPECT_TRUE(contains(failure.message, "applying its commands")) << failure.message;
}

// --- 2. what the tick does afterwards --------------------------------------------------------

TEST(SystemError, TheTickStopsAndThePhasesBuffersAreDropped) {
    mosaic::world w;
    mosaic::scheduler s;
    int later_phase_runs = 0;
    s.add("spawner", [](mosaic::system_context& ctx) { (void)ctx.commands().create(); });
    s.add("broken", [](mosaic::system_context&) { throw std::logic_error("broken"); }).order(1);
    s.add("render", [&](mosaic::system_context&) { ++later_phase_runs; }).in(mosaic::phase::render);

    EXPECT_THROW(s.tick(w, 0.0), mosaic::system_error);
    EXPECT_EQ(w.size(), 0u) << "the failing phase's commands were applied";
    EXPECT_EQ(later_phase_runs, 0) << "a phase after the failure ran";
    EXPECT_EQ(s.ticks(), 1u) << "the failed tick was not counted";

    // The scheduler is ready for the next tick; the dropped commands do not come back.
    s.remove("broken");
    s.tick(w, 0.0);
    EXPECT_EQ(w.size(), 1u);
    EXPECT_EQ(later_phase_runs, 1);
    EXPECT_EQ(s.ticks(), 2u);
}

// --- 3. threads ------------------------------------------------------------------------------

TEST(SystemError, ParallelSystemsReportTheFirstFailureInSystemOrder) {
    for (int round = 0; round < 20; ++round) {
        mosaic::world w;
        w.add<Turret>(w.create());
        w.add<Target>(w.create());
        mosaic::scheduler s(2);
        std::atomic<int> finished{0};
        // Same wave (no conflicts): they run side by side on the two threads.
        s.add("turret", [&](mosaic::system_context& ctx) {
             ctx.view<Turret>().each([](Turret& t) { ++t.shots; });
             ++finished;
             throw std::runtime_error("turret jammed");
         }).writes<Turret>();
        s.add("targets", [&](mosaic::system_context& ctx) {
             ctx.view<Target>().each([](Target& t) { ++t.hits; });
             ++finished;
             throw std::runtime_error("targets gone");
         }).writes<Target>();
        ASSERT_EQ(s.waves(mosaic::phase::update)[1].second, 0) << "not in one wave";
        const mosaic::system_failure failure = tick_until_failure(s, w, 1);
        EXPECT_EQ(failure.system, "turret");
        EXPECT_EQ(failure.message, "turret jammed");
        EXPECT_EQ(finished.load(), 2) << "the other system of the wave did not finish";
    }
}

TEST(SystemError, AFailedCheckOnAWorkerThreadIsTheSystemsError) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(nullptr);
    mosaic::world w;
    const mosaic::entity gone = w.create();
    w.destroy(gone);
    mosaic::scheduler s(2);
    s.add("slow", [](mosaic::system_context&) {}).writes<Turret>();
    s.add("aim", [gone](mosaic::system_context& ctx) {
         (void)ctx.get<Target>(gone);
     }).writes<Target>();
    for (int round = 0; round < 20; ++round) {
        const mosaic::system_failure failure = tick_until_failure(s, w, 1);
        EXPECT_EQ(failure.system, "aim");
    }
    mosaic::set_assert_handler(previous);
}

// --- 4. handlers -----------------------------------------------------------------------------

int recorded_checks = 0;
void record_check(const char*, const std::string&, const char*, int) {
    ++recorded_checks;
}

// A test's (or a tool's) own handler still decides what a failed check does: this one
// returns, so the call takes its fallback and the system goes on.
TEST(SystemError, AnInstalledHandlerStillDecides) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(&record_check);
    recorded_checks = 0;
    mosaic::world w;
    const mosaic::entity gone = w.create();
    w.destroy(gone);
    mosaic::scheduler s;
    bool finished = false;
    s.add("aim", [&](mosaic::system_context& ctx) {
         (void)ctx.get<Target>(gone);
         finished = true;
     }).writes<Target>();
    EXPECT_NO_THROW(s.tick(w, 0.0));
    mosaic::set_assert_handler(previous);
    EXPECT_EQ(recorded_checks, 1);
    EXPECT_TRUE(finished);
}

TEST(SystemError, CheckScopesNestAndEndWithTheirScope) {
    const mosaic::assert_handler previous = mosaic::set_assert_handler(nullptr);
    EXPECT_FALSE(mosaic::check_scope::active());
    {
        const mosaic::check_scope outer;
        {
            const mosaic::check_scope inner;
            EXPECT_TRUE(mosaic::check_scope::active());
        }
        EXPECT_TRUE(mosaic::check_scope::active());
        try {
            MOSAIC_CHECK(false, std::string("inside a scope"));
            ADD_FAILURE() << "the default handler returned inside a check_scope";
        } catch (const mosaic::check_error& error) {
            EXPECT_EQ(std::string(error.what()), "inside a scope");
            EXPECT_EQ(std::string(error.condition()), "false");
            EXPECT_GT(error.line(), 0);
        }
    }
    EXPECT_FALSE(mosaic::check_scope::active());
    mosaic::set_assert_handler(previous);
}

}  // namespace
