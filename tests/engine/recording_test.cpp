// recording: keyframes + re-simulation give back any recorded tick byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace {

using namespace mosaic;

// Falling, randomly kicked balls; a key pushes them; a system every 3 ticks and one reading
// ctx.tick() and one on an interval: all of it must come back after a seek.
scene balls() {
    scene s;
    s.settings.gravity = {0, -10};
    for (int i = 0; i < 20; ++i) {
        const entity ball = s.world.create();
        s.world.add<Transform>(ball).position = {static_cast<float>(i), 0.0f};
        s.world.add<RigidBody>(ball, RigidBody{.gravity_scale = 1});
    }
    return s;
}

void add_game_systems(game& g) {
    g.systems()
        .add("kick",
             [](system_context& ctx) {
                 Random& random = ctx.resource<Random>();
                 ctx.view<RigidBody>().each(
                     [&](RigidBody& body) { body.velocity.x += random.range(-1.0f, 1.0f); });
             })
        .writes<RigidBody, Random>()
        .every(rate::every_n_ticks(3));
    g.systems()
        .add("push",
             [](system_context& ctx) {
                 const Input& input = ctx.resource<const Input>();
                 const float dy = input.held(key::space) ? 5.0f : 0.0f;
                 const auto phase = static_cast<float>(ctx.tick() % 7);
                 ctx.view<Transform>().each([&](Transform& t) { t.position.y += dy + phase; });
             })
        .reads<Input>()
        .writes<Transform>();
    g.systems()
        .add("spawn",
             [](system_context& ctx) {
                 const entity e = ctx.world().create();
                 ctx.world().add<Transform>(e).position = {0.0f, static_cast<float>(ctx.tick())};
             })
        .exclusive()
        .every(rate::interval(0.1));
}

struct played {
    game g;
    played() {
        add_game_systems(g);
        g.start(balls());
    }
    // The input of tick t of every run: space held on some ticks.
    void press_for(std::uint64_t t) {
        tick_input in;
        in.down[static_cast<std::size_t>(key::space)] = (t / 5) % 2 == 0 ? 1 : 0;
        in.apply_to(g.world().resource<Input>());
    }
    void run(std::uint64_t ticks) {
        for (std::uint64_t i = 0; i < ticks; ++i) {
            press_for(g.systems().ticks());
            g.frame(g.clock().tick_seconds());
        }
    }
};

// The scene's bytes (a copy is saved: saving assigns ids), the resources systems use and the
// scheduler's and the clock's counters.
std::string state_of(game& g) {
    scene copy = g.current().clone();
    std::ostringstream out;
    EXPECT_TRUE(save_scene_binary(copy, g.table(), out).empty());
    std::ostringstream json;
    EXPECT_TRUE(save_scene_json(copy, g.table(), json).empty());
    world& w = g.world();
    return out.str() + json.str() + " random " + std::to_string(w.resource<Random>().state) +
           " ticks " + std::to_string(g.systems().ticks()) + " clock " +
           std::to_string(g.clock().ticks()) + " entities " + std::to_string(w.size());
}

TEST(Recording, ScrubbingBackGivesTheStateOfAFreshRunOfThatManyTicks) {
    played live;
    recording rec({.keyframe_interval = 8});
    rec.attach(live.g);
    live.run(50);
    EXPECT_EQ(rec.first_tick(), 0u);
    EXPECT_EQ(rec.last_tick(), 50u);
    for (const std::uint64_t back : {1u, 7u, 8u, 13u, 50u, 0u}) {
        ASSERT_TRUE(rec.seek(live.g, 50 - back));
        EXPECT_EQ(rec.current_tick(), 50 - back);
        played fresh;
        fresh.run(50 - back);
        EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << "back " << back;
    }
    EXPECT_FALSE(rec.seek(live.g, 51));
}

TEST(Recording, StepBackThenForwardGivesTheSameBytes) {
    played live;
    recording rec({.keyframe_interval = 6});
    rec.attach(live.g);
    live.run(20);
    const std::string at_20 = state_of(live.g);
    std::vector<std::string> going_back;
    while (rec.current_tick() > 10) {
        ASSERT_TRUE(rec.step_back(live.g));
        going_back.push_back(state_of(live.g));
    }
    for (std::size_t i = going_back.size() - 1; i-- > 0;) {
        ASSERT_TRUE(rec.step_forward(live.g));
        EXPECT_EQ(state_of(live.g), going_back[i]);
    }
    ASSERT_TRUE(rec.step_forward(live.g));
    EXPECT_EQ(state_of(live.g), at_20);
    EXPECT_FALSE(rec.step_forward(live.g));
}

