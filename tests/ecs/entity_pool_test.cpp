#include "mosaic/ecs/entity_pool.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "mosaic/ecs/world.hpp"
#include "test_components.hpp"

// Sections:
//   1. create / destroy and the free list
//   2. stale handles
//   3. bulk create
//   4. capacity
//   5. revive
//   6. clear, each, memory

namespace {

using mosaic::capacity_error;
using mosaic::entity;
using mosaic::entity_index;
using mosaic::entity_pool;

// --- 1. create / destroy and the free list ------------------------------------------------

TEST(EntityPool, StartsEmpty) {
    const entity_pool pool;
    EXPECT_EQ(pool.alive_count(), 0u);
    EXPECT_EQ(pool.slot_count(), 0u);
    EXPECT_FALSE(pool.alive(entity{0, 0}));
    EXPECT_FALSE(pool.alive(mosaic::null_entity));
    EXPECT_FALSE(pool.slot_alive(0));
}

TEST(EntityPool, CreateHandsOutIndicesInOrder) {
    entity_pool pool;
    for (std::uint32_t i = 0; i < 5; ++i) {
        const entity e = pool.create();
        EXPECT_EQ(e.index, i);
        EXPECT_FALSE(e.is_null());
        EXPECT_TRUE(pool.alive(e));
        EXPECT_TRUE(pool.slot_alive(i));
        EXPECT_EQ(pool.at(i), e);
    }
    EXPECT_EQ(pool.alive_count(), 5u);
    EXPECT_EQ(pool.slot_count(), 5u);
}

TEST(EntityPool, DestroyFreesTheIdOnce) {
    entity_pool pool;
    const entity a = pool.create();
    const entity b = pool.create();
    EXPECT_TRUE(pool.destroy(a));
    EXPECT_FALSE(pool.alive(a));
    EXPECT_FALSE(pool.slot_alive(a.index));
    EXPECT_TRUE(pool.alive(b));
    EXPECT_EQ(pool.alive_count(), 1u);

    EXPECT_FALSE(pool.destroy(a));  // twice: harmless
    EXPECT_FALSE(pool.destroy(mosaic::null_entity));
    EXPECT_FALSE(pool.destroy(entity{99, 0}));                      // never created
    EXPECT_FALSE(pool.destroy(entity{b.index, b.generation + 1}));  // wrong generation
    EXPECT_TRUE(pool.alive(b));
    EXPECT_EQ(pool.alive_count(), 1u);
    EXPECT_EQ(pool.slot_count(), 2u);
}

TEST(EntityPool, DestroyedIndicesAreReusedLastInFirstOut) {
    entity_pool pool;
    std::vector<entity> e;
    for (int i = 0; i < 6; ++i) e.push_back(pool.create());
    pool.destroy(e[1]);
    pool.destroy(e[4]);
    pool.destroy(e[2]);

    EXPECT_EQ(pool.create().index, 2u);
    EXPECT_EQ(pool.create().index, 4u);
    EXPECT_EQ(pool.create().index, 1u);
    EXPECT_EQ(pool.create().index, 6u);  // free list empty: a new slot
    EXPECT_EQ(pool.slot_count(), 7u);
    EXPECT_EQ(pool.alive_count(), 7u);
}

TEST(EntityPool, ReusedSlotGetsALargerGeneration) {
    entity_pool pool;
    const entity first = pool.create();
    pool.destroy(first);
    const entity second = pool.create();
    ASSERT_EQ(second.index, first.index);
    EXPECT_GT(second.generation, first.generation);
    EXPECT_NE(second, first);
    EXPECT_FALSE(pool.alive(first));
    EXPECT_TRUE(pool.alive(second));
}

TEST(EntityPool, GenerationComesFromOneCounterAdvancedByEveryDestroy) {
    entity_pool pool;
    const entity a = pool.create();
    const entity b = pool.create();
    EXPECT_EQ(a.generation, b.generation);
    pool.destroy(a);
    // The new slot gets the advanced counter too, not a per-slot one.
    const entity c = pool.create();  // reuses a's slot
    const entity d = pool.create();  // a new slot
    EXPECT_EQ(c.index, a.index);
    EXPECT_EQ(d.index, 2u);
    EXPECT_GT(c.generation, a.generation);
    EXPECT_EQ(d.generation, c.generation);
}

// --- 2. stale handles ---------------------------------------------------------------------

TEST(EntityPool, StaleHandleStaysDetectedAfterTenThousandReuses) {
    entity_pool pool;
    const entity neighbour = pool.create();
    std::vector<entity> old;
    entity current = pool.create();
    const entity_index slot = current.index;
    for (int i = 0; i < 10'000; ++i) {
        old.push_back(current);
        ASSERT_TRUE(pool.destroy(current));
        current = pool.create();
        ASSERT_EQ(current.index, slot);
        ASSERT_GT(current.generation, old.back().generation);
        ASSERT_FALSE(pool.alive(old.back()));
        ASSERT_FALSE(pool.alive(old.front()));
    }
    for (const entity stale : old) {
        EXPECT_FALSE(pool.alive(stale)) << mosaic::to_string(stale);
        EXPECT_FALSE(pool.destroy(stale));
    }
    EXPECT_TRUE(pool.alive(current));
    EXPECT_TRUE(pool.alive(neighbour));
    EXPECT_EQ(pool.alive_count(), 2u);
}

TEST(EntityPool, GenerationsOfOneSlotNeverRepeat) {
    entity_pool pool;
    std::vector<entity> others;
    for (int i = 0; i < 8; ++i) others.push_back(pool.create());
    std::set<mosaic::entity_generation> seen;
    entity e = pool.create();
    for (int i = 0; i < 2'000; ++i) {
        ASSERT_TRUE(seen.insert(e.generation).second) << "generation repeated: " << e.generation;
        // Churn on other slots advances the counter too.
        pool.destroy(others[static_cast<std::size_t>(i) % others.size()]);
        others[static_cast<std::size_t>(i) % others.size()] = pool.create();
        pool.destroy(e);
        e = pool.create();
    }
}

// A live slot holds a generation without the top bit, a free slot `free_bit | next`. A handle
// whose generation has the top bit (a command_buffer placeholder, bits from a corrupt file) must
// not pass for alive just because it equals a free slot's link.
TEST(EntityPool, HandleWithTheFreeBitIsNeverAlive) {
    entity_pool pool;
    const entity a = pool.create();
    const entity b = pool.create();
    const entity c = pool.create();
    pool.destroy(a);  // slot a: free_bit | "no next"
    pool.destroy(b);  // slot b: free_bit | a.index (== 0)
    (void)c;
    for (entity_index i = 0; i < 3; ++i) {
        for (const std::uint32_t link : {0u, 1u, 2u, entity_pool::index_limit}) {
            const entity forged{i, entity_pool::free_bit | link};
            EXPECT_FALSE(pool.alive(forged)) << mosaic::to_string(forged);
        }
    }
}

// --- 3. bulk create -----------------------------------------------------------------------

TEST(EntityPool, BulkCreateFillsTheSpanWithLiveDistinctEntities) {
    entity_pool pool;
    std::vector<entity> out(100);
    pool.create(out);
    EXPECT_EQ(pool.alive_count(), 100u);
    std::set<entity> distinct(out.begin(), out.end());
    EXPECT_EQ(distinct.size(), 100u);
    for (std::uint32_t i = 0; i < out.size(); ++i) {
        EXPECT_EQ(out[i].index, i);
        EXPECT_TRUE(pool.alive(out[i]));
    }
}

TEST(EntityPool, BulkCreateUsesFreeSlotsFirstThenNewOnes) {
    entity_pool pool;
    std::vector<entity> first(10);
    pool.create(first);
    pool.destroy(first[2]);
    pool.destroy(first[5]);
    pool.destroy(first[7]);

    std::vector<entity> out(6);
    pool.create(out);
    EXPECT_EQ(out[0].index, 7u);  // the free list, last destroyed first
    EXPECT_EQ(out[1].index, 5u);
    EXPECT_EQ(out[2].index, 2u);
    EXPECT_EQ(out[3].index, 10u);  // then new slots
    EXPECT_EQ(out[4].index, 11u);
    EXPECT_EQ(out[5].index, 12u);
    for (const entity e : out) {
        EXPECT_TRUE(pool.alive(e)) << mosaic::to_string(e);
        EXPECT_GT(e.generation, first[0].generation);
    }
    EXPECT_FALSE(pool.alive(first[2]));
    EXPECT_FALSE(pool.alive(first[5]));
    EXPECT_FALSE(pool.alive(first[7]));
    EXPECT_EQ(pool.alive_count(), 13u);
    EXPECT_EQ(pool.slot_count(), 13u);

    // The free list is consistent afterwards: single creates continue with new slots.
    EXPECT_EQ(pool.create().index, 13u);
}

TEST(EntityPool, BulkCreateOfNothingChangesNothing) {
    entity_pool pool;
    (void)pool.create();
    pool.create(std::span<entity>{});
    EXPECT_EQ(pool.alive_count(), 1u);
    EXPECT_EQ(pool.slot_count(), 1u);
}

// --- 4. capacity --------------------------------------------------------------------------

TEST(EntityPool, CreateBeyondMaxEntitiesThrowsCapacityError) {
    entity_pool pool(1000);
    EXPECT_EQ(pool.max_entities(), 1000u);
    std::vector<entity> made;
    for (int i = 0; i < 1000; ++i) made.push_back(pool.create());
    EXPECT_EQ(pool.alive_count(), 1000u);

    try {
        (void)pool.create();
        FAIL() << "create() beyond max_entities did not throw";
    } catch (const capacity_error& error) {
        const std::string message = error.what();
        EXPECT_PRED_FORMAT2(::testing::IsSubstring, "1000", message);
        EXPECT_PRED_FORMAT2(::testing::IsSubstring, "maximum", message);
    }
    EXPECT_EQ(pool.alive_count(), 1000u);
    EXPECT_EQ(pool.slot_count(), 1000u);

    // A freed id can be used again.
    pool.destroy(made[500]);
    EXPECT_EQ(pool.create().index, 500u);
    EXPECT_THROW((void)pool.create(), capacity_error);
}

TEST(EntityPool, CapacityErrorIsALengthError) {
    entity_pool pool(1);
    (void)pool.create();
    EXPECT_THROW((void)pool.create(), std::length_error);
}

TEST(EntityPool, BulkCreateThatDoesNotFitThrowsBeforeCreatingAny) {
    entity_pool pool(1000);
    std::vector<entity> first(990);
    pool.create(first);
    pool.destroy(first[3]);
    pool.destroy(first[4]);  // 988 alive, 2 free slots, 10 new slots left: room for 12

    std::vector<entity> too_many(13, mosaic::null_entity);
    try {
        pool.create(too_many);
        FAIL() << "bulk create beyond max_entities did not throw";
    } catch (const capacity_error& error) {
        EXPECT_PRED_FORMAT2(::testing::IsSubstring, "13", std::string(error.what()));
        EXPECT_PRED_FORMAT2(::testing::IsSubstring, "1000", std::string(error.what()));
    }
    EXPECT_EQ(pool.alive_count(), 988u);
    EXPECT_EQ(pool.slot_count(), 990u);
    for (const entity e : too_many) EXPECT_TRUE(e.is_null());

    std::vector<entity> exactly(12);
    pool.create(exactly);
    EXPECT_EQ(pool.alive_count(), 1000u);
    for (const entity e : exactly) EXPECT_TRUE(pool.alive(e));
    EXPECT_THROW((void)pool.create(), capacity_error);
}

TEST(EntityPool, TheEntityLimitCanChangeOnALiveWorld) {
    mosaic::world w;
    EXPECT_EQ(w.entity_limit(), entity_pool::index_limit);
    std::vector<entity> ten(10);
    w.create(ten);
    w.set_entity_limit(4);  // below what is alive: they stay, nothing new fits
    EXPECT_EQ(w.entity_limit(), 4u);
    EXPECT_EQ(w.size(), 10u);
    EXPECT_THROW((void)w.create(), capacity_error);
    std::vector<entity> two(2);
    EXPECT_THROW(w.create(two), capacity_error);  // no wrap-around of the room left
    w.destroy(ten[3]);
    EXPECT_EQ(w.create().index, 3u);  // a free slot is reused
    w.set_entity_limit(12);
    w.create(two);
    EXPECT_EQ(w.size(), 12u);
    EXPECT_THROW((void)w.create(), capacity_error);
    w.set_entity_limit(0xFFFF'FFFFu);  // beyond the ids: the ids' limit
    EXPECT_EQ(w.entity_limit(), entity_pool::index_limit);
}

TEST(EntityPool, WorldWithMaxEntitiesThrowsCapacityError) {
    mosaic::world w(mosaic::world_options{.max_entities = 1000});
    std::vector<entity> all(1000);
    w.create(all);
    EXPECT_EQ(w.size(), 1000u);
    EXPECT_THROW((void)w.create(), capacity_error);
    std::vector<entity> one(1);
    EXPECT_THROW(w.create(one), capacity_error);
    EXPECT_EQ(w.size(), 1000u);
    w.destroy(all[10]);
    EXPECT_EQ(w.create().index, 10u);
}

TEST(EntityPool, WorldHoldsMoreThanSixteenMillionEntities) {
    constexpr std::size_t count = (std::size_t{1} << 24) + 1000;  // past any 24-bit index
    mosaic::world w;
    std::vector<entity> all(count);
    w.create(all);
    EXPECT_EQ(w.size(), count);
    EXPECT_EQ(all.front().index, 0u);
    EXPECT_EQ(all.back().index, count - 1);
    EXPECT_TRUE(w.alive(all.front()));
    EXPECT_TRUE(w.alive(all[1u << 24]));
    EXPECT_TRUE(w.alive(all.back()));

    // Components work on the high indices; a destroyed high index is stale.
    w.add<mosaic_test::Health>(all.back(), 7);
    EXPECT_EQ(w.get<mosaic_test::Health>(all.back()).hp, 7);
    EXPECT_TRUE(w.destroy(all.back()));
    EXPECT_FALSE(w.alive(all.back()));
    EXPECT_EQ(w.size(), count - 1);
    const entity reused = w.create();
    EXPECT_EQ(reused.index, all.back().index);
    EXPECT_FALSE(w.has<mosaic_test::Health>(reused));

    // Four bytes per slot (exact for a bulk create into an empty pool; allow some slack).
    EXPECT_LT(w.entities().memory_bytes(), 6 * count);
}

// --- 5. revive ----------------------------------------------------------------------------

TEST(EntityPool, ReviveGivesBackTheExactHandle) {
    entity_pool pool;
    const entity a = pool.create();
    const entity b = pool.create();
    pool.destroy(a);
    EXPECT_TRUE(pool.revive(a));
    EXPECT_TRUE(pool.alive(a));
    EXPECT_TRUE(pool.alive(b));
    EXPECT_EQ(pool.at(a.index), a);
    EXPECT_EQ(pool.alive_count(), 2u);
    // The slot left the free list: the next create takes a new slot.
    EXPECT_EQ(pool.create().index, 2u);
}

TEST(EntityPool, ReviveFailsWhenTheSlotIsTakenOrTheHandleInvalid) {
    entity_pool pool(100);
    const entity a = pool.create();
    EXPECT_FALSE(pool.revive(a));                                  // alive already
    EXPECT_FALSE(pool.revive(entity{a.index, a.generation + 5}));  // slot taken by another
    EXPECT_FALSE(pool.revive(mosaic::null_entity));
    EXPECT_FALSE(pool.revive(entity{3, entity_pool::free_bit}));  // top bit: never live
    EXPECT_FALSE(pool.revive(entity{100, 0}));                    // beyond max_entities
    EXPECT_EQ(pool.alive_count(), 1u);
    EXPECT_EQ(pool.slot_count(), 1u);
}

TEST(EntityPool, ReviveFromTheMiddleOfTheFreeListKeepsTheRest) {
    entity_pool pool;
    std::vector<entity> e(5);
    pool.create(e);
    pool.destroy(e[1]);
    pool.destroy(e[2]);
    pool.destroy(e[3]);  // free list: 3 -> 2 -> 1
    EXPECT_TRUE(pool.revive(e[2]));
    EXPECT_TRUE(pool.alive(e[2]));
    EXPECT_EQ(pool.create().index, 3u);
    EXPECT_EQ(pool.create().index, 1u);
    EXPECT_EQ(pool.create().index, 5u);
    EXPECT_EQ(pool.alive_count(), 6u);
}

TEST(EntityPool, ReviveBeyondTheEndMakesTheSlotsInBetweenFree) {
    entity_pool pool;
    const entity a = pool.create();
    const entity far{10, 3};
    EXPECT_TRUE(pool.revive(far));
    EXPECT_TRUE(pool.alive(far));
    EXPECT_TRUE(pool.alive(a));
    EXPECT_EQ(pool.slot_count(), 11u);
    EXPECT_EQ(pool.alive_count(), 2u);
    for (entity_index i = 1; i < 10; ++i) EXPECT_FALSE(pool.slot_alive(i));

    // The nine free slots get used before any new one.
    std::set<entity_index> reused;
    for (int i = 0; i < 9; ++i) reused.insert(pool.create().index);
    EXPECT_EQ(reused.size(), 9u);
    EXPECT_EQ(*reused.begin(), 1u);
    EXPECT_EQ(*reused.rbegin(), 9u);
    EXPECT_EQ(pool.create().index, 11u);
}

TEST(EntityPool, GenerationsAfterReviveStayAboveTheRevivedOne) {
    entity_pool pool;
    const entity revived{4, 1000};
    ASSERT_TRUE(pool.revive(revived));
    const entity fresh = pool.create();
    EXPECT_GE(fresh.generation, 1000u);
    ASSERT_TRUE(pool.destroy(revived));
    const entity reused = pool.create();
    ASSERT_EQ(reused.index, revived.index);
    EXPECT_GT(reused.generation, revived.generation);
    EXPECT_FALSE(pool.alive(revived));
}

TEST(EntityPool, WorldCreateAtRevivesTheHandle) {
    mosaic::world w;
    const entity a = w.create();
    w.add<mosaic_test::Health>(a, 5);
    w.destroy(a);
    EXPECT_TRUE(w.create_at(a));
    EXPECT_TRUE(w.alive(a));
    EXPECT_FALSE(w.has<mosaic_test::Health>(a));  // components are not revived
    EXPECT_FALSE(w.create_at(a));
}

// --- 6. clear, each, memory ---------------------------------------------------------------

TEST(EntityPool, ClearMakesEveryOldHandleStale) {
    entity_pool pool;
    std::vector<entity> old(50);
    pool.create(old);
    pool.destroy(old[7]);
    pool.clear();
    EXPECT_EQ(pool.alive_count(), 0u);
    EXPECT_EQ(pool.slot_count(), 0u);
    for (const entity e : old) EXPECT_FALSE(pool.alive(e));

    std::vector<entity> fresh(50);
    pool.create(fresh);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        EXPECT_EQ(fresh[i].index, old[i].index);
        EXPECT_NE(fresh[i], old[i]);
        EXPECT_FALSE(pool.alive(old[i])) << mosaic::to_string(old[i]);
        EXPECT_TRUE(pool.alive(fresh[i]));
    }
}

TEST(EntityPool, EachVisitsLiveEntitiesInSlotOrder) {
    entity_pool pool;
    std::vector<entity> e(6);
    pool.create(e);
    pool.destroy(e[0]);
    pool.destroy(e[3]);
    std::vector<entity> seen;
    pool.each([&](entity x) { seen.push_back(x); });
    const std::vector<entity> expected = {e[1], e[2], e[4], e[5]};
    EXPECT_EQ(seen, expected);
}

TEST(EntityPool, UsesFourBytesPerSlot) {
    entity_pool pool;
    std::vector<entity> e(1000);
    pool.create(e);
    EXPECT_GE(pool.memory_bytes(), 1000 * sizeof(std::uint32_t));
    EXPECT_LT(pool.memory_bytes(), 1000 * 6u);
}

}  // namespace
