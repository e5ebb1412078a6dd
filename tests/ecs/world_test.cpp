// world: entities, components by type and by runtime id, enable/disable, signals, copying
// between worlds, and whole-world operations.
//
// Sections:
//   1. entities                       create, destroy, alive
//   2. components by type             add, get, try_get, has, any_of, remove, replace, ...
//   3. misuse: failed checks          stale handles, missing components, adding twice
//   3b. reference stability           references across 100,000 adds, removes of others
//   4. enable / disable
//   5. signals                        on_add, on_remove, on_destroy, callbacks changing things
//   6. by runtime type id
//   7. copying components between worlds
//   8. whole world                    clone, clear, memory, move
#include "mosaic/ecs/world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "test_components.hpp"

namespace {

using mosaic::entity;
using mosaic::type_id;
using mosaic::type_id_of;
using mosaic::world;
using mosaic_test::failed_check_message;
using mosaic_test::Frozen;
using mosaic_test::Health;
using mosaic_test::Name;
using mosaic_test::Owned;
using mosaic_test::Position;
using mosaic_test::Velocity;

std::vector<entity> live_entities(const world& w) {
    std::vector<entity> all;
    w.each([&](entity e) { all.push_back(e); });
    return all;
}

// --- 1. entities ----------------------------------------------------------------------------

TEST(World, CreateAndDestroy) {
    world w;
    const entity a = w.create();
    const entity b = w.create();
    EXPECT_TRUE(w.alive(a));
    EXPECT_EQ(w.size(), 2u);
    EXPECT_TRUE(w.destroy(a));
    EXPECT_FALSE(w.alive(a));
    EXPECT_FALSE(w.destroy(a));  // twice: harmless
    EXPECT_FALSE(w.destroy(mosaic::null_entity));
    EXPECT_EQ(w.size(), 1u);
    EXPECT_EQ(live_entities(w), std::vector<entity>{b});
}

TEST(World, DestroyRemovesEveryComponent) {
    world w;
    const entity keep = w.create();
    const entity e = w.create();
    for (const entity x : {keep, e}) {
        w.add<Position>(x, 1.0f, 2.0f);
        w.add<Velocity>(x);
        w.add<Frozen>(x);
        w.add<Name>(x, "name");
    }
    w.disable<Velocity>(e);
    w.destroy(e);
    EXPECT_EQ(w.count<Position>(), 1u);
    EXPECT_EQ(w.count<Velocity>(), 1u);
    EXPECT_EQ(w.count<Frozen>(), 1u);
    EXPECT_EQ(w.count<Name>(), 1u);
    EXPECT_TRUE((w.has<Position, Velocity, Frozen, Name>(keep)));

    // The slot's next owner starts with nothing.
    const entity reused = w.create();
    ASSERT_EQ(reused.index, e.index);
    EXPECT_FALSE((w.any_of<Position, Velocity, Frozen, Name>(reused)));
    EXPECT_TRUE(w.components_of(reused).empty());
}

// --- 2. components by type ------------------------------------------------------------------

TEST(World, AddGetTryGet) {
    world w;
    const entity e = w.create();
    Position& p = w.add<Position>(e, 3.0f, 4.0f);
    EXPECT_EQ(p, (Position{3.0f, 4.0f}));
    p.x = 5.0f;
    EXPECT_EQ(w.get<Position>(e).x, 5.0f);
    EXPECT_EQ(w.try_get<Position>(e), &w.get<Position>(e));
    EXPECT_EQ(w.try_get<Velocity>(e), nullptr);  // no pool yet
    w.add<Velocity>(w.create());
    EXPECT_EQ(w.try_get<Velocity>(e), nullptr);  // a pool, but not this entity

    const world& cw = w;
    EXPECT_EQ(cw.get<Position>(e).x, 5.0f);
    EXPECT_EQ(cw.try_get<Position>(e), &w.get<Position>(e));
    static_assert(std::is_same_v<decltype(cw.get<Position>(e)), const Position&>);
    static_assert(std::is_same_v<decltype(cw.try_get<Position>(e)), const Position*>);
}

TEST(World, HasAndAnyOf) {
    world w;
    const entity e = w.create();
    w.add<Position>(e);
    w.add<Frozen>(e);
    EXPECT_TRUE(w.has<Position>(e));
    EXPECT_TRUE((w.has<Position, Frozen>(e)));
    EXPECT_FALSE((w.has<Position, Velocity>(e)));
    EXPECT_TRUE((w.any_of<Velocity, Frozen>(e)));
    EXPECT_FALSE((w.any_of<Velocity, Health>(e)));
    EXPECT_TRUE(w.has<const Position>(e));

    w.destroy(e);
    EXPECT_FALSE(w.has<Position>(e));
    EXPECT_FALSE((w.any_of<Position, Frozen>(e)));
}

TEST(World, RemoveReturnsWhetherThereWasOne) {
    world w;
    const entity e = w.create();
    EXPECT_FALSE(w.remove<Position>(e));  // no pool
    w.add<Position>(e);
    EXPECT_TRUE(w.remove<Position>(e));
    EXPECT_FALSE(w.has<Position>(e));
    EXPECT_FALSE(w.remove<Position>(e));
    EXPECT_TRUE(w.alive(e));

    w.add<Position>(e);
    w.destroy(e);
    EXPECT_FALSE(w.remove<Position>(e));  // stale
}

TEST(World, ReplaceGetOrAddAddOrReplace) {
    world w;
    const entity e = w.create();
    w.add<Health>(e, 10);
    EXPECT_EQ(w.replace<Health>(e, 20).hp, 20);
    EXPECT_EQ(w.get<Health>(e).hp, 20);

    EXPECT_EQ(w.get_or_add<Health>(e, 99).hp, 20);  // has one: untouched
    EXPECT_EQ(w.get_or_add<Position>(e, 1.0f, 1.0f), (Position{1.0f, 1.0f}));
    EXPECT_TRUE(w.has<Position>(e));

    EXPECT_EQ(w.add_or_replace<Health>(e, 30).hp, 30);
    EXPECT_EQ(w.add_or_replace<Velocity>(e, 2.0f, 3.0f), (Velocity{2.0f, 3.0f}));
    EXPECT_EQ(w.get<Velocity>(e), (Velocity{2.0f, 3.0f}));
    EXPECT_EQ(w.count<Health>(), 1u);
}

TEST(World, ClearAndCountOfOneType) {
    world w;
    std::vector<entity> e(10);
    w.create(e);
    for (const entity x : e) {
        w.add<Position>(x);
        w.add<Health>(x);
    }
    w.disable<Position>(e[3]);
    EXPECT_EQ(w.count<Position>(), 10u);  // disabled ones count
    EXPECT_EQ(w.count<Velocity>(), 0u);   // no pool
    w.clear<Position>();
    EXPECT_EQ(w.count<Position>(), 0u);
    EXPECT_EQ(w.count<Health>(), 10u);
    for (const entity x : e) {
        EXPECT_TRUE(w.alive(x));
        EXPECT_FALSE(w.has<Position>(x));
    }
    w.clear<Velocity>();  // no pool: nothing to do
}

TEST(World, ComponentsOfNonAggregateTypes) {
    world w;
    const entity e = w.create();
    EXPECT_EQ(w.add<std::string>(e, 3u, 'x'), "xxx");
    EXPECT_EQ(w.add<std::vector<int>>(e, 2u, 7), (std::vector<int>{7, 7}));
    EXPECT_EQ(w.replace<std::string>(e, "abc"), "abc");
}

TEST(World, MoveOnlyComponents) {
    world w;
    const entity e = w.create();
    w.add<Owned>(e, std::make_unique<int>(4));
    EXPECT_EQ(*w.get<Owned>(e).value, 4);
    w.replace<Owned>(e, std::make_unique<int>(5));
    EXPECT_EQ(*w.get<Owned>(e).value, 5);
    EXPECT_TRUE(w.remove<Owned>(e));
}

// Looking a component up never registers its type: a type no world ever held has no id yet,
// and no pool anywhere.
TEST(World, LookingUpAnUnusedTypeRegistersNothing) {
    struct NeverAdded {
        int value = 0;
    };
    world w;
    const entity e = w.create();
    const std::size_t types = mosaic::type_count();
    EXPECT_EQ(w.try_get<NeverAdded>(e), nullptr);
    EXPECT_FALSE(w.has<NeverAdded>(e));
    EXPECT_EQ(w.find_pool<NeverAdded>(), nullptr);
    EXPECT_EQ(mosaic::type_count(), types);
    w.add<NeverAdded>(e, 3);
    EXPECT_EQ(mosaic::type_count(), types + 1);
    EXPECT_EQ(w.get<NeverAdded>(e).value, 3);
}

// --- 3. misuse: failed checks -----------------------------------------------------------------

TEST(World, GetOfAMissingComponentFailsACheckNamingIt) {
    world w;
    const entity e = w.create();
    const std::string message = failed_check_message([&] { (void)w.get<Velocity>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "has no mosaic_test::Velocity", message);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, mosaic::to_string(e), message);
}

TEST(World, GetOfAStaleHandleFailsACheck) {
    world w;
    const entity e = w.create();
    w.add<Velocity>(e);
    w.destroy(e);
    const std::string message = failed_check_message([&] { (void)w.get<Velocity>(e); });
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle", message);
    EXPECT_EQ(w.try_get<Velocity>(e), nullptr);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle",
                        failed_check_message([&] { (void)w.replace<Velocity>(e); }));
}