TEST(Recording, IdlePreparationMakesStepsBackCopiesOfTheSameStates) {
    played live;
    recording rec({.keyframe_interval = 10});
    rec.attach(live.g);
    live.run(27);
    const std::string at_27 = state_of(live.g);
    int prepared = 0;
    while (rec.prepare(live.g)) ++prepared;
    // Ticks 21..26 (keyframe 20's interval), then 11..19, but for the states recording kept
    // halfway through the newest two intervals (15 and 25).
    EXPECT_EQ(prepared, 5 + 8);
    EXPECT_EQ(state_of(live.g), at_27);  // the game is untouched
    for (std::uint64_t t = 26; t >= 18; --t) {
        ASSERT_TRUE(rec.step_back(live.g));
        played fresh;
        fresh.run(t);
        EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << t;
        if (t == 24) {
            while (rec.prepare(live.g)) {
            }
        }
    }
}

TEST(Recording, WithAFullBudgetTheStepBackCacheTakesTheOldestHistorysRoom) {
    played live;
    recording rec({.keyframe_interval = 5});
    rec.attach(live.g);
    live.run(300);
    rec.set_budget(rec.memory_bytes());  // full
    EXPECT_EQ(rec.first_tick(), 0u);
    ASSERT_TRUE(rec.seek(live.g, 298));
    int prepared = 0;
    while (rec.prepare(live.g)) ++prepared;
    // The jump started from the state recording kept halfway through the newest interval
    // (297) and kept 298: left are 296, then the interval before, 291..294 (a step back right
    // after a jump is a copy, not a re-simulation).
    EXPECT_EQ(prepared, 1 + 4);
    EXPECT_LE(rec.memory_bytes(), rec.budget());
    EXPECT_GT(rec.first_tick(), 0u);  // the oldest ticks made room
    for (std::uint64_t t = 297; t >= 290; --t) {
        ASSERT_TRUE(rec.step_back(live.g));
        played fresh;
        fresh.run(t);
        EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << t;
    }
}

// A step back re-simulates at most step_ticks() (half an interval), however it got there:
// right after recording, stepping across many intervals with nothing prepared in between,
// right after a jump onto a keyframe or just after one. A jump, at most an interval.
TEST(Recording, AStepBackReSimulatesAtMostHalfAnInterval) {
    played live;
    int runs = 0;  // ticks run, recorded or re-simulated
    live.g.systems().add("count", [&runs](system_context&) { ++runs; });
    recording rec({.keyframe_interval = 6});
    rec.attach(live.g);
    live.run(50);
    ASSERT_EQ(rec.step_ticks(), 2u);
    const auto ran_by = [&](auto&& move) {
        const int before = runs;
        EXPECT_TRUE(move());
        return runs - before;
    };
    const auto step_back = [&] { return rec.step_back(live.g); };
    while (rec.current_tick() > 0) {
        const std::uint64_t from = rec.current_tick();
        EXPECT_LE(ran_by(step_back), 2) << "step back from " << from;
        if (from % 7 == 0) {  // and it is the state of that tick
            played fresh;
            fresh.run(from - 1);
            EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << from - 1;
        }
    }
    for (const std::uint64_t target : {30u, 31u, 41u, 18u, 6u, 47u}) {
        EXPECT_LE(ran_by([&] { return rec.seek(live.g, target); }), 5) << "jump to " << target;
        for (int i = 0; i < 14 && rec.current_tick() > 0; ++i) {
            EXPECT_LE(ran_by(step_back), 2)
                << "step back from " << rec.current_tick() << " after a jump to " << target;
        }
        played fresh;
        fresh.run(rec.current_tick());
        EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << "after a jump to " << target;
    }
}

