// Tests for group.hpp: groups keep the entities having all of their types packed at the
// front of each owned pool, in the same order; views over those types walk that range.
//
// Sections:
//   1. making groups      nesting, refusals, what the scheduler makes on its own
//   2. views over groups  exact, partial, excluded, disabled, inactive, iterators
//   3. references         what a group's swaps move (ecs/README.md's invalidation rules)
//   4. whole world        clone, clear, drop_pool
//   5. randomized model   every invariant after every random step, several seeds

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using mosaic::entity;
using mosaic::entity_index;
using mosaic::exclude;
using mosaic::group;
using mosaic::include_disabled;
using mosaic::scheduler;
using mosaic::system_context;
using mosaic::type_id;
using mosaic::type_id_of;
using mosaic::view_t;
using mosaic::world;

// Each value remembers its entity: a value that did not follow its entity shows.
struct GA {
    entity_index owner = 0;
};
struct GB {
    entity_index owner = 0;
};
struct GC {
    entity_index owner = 0;
};
struct GD {
    entity_index owner = 0;
};
struct GTag {};

template <class T>
void give(world& w, entity e) {
    if constexpr (std::is_empty_v<T>) {
        w.add<T>(e);
    } else {
        w.add<T>(e, e.index);
    }
}

template <class... T>
std::set<entity_index> visited(world& w) {
    std::set<entity_index> seen;
    w.view<T...>().each([&](entity e, T&...) { EXPECT_TRUE(seen.insert(e.index).second); });
    return seen;
}

// What a view of T... must visit, from the world's per-entity answers.
template <class... T>
std::set<entity_index> expected(world& w) {
    std::set<entity_index> matches;
    w.each([&](entity e) {
        if (w.is_active(e) && (w.is_enabled<T>(e) && ...)) matches.insert(e.index);
    });
    return matches;
}

// The group's invariant: positions [0, size) of every owned pool hold the same entities, in
// the same order, each having every owned component enabled; no other entity matches.
void expect_group_holds(const world& w, const group& g) {
    const std::span<mosaic::sparse_set* const> pools = g.pools();
    for (const mosaic::sparse_set* pool : pools) {
        ASSERT_LE(g.size(), pool->enabled_size());
    }
    for (std::uint32_t p = 0; p < g.size(); ++p) {
        const entity_index index = pools.front()->indices()[p];
        for (const mosaic::sparse_set* pool : pools) {
            ASSERT_EQ(pool->indices()[p], index) << "position " << p;
        }
        ASSERT_TRUE(g.matches(index));
    }
    std::size_t matching = 0;
    w.each([&](entity e) { matching += g.matches(e.index) ? 1 : 0; });
    EXPECT_EQ(matching, g.size());
}

// Every value of T's pool sits at its entity's position.
template <class T>
void expect_values_follow(world& w) {
    if constexpr (!std::is_empty_v<T>) {
        const mosaic::storage<T>* pool = w.find_pool<T>();
        if (!pool) return;
        for (std::uint32_t p = 0; p < pool->size(); ++p) {
            ASSERT_EQ(pool->value(p).owner, pool->indices()[p]) << "position " << p;
        }
    }
}

void expect_all_groups_hold(const world& w) {
    w.each_group([&](const group& g) { expect_group_holds(w, g); });
}

// --- 1. making groups ------------------------------------------------------------------------

TEST(Group, PacksMatchingEntitiesAtTheFrontOfEveryOwnedPool) {
    world w;
    std::vector<entity> made;
    for (int i = 0; i < 50; ++i) {
        const entity e = w.create();
        give<GA>(w, e);
        if (i % 3 == 0) give<GB>(w, e);
        made.push_back(e);
    }
    for (int i = 0; i < 50; i += 2) {
        const entity e = made[static_cast<std::size_t>(i)];
        if (!w.has<GB>(e)) give<GB>(w, e);
    }
    const group* g = w.assure_group<GA, const GB>();
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->type_count(), 2u);
    EXPECT_EQ(g->size(), (expected<GA, GB>(w).size()));
    expect_group_holds(w, *g);
    expect_values_follow<GA>(w);
    expect_values_follow<GB>(w);
    // Asked again, in another order: the same group.
    EXPECT_EQ((w.assure_group<GB, GA>()), g);
}