// The slot of a destroyed entity reused by a new one that has the same component: the old
// handle finds the component in the pool, and only the generation tells them apart.
TEST(World, AStaleHandleNeverReachesTheComponentOfItsSlotsNextEntity) {
    world w;
    const entity old = w.create();
    w.add<Velocity>(old, 1.0f, 0.0f);
    w.destroy(old);
    const entity reused = w.create();
    ASSERT_EQ(reused.index, old.index);
    w.add<Velocity>(reused, 2.0f, 0.0f);
    EXPECT_EQ(w.try_get<Velocity>(old), nullptr);
    EXPECT_FALSE(w.has<Velocity>(old));
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "stale handle",
                        failed_check_message([&] { (void)w.get<Velocity>(old); }));
    // Nor does a handle with the slot's index and a made-up generation (a corrupt id, or a
    // command_buffer placeholder, whose generation has the top bit set).
    for (const std::uint32_t generation :
         {reused.generation + 1, reused.generation | 0x8000'0000u}) {
        const entity made_up{reused.index, generation};
        EXPECT_EQ(w.try_get<Velocity>(made_up), nullptr) << generation;
        EXPECT_FALSE(w.has<Velocity>(made_up)) << generation;
    }
    EXPECT_EQ(w.get<Velocity>(reused).dx, 2.0f);
}

