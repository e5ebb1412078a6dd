// system_params.hpp through the scheduler: a system's access declared once, by the types its
// function works on (views, resources) or by scheduler::each's component list.
//
// Sections:
//   1. declared from the signature   views, excludes, resources, the context
//   2. each<Get...>                  the four callback shapes, access, what runs
//   3. scheduling                    derived access drives waves like explicit declarations

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace system_params_test {  // its own: the suite is built in batches (unity)
namespace {

struct Pos {
    float x = 0.0f;
};
struct Vel {
    float x = 0.0f;
};
struct Frozen {};
struct Gravity {
    float g = -10.0f;
};
struct Score {
    int points = 0;
};

bool has(const std::vector<mosaic::type_id>& list, mosaic::type_id type) {
    return std::find(list.begin(), list.end(), type) != list.end();
}
template <class T>
bool reads(const mosaic::system& s) {
    return has(s.read_types(), mosaic::type_id_of<T>());
}
template <class T>
bool writes(const mosaic::system& s) {
    return has(s.write_types(), mosaic::type_id_of<T>());
}

// --- 1. declared from the signature --------------------------------------------------------

TEST(SystemParams, ViewAndResourceParametersDeclareTheAccess) {
    mosaic::scheduler s;
    const mosaic::system& added =
        s.add("fall", [](mosaic::system_context& ctx, mosaic::view_t<Vel> moving,
                         const Gravity& gravity, Score& score) {
            moving.each([&](Vel& v) { v.x += gravity.g * static_cast<float>(ctx.dt()); });
            ++score.points;
        });
    EXPECT_TRUE(writes<Vel>(added));
    EXPECT_FALSE(reads<Vel>(added));
    EXPECT_TRUE(reads<Gravity>(added));
    EXPECT_FALSE(writes<Gravity>(added));
    EXPECT_TRUE(writes<Score>(added));
    EXPECT_EQ(added.read_types().size(), 1u);
    EXPECT_EQ(added.write_types().size(), 2u);
}

TEST(SystemParams, ASystemRunsWithTheViewAndResourcesItNames) {
    mosaic::world w;
    w.resource<Gravity>().g = -2.0f;
    w.resource<Score>();
    const mosaic::entity a = w.create();
    w.add<Vel>(a);
    w.add<Pos>(a);
    const mosaic::entity b = w.create();
    w.add<Vel>(b);

    mosaic::scheduler s;
    s.add("fall", [](mosaic::system_context& ctx, mosaic::view_t<Vel> moving,
                     const Gravity& gravity, Score& score) {
        moving.each([&](Vel& v) {
            v.x += gravity.g * static_cast<float>(ctx.dt());
            ++score.points;
        });
    });
    s.tick(w, 0.5);
    EXPECT_FLOAT_EQ(w.get<Vel>(a).x, -1.0f);
    EXPECT_FLOAT_EQ(w.get<Vel>(b).x, -1.0f);
    EXPECT_EQ(w.resource<Score>().points, 2);
}

TEST(SystemParams, ConstViewTypesAreReadAndExcludesApply) {
    mosaic::world w;
    const mosaic::entity moving = w.create();
    w.add<Pos>(moving);
    w.add<Vel>(moving, Vel{3.0f});
    const mosaic::entity frozen = w.create();
    w.add<Pos>(frozen);
    w.add<Vel>(frozen, Vel{3.0f});
    w.add<Frozen>(frozen);

    mosaic::scheduler s;
    using movers = mosaic::basic_view<mosaic::get_t<Pos, const Vel>, mosaic::exclude_t<Frozen>>;
    const mosaic::system& added =
        s.add("move", [](movers view) { view.each([](Pos& p, const Vel& v) { p.x += v.x; }); });
    EXPECT_TRUE(writes<Pos>(added));
    EXPECT_TRUE(reads<Vel>(added));
    EXPECT_FALSE(writes<Vel>(added));
    EXPECT_FALSE(reads<Frozen>(added) || writes<Frozen>(added));

    s.tick(w, 1.0);
    EXPECT_FLOAT_EQ(w.get<Pos>(moving).x, 3.0f);
    EXPECT_FLOAT_EQ(w.get<Pos>(frozen).x, 0.0f);
}

TEST(SystemParams, AFunctionPointerWorksToo) {
    struct counter {
        static void run(mosaic::view_t<const Pos> positions, Score& score) {
            positions.each([&](const Pos&) { ++score.points; });
        }
    };
    mosaic::world w;
    w.resource<Score>();
    w.add<Pos>(w.create());
    mosaic::scheduler s;
    const mosaic::system& added = s.add("count", &counter::run);
    EXPECT_TRUE(reads<Pos>(added));
    EXPECT_TRUE(writes<Score>(added));
    s.tick(w, 1.0);
    EXPECT_EQ(w.resource<Score>().points, 1);
}

TEST(SystemParams, ExtraDeclarationsStillChainForLookups) {
    mosaic::world w;
    const mosaic::entity target = w.create();
    w.add<Score>(target, Score{5});
    const mosaic::entity seeker = w.create();
    w.add<Pos>(seeker);

    mosaic::scheduler s;
    s.add("seek", [target](mosaic::system_context& ctx, mosaic::view_t<Pos> seekers) {
         seekers.each(
             [&](Pos& p) { p.x = static_cast<float>(ctx.get<const Score>(target).points); });
     }).reads<Score>();
    s.tick(w, 1.0);
    EXPECT_FLOAT_EQ(w.get<Pos>(seeker).x, 5.0f);
}

// --- 2. each<Get...> --------------------------------------------------------------------------

TEST(SystemParams, EachDeclaresItsComponentsByConstness) {
    mosaic::scheduler s;
    const mosaic::system& added =
        s.each<Pos, const Vel>("move", [](Pos& p, const Vel& v) { p.x += v.x; });
    EXPECT_TRUE(writes<Pos>(added));
    EXPECT_TRUE(reads<Vel>(added));
    EXPECT_FALSE(writes<Vel>(added));
}

TEST(SystemParams, EachAcceptsEveryCallbackShape) {
    mosaic::world w;
    const mosaic::entity e = w.create();
    w.add<Pos>(e);
    w.add<Vel>(e, Vel{1.0f});

    mosaic::scheduler s;
    std::vector<mosaic::entity> seen;
    s.each<Pos, const Vel>("plain", [](Pos& p, const Vel& v) { p.x += v.x; });
    s.each<Pos, const Vel>("with_entity", [&](mosaic::entity who, Pos& p, const Vel& v) {
        seen.push_back(who);
        p.x += v.x;
    });
    s.each<Pos, const Vel>("with_context", [](mosaic::system_context& ctx, Pos& p, const Vel& v) {
        p.x += v.x * static_cast<float>(ctx.dt());
    });
    s.each<Pos>("with_both", [&](mosaic::system_context& ctx, mosaic::entity who, Pos& p) {
        if (ctx.tick() == 0) seen.push_back(who);
        p.x += 100.0f;
    });
    s.tick(w, 2.0);
    EXPECT_FLOAT_EQ(w.get<Pos>(e).x, 1.0f + 1.0f + 2.0f + 100.0f);
    EXPECT_EQ(seen, (std::vector<mosaic::entity>{e, e}));
}

TEST(SystemParams, EachCanUseCommandsForStructuralChanges) {
    mosaic::world w;
    const mosaic::entity doomed = w.create();
    w.add<Score>(doomed, Score{-1});
    const mosaic::entity kept = w.create();
    w.add<Score>(kept, Score{1});

    mosaic::scheduler s;
    s.each<const Score>("cull", [](mosaic::system_context& ctx, mosaic::entity e, const Score& sc) {
        if (sc.points < 0) ctx.commands().destroy(e);
    });
    s.tick(w, 1.0);
    EXPECT_FALSE(w.alive(doomed));
    EXPECT_TRUE(w.alive(kept));
}

// --- 3. scheduling ------------------------------------------------------------------------------

TEST(SystemParams, DerivedAccessSeparatesConflictingSystemsIntoWaves) {
    mosaic::scheduler s(2);
    s.each<Pos>("writes_pos", [](Pos& p) { p.x += 1.0f; });
    s.each<const Pos>("reads_pos", [](const Pos&) {});
    s.each<Vel>("writes_vel", [](Vel& v) { v.x += 1.0f; });
    const auto waves = s.waves(mosaic::phase::update);
    ASSERT_EQ(waves.size(), 3u);
    EXPECT_EQ(waves[0].first->name(), "writes_pos");
    EXPECT_EQ(waves[0].second, 0);
    EXPECT_EQ(waves[1].first->name(), "reads_pos");
    EXPECT_EQ(waves[1].second, 1) << "a reader of Pos must wait for its writer";
    EXPECT_EQ(waves[2].first->name(), "writes_vel");
    EXPECT_EQ(waves[2].second, 0) << "Vel conflicts with nothing before it";
}

}  // namespace

}  // namespace system_params_test
