// Tests for the bulk operations of world.hpp (section 9): create_with, destroy(span) and
// add_to_all. Each must leave the world as the one-at-a-time calls would: same entities,
// same components and values, groups and signals kept, bad handles skipped.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

namespace {

using mosaic::entity;
using mosaic::entity_index;
using mosaic::exclude;
using mosaic::world;

struct BPos {
    entity_index owner = 0;
    float x = 0;
};
struct BVel {
    float x = 0;
};
struct BHurt {
    int amount = 0;
};
struct BTag {};

template <class T>
std::set<entity_index> holders(world& w) {
    std::set<entity_index> found;
    w.view<T>(mosaic::include_disabled).each([&](entity e, T&) { found.insert(e.index); });
    return found;
}

TEST(BulkCreate, GivesEveryEntityTheCopiedAndPerEntityValues) {
    world w;
    std::vector<BPos> positions(100);
    for (std::size_t k = 0; k < positions.size(); ++k) positions[k].x = static_cast<float>(k);
    std::vector<entity> made(100);
    w.create_with(std::span<entity>(made), BVel{2.5f}, std::span<const BPos>(positions), BTag{});
    EXPECT_EQ(w.size(), 100u);
    for (std::size_t k = 0; k < made.size(); ++k) {
        ASSERT_TRUE(w.alive(made[k]));
        EXPECT_EQ(w.get<BPos>(made[k]).x, static_cast<float>(k));
        EXPECT_EQ(w.get<BVel>(made[k]).x, 2.5f);
        EXPECT_TRUE(w.has<BTag>(made[k]));
    }
    std::size_t visited = 0;
    w.view<BPos, BVel, BTag>().each([&](BPos&, BVel&, BTag&) { ++visited; });
    EXPECT_EQ(visited, 100u);
}

TEST(BulkCreate, ReusesFreedSlotsAndKeepsDisabledValuesAndGroupsRight) {
    world w;
    std::vector<entity> first(10);
    w.create(first);
    for (const entity e : first) w.add<BPos>(e, e.index);
    w.set_enabled<BPos>(first[3], false);  // a disabled value: the slow path
    w.destroy(first[5]);
    w.assure_group<BPos, BVel>();
    std::vector<entity> made(20);
    std::vector<BPos> positions(20);
    w.create_with(std::span<entity>(made), std::span<const BPos>(positions), BVel{1});
    EXPECT_EQ(made[0].index, 5u);  // the freed slot first
    for (std::size_t k = 0; k < made.size(); ++k) {
        ASSERT_TRUE((w.has<BPos, BVel>(made[k])));
        EXPECT_TRUE(w.is_enabled<BPos>(made[k]));
    }
    EXPECT_FALSE(w.is_enabled<BPos>(first[3]));
    const mosaic::group* g = w.assure_group<BPos, BVel>();
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->size(), 20u);
}

TEST(BulkCreate, FiresOnAddAfterEveryComponentIsThere) {
    world w;
    int calls = 0;
    w.on_add<BPos>().connect([&](world& in, entity e) {
        ++calls;
        EXPECT_TRUE(in.has<BVel>(e));
    });
    std::vector<entity> made(7);
    w.create_with(std::span<entity>(made), BPos{}, BVel{});
    EXPECT_EQ(calls, 7);
}

TEST(BulkCreate, AShortSpanOfValuesCreatesNothing) {
    world w;
    std::vector<entity> made(5);
    std::vector<BPos> two(2);
    const std::string message = mosaic_test::failed_check_message(
        [&] { w.create_with(std::span<entity>(made), std::span<const BPos>(two)); });
    EXPECT_NE(message.find("shorter"), std::string::npos) << message;
    EXPECT_EQ(w.size(), 0u);
}

TEST(BulkDestroy, SkipsStaleNullAndRepeatedHandles) {
    world w;
    std::vector<entity> made(64);
    w.create_with(std::span<entity>(made), BPos{}, BVel{});
    const entity gone = made[10];
    w.destroy(gone);
    const entity reused = w.create();  // takes gone's slot, another generation
    ASSERT_EQ(reused.index, gone.index);
    std::vector<entity> list(made.begin(), made.begin() + 40);  // includes the stale `gone`
    list.push_back(made[3]);                                    // a repeat
    list.push_back(mosaic::null_entity);
    list.push_back(entity{9999, 0});  // never created
    EXPECT_EQ(w.destroy(std::span<const entity>(list)), 39u);
    EXPECT_TRUE(w.alive(reused));
    for (std::size_t k = 0; k < made.size(); ++k) {
        EXPECT_EQ(w.alive(made[k]), k >= 40) << k;
    }
    EXPECT_EQ(w.count<BPos>(), 24u);
    // Destroying the same list again destroys nothing.
    EXPECT_EQ(w.destroy(std::span<const entity>(list)), 0u);
}