// Entities made in order, each with a Position: the pool is the identity (position i holds
// entity i) and lookups skip the sparse pages. Destroying and reusing slots breaks that
// order; every handle must still reach its own value, and the stale ones none.
TEST(World, GetFollowsEveryEntityWhenCreationOrderBreaks) {
    world w;
    std::vector<entity> made;
    for (int i = 0; i < 50; ++i) {
        made.push_back(w.create());
        w.add<Position>(made.back(), static_cast<float>(i), 0.0f);
    }
    std::vector<entity> stale;
    for (const int i : {3, 17, 49, 0}) {
        stale.push_back(made[static_cast<std::size_t>(i)]);
        w.destroy(made[static_cast<std::size_t>(i)]);
        made[static_cast<std::size_t>(i)] = w.create();  // the same slot, a new generation
        w.add<Position>(made[static_cast<std::size_t>(i)], 100.0f + static_cast<float>(i), 0.0f);
    }
    for (std::size_t i = 0; i < made.size(); ++i) {
        const bool replaced = i == 3 || i == 17 || i == 49 || i == 0;
        EXPECT_EQ(w.get<Position>(made[i]).x, static_cast<float>(i) + (replaced ? 100.0f : 0.0f))
            << i;
    }
    for (const entity e : stale) EXPECT_EQ(w.try_get<Position>(e), nullptr) << to_string(e);
}

TEST(World, AddingTwiceFailsACheck) {
    world w;
    const entity e = w.create();
    w.add<Health>(e, 1);
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "already has",
                        failed_check_message([&] { w.add<Health>(e, 2); }));
    EXPECT_EQ(w.get<Health>(e).hp, 1);
    EXPECT_EQ(w.count<Health>(), 1u);
}

TEST(World, CorrectUseFailsNoCheck) {
    world w;
    const std::string message = failed_check_message([&] {
        const entity e = w.create();
        w.add<Health>(e);
        (void)w.get<Health>(e);
        w.replace<Health>(e, 3);
        w.get_or_add<Health>(e);
        w.add_or_replace<Position>(e);
        w.remove<Health>(e);
        w.destroy(e);
    });
    EXPECT_EQ(message, "");
}

// --- 3b. reference stability (storage.hpp lists what moves a value) ---------------------------

// Under the old one-vector-per-pool storage, the first add that grew the vector freed the
// value `h` refers to: ASan reported heap-use-after-free here.
TEST(World, AReferenceFromAddSurvives100000MoreAdds) {
    world w;
    const entity a = w.create();
    Health& h = w.add<Health>(a, 7);
    Name& n = w.add<Name>(a, std::string(40, 'n'));  // heap-owning: a stale copy shows
    for (int i = 0; i < 100'000; ++i) {
        const entity e = w.create();
        w.add<Health>(e, i);
        w.add<Name>(e, "other");
        w.add<Position>(e);  // other pools grow too
    }
    h.hp += 1;  // through the reference kept since the first add
    EXPECT_EQ(w.get<Health>(a).hp, 8);
    EXPECT_EQ(&w.get<Health>(a), &h);
    EXPECT_EQ(n.value, std::string(40, 'n'));
    EXPECT_EQ(&w.get<Name>(a), &n);
}

TEST(World, ReferencesSurviveRemovingAndDestroyingOtherEntities) {
    world w;
    const entity first = w.create();
    Name& kept = w.add<Name>(first, std::string(40, 'k'));
    std::vector<entity> others(100'000);
    w.create(others);
    for (const entity e : others) w.add<Name>(e, "other");
    // Swap-and-pop moves only the last value into a hole: the first value, never last
    // while others remain, stays where it is whichever others leave, in any order.
    std::vector<entity> order = others;
    std::mt19937 rng(14);
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i % 2 == 0) {
            w.remove<Name>(order[i]);
        } else {
            w.destroy(order[i]);
        }
    }
    EXPECT_EQ(kept.value, std::string(40, 'k'));
    EXPECT_EQ(&w.get<Name>(first), &kept);
    EXPECT_EQ(w.count<Name>(), 1u);
}