TEST(Group, OneTypeOrUnknownPoolsMakeNoGroup) {
    world w;
    EXPECT_EQ(w.assure_group<GA>(), nullptr);
    EXPECT_EQ((w.assure_group<GA, GA>()), nullptr);
    const type_id unknown[] = {type_id_of<GA>(), mosaic::invalid_type_id};
    EXPECT_EQ(w.assure_group(unknown), nullptr);
}

TEST(Group, NestedGroupsShareTheirPools) {
    world w;
    for (int i = 0; i < 40; ++i) {
        const entity e = w.create();
        give<GA>(w, e);
        if (i % 2 == 0) give<GB>(w, e);
        if (i % 4 == 0) give<GC>(w, e);
    }
    const group* inner = w.assure_group<GA, GB, GC>();
    const group* outer = w.assure_group<GA, GB>();  // made after the inner one: still nests
    ASSERT_NE(inner, nullptr);
    ASSERT_NE(outer, nullptr);
    EXPECT_EQ(inner->size(), 10u);
    EXPECT_EQ(outer->size(), 20u);
    expect_all_groups_hold(w);
    // The inner group's members are the first of the outer group's.
    for (std::uint32_t p = 0; p < inner->size(); ++p) {
        EXPECT_TRUE(inner->contains(outer->pools().front()->indices()[p]));
    }
    // A group over two disjoint groups' types nests with both.
    const entity e = w.create();
    give<GD>(w, e);
    give<GTag>(w, e);
    EXPECT_NE((w.assure_group<GD, GTag>()), nullptr);
    EXPECT_NE((w.assure_group<GA, GB, GC, GD, GTag>()), nullptr);
    expect_all_groups_hold(w);
}

TEST(Group, AGroupOverlappingWithoutNestingIsRefusedAndItsViewsStillWork) {
    world w;
    for (int i = 0; i < 30; ++i) {
        const entity e = w.create();
        give<GA>(w, e);
        give<GB>(w, e);
        if (i % 3 == 0) give<GC>(w, e);
    }
    ASSERT_NE((w.assure_group<GA, GB>()), nullptr);
    EXPECT_EQ((w.assure_group<GB, GC>()), nullptr);  // GB is taken, {B, C} does not nest
    EXPECT_EQ((w.assure_group<GB, GC>()), nullptr);  // remembered
    EXPECT_EQ((w.view<GB, GC>().usable_group()), nullptr);
    EXPECT_EQ((visited<GB, GC>(w)), (expected<GB, GC>(w)));
    std::size_t groups = 0;
    w.each_group([&](const group&) { ++groups; });
    EXPECT_EQ(groups, 1u);
}

struct GMove {
    entity_index owner = 0;
};

TEST(Group, TheSchedulerMakesGroupsForItsSystemsQueries) {
    world w;
    for (int i = 0; i < 20; ++i) {
        const entity e = w.create();
        give<GA>(w, e);
        if (i % 2 == 0) give<GB>(w, e);
        if (i % 4 == 0) give<GC>(w, e);
    }
    scheduler s;
    int each_calls = 0;
    int view_calls = 0;
    s.each<GA, const GB>("each", [&](GA&, const GB&) { ++each_calls; });
    s.add("viewer", [&](view_t<GA, const GB, const GC> abc) {
        abc.each([&](GA&, const GB&, const GC&) { ++view_calls; });
    });
    EXPECT_EQ((w.view<GA, GB>().usable_group()), nullptr);  // not before the first tick
    s.tick(w, 0.016);
    EXPECT_EQ(each_calls, 10);
    EXPECT_EQ(view_calls, 5);
    const group* ab = w.view<GA, GB>().usable_group();
    const group* abc = w.view<GA, GB, GC>().usable_group();
    ASSERT_NE(ab, nullptr);
    ASSERT_NE(abc, nullptr);
    EXPECT_EQ(ab->type_count(), 2u);
    EXPECT_EQ(abc->type_count(), 3u);
    expect_all_groups_hold(w);
    // A plain system declares its query itself.
    s.add("plain", [](system_context& ctx) { ctx.view<GD, GMove>().each([](GD&, GMove&) {}); })
        .writes<GD, GMove>()
        .queries<GD, GMove>();
    s.tick(w, 0.016);
    EXPECT_NE((w.view<GD, GMove>().usable_group()), nullptr);
}