// A small step-back cache (its own budget, far below two intervals of states): a seek caches
// only every cache_stride()-th state, the cache stays within its budget, and every step back
// still lands on exactly the state of its tick.
TEST(Recording, ASmallCacheKeepsEveryFewStatesAndStepsBackStayExact) {
    std::size_t keyframe_bytes = 0;
    {
        played probe;
        recording first({.keyframe_interval = 16});
        first.attach(probe.g);
        probe.run(40);
        keyframe_bytes = first.memory_bytes() / first.keyframe_count();
    }
    played live;
    recording rec(
        {.keyframe_interval = 16, .cache_share = 0.0, .cache_floor_bytes = 6 * keyframe_bytes});
    rec.attach(live.g);
    live.run(60);
    const std::uint32_t stride = rec.cache_stride();
    EXPECT_GT(stride, 1u) << "the budget holds every state: the test tests nothing";
    EXPECT_LE(stride, rec.step_ticks());

    ASSERT_TRUE(rec.seek(live.g, 45));
    EXPECT_LE(rec.cache_bytes(), rec.cache_budget());
    for (int i = 0; i < 20; ++i) {
        ASSERT_TRUE(rec.step_back(live.g));
        EXPECT_LE(rec.cache_bytes(), rec.cache_budget()) << "at " << rec.current_tick();
        played fresh;
        fresh.run(rec.current_tick());
        EXPECT_EQ(state_of(live.g), state_of(fresh.g)) << "at " << rec.current_tick();
    }
    EXPECT_EQ(rec.current_tick(), 25u);
}

// The profiler shows what the play cost: seeking, stepping, preparing and visiting re-run
// the systems, but their timing statistics stay those of the ticks the game played.
TEST(Recording, ReSimulatedTicksDoNotCountInTheSystemsTiming) {
    played live;
    recording rec({.keyframe_interval = 8});
    rec.attach(live.g);
    live.run(40);
    const auto timings = [&] {
        std::vector<std::tuple<std::string, std::uint64_t, double, double>> all;
        for (const mosaic::system* sys : live.g.systems().ordered()) {
            const system_timing t = sys->timing();
            all.emplace_back(sys->name(), t.calls, t.mean_ms, t.max_ms);
        }
        return all;
    };
    const auto played_timing = timings();
    const std::uint64_t push_calls = live.g.systems().find("push")->timing().calls;
    EXPECT_EQ(push_calls, 40u);
    ASSERT_TRUE(rec.seek(live.g, 5));
    ASSERT_TRUE(rec.seek(live.g, 37));
    ASSERT_TRUE(rec.step_back(live.g));
    ASSERT_TRUE(rec.step_forward(live.g));
    while (rec.prepare(live.g)) {
    }
    const std::vector<std::uint64_t> ticks{3, 20, 33};
    ASSERT_TRUE(rec.visit(live.g, ticks, [](std::uint64_t, const world&) {}));
    EXPECT_EQ(timings(), played_timing);
    EXPECT_TRUE(live.g.systems().profiling());
    live.run(1);  // play goes on: that tick counts
    EXPECT_EQ(live.g.systems().find("push")->timing().calls, push_calls + 1);
}

TEST(Recording, PlayingFromAPastTickDropsTheFuture) {
    played live;
    recording rec({.keyframe_interval = 4});
    rec.attach(live.g);
    live.run(30);
    ASSERT_TRUE(rec.seek(live.g, 12));
    live.run(3);  // ticking from tick 12 replaces what came after it
    EXPECT_EQ(rec.last_tick(), 15u);
    EXPECT_EQ(rec.current_tick(), 15u);
    EXPECT_FALSE(rec.seek(live.g, 20));
    played fresh;
    fresh.run(15);
    EXPECT_EQ(state_of(live.g), state_of(fresh.g));
    ASSERT_TRUE(rec.seek(live.g, 13));
    played fresh13;
    fresh13.run(13);
    EXPECT_EQ(state_of(live.g), state_of(fresh13.g));
}

TEST(Recording, AnEditInThePastChangesTheContinuation) {
    played live;
    recording rec({.keyframe_interval = 4});
    rec.attach(live.g);
    live.run(30);
    ASSERT_TRUE(rec.seek(live.g, 10));
    const entity first = std::get<0>(*live.g.world().view<RigidBody>().begin());
    live.g.world().get<Transform>(first).position.x = 1000.0f;
    rec.edited(live.g);
    EXPECT_EQ(rec.last_tick(), 10u);  // the future of the unedited state is gone
    const std::string edited = state_of(live.g);
    live.run(5);
    EXPECT_GT(live.g.world().get<Transform>(first).position.x, 900.0f);
    // Going back to the edited tick gives the edited state, not the recorded one.
    ASSERT_TRUE(rec.seek(live.g, 10));
    EXPECT_EQ(state_of(live.g), edited);
    ASSERT_TRUE(rec.seek(live.g, 15));
    EXPECT_GT(live.g.world().get<Transform>(first).position.x, 900.0f);
    played fresh;
    fresh.run(15);
    EXPECT_NE(state_of(live.g), state_of(fresh.g));
}