TEST(World, RemovingAnotherEntityMovesOnlyTheLastValue) {
    world w;
    std::vector<entity> e(4);
    w.create(e);
    std::vector<Health*> before;
    for (int i = 0; i < 4; ++i) before.push_back(&w.add<Health>(e[static_cast<std::size_t>(i)], i));
    w.remove<Health>(e[1]);  // the last value (e[3]) moves into e[1]'s place
    EXPECT_EQ(&w.get<Health>(e[0]), before[0]);
    EXPECT_EQ(&w.get<Health>(e[2]), before[2]);
    EXPECT_EQ(&w.get<Health>(e[3]), before[1]);  // moved: a reference kept to it is stale
    EXPECT_EQ(w.get<Health>(e[3]).hp, 3);
    w.destroy(e[0]);  // the last value (now e[2]) moves into e[0]'s place
    EXPECT_EQ(&w.get<Health>(e[2]), before[0]);
    EXPECT_EQ(&w.get<Health>(e[3]), before[1]);
    EXPECT_EQ(w.get<Health>(e[2]).hp, 2);
}

TEST(World, ConstAccessorsReadWithoutConstCast) {
    world w;
    const entity a = w.create();
    w.add<Health>(a, 5);
    w.resource<Name>().value = "res";
    const world& cw = w;
    static_assert(std::is_same_v<decltype(cw.get<Health>(a)), const Health&>);
    static_assert(std::is_same_v<decltype(cw.try_get<Health>(a)), const Health*>);
    static_assert(std::is_same_v<decltype(cw.find_pool<Health>()), const mosaic::storage<Health>*>);
    static_assert(std::is_same_v<decltype(cw.try_resource<Name>()), const Name*>);
    EXPECT_EQ(cw.get<Health>(a).hp, 5);
    EXPECT_EQ(cw.try_get<Health>(a), &w.get<Health>(a));
    EXPECT_EQ(cw.try_get<Position>(a), nullptr);
    EXPECT_EQ(cw.find_pool<Health>()->find(a.index)->hp, 5);
    EXPECT_EQ(cw.try_resource<Name>()->value, "res");
    const mosaic_test::throwing_checks checks;
    EXPECT_THROW((void)cw.get<Position>(a), mosaic_test::check_failed);
}

// --- 4. enable / disable ----------------------------------------------------------------------

TEST(World, DisabledComponentKeepsItsData) {
    world w;
    const entity e = w.create();
    w.add<Health>(e, 42);
    EXPECT_TRUE(w.is_enabled<Health>(e));
    EXPECT_TRUE(w.disable<Health>(e));
    EXPECT_FALSE(w.is_enabled<Health>(e));
    EXPECT_TRUE(w.has<Health>(e));
    EXPECT_EQ(w.get<Health>(e).hp, 42);
    EXPECT_EQ(w.count<Health>(), 1u);
    EXPECT_TRUE(w.enable<Health>(e));
    EXPECT_TRUE(w.is_enabled<Health>(e));
    EXPECT_TRUE(w.set_enabled<Health>(e, false));
    EXPECT_FALSE(w.is_enabled<Health>(e));
}

TEST(World, EnablingWhatIsNotThereFails) {
    world w;
    const entity e = w.create();
    EXPECT_FALSE(w.disable<Health>(e));  // no pool
    w.add<Health>(w.create());
    EXPECT_FALSE(w.disable<Health>(e));  // not on this entity
    EXPECT_FALSE(w.is_enabled<Health>(e));
    w.add<Health>(e);
    w.destroy(e);
    EXPECT_FALSE(w.enable<Health>(e));  // stale
    EXPECT_FALSE(w.is_enabled<Health>(e));
}

// --- 5. signals -------------------------------------------------------------------------------

TEST(World, OnAddFiresAfterTheComponentIsThere) {
    world w;
    std::vector<entity> seen;
    w.on_add<Health>().connect([&](world& got, entity e) {
        EXPECT_EQ(&got, &w);
        ASSERT_TRUE(got.has<Health>(e));
        EXPECT_EQ(got.get<Health>(e).hp, 5);
        seen.push_back(e);
    });
    const entity a = w.create();
    const entity b = w.create();
    w.add<Health>(a, 5);
    w.add<Position>(b);  // another type: no call
    w.get_or_add<Health>(b, 5);
    w.get_or_add<Health>(b, 5);  // already there: no call
    EXPECT_EQ(seen, (std::vector<entity>{a, b}));
}