// --- 2. views over groups --------------------------------------------------------------------

class GroupViews : public ::testing::Test {
protected:
    void SetUp() override {
        std::mt19937 rng(7);
        for (int i = 0; i < 300; ++i) {
            const entity e = w.create();
            if (rng() % 4 != 0) give<GA>(w, e);
            if (rng() % 3 != 0) give<GB>(w, e);
            if (rng() % 2 != 0) give<GC>(w, e);
            if (rng() % 5 == 0) give<GD>(w, e);
            all.push_back(e);
        }
        ASSERT_NE((w.assure_group<GA, GB>()), nullptr);
    }
    world w;
    std::vector<entity> all;
};

TEST_F(GroupViews, AViewOfTheGroupsTypesVisitsExactlyTheMatches) {
    EXPECT_NE((w.view<GA, GB>().usable_group()), nullptr);
    EXPECT_EQ((visited<GA, GB>(w)), (expected<GA, GB>(w)));
    EXPECT_EQ((w.view<GA, GB>().size_hint()), (expected<GA, GB>(w).size()));
    // Values handed to the callback are the entity's own.
    w.view<GA, const GB>().each([](entity e, GA& a, const GB& b) {
        EXPECT_EQ(a.owner, e.index);
        EXPECT_EQ(b.owner, e.index);
    });
}

TEST_F(GroupViews, AViewOverMoreTypesWalksTheGroupAndTestsTheRest) {
    EXPECT_EQ((w.view<GA, GB, GC>().usable_group()), (w.view<GA, GB>().usable_group()));
    EXPECT_EQ((visited<GA, GB, GC>(w)), (expected<GA, GB, GC>(w)));
    EXPECT_EQ((visited<GC, GB, GA>(w)), (expected<GA, GB, GC>(w)));
}

TEST_F(GroupViews, DisabledExcludedAndInactiveWorkAsWithoutGroups) {
    for (std::size_t i = 0; i < all.size(); i += 7) w.disable<GB>(all[i]);
    for (std::size_t i = 0; i < all.size(); i += 11) w.set_active(all[i], false);
    expect_all_groups_hold(w);
    EXPECT_EQ((visited<GA, GB>(w)), (expected<GA, GB>(w)));

    std::set<entity_index> without_c;
    w.view<GA, GB>(exclude<GC>).each([&](entity e, GA&, GB&) { without_c.insert(e.index); });
    std::set<entity_index> want;
    for (const entity_index index : expected<GA, GB>(w)) {
        if (!w.is_enabled<GC>(w.entities().at(index))) want.insert(index);
    }
    EXPECT_EQ(without_c, want);

    // include_disabled: disabled components and inactive entities count; no group helps.
    EXPECT_EQ((w.view<GA, GB>(include_disabled).usable_group()), nullptr);
    std::set<entity_index> with_disabled;
    w.view<GA, GB>(include_disabled).each([&](entity e, GA&, GB&) {
        with_disabled.insert(e.index);
    });
    std::set<entity_index> have_both;
    w.each([&](entity e) {
        if (w.has<GA, GB>(e)) have_both.insert(e.index);
    });
    EXPECT_EQ(with_disabled, have_both);
}

TEST_F(GroupViews, IteratorsAndFrontWalkTheGroup) {
    std::set<entity_index> seen;
    auto v = w.view<GA, GB>();
    for (auto [e, a, b] : v) {
        EXPECT_EQ(a.owner, e.index);
        EXPECT_EQ(b.owner, e.index);
        seen.insert(e.index);
    }
    EXPECT_EQ(seen, (expected<GA, GB>(w)));
    EXPECT_TRUE(v.contains(v.front()));
}

