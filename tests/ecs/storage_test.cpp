#include "mosaic/ecs/storage.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_components.hpp"

// storage<T>: values kept in packed order; tags store none; the type-erased interface.

namespace {

using mosaic::entity_index;
using mosaic::sparse_set;
using mosaic::storage;
using mosaic_test::Frozen;
using mosaic_test::Name;
using mosaic_test::Owned;
using mosaic_test::Position;

struct Big {
    std::array<char, 256> bytes{};
};

struct NoDefault {
    explicit NoDefault(int v) : value(v) {}
    int value;
};

TEST(Storage, EmplaceReturnsTheStoredValue) {
    storage<Position> pool;
    Position& p = pool.emplace(4, 1.0f, 2.0f);  // aggregate initialisation
    EXPECT_EQ(p, (Position{1.0f, 2.0f}));
    p.x = 5.0f;
    EXPECT_EQ(pool.find(4)->x, 5.0f);
    EXPECT_EQ(pool.find(5), nullptr);
    EXPECT_EQ(&pool.value(pool.position(4)), pool.find(4));
    EXPECT_EQ(pool.page_values(0), pool.find(4));

    storage<NoDefault> constructed;  // not an aggregate: constructor arguments
    EXPECT_EQ(constructed.emplace(1, 42).value, 42);
}

TEST(Storage, ValuesFollowTheirEntitiesThroughSwapAndPop) {
    storage<Name> pool;  // std::string: a real move, not a byte copy
    for (entity_index i = 0; i < 6; ++i) {
        pool.emplace(i, "entity " + std::to_string(i) + std::string(40, '*'));
    }
    pool.erase(0);
    pool.erase(3);
    pool.set_enabled(5, false);
    pool.erase(2);
    for (const entity_index i : {1u, 4u, 5u}) {
        ASSERT_NE(pool.find(i), nullptr) << i;
        EXPECT_EQ(pool.find(i)->value, "entity " + std::to_string(i) + std::string(40, '*'));
    }
    for (const entity_index i : {0u, 2u, 3u}) EXPECT_EQ(pool.find(i), nullptr);
    // Packed values line up with packed indices.
    for (std::uint32_t pos = 0; pos < pool.size(); ++pos) {
        EXPECT_EQ(pool.value(pos).value.substr(0, 8),
                  "entity " + std::to_string(pool.indices()[pos]));
    }
}

// The list at the top of storage.hpp, operation by operation.
TEST(Storage, WhatMovesValuesAndWhatDoesNot) {
    storage<Name> pool;
    std::vector<Name*> at;
    for (entity_index i = 0; i < 3000; ++i) at.push_back(&pool.emplace(i, "v" + std::to_string(i)));
    // Growth past several pages moved nothing.
    for (entity_index i = 0; i < 3000; ++i) ASSERT_EQ(pool.find(i), at[i]) << i;

    // erase of another entity: the last value moves into the hole; nothing else moves.
    pool.erase(10);
    EXPECT_EQ(pool.find(2999), at[10]);
    EXPECT_EQ(pool.find(2999)->value, "v2999");
    EXPECT_EQ(pool.find(11), at[11]);

    // set_enabled swaps with the value at the boundary, the entity's own value included.
    pool.set_enabled(20, false);  // 20 and the last enabled one (2998) swap places
    EXPECT_EQ(pool.find(2998), at[20]);
    EXPECT_EQ(pool.find(20)->value, "v20");
    EXPECT_NE(pool.find(20), at[20]);

    // emplace while a disabled value exists: the first disabled one moves to the end.
    Name* disabled = pool.find(20);
    Name& added = pool.emplace(5000, "new");
    EXPECT_EQ(&added, disabled);  // the new value takes the boundary slot
    EXPECT_EQ(pool.find(20)->value, "v20");
    EXPECT_NE(pool.find(20), disabled);

    // emplace with no disabled value: nothing moves.
    pool.set_enabled(20, true);
    std::vector<Name*> now;
    for (entity_index i = 0; i < 100; ++i) now.push_back(pool.find(i));
    for (entity_index i = 6000; i < 9000; ++i) pool.emplace(i, "more");
    for (entity_index i = 0; i < 100; ++i) ASSERT_EQ(pool.find(i), now[i]) << i;
}

TEST(Storage, TagsStoreNoValues) {
    storage<Frozen> tags;
    static_assert(storage<Frozen>::is_tag);
    static_assert(!storage<Position>::is_tag);
    for (entity_index i = 0; i < 1000; ++i) tags.emplace(i);
    EXPECT_EQ(tags.size(), 1000u);
    EXPECT_EQ(tags.value_at(0), nullptr);
    EXPECT_NE(tags.find(5), nullptr);  // present: a reference to a shared empty instance
    EXPECT_EQ(tags.find(5000), nullptr);
    tags.set_enabled(3, false);
    EXPECT_TRUE(tags.erase(7));
    EXPECT_FALSE(tags.is_enabled(3));
    EXPECT_EQ(tags.size(), 999u);

    // Bytes: packed indices and sparse pages only, whatever the component would weigh. Two
    // pools with the same indices differ by exactly the values.
    storage<Frozen> same_tags;
    storage<Big> big;
    same_tags.reserve(1000);
    big.reserve(1000);
    for (entity_index i = 0; i < 1000; ++i) {
        same_tags.emplace(i);
        big.emplace(i);
    }
    // Values come in whole pages (the last one partly used), plus their tables: at most
    // twice the values, as a vector's capacity.
    const std::size_t value_bytes = big.memory_bytes() - same_tags.memory_bytes();
    EXPECT_GE(value_bytes, 1000 * sizeof(Big));
    EXPECT_LE(value_bytes, 1000 * sizeof(Big) + storage<Big>::page_size * sizeof(Big) + 256);
    EXPECT_LE(same_tags.memory_bytes(),
              1000 * sizeof(entity_index) + sparse_set::page_size * sizeof(std::uint32_t) + 64);
}

TEST(Storage, ClearDestroysTheValues) {
    auto shared = std::make_shared<int>(1);
    storage<std::shared_ptr<int>> counted;
    for (entity_index i = 0; i < 10; ++i) counted.emplace(i, shared);
    EXPECT_EQ(shared.use_count(), 11);
    counted.erase(3);
    EXPECT_EQ(shared.use_count(), 10);
    counted.clear();
    EXPECT_EQ(shared.use_count(), 1);
    EXPECT_TRUE(counted.empty());
    EXPECT_EQ(counted.find(0), nullptr);
}

TEST(Storage, CloneCopiesValuesOrderAndEnabledFlags) {
    storage<Name> pool;
    for (entity_index i = 0; i < 8; ++i) pool.emplace(100 - i * 3, "n" + std::to_string(i));
    pool.set_enabled(97, false);
    pool.erase(91);

    const std::unique_ptr<sparse_set> erased = pool.clone();
    auto* copy = dynamic_cast<storage<Name>*>(erased.get());
    ASSERT_NE(copy, nullptr);
    ASSERT_EQ(copy->size(), pool.size());
    EXPECT_EQ(copy->enabled_size(), pool.enabled_size());
    for (std::uint32_t pos = 0; pos < pool.size(); ++pos) {
        EXPECT_EQ(copy->indices()[pos], pool.indices()[pos]);
        EXPECT_EQ(copy->value(pos), pool.value(pos));
    }
    EXPECT_FALSE(copy->is_enabled(97));

    // Independent afterwards, in both directions.
    pool.find(100)->value = "changed";
    copy->erase(94);
    EXPECT_EQ(copy->find(100)->value, "n0");
    EXPECT_NE(pool.find(94), nullptr);
}

TEST(Storage, CloneOfATagPool) {
    storage<Frozen> pool;
    pool.emplace(1);
    pool.emplace(2);
    pool.set_enabled(1, false);
    const std::unique_ptr<sparse_set> copy = pool.clone();
    ASSERT_NE(copy, nullptr);
    EXPECT_TRUE(copy->contains(2));
    EXPECT_FALSE(copy->is_enabled(1));
    EXPECT_TRUE(copy->contains(1));
}

TEST(Storage, TypeErasedEmplaceDefault) {
    storage<Position> pool;
    sparse_set& erased = pool;
    EXPECT_TRUE(erased.emplace_default(3));
    EXPECT_EQ(*pool.find(3), Position{});
    EXPECT_FALSE(erased.emplace_default(3));  // present
    EXPECT_EQ(pool.size(), 1u);

    storage<NoDefault> no_default;
    EXPECT_FALSE(static_cast<sparse_set&>(no_default).emplace_default(3));
    EXPECT_TRUE(no_default.empty());

    storage<Frozen> tags;
    EXPECT_TRUE(static_cast<sparse_set&>(tags).emplace_default(3));
    EXPECT_TRUE(tags.contains(3));
}

TEST(Storage, TypeErasedEmplaceCopyAndAssignCopy) {
    storage<Name> pool;
    sparse_set& erased = pool;
    const Name original{"copied"};
    EXPECT_TRUE(erased.emplace_copy(5, &original));
    EXPECT_EQ(pool.find(5)->value, "copied");
    EXPECT_EQ(original.value, "copied");  // copied, not moved from
    const Name other{"other"};
    EXPECT_FALSE(erased.emplace_copy(5, &other));  // present: unchanged
    EXPECT_EQ(pool.find(5)->value, "copied");

    EXPECT_TRUE(erased.assign_copy(5, &other));
    EXPECT_EQ(pool.find(5)->value, "other");
    EXPECT_FALSE(erased.assign_copy(6, &other));  // absent: nothing added
    EXPECT_FALSE(pool.contains(6));

    storage<Frozen> tags;
    EXPECT_TRUE(static_cast<sparse_set&>(tags).emplace_copy(1, nullptr));  // no data to read
    EXPECT_TRUE(static_cast<sparse_set&>(tags).assign_copy(1, nullptr));
    EXPECT_FALSE(static_cast<sparse_set&>(tags).assign_copy(2, nullptr));
}

TEST(Storage, TypeErasedEraseAndValueAt) {
    storage<Position> pool;
    pool.emplace(1, 1.0f, 1.0f);
    pool.emplace(2, 2.0f, 2.0f);
    sparse_set& erased = pool;
    void* value = erased.value_at(erased.position(2));
    ASSERT_NE(value, nullptr);
    EXPECT_EQ(*static_cast<Position*>(value), (Position{2.0f, 2.0f}));
    static_cast<Position*>(value)->x = 7.0f;
    EXPECT_EQ(pool.find(2)->x, 7.0f);

    EXPECT_TRUE(erased.erase(1));
    EXPECT_FALSE(erased.erase(1));
    EXPECT_EQ(*static_cast<Position*>(erased.value_at(0)), (Position{7.0f, 2.0f}));
}

TEST(Storage, MoveOnlyComponentsWork) {
    storage<Owned> pool;
    for (entity_index i = 0; i < 6; ++i) {
        pool.emplace(i, std::make_unique<int>(static_cast<int>(i) * 11));
    }
    pool.set_enabled(1, false);
    pool.erase(0);
    pool.set_enabled(4, false);
    pool.erase(4);
    pool.set_enabled(1, true);
    for (const entity_index i : {1u, 2u, 3u, 5u}) {
        ASSERT_NE(pool.find(i), nullptr);
        ASSERT_NE(pool.find(i)->value, nullptr);
        EXPECT_EQ(*pool.find(i)->value, static_cast<int>(i) * 11);
    }

    sparse_set& erased = pool;
    EXPECT_EQ(erased.clone(), nullptr);  // cannot be copied
    const Owned source{std::make_unique<int>(1)};
    EXPECT_FALSE(erased.emplace_copy(9, &source));
    EXPECT_FALSE(erased.assign_copy(1, &source));
    EXPECT_TRUE(erased.emplace_default(9));
    EXPECT_EQ(pool.find(9)->value, nullptr);
}

TEST(Storage, ReserveDoesNotAdd) {
    storage<Position> pool;
    pool.reserve(500);
    EXPECT_TRUE(pool.empty());
    EXPECT_GE(pool.memory_bytes(), 500 * (sizeof(Position) + sizeof(entity_index)));
}

TEST(Storage, ThrowingConstructorLeavesThePoolUnchanged) {
    struct Throws {
        explicit Throws(bool fail) {
            if (fail) throw std::runtime_error("no");
        }
        int data = 0;
    };
    storage<Throws> pool;
    pool.emplace(1, false);
    EXPECT_THROW(pool.emplace(2, true), std::runtime_error);
    EXPECT_FALSE(pool.contains(2));
    EXPECT_EQ(pool.size(), 1u);
    EXPECT_EQ(pool.enabled_size(), 1u);
    pool.emplace(2, false);
    EXPECT_EQ(pool.position(2), 1u);
}

}  // namespace