TEST(World, OnRemoveFiresWhileTheComponentIsStillReadable) {
    world w;
    std::vector<int> seen;
    w.on_remove<Health>().connect([&](world& got, entity e) {
        ASSERT_TRUE(got.alive(e));
        ASSERT_TRUE(got.has<Health>(e));
        seen.push_back(got.get<Health>(e).hp);
    });
    std::vector<entity> e(5);
    w.create(e);
    for (int i = 0; i < 5; ++i) w.add<Health>(e[static_cast<std::size_t>(i)], i);

    w.remove<Health>(e[0]);
    EXPECT_EQ(seen, (std::vector<int>{0}));
    w.remove<Health>(e[0]);  // nothing left: no call
    EXPECT_EQ(seen.size(), 1u);

    w.destroy(e[1]);
    EXPECT_EQ(seen, (std::vector<int>{0, 1}));

    w.disable<Health>(e[2]);
    w.clear<Health>();  // every remaining one, disabled included
    ASSERT_EQ(seen.size(), 5u);
    std::sort(seen.begin() + 2, seen.end());
    EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(w.count<Health>(), 0u);
}

TEST(World, OnDestroyFiresFirstWithEverythingStillThere) {
    world w;
    std::vector<std::string> order;
    const entity e = w.create();
    w.add<Health>(e, 7);
    w.add<Position>(e);
    w.on_destroy().connect([&](world& got, entity x) {
        EXPECT_EQ(x, e);
        EXPECT_TRUE(got.alive(x));
        EXPECT_TRUE((got.has<Health, Position>(x)));
        order.push_back("destroy");
    });
    w.on_remove<Health>().connect([&](world& got, entity x) {
        EXPECT_EQ(got.get<Health>(x).hp, 7);
        order.push_back("remove health");
    });
    w.on_remove<Position>().connect([&](world&, entity) { order.push_back("remove position"); });
    w.destroy(e);
    ASSERT_EQ(order.size(), 3u);
    EXPECT_EQ(order[0], "destroy");
    EXPECT_FALSE(w.alive(e));
    w.destroy(e);  // stale: no signals
    EXPECT_EQ(order.size(), 3u);
}

TEST(World, ClearingTheWorldFiresNoSignalsButKeepsThem) {
    world w;
    int adds = 0;
    int removes = 0;
    int destroys = 0;
    w.on_add<Health>().connect([&](world&, entity) { ++adds; });
    w.on_remove<Health>().connect([&](world&, entity) { ++removes; });
    w.on_destroy().connect([&](world&, entity) { ++destroys; });
    w.add<Health>(w.create());
    w.clear();
    EXPECT_EQ(removes, 0);
    EXPECT_EQ(destroys, 0);
    w.add<Health>(w.create());
    EXPECT_EQ(adds, 2);
}

// Creating a pool (any assure<T>, view<T> or on_add<T> of a type the world has no pool for)
// from an on_remove callback run by destroy() must not invalidate destroy's walk over the pools.
// Runs in a child process: under ASan a use-after-free fails this test alone.
template <int N>
struct FirstSeenInACallback {
    int value = N;
};

TEST(WorldDeathTest, CallbackCreatingAPoolDuringDestroy) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            world w;
            const entity e = w.create();
            w.add<Health>(e);
            w.add<Position>(e);
            w.add<Velocity>(e);
            // Many new pools, so the table of pools surely has to grow; connected to all three
            // types so that it runs while destroy() still has pools left to visit.
            const auto make_pools = [](world& got, entity) {
                [&]<int... N>(std::integer_sequence<int, N...>) {
                    ((void)got.assure<FirstSeenInACallback<N>>(), ...);
                }
                (std::make_integer_sequence<int, 32>{});
            };
            w.on_remove<Health>().connect(make_pools);
            w.on_remove<Position>().connect(make_pools);
            w.on_remove<Velocity>().connect(make_pools);
            w.destroy(e);
            const bool clean = !w.alive(e) && w.count<Health>() == 0 && w.count<Position>() == 0 &&
                               w.count<Velocity>() == 0;
            std::exit(clean ? 0 : 3);
        },
        ::testing::ExitedWithCode(0), "");
}

// world.cpp's erase_from says an on_remove callback "may already have ... destroyed the
// entity": "when its Health goes, the entity goes" must not recurse without end.
TEST(WorldDeathTest, OnRemoveCallbackDestroyingItsEntity) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            world w;
            const entity e = w.create();
            w.add<Health>(e);
            w.add<Position>(e);
            w.on_remove<Health>().connect([](world& got, entity x) { got.destroy(x); });
            w.remove<Health>(e);
            const bool clean = !w.alive(e) && w.count<Health>() == 0 && w.count<Position>() == 0;
            std::exit(clean ? 0 : 3);
        },
        ::testing::ExitedWithCode(0), "");
}

// --- 6. by runtime type id --------------------------------------------------------------------