TEST_F(GroupViews, RemovingTheCurrentEntitysComponentsInsideTheLoopVisitsEachOnce) {
    const std::set<entity_index> before = expected<GA, GB>(w);
    std::set<entity_index> seen;
    w.view<GA, GB>().each([&](entity e, GA&, GB&) {
        EXPECT_TRUE(seen.insert(e.index).second);
        if (e.index % 2 == 0) w.remove<GB>(e);
        if (e.index % 3 == 0) w.destroy(e);
    });
    EXPECT_EQ(seen, before);
    expect_all_groups_hold(w);
    expect_values_follow<GA>(w);
    expect_values_follow<GB>(w);
}

// --- 3. references ---------------------------------------------------------------------------

TEST(GroupReferences, JoiningMovesValuesWithinTheOwnedPools) {
    // As ecs/README.md says: in a pool a group owns, adding, removing, enabling or
    // disabling a group type on *another* entity may move a value a reference names.
    world w;
    const entity first = w.create();
    const entity second = w.create();
    give<GA>(w, first);
    give<GA>(w, second);
    ASSERT_NE((w.assure_group<GA, GB>()), nullptr);
    const GA* kept = &w.get<GA>(first);
    give<GB>(w, second);  // second joins: its GA moves to the group's front, first's out
    EXPECT_EQ(&w.get<GA>(second), kept);
    EXPECT_EQ(kept->owner, second.index);
    EXPECT_EQ(w.get<GA>(first).owner, first.index);  // a new lookup finds it
    // Pools no group owns keep the rules of storage.hpp: a reference survives others' adds.
    give<GC>(w, first);
    const GC* stable = &w.get<GC>(first);
    for (int i = 0; i < 1000; ++i) give<GC>(w, w.create());
    EXPECT_EQ(&w.get<GC>(first), stable);
}

TEST(GroupReferences, AddReturnsTheValueWhereTheGroupPutIt) {
    world w;
    std::vector<entity> made;
    for (int i = 0; i < 10; ++i) {
        made.push_back(w.create());
        give<GA>(w, made.back());
    }
    ASSERT_NE((w.assure_group<GA, GB>()), nullptr);
    for (auto it = made.rbegin(); it != made.rend(); ++it) {
        GB& added = w.add<GB>(*it, it->index);
        EXPECT_EQ(&added, &w.get<GB>(*it));
        EXPECT_EQ(added.owner, it->index);
    }
    expect_all_groups_hold(w);
}

// --- 4. whole world --------------------------------------------------------------------------

TEST(GroupWorld, CloneKeepsTheGroupsClearEmptiesThemDropPoolRemovesThem) {
    world w;
    for (int i = 0; i < 30; ++i) {
        const entity e = w.create();
        give<GA>(w, e);
        if (i % 2 == 0) give<GB>(w, e);
    }
    const group* g = w.assure_group<GA, GB>();
    ASSERT_NE(g, nullptr);
    world copy = w.clone();
    const group* copied = copy.view<GA, GB>().usable_group();
    ASSERT_NE(copied, nullptr);
    EXPECT_NE(copied, g);
    EXPECT_EQ(copied->size(), g->size());
    EXPECT_EQ((copy.assure_group<GA, GB>()), copied);
    give<GB>(copy, copy.create());  // no GA: no join
    const entity joined = copy.create();
    give<GA>(copy, joined);
    give<GB>(copy, joined);
    EXPECT_EQ(copied->size(), g->size() + 1);
    expect_all_groups_hold(copy);
    expect_all_groups_hold(w);

    w.clear<GB>();
    EXPECT_EQ(g->size(), 0u);
    give<GB>(w, w.entities().at(w.find_pool<GA>()->indices()[0]));
    EXPECT_EQ(g->size(), 1u);
    expect_all_groups_hold(w);
    w.clear();
    EXPECT_EQ(g->size(), 0u);

    EXPECT_TRUE(copy.drop_pool(type_id_of<GB>()));
    std::size_t left = 0;
    copy.each_group([&](const group&) { ++left; });
    EXPECT_EQ(left, 0u);
    EXPECT_EQ((copy.view<GA, GB>().usable_group()), nullptr);
    give<GA>(copy, copy.create());  // the GA pool no longer calls into a dropped group
    expect_values_follow<GA>(copy);
}

// --- 5. randomized model ---------------------------------------------------------------------