TEST(Recording, OverBudgetTheOldestTicksGoAndTheNewestStay) {
    played live;
    recording rec({.budget_bytes = 1 << 20, .keyframe_interval = 5});
    rec.attach(live.g);
    live.run(400);
    EXPECT_LE(rec.memory_bytes(), rec.budget());
    EXPECT_GT(rec.first_tick(), 0u);
    EXPECT_EQ(rec.last_tick(), 400u);
    EXPECT_GT(rec.seconds_available(), 0.0);
    EXPECT_FALSE(rec.seek(live.g, rec.first_tick() - 1));
    const std::uint64_t oldest = rec.first_tick();
    ASSERT_TRUE(rec.seek(live.g, oldest));
    played fresh;
    fresh.run(oldest);
    EXPECT_EQ(state_of(live.g), state_of(fresh.g));
    // A smaller budget drops more of the oldest history at once, never the tick the game is
    // at.
    rec.set_budget(rec.memory_bytes() / 2);
    EXPECT_EQ(rec.first_tick(), oldest);
    const std::uint64_t later = 400 - (400 - oldest) / 4;
    ASSERT_TRUE(rec.seek(live.g, later));
    rec.set_budget(rec.memory_bytes() / 2);
    EXPECT_GT(rec.first_tick(), oldest);
    EXPECT_LE(rec.first_tick(), later);
    EXPECT_EQ(rec.last_tick(), 400u);
    live.run(2);  // from there on
    EXPECT_EQ(rec.last_tick(), later + 2);
}

TEST(Recording, KeepsWhatEachTickCostAndTheInputItSaw) {
    played live;
    recording rec;
    rec.attach(live.g);
    live.run(12);
    const std::vector<std::string>& names = rec.system_names();
    const auto kick =
        static_cast<std::size_t>(std::find(names.begin(), names.end(), "kick") - names.begin());
    ASSERT_LT(kick, names.size());
    EXPECT_FALSE(rec.profile_at(0).has_value());  // nothing led to the first tick
    for (std::uint64_t t = 1; t <= 12; ++t) {
        const std::optional<tick_profile> p = rec.profile_at(t);
        ASSERT_TRUE(p.has_value());
        ASSERT_EQ(p->system_ms.size(), names.size());
        EXPECT_GE(p->tick_ms, 0.0f);
        // kick runs on ticks 0, 3, 6...: the tick that led to t is t - 1.
        EXPECT_EQ(p->system_ms[kick] >= 0.0f, (t - 1) % 3 == 0) << t;
    }
    EXPECT_FALSE(rec.profile_at(13).has_value());
    ASSERT_NE(rec.input_at(5), nullptr);
    EXPECT_EQ(rec.input_at(5)->down[static_cast<std::size_t>(key::space)], 0);
    EXPECT_EQ(rec.input_at(0)->down[static_cast<std::size_t>(key::space)], 1);
    EXPECT_EQ(rec.input_at(12), nullptr);
}

TEST(Recording, VisitingTicksLeavesTheGameAsItWas) {
    played live;
    recording rec({.keyframe_interval = 5});
    rec.attach(live.g);
    live.run(25);
    ASSERT_TRUE(rec.seek(live.g, 17));
    const std::string before = state_of(live.g);
    std::vector<std::uint64_t> ticks{0, 3, 5, 9, 22, 25};
    std::vector<std::size_t> sizes;
    ASSERT_TRUE(rec.visit(live.g, ticks,
                          [&](std::uint64_t, const world& w) { sizes.push_back(w.size()); }));
    EXPECT_EQ(sizes.size(), ticks.size());
    EXPECT_EQ(state_of(live.g), before);
    played fresh;
    fresh.run(9);
    EXPECT_EQ(sizes[3], fresh.g.world().size());
}

TEST(Recording, TheIntervalFollowsTheBudget) {
    played live;
    recording rec({.budget_bytes = 256 << 10});  // a keyframe is a few KiB
    rec.attach(live.g);
    live.run(40);
    EXPECT_GE(rec.keyframe_interval(), 1u);
    EXPECT_GT(rec.keyframe_count(), 0u);
    rec.detach(live.g);
    EXPECT_EQ(live.g.observer(), nullptr);
    live.run(2);  // not recorded
    EXPECT_EQ(rec.last_tick(), 40u);
}

}  // namespace