TEST(World, RuntimeIdAddHasTryGetRemove) {
    world w;
    const entity e = w.create();
    const type_id health = type_id_of<Health>();
    EXPECT_FALSE(w.has(e, health));
    EXPECT_EQ(w.try_get(e, health), nullptr);

    EXPECT_TRUE(w.add(e, health));
    EXPECT_FALSE(w.add(e, health));  // present
    EXPECT_TRUE(w.has(e, health));
    EXPECT_TRUE(w.has<Health>(e));
    void* value = w.try_get(e, health);
    ASSERT_EQ(value, w.try_get<Health>(e));
    EXPECT_EQ(static_cast<Health*>(value)->hp, 100);  // default member initializer
    // A const world answers the same, read-only, through the pool's const value_at.
    const world& cw = w;
    const void* read_only = cw.try_get(e, health);
    EXPECT_EQ(read_only, value);
    const mosaic::sparse_set* pool = cw.pool(health);
    ASSERT_NE(pool, nullptr);
    EXPECT_EQ(pool->value_at(pool->position(e.index)), value);

    EXPECT_TRUE(w.remove(e, health));
    EXPECT_FALSE(w.remove(e, health));
    EXPECT_FALSE(w.has(e, health));
    EXPECT_EQ(cw.try_get(e, health), nullptr);
    w.add(e, health);
    w.destroy(e);
    EXPECT_EQ(cw.try_get(e, health), nullptr);  // a stale handle
}

TEST(World, RuntimeIdAddCopyAndSetCopy) {
    world w;
    const entity e = w.create();
    const type_id name = type_id_of<Name>();
    const Name first{"first"};
    const Name second{"second"};
    EXPECT_TRUE(w.add_copy(e, name, &first));
    EXPECT_EQ(w.get<Name>(e).value, "first");
    EXPECT_FALSE(w.add_copy(e, name, &second));  // present: unchanged
    EXPECT_EQ(w.get<Name>(e).value, "first");
    EXPECT_TRUE(w.set_copy(e, name, &second));  // assigns
    EXPECT_EQ(w.get<Name>(e).value, "second");

    const entity f = w.create();
    EXPECT_TRUE(w.set_copy(f, name, &first));  // adds
    EXPECT_EQ(w.get<Name>(f).value, "first");

    int adds = 0;
    w.on_add<Name>().connect([&](world&, entity) { ++adds; });
    EXPECT_TRUE(w.add_copy(w.create(), name, &first));
    EXPECT_TRUE(w.add(w.create(), name));
    EXPECT_EQ(adds, 2);
}

TEST(World, RuntimeIdOperationsRefuseWhatTheyCannotDo) {
    world w;
    const entity e = w.create();
    const type_id unknown = static_cast<type_id>(mosaic::type_count() + 100);
    EXPECT_EQ(w.assure(unknown), nullptr);
    EXPECT_FALSE(w.add(e, unknown));
    EXPECT_FALSE(w.has(e, unknown));
    EXPECT_EQ(w.pool(unknown), nullptr);

    const Owned owned{std::make_unique<int>(1)};
    EXPECT_FALSE(w.add_copy(e, type_id_of<Owned>(), &owned));  // not copyable
    EXPECT_TRUE(w.add(e, type_id_of<Owned>()));                // default constructible

    const entity dead = w.create();
    w.destroy(dead);
    const Health h{};
    EXPECT_FALSE(w.add(dead, type_id_of<Health>()));
    EXPECT_FALSE(w.add_copy(dead, type_id_of<Health>(), &h));
    EXPECT_FALSE(w.set_copy(dead, type_id_of<Health>(), &h));
    EXPECT_EQ(w.count<Health>(), 0u);
}

TEST(World, RuntimeIdEnableAndTags) {
    world w;
    const entity e = w.create();
    const type_id frozen = type_id_of<Frozen>();
    EXPECT_FALSE(w.set_enabled(e, frozen, false));  // absent
    EXPECT_TRUE(w.add(e, frozen));
    EXPECT_TRUE(w.has(e, frozen));
    EXPECT_EQ(w.try_get(e, frozen), nullptr);  // tags hold no data
    EXPECT_EQ(std::as_const(w).try_get(e, frozen), nullptr);
    EXPECT_TRUE(w.is_enabled(e, frozen));
    EXPECT_TRUE(w.set_enabled(e, frozen, false));
    EXPECT_FALSE(w.is_enabled(e, frozen));
    EXPECT_FALSE(w.is_enabled<Frozen>(e));
    EXPECT_TRUE(w.has<Frozen>(e));
    EXPECT_TRUE(w.set_enabled(e, frozen, true));
    EXPECT_TRUE(w.is_enabled<Frozen>(e));
}

