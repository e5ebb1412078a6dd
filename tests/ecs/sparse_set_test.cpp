#include "mosaic/ecs/sparse_set.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mosaic/ecs/storage.hpp"
#include "test_components.hpp"

// The index half of a pool, driven through storage<int> (sparse_set itself is abstract) and
// through the sparse_set interface wherever it suffices.

namespace {

using mosaic::entity_index;
using mosaic::sparse_set;
using mosaic::storage;

struct expected_entry {
    int value = 0;
    bool enabled = true;
};
using model = std::map<entity_index, expected_entry>;

// Every invariant of the pool against `m`: the packed order matches the sparse positions,
// enabled entries come first, and each value and flag is the expected one. Returns the first
// violation, or "" (plain comparisons: the random test calls this after every step).
std::string violation(const storage<int>& pool, const model& m) {
    const auto at = [](entity_index index) { return " (index " + std::to_string(index) + ")"; };
    if (pool.size() != m.size()) return "size " + std::to_string(pool.size());
    std::size_t enabled = 0;
    for (const auto& [index, entry] : m) enabled += entry.enabled ? 1 : 0;
    if (pool.enabled_size() != enabled)
        return "enabled_size " + std::to_string(pool.enabled_size());
    if (pool.empty() != m.empty()) return "empty()";

    for (std::uint32_t pos = 0; pos < pool.size(); ++pos) {
        const entity_index index = pool.indices()[pos];
        if (pool.packed_data()[pos] != index) return "packed_data differs from indices";
        // Also catches an index packed twice: its sparse entry names only one position.
        if (pool.position(index) != pos) return "position" + at(index);
        const auto it = m.find(index);
        if (it == m.end()) return "should not be in the pool" + at(index);
        if ((pos < pool.enabled_size()) != it->second.enabled) return "enabled flag" + at(index);
        if (pool.value(pos) != it->second.value) return "value" + at(index);
    }
    for (const auto& [index, entry] : m) {
        if (!pool.contains(index)) return "missing" + at(index);
        if (pool.contains_enabled(index) != entry.enabled) return "contains_enabled" + at(index);
        if (pool.is_enabled(index) != entry.enabled) return "is_enabled" + at(index);
    }
    return {};
}

void expect_matches(const storage<int>& pool, const model& m) {
    EXPECT_EQ(violation(pool, m), "");
}

TEST(SparseSet, StartsEmpty) {
    const storage<int> pool;
    EXPECT_TRUE(pool.empty());
    EXPECT_EQ(pool.size(), 0u);
    EXPECT_EQ(pool.enabled_size(), 0u);
    EXPECT_EQ(pool.position(0), sparse_set::absent);
    EXPECT_FALSE(pool.contains(0));
    EXPECT_FALSE(pool.contains(mosaic::entity::null_index));
    EXPECT_EQ(pool.type(), mosaic::type_id_of<int>());
}

TEST(SparseSet, AddAppendsInOrder) {
    storage<int> pool;
    pool.emplace(7, 70);
    pool.emplace(3, 30);
    pool.emplace(9000, 90);  // another page
    EXPECT_EQ(pool.position(7), 0u);
    EXPECT_EQ(pool.position(3), 1u);
    EXPECT_EQ(pool.position(9000), 2u);
    EXPECT_EQ(pool.position(4), sparse_set::absent);
    EXPECT_EQ(pool.position(5000), sparse_set::absent);  // page between, never allocated
    const std::vector<entity_index> expected = {7, 3, 9000};
    EXPECT_EQ(std::vector<entity_index>(pool.indices().begin(), pool.indices().end()), expected);
    expect_matches(pool, {{7, {70}}, {3, {30}}, {9000, {90}}});
}

TEST(SparseSet, RemoveMovesTheLastIntoTheHole) {
    storage<int> pool;
    for (entity_index i = 0; i < 5; ++i) pool.emplace(i * 10, static_cast<int>(i));
    EXPECT_TRUE(pool.erase(10));       // position 1
    EXPECT_EQ(pool.position(40), 1u);  // the last moved into the hole
    EXPECT_FALSE(pool.contains(10));
    EXPECT_FALSE(pool.erase(10));
    EXPECT_FALSE(pool.erase(11));
    EXPECT_FALSE(pool.erase(1'000'000));  // page never allocated
    expect_matches(pool, {{0, {0}}, {20, {2}}, {30, {3}}, {40, {4}}});

    EXPECT_TRUE(pool.erase(30));  // the last one: a plain pop
    expect_matches(pool, {{0, {0}}, {20, {2}}, {40, {4}}});
    EXPECT_TRUE(pool.erase(0));
    EXPECT_TRUE(pool.erase(20));
    EXPECT_TRUE(pool.erase(40));
    expect_matches(pool, {});
}

TEST(SparseSet, DisabledEntriesGoAfterTheEnabledPrefix) {
    storage<int> pool;
    for (entity_index i = 0; i < 5; ++i) pool.emplace(i, static_cast<int>(i) * 100);
    EXPECT_TRUE(pool.set_enabled(1, false));
    EXPECT_EQ(pool.enabled_size(), 4u);
    EXPECT_GE(pool.position(1), 4u);
    EXPECT_TRUE(pool.set_enabled(3, false));
    EXPECT_EQ(pool.enabled_size(), 3u);
    expect_matches(pool, {{0, {0}}, {1, {100, false}}, {2, {200}}, {3, {300, false}}, {4, {400}}});

    // Idempotent both ways.
    EXPECT_TRUE(pool.set_enabled(3, false));
    EXPECT_TRUE(pool.set_enabled(0, true));
    expect_matches(pool, {{0, {0}}, {1, {100, false}}, {2, {200}}, {3, {300, false}}, {4, {400}}});

    EXPECT_TRUE(pool.set_enabled(1, true));
    expect_matches(pool, {{0, {0}}, {1, {100}}, {2, {200}}, {3, {300, false}}, {4, {400}}});
    EXPECT_FALSE(pool.set_enabled(99, true));  // absent
    EXPECT_FALSE(pool.set_enabled(99, false));
}

TEST(SparseSet, NewEntriesJoinTheEnabledPrefix) {
    storage<int> pool;
    pool.emplace(0, 0);
    pool.emplace(1, 1);
    pool.set_enabled(0, false);
    pool.set_enabled(1, false);
    pool.emplace(2, 2);  // must land before the disabled ones
    EXPECT_EQ(pool.position(2), 0u);
    expect_matches(pool, {{0, {0, false}}, {1, {1, false}}, {2, {2}}});
}

TEST(SparseSet, RemovingAnEnabledEntryKeepsThePrefixContiguous) {
    storage<int> pool;
    for (entity_index i = 0; i < 6; ++i) pool.emplace(i, static_cast<int>(i));
    pool.set_enabled(4, false);
    pool.set_enabled(5, false);
    EXPECT_TRUE(pool.erase(1));  // enabled, in the middle
    expect_matches(pool, {{0, {0}}, {2, {2}}, {3, {3}}, {4, {4, false}}, {5, {5, false}}});
    EXPECT_TRUE(pool.erase(4));  // disabled
    expect_matches(pool, {{0, {0}}, {2, {2}}, {3, {3}}, {5, {5, false}}});
    EXPECT_TRUE(pool.erase(3));  // the last enabled one
    expect_matches(pool, {{0, {0}}, {2, {2}}, {5, {5, false}}});
    EXPECT_TRUE(pool.erase(0));
    EXPECT_TRUE(pool.erase(2));
    expect_matches(pool, {{5, {5, false}}});
    EXPECT_TRUE(pool.erase(5));
    expect_matches(pool, {});
}

TEST(SparseSet, RandomAddRemoveEnableDisableKeepsEveryInvariant) {
    for (const unsigned seed : {1u, 2u, 3u}) {
        SCOPED_TRACE(seed);
        std::mt19937 rng(seed);
        storage<int> pool;
        model m;
        // 256 indices spread over four pages: the same ones come up again and again.
        std::uniform_int_distribution<entity_index> page(0, 3);
        std::uniform_int_distribution<entity_index> offset(0, 63);
        std::uniform_int_distribution<int> op(0, 9);
        int next_value = 0;
        for (int step = 0; step < 2000; ++step) {
            const entity_index index = page(rng) * sparse_set::page_size + offset(rng);
            const bool present = m.contains(index);
            switch (op(rng)) {
                case 0:
                case 1:
                case 2:
                case 3:
                    if (!present) {
                        pool.emplace(index, ++next_value);
                        m[index] = {next_value, true};
                    }
                    break;
                case 4:
                case 5:
                    EXPECT_EQ(pool.erase(index), present);
                    m.erase(index);
                    break;
                case 6:
                case 7:
                    EXPECT_EQ(pool.set_enabled(index, false), present);
                    if (present) m[index].enabled = false;
                    break;
                default:
                    EXPECT_EQ(pool.set_enabled(index, true), present);
                    if (present) m[index].enabled = true;
                    break;
            }
            ASSERT_EQ(violation(pool, m), "") << "step " << step;
        }
    }
}

TEST(SparseSet, PagesAreAllocatedOnDemand) {
    storage<int> pool;
    const std::size_t empty_bytes = pool.memory_bytes();
    pool.emplace(10'000'000, 1);
    EXPECT_EQ(pool.position(10'000'000), 0u);
    EXPECT_EQ(pool.position(10'000'001), sparse_set::absent);
    EXPECT_EQ(pool.position(9'999'999), sparse_set::absent);
    EXPECT_EQ(pool.position(0), sparse_set::absent);
    EXPECT_EQ(pool.position(5'000'000), sparse_set::absent);
    // One page of 4,096 positions plus the page table: far less than 10 M entries.
    EXPECT_LT(pool.memory_bytes() - empty_bytes, 64u * 1024u);
    EXPECT_GE(pool.memory_bytes(), sparse_set::page_size * sizeof(std::uint32_t));

    // A second index in the same page costs no new page.
    const std::size_t one_page = pool.memory_bytes();
    pool.emplace(10'000'001, 2);
    EXPECT_LT(pool.memory_bytes() - one_page, 64u);
    // One in another page costs one page.
    pool.emplace(20, 3);
    EXPECT_GE(pool.memory_bytes() - one_page, sparse_set::page_size * sizeof(std::uint32_t));
    EXPECT_LT(pool.memory_bytes() - one_page, 2 * sparse_set::page_size * sizeof(std::uint32_t));
}

TEST(SparseSet, ClearEmptiesButStaysUsable) {
    storage<int> pool;
    for (entity_index i = 0; i < 100; ++i) pool.emplace(i * 97, static_cast<int>(i));
    pool.set_enabled(97, false);
    pool.clear();
    expect_matches(pool, {});
    for (entity_index i = 0; i < 100; ++i) EXPECT_FALSE(pool.contains(i * 97));
    pool.emplace(97, 5);
    expect_matches(pool, {{97, {5}}});
}

TEST(SparseSet, CloneCopiesOrderAndEnabledFlags) {
    storage<int> pool;
    for (entity_index i = 0; i < 10; ++i) pool.emplace(9 - i + 5000 * (i % 2), static_cast<int>(i));
    pool.set_enabled(9, false);
    pool.set_enabled(5004, false);
    const std::unique_ptr<sparse_set> copy = pool.clone();
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->type(), pool.type());
    ASSERT_EQ(copy->size(), pool.size());
    EXPECT_EQ(copy->enabled_size(), pool.enabled_size());
    for (std::uint32_t pos = 0; pos < pool.size(); ++pos) {
        EXPECT_EQ(copy->indices()[pos], pool.indices()[pos]);
        EXPECT_EQ(copy->position(pool.indices()[pos]), pos);
    }
    // Independent: changing the original leaves the copy alone.
    pool.erase(9);
    pool.set_enabled(5004, true);
    EXPECT_TRUE(copy->contains(9));
    EXPECT_FALSE(copy->is_enabled(9));
    EXPECT_FALSE(copy->is_enabled(5004));
}

TEST(SparseSet, SignalsBelongToThePool) {
    storage<int> pool;
    EXPECT_TRUE(pool.on_add().empty());
    EXPECT_TRUE(pool.on_remove().empty());
    pool.on_add().connect([](mosaic::world&, mosaic::entity) {});
    EXPECT_FALSE(pool.on_add().empty());
    EXPECT_TRUE(pool.on_remove().empty());
}

}  // namespace