TEST(BulkDestroy, KeepsTheSurvivorsValuesGroupsAndEnabledFlags) {
    world w;
    std::vector<entity> made(200);
    w.create(made);
    for (const entity e : made) {
        w.add<BPos>(e, e.index);
        if (e.index % 2 == 0) w.add<BVel>(e);
        if (e.index % 3 == 0) w.add<BHurt>(e);
        if (e.index % 5 == 0) w.set_enabled<BPos>(e, false);
    }
    w.assure_group<BVel, BHurt>();
    std::vector<entity> doomed;
    for (const entity e : made) {
        if (e.index % 7 != 0) doomed.push_back(e);
    }
    EXPECT_EQ(w.destroy(std::span<const entity>(doomed)), doomed.size());
    for (const entity e : made) {
        const bool kept = e.index % 7 == 0;
        ASSERT_EQ(w.alive(e), kept);
        if (!kept) continue;
        EXPECT_EQ(w.get<BPos>(e).owner, e.index);
        EXPECT_EQ(w.is_enabled<BPos>(e), e.index % 5 != 0);
        EXPECT_EQ(w.has<BVel>(e), e.index % 2 == 0);
        EXPECT_EQ(w.has<BHurt>(e), e.index % 3 == 0);
    }
    std::set<entity_index> in_view;
    w.view<BPos>().each([&](entity e, BPos& p) {
        EXPECT_EQ(p.owner, e.index);
        in_view.insert(e.index);
    });
    std::set<entity_index> expected;
    for (const entity e : made) {
        if (e.index % 7 == 0 && e.index % 5 != 0) expected.insert(e.index);
    }
    EXPECT_EQ(in_view, expected);
    const mosaic::group* g = w.assure_group<BVel, BHurt>();
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->size(), 5u);  // indices 0, 42, 84, 126, 168
    // Slots are free again: new entities reuse them.
    EXPECT_LT(w.create().index, 200u);
}

TEST(BulkDestroy, WithSignalsFiresThemAsOneByOne) {
    world w;
    std::vector<entity> made(50);
    w.create_with(std::span<entity>(made), BPos{});
    int destroyed = 0;
    int removed = 0;
    w.on_destroy().connect([&](world&, entity) { ++destroyed; });
    w.on_remove<BPos>().connect([&](world&, entity) { ++removed; });
    EXPECT_EQ(w.destroy(std::span<const entity>(made)), 50u);
    EXPECT_EQ(destroyed, 50);
    EXPECT_EQ(removed, 50);
    EXPECT_EQ(w.size(), 0u);
}

TEST(BulkDestroy, MatchesOneByOneOnRandomWorlds) {
    for (unsigned seed = 1; seed <= 5; ++seed) {
        std::mt19937 rng(seed);
        world bulk;
        world single;
        std::vector<entity> made(500);
        bulk.create(made);
        std::vector<entity> same(500);
        single.create(same);
        for (const entity e : made) {
            const unsigned mask = rng() % 8;
            if (mask & 1) bulk.add<BPos>(e, e.index), single.add<BPos>(e, e.index);
            if (mask & 2) bulk.add<BVel>(e), single.add<BVel>(e);
            if (mask & 4) bulk.add<BHurt>(e), single.add<BHurt>(e);
        }
        std::vector<entity> doomed = made;
        std::shuffle(doomed.begin(), doomed.end(), rng);
        doomed.resize(100 + rng() % 300);
        bulk.destroy(std::span<const entity>(doomed));
        for (const entity e : doomed) single.destroy(e);
        ASSERT_EQ(bulk.size(), single.size());
        EXPECT_EQ(holders<BPos>(bulk), holders<BPos>(single));
        EXPECT_EQ(holders<BVel>(bulk), holders<BVel>(single));
        EXPECT_EQ(holders<BHurt>(bulk), holders<BHurt>(single));
        bulk.view<BPos>().each([](entity e, BPos& p) { EXPECT_EQ(p.owner, e.index); });
    }
}

TEST(BulkAdd, AddsToEveryEntityOfTheViewAndKeepsExistingValues) {
    world w;
    std::vector<entity> made(30);
    w.create(made);
    for (const entity e : made) {
        w.add<BPos>(e, e.index);
        if (e.index % 2 == 0) w.add<BVel>(e);
    }
    w.add<BHurt>(made[0], 7);
    const std::size_t added = w.add_to_all(w.view<BPos, BVel>(), BHurt{3});
    EXPECT_EQ(added, 14u);  // 15 movers, one already hurt
    EXPECT_EQ(w.get<BHurt>(made[0]).amount, 7);
    for (const entity e : made) {
        EXPECT_EQ(w.has<BHurt>(e), e.index % 2 == 0);
        if (e.index % 2 == 0 && e.index != 0) {
            EXPECT_EQ(w.get<BHurt>(e).amount, 3);
        }
    }
    // The usual way to tag what a view matches, with the tag excluded from it.
    EXPECT_EQ(w.add_to_all<BTag>(w.view<BPos>(exclude<BTag>)), 30u);
    EXPECT_EQ(w.add_to_all<BTag>(w.view<BPos>(exclude<BTag>)), 0u);
}

}  // namespace