TEST(World, ComponentsOfListsTypesInIdOrder) {
    world w;
    const entity e = w.create();
    EXPECT_TRUE(w.components_of(e).empty());
    w.add<Name>(e);
    w.add<Frozen>(e);
    w.add<Position>(e);
    w.disable<Position>(e);
    w.add<Velocity>(w.create());  // another entity's
    std::vector<type_id> expected = {type_id_of<Name>(), type_id_of<Frozen>(),
                                     type_id_of<Position>()};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(w.components_of(e), expected);
    w.destroy(e);
    EXPECT_TRUE(w.components_of(e).empty());
}

TEST(World, EachPoolVisitsEveryPool) {
    world w;
    w.add<Position>(w.create());
    w.add<Frozen>(w.create());
    std::vector<type_id> types;
    w.each_pool([&](const mosaic::sparse_set& pool) { types.push_back(pool.type()); });
    EXPECT_NE(std::find(types.begin(), types.end(), type_id_of<Position>()), types.end());
    EXPECT_NE(std::find(types.begin(), types.end(), type_id_of<Frozen>()), types.end());
    EXPECT_EQ(std::find(types.begin(), types.end(), type_id_of<Velocity>()), types.end());
}

// --- 7. copying components between worlds ------------------------------------------------------

TEST(World, CopyComponentsIntoAnotherWorldKeepsValuesAndFlags) {
    world source;
    world target;
    const entity from = source.create();
    source.add<Position>(from, 1.0f, 2.0f);
    source.add<Velocity>(from, 3.0f, 4.0f);
    source.disable<Velocity>(from);
    source.add<Frozen>(from);
    source.disable<Frozen>(from);
    source.add<Name>(from, "copied");

    (void)target.create();
    const entity to = target.create();
    target.add<Position>(to, 9.0f, 9.0f);  // overwritten
    target.disable<Position>(to);          // and enabled like the source's
    target.add<Health>(to, 3);             // not in the source: kept

    EXPECT_EQ(source.copy_components(from, target, to), 4u);
    EXPECT_EQ(target.get<Position>(to), (Position{1.0f, 2.0f}));
    EXPECT_TRUE(target.is_enabled<Position>(to));
    EXPECT_EQ(target.get<Velocity>(to), (Velocity{3.0f, 4.0f}));
    EXPECT_FALSE(target.is_enabled<Velocity>(to));
    EXPECT_TRUE(target.has<Frozen>(to));
    EXPECT_FALSE(target.is_enabled<Frozen>(to));
    EXPECT_EQ(target.get<Name>(to).value, "copied");
    EXPECT_EQ(target.get<Health>(to).hp, 3);

    // The source is untouched and the copies are independent.
    target.get<Name>(to).value = "changed";
    EXPECT_EQ(source.get<Name>(from).value, "copied");
    EXPECT_EQ(source.components_of(from).size(), 4u);
}

TEST(World, CopyComponentReportsWhatItCouldNotCopy) {
    world source;
    world target;
    const entity from = source.create();
    const entity to = target.create();
    EXPECT_FALSE(source.copy_component(type_id_of<Health>(), from, target, to));  // no pool
    source.add<Health>(source.create());
    EXPECT_FALSE(source.copy_component(type_id_of<Health>(), from, target, to));  // none here

    source.add<Health>(from, 8);
    const entity dead = target.create();
    target.destroy(dead);
    EXPECT_FALSE(source.copy_component(type_id_of<Health>(), from, target, dead));
    EXPECT_TRUE(source.copy_component(type_id_of<Health>(), from, target, to));
    EXPECT_EQ(target.get<Health>(to).hp, 8);

    source.add<Owned>(from, std::make_unique<int>(1));
    EXPECT_FALSE(source.copy_component(type_id_of<Owned>(), from, target, to));
    EXPECT_FALSE(target.has<Owned>(to));
    EXPECT_EQ(source.copy_components(from, target, to), 1u);  // Health yes, Owned no
}

TEST(World, CopyComponentWithinOneWorld) {
    world w;
    const entity a = w.create();
    const entity b = w.create();
    w.add<Name>(a, "shared");
    w.disable<Name>(a);
    EXPECT_TRUE(w.copy_component(type_id_of<Name>(), a, w, b));
    EXPECT_EQ(w.get<Name>(b).value, "shared");
    EXPECT_FALSE(w.is_enabled<Name>(b));
    EXPECT_EQ(w.get<Name>(a).value, "shared");
}

// --- 8. whole world: clone, clear, memory ------------------------------------------------------