// Random creates, destroys, adds, removes, enables, disables, deactivations, clears and
// clones over a world with nested, disjoint and spanning groups (and one refused), every
// invariant checked after every step: each group's front range, values following their
// entities, and views giving the same entities as the world's own per-entity answers.
class GroupModel : public ::testing::TestWithParam<std::uint32_t> {};

template <class T>
void random_op(world& w, entity e, std::uint32_t what) {
    switch (what % 4) {
        case 0:
            if (!w.has<T>(e)) give<T>(w, e);
            break;
        case 1:
            w.remove<T>(e);
            break;
        case 2:
            w.enable<T>(e);
            break;
        case 3:
            w.disable<T>(e);
            break;
    }
}

void check_everything(world& w) {
    expect_all_groups_hold(w);
    expect_values_follow<GA>(w);
    expect_values_follow<GB>(w);
    expect_values_follow<GC>(w);
    expect_values_follow<GD>(w);
    ASSERT_EQ((visited<GA, GB>(w)), (expected<GA, GB>(w)));
    ASSERT_EQ((visited<GA, GB, GC>(w)), (expected<GA, GB, GC>(w)));
    ASSERT_EQ((visited<GD, GTag>(w)), (expected<GD, GTag>(w)));
    ASSERT_EQ((visited<GB, GC>(w)), (expected<GB, GC>(w)));
    ASSERT_EQ((visited<GA, GB, GC, GD, GTag>(w)), (expected<GA, GB, GC, GD, GTag>(w)));
}

TEST_P(GroupModel, EveryInvariantHoldsAfterEveryRandomStep) {
    std::mt19937 rng(GetParam());
    world w;
    std::vector<entity> live;
    const auto pick = [&]() { return live[rng() % live.size()]; };
    for (int i = 0; i < 40; ++i) live.push_back(w.create());
    // Half the seeds make the groups first, half after some history.
    const bool early = GetParam() % 2 == 0;
    const auto make_groups = [&] {
        ASSERT_NE((w.assure_group<GA, GB>()), nullptr);
        ASSERT_NE((w.assure_group<GA, GB, GC>()), nullptr);
        ASSERT_NE((w.assure_group<GD, GTag>()), nullptr);
        ASSERT_EQ((w.assure_group<GB, GC>()), nullptr);
        ASSERT_NE((w.assure_group<GA, GB, GC, GD, GTag>()), nullptr);
    };
    if (early) make_groups();
    std::uint32_t largest = 0;  // the test means something only if groups fill up
    constexpr int steps = 6000;
    for (int step = 0; step < steps; ++step) {
        if (!early && step == steps / 3) make_groups();
        const std::uint32_t op = rng() % 100;
        if (op < 6 || live.empty()) {
            live.push_back(w.create());
        } else if (op < 10) {
            const std::size_t at = rng() % live.size();
            w.destroy(live[at]);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
        } else if (op < 25) {
            random_op<GA>(w, pick(), rng());
        } else if (op < 40) {
            random_op<GB>(w, pick(), rng());
        } else if (op < 55) {
            random_op<GC>(w, pick(), rng());
        } else if (op < 70) {
            random_op<GD>(w, pick(), rng());
        } else if (op < 85) {
            random_op<GTag>(w, pick(), rng());
        } else if (op < 95) {
            w.set_active(pick(), rng() % 2 == 0);
        } else if (op < 97) {
            // Through the runtime-id API, as tools do.
            const entity e = pick();
            if (w.has<GB>(e)) {
                w.remove(e, type_id_of<GB>());
            } else {
                const GB value{e.index};
                w.add_copy(e, type_id_of<GB>(), &value);
            }
        } else if (op < 98) {
            w.clear<GC>();
        } else if (op < 99) {
            world copy = w.clone();
            check_everything(copy);
            for (const entity e : live) {
                if (copy.has<GA>(e)) copy.remove<GA>(e);
            }
            check_everything(copy);
        } else if (rng() % 8 == 0) {
            w.clear();
            live.clear();
        }
        check_everything(w);
        if (const group* g = w.view<GA, GB>().usable_group())
            largest = std::max(largest, g->size());
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "seed " << GetParam() << ", step " << step;
            return;
        }
    }
    EXPECT_GE(largest, 3u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, GroupModel, ::testing::Values(1u, 2u, 3u, 4u, 5u, 6u));

}  // namespace
