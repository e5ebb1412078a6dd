#include "mosaic/ecs/signal.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "mosaic/ecs/world.hpp"

namespace {

using mosaic::entity;
using mosaic::signal;
using mosaic::world;

TEST(Signal, StartsEmpty) {
    const signal s;
    EXPECT_TRUE(s.empty());
}

TEST(Signal, EmitCallsEveryCallbackInConnectionOrderWithItsArguments) {
    world w;
    signal s;
    std::vector<std::string> calls;
    s.connect([&](world& got, entity e) {
        EXPECT_EQ(&got, &w);
        calls.push_back("a" + mosaic::to_string(e));
    });
    s.connect([&](world&, entity e) { calls.push_back("b" + mosaic::to_string(e)); });
    s.connect([&](world&, entity e) { calls.push_back("c" + mosaic::to_string(e)); });
    EXPECT_FALSE(s.empty());

    s.emit(w, entity{4, 2});
    const std::vector<std::string> expected = {"a4:2", "b4:2", "c4:2"};
    EXPECT_EQ(calls, expected);
}

TEST(Signal, ConnectionsAreDistinct) {
    signal s;
    const auto a = s.connect([](world&, entity) {});
    const auto b = s.connect([](world&, entity) {});
    EXPECT_NE(a, b);
}

TEST(Signal, DisconnectRemovesOnlyThatCallback) {
    world w;
    signal s;
    std::string calls;
    s.connect([&](world&, entity) { calls += 'a'; });
    const auto b = s.connect([&](world&, entity) { calls += 'b'; });
    s.connect([&](world&, entity) { calls += 'c'; });

    EXPECT_TRUE(s.disconnect(b));
    EXPECT_FALSE(s.disconnect(b));  // twice
    EXPECT_FALSE(s.disconnect(12345));
    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "ac");
}

TEST(Signal, DisconnectingEverythingEmptiesIt) {
    signal s;
    const auto a = s.connect([](world&, entity) {});
    const auto b = s.connect([](world&, entity) {});
    s.disconnect(a);
    EXPECT_FALSE(s.empty());
    s.disconnect(b);
    EXPECT_TRUE(s.empty());
}

TEST(Signal, CallbackDisconnectingItselfDoesNotSkipTheOthers) {
    world w;
    signal s;
    std::string calls;
    signal::connection self = 0;
    s.connect([&](world&, entity) { calls += 'a'; });
    self = s.connect([&](world&, entity) {
        calls += 'b';
        s.disconnect(self);
    });
    s.connect([&](world&, entity) { calls += 'c'; });
    s.connect([&](world&, entity) { calls += 'd'; });

    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "abcd");  // every callback once, the one that left included
    calls.clear();
    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "acd");
}

TEST(Signal, CallbackDisconnectingAnEarlierOneDoesNotSkipTheLaterOnes) {
    world w;
    signal s;
    std::string calls;
    const auto a = s.connect([&](world&, entity) { calls += 'a'; });
    s.connect([&](world&, entity) {
        calls += 'b';
        s.disconnect(a);
    });
    s.connect([&](world&, entity) { calls += 'c'; });

    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "abc");
    calls.clear();
    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "bc");
}

TEST(Signal, CallbackDisconnectingALaterOneStopsItFromRunning) {
    world w;
    signal s;
    std::string calls;
    signal::connection later = 0;
    s.connect([&](world&, entity) {
        calls += 'a';
        s.disconnect(later);
    });
    s.connect([&](world&, entity) { calls += 'b'; });
    later = s.connect([&](world&, entity) { calls += 'c'; });

    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "ab");
}

TEST(Signal, CallbackConnectedDuringEmitRunsFromTheNextEmitOn) {
    world w;
    signal s;
    std::string calls;
    bool connected = false;
    s.connect([&](world&, entity) {
        calls += 'a';
        if (!connected) {
            connected = true;
            s.connect([&](world&, entity) { calls += 'n'; });
        }
    });
    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "a");
    calls.clear();
    s.emit(w, entity{0, 0});
    EXPECT_EQ(calls, "an");
}

// The two tests below run in a child process: a callback that touches its own captures after
// changing the signal must not read freed memory (ASan turns that into a non-zero exit here
// instead of ending the whole test run).

TEST(SignalDeathTest, CallbackMayUseItsCapturesAfterDisconnectingItself) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            world w;
            signal s;
            signal::connection self = 0;
            std::string log;
            int after = 0;
            // Enough captures that std::function keeps the callable on the heap.
            self = s.connect([&s, &self, &log, &after](world&, entity) {
                s.disconnect(self);
                log += "still here";  // reads captures of a callable that was destroyed?
                ++after;
            });
            s.connect([&log](world&, entity) { log += '!'; });
            s.emit(w, entity{0, 0});
            std::exit(after == 1 ? 0 : 3);
        },
        ::testing::ExitedWithCode(0), "");
}

TEST(SignalDeathTest, CallbackMayUseItsCapturesAfterConnectingAnother) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            world w;
            signal s;
            int calls = 0;
            // One reference: small enough that std::function stores it inline, inside the
            // vector that connect() may reallocate.
            s.connect([&calls](world&, entity) { ++calls; });
            s.connect([&s](world&, entity) {
                for (int i = 0; i < 8; ++i) s.connect([](world&, entity) {});
                s.connect([&s](world&, entity) { (void)s.empty(); });  // uses `s` after growth
            });
            s.emit(w, entity{0, 0});
            std::exit(calls == 1 ? 0 : 3);
        },
        ::testing::ExitedWithCode(0), "");
}

}  // namespace