TEST(World, CloneIsAnIndependentCopyWithTheSameIds) {
    world w;
    std::vector<entity> e(6);
    w.create(e);
    w.destroy(e[2]);
    for (std::size_t i = 0; i < e.size(); ++i) {
        if (i == 2) continue;
        w.add<Health>(e[i], static_cast<int>(i));
        if (i % 2 == 0) w.add<Name>(e[i], "n" + std::to_string(i));
    }
    w.add<Frozen>(e[1]);
    w.disable<Health>(e[3]);
    w.disable<Frozen>(e[1]);
    int adds = 0;
    w.on_add<Health>().connect([&](world&, entity) { ++adds; });

    world copy = w.clone();
    EXPECT_EQ(live_entities(copy), live_entities(w));
    EXPECT_FALSE(copy.alive(e[2]));
    for (const entity x : live_entities(w)) {
        EXPECT_EQ(copy.components_of(x), w.components_of(x));
        EXPECT_EQ(copy.get<Health>(x), w.get<Health>(x));
        EXPECT_EQ(copy.is_enabled<Health>(x), w.is_enabled<Health>(x));
        EXPECT_EQ(copy.try_get<Name>(x) != nullptr, w.try_get<Name>(x) != nullptr);
        if (w.has<Name>(x)) {
            EXPECT_EQ(copy.get<Name>(x), w.get<Name>(x));
        }
    }
    EXPECT_FALSE(copy.is_enabled<Health>(e[3]));
    EXPECT_FALSE(copy.is_enabled<Frozen>(e[1]));
    EXPECT_TRUE(copy.has<Frozen>(e[1]));

    // The free list came along: both create the same next id.
    EXPECT_EQ(copy.create(), w.create());

    // Independent, and signals stay with the original.
    copy.get<Health>(e[0]).hp = 1000;
    copy.destroy(e[1]);
    copy.add<Health>(copy.create());
    EXPECT_EQ(adds, 0);
    EXPECT_EQ(w.get<Health>(e[0]).hp, 0);
    EXPECT_TRUE(w.alive(e[1]));
    w.get<Name>(e[4]).value = "original";
    EXPECT_EQ(copy.get<Name>(e[4]).value, "n4");
}

TEST(World, CloneOfAMoveOnlyPoolThrows) {
    world w;
    w.add<Owned>(w.create());
    try {
        (void)w.clone();
        FAIL() << "clone() of a world holding a move-only component did not throw";
    } catch (const std::logic_error& error) {
        EXPECT_PRED_FORMAT2(::testing::IsSubstring, "mosaic_test::Owned",
                            std::string(error.what()));
    }
}

TEST(World, ClearMakesEveryHandleStale) {
    world w;
    std::vector<entity> e(20);
    w.create(e);
    for (const entity x : e) w.add<Position>(x);
    w.add<Frozen>(e[0]);
    w.clear();
    EXPECT_EQ(w.size(), 0u);
    EXPECT_EQ(w.count<Position>(), 0u);
    EXPECT_EQ(w.count<Frozen>(), 0u);
    for (const entity x : e) EXPECT_FALSE(w.alive(x));
    const entity fresh = w.create();
    EXPECT_EQ(fresh.index, 0u);
    EXPECT_NE(fresh, e[0]);
    EXPECT_FALSE(w.has<Position>(fresh));
    EXPECT_FALSE(w.has<Position>(e[0]));
}

TEST(World, MemoryBytesCountsSlotsAndPools) {
    world w;
    const std::size_t empty = w.memory_bytes();
    std::vector<entity> e(10'000);
    w.create(e);
    const std::size_t with_entities = w.memory_bytes();
    EXPECT_GE(with_entities - empty, 10'000 * sizeof(std::uint32_t));
    for (const entity x : e) w.add<Position>(x);
    EXPECT_GE(w.memory_bytes() - with_entities,
              10'000 * (sizeof(Position) + sizeof(mosaic::entity_index)));
}

TEST(World, MovedWorldKeepsEverything) {
    world w;
    const entity e = w.create();
    w.add<Name>(e, "moved");
    world other = std::move(w);
    EXPECT_TRUE(other.alive(e));
    EXPECT_EQ(other.get<Name>(e).value, "moved");
}

// The moved-from world is empty and still safe to ask (the size kept beside each vector for
// the fast bounds tests moves with it and leaves 0 behind).
TEST(World, MovedFromWorldIsEmptyAndUsable) {
    world w;
    const entity e = w.create();
    w.add<Name>(e, "moved");
    w.add<Position>(e);
    world other = std::move(w);
    EXPECT_FALSE(w.alive(e));  // NOLINT(bugprone-use-after-move): what this test is about
    EXPECT_EQ(w.try_get<Name>(e), nullptr);
    EXPECT_FALSE(w.has<Position>(e));
    EXPECT_EQ(w.count<Name>(), 0u);
    EXPECT_EQ(w.pool(mosaic::type_id_of<Name>()), nullptr);
    const entity fresh = w.create();
    w.add<Name>(fresh, "again");
    EXPECT_EQ(w.get<Name>(fresh).value, "again");
    EXPECT_EQ(other.get<Name>(e).value, "moved");

    world assigned;
    assigned = std::move(other);
    EXPECT_EQ(other.try_get<Name>(e), nullptr);  // NOLINT(bugprone-use-after-move)
    EXPECT_FALSE(other.alive(e));
    EXPECT_EQ(assigned.get<Name>(e).value, "moved");
}

}  // namespace
