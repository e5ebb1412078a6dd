// sparse_set: the pool every component lives in. Sections:
//   1. adding, removing, enabling   the dense order, the enabled prefix, pages, clone
//   2. layout versions, position finders, common prefixes (line ~276)
//   3. follow                        a pool kept in another pool's order (line ~508)

#include "mosaic/ecs/sparse_set.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
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
    if (pool.identity_prefix() > pool.enabled_size()) return "identity prefix past the enabled";
    for (std::uint32_t pos = 0; pos < pool.identity_prefix(); ++pos) {
        if (pool.indices()[pos] != pos) return "identity prefix" + at(pos);
    }

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

enum class action { add, remove, disable, enable };

// Does `what` to `index` in both the pool and the model (adding gives it `value`).
void apply(storage<int>& pool, model& m, entity_index index, action what, int value) {
    const bool present = m.contains(index);
    switch (what) {
        case action::add:
            if (!present) {
                pool.emplace(index, value);
                m[index] = {value, true};
            }
            break;
        case action::remove:
            EXPECT_EQ(pool.erase(index), present);
            m.erase(index);
            break;
        case action::disable:
        case action::enable:
            EXPECT_EQ(pool.set_enabled(index, what == action::enable), present);
            if (present) m[index].enabled = what == action::enable;
            break;
    }
}

// --- 1. adding, removing, enabling -----------------------------------------------------------

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
        // Adds 4 in 10, removes, disables and enables 2 in 10 each.
        constexpr std::array<action, 10> actions = {
            action::add,    action::add,     action::add,     action::add,    action::remove,
            action::remove, action::disable, action::disable, action::enable, action::enable};
        std::uniform_int_distribution<std::size_t> pick(0, actions.size() - 1);
        for (int step = 0; step < 2000; ++step) {
            const entity_index index = page(rng) * sparse_set::page_size + offset(rng);
            apply(pool, m, index, actions[pick(rng)], step + 1);
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

// --- layout versions, position finders, common prefixes --------------------------------------

// Every change of order, membership or enabled prefix gives a new version; reads do not.
TEST(SparseSet, LayoutVersionChangesWithEveryChangeOfLayout) {
    storage<int> pool;
    std::uint64_t last = pool.layout_version();
    const auto changed = [&] {
        const bool differs = pool.layout_version() != last;
        last = pool.layout_version();
        return differs;
    };
    pool.emplace(1, 10);
    EXPECT_TRUE(changed()) << "add";
    pool.emplace(2, 20);
    pool.emplace(3, 30);
    EXPECT_TRUE(changed()) << "add";
    EXPECT_EQ(pool.position(2), 1u);
    EXPECT_EQ(*pool.find(3), 30);
    EXPECT_FALSE(changed()) << "reads";
    EXPECT_TRUE(pool.set_enabled(3, false));
    EXPECT_TRUE(changed()) << "disable (the last enabled entry: no swap, but a new prefix)";
    EXPECT_TRUE(pool.set_enabled(3, false));
    EXPECT_FALSE(changed()) << "disable again: nothing moves";
    EXPECT_TRUE(pool.set_enabled(1, false));
    EXPECT_TRUE(changed()) << "disable with a swap";
    EXPECT_TRUE(pool.set_enabled(1, true));
    EXPECT_TRUE(changed()) << "enable";
    EXPECT_TRUE(pool.erase(2));
    EXPECT_TRUE(changed()) << "remove";
    EXPECT_FALSE(pool.erase(2));
    EXPECT_FALSE(changed()) << "removing an absent entry";
    pool.clear();
    EXPECT_TRUE(changed()) << "clear";
}

// The finder reads the page table once; its answers are position()'s, pages or no pages.
TEST(SparseSet, IdentityPrefixGrowsWithAddsInIndexOrder) {
    storage<int> pool;
    for (entity_index index = 0; index < 100; ++index) pool.emplace(index, 0);
    EXPECT_EQ(pool.identity_prefix(), 100u);
    pool.emplace(150, 0);  // position 100 holds index 150: the prefix stops here
    pool.emplace(100, 0);
    EXPECT_EQ(pool.identity_prefix(), 100u);
    EXPECT_EQ(pool.position(150), 100u);
    EXPECT_EQ(pool.position(100), 101u);
    EXPECT_EQ(pool.position(99), 99u);
    EXPECT_EQ(pool.position(101), sparse_set::absent);
}

TEST(SparseSet, IdentityPrefixEndsWhereAnEntryBelowItMoved) {
    storage<int> pool;
    for (entity_index index = 0; index < 100; ++index) pool.emplace(index, static_cast<int>(index));
    pool.erase(99);  // the last one: nothing moves, the prefix loses its end
    EXPECT_EQ(pool.identity_prefix(), 99u);
    pool.erase(40);  // 98 moves into position 40
    EXPECT_EQ(pool.identity_prefix(), 40u);
    EXPECT_EQ(pool.position(98), 40u);
    EXPECT_EQ(pool.value(pool.position(98)), 98);
    EXPECT_EQ(pool.position(40), sparse_set::absent);
    pool.set_enabled(10, false);  // swapped with the last enabled entry
    EXPECT_EQ(pool.identity_prefix(), 10u);
    EXPECT_EQ(pool.value(pool.position(10)), 10);
    EXPECT_FALSE(pool.is_enabled(10));
    EXPECT_TRUE(pool.is_enabled(9));

    pool.clear();
    EXPECT_EQ(pool.identity_prefix(), 0u);
    pool.emplace(0, 0);
    pool.emplace(1, 1);
    EXPECT_EQ(pool.identity_prefix(), 2u);
    const auto copy = pool.clone();
    EXPECT_EQ(copy->identity_prefix(), 2u);
    EXPECT_EQ(copy->position(1), 1u);
}

// A pool that starts as the identity (every entity got the component in creation order),
// then goes through random changes: every lookup, through the prefix or the sparse pages,
// must stay right.
TEST(SparseSet, RandomChangesToAnIdentityPoolKeepLookupsRight) {
    for (const unsigned seed : {4u, 5u, 6u}) {
        SCOPED_TRACE(seed);
        std::mt19937 rng(seed);
        storage<int> pool;
        model m;
        for (entity_index index = 0; index < 300; ++index) {
            apply(pool, m, index, action::add, static_cast<int>(index));
        }
        ASSERT_EQ(pool.identity_prefix(), 300u);
        std::uniform_int_distribution<entity_index> pick(0, 399);
        std::uniform_int_distribution<int> what(0, 3);  // each action equally often
        for (int step = 0; step < 600; ++step) {
            apply(pool, m, pick(rng), static_cast<action>(what(rng)), step + 1000);
            ASSERT_EQ(violation(pool, m), "") << "step " << step;
            for (entity_index probe = 0; probe < 400; ++probe) {
                ASSERT_EQ(pool.contains(probe), m.contains(probe)) << probe << " at step " << step;
            }
        }
    }
}

TEST(SparseSet, PositionFinderAgreesWithPosition) {
    storage<int> pool;
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        const entity_index index = rng() % 200'000;
        if (!pool.contains(index)) pool.emplace(index, i);
    }
    const sparse_set::position_finder find(pool);
    for (entity_index index = 0; index < 260'000; index += 7) {
        ASSERT_EQ(find(index), pool.position(index)) << index;
    }
    EXPECT_EQ(find(mosaic::entity::null_index), sparse_set::absent);
}

// Pages never written share one read-only page: they read as absent, cost nothing in
// memory_bytes, and a clone keeps them shared rather than copying them.
TEST(SparseSet, UnwrittenPagesReadAsAbsentAndCostNothing) {
    storage<int> pool;
    pool.emplace(3 * sparse_set::page_size + 5, 1);  // pages 0, 1 and 2 exist only in the table
    for (entity_index index = 0; index < 3 * sparse_set::page_size; index += 97) {
        ASSERT_EQ(pool.position(index), sparse_set::absent) << index;
    }
    const std::size_t page_bytes = sparse_set::page_size * sizeof(std::uint32_t);
    EXPECT_LT(pool.memory_bytes(), 2 * page_bytes);
    const std::unique_ptr<sparse_set> copy = pool.clone();
    EXPECT_LT(copy->memory_bytes(), 2 * page_bytes);
    EXPECT_EQ(copy->position(3 * sparse_set::page_size + 5), 0u);
    // Writing into a shared page gives the pool a page of its own; the others still read absent.
    pool.emplace(5, 2);
    EXPECT_EQ(pool.position(5), 1u);
    EXPECT_EQ(copy->position(5), sparse_set::absent);
    storage<int> other;
    EXPECT_EQ(other.position(5), sparse_set::absent);
}

// The length of the common prefix by brute force.
std::size_t brute_common_prefix(const sparse_set& a, const sparse_set& b) {
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a.indices()[n] == b.indices()[n]) ++n;
    return n;
}

// Two pools filled together agree up to where their orders part; the remembered answer is
// replaced as soon as either pool changes.
TEST(SparseSet, CommonPrefixFollowsBothPools) {
    storage<int> a;
    storage<float> b;
    for (entity_index i = 0; i < 5000; ++i) {
        a.emplace(i, 1);
        b.emplace(i, 1.0f);
    }
    EXPECT_EQ(a.common_prefix(b), 5000u);
    EXPECT_EQ(b.common_prefix(a), 5000u);
    EXPECT_EQ(a.common_prefix(b), 5000u);  // remembered

    b.erase(3000);  // b's last element moves to position 3000
    EXPECT_EQ(a.common_prefix(b), 3000u);
    a.erase(4999);
    EXPECT_EQ(a.common_prefix(b), 3000u);
    b.emplace(3000, 2.0f);  // appended at the end: b now differs from a at 3000 and later
    EXPECT_EQ(a.common_prefix(b), brute_common_prefix(a, b));
    b.set_enabled(10, false);  // swaps 10 with the last enabled entry
    EXPECT_EQ(a.common_prefix(b), 10u);

    // Random changes to either pool, mostly to both in the same order (as world::add does
    // for components added together), checked against brute force after each one.
    std::mt19937 rng(99);
    for (int step = 0; step < 400; ++step) {
        const entity_index index = rng() % 6000;
        switch (rng() % 6) {
            case 0:
            case 1:
                if (!a.contains(index)) a.emplace(index, step);
                if (!b.contains(index)) b.emplace(index, 0.0f);
                break;
            case 2:
                if (!b.contains(index)) b.emplace(index, 0.0f);
                break;
            case 3:
                (rng() % 2 ? static_cast<sparse_set&>(a) : b).erase(index);
                break;
            case 4:
                a.set_enabled(index, rng() % 2 == 0);
                break;
            default:
                b.set_enabled(index, rng() % 2 == 0);
                break;
        }
        ASSERT_EQ(a.common_prefix(b), brute_common_prefix(a, b)) << "step " << step;
        ASSERT_EQ(b.common_prefix(a), brute_common_prefix(a, b)) << "step " << step;
    }
}

// Answers for several partners are kept side by side, and a pool made later at the address
// of a destroyed one is not mistaken for it.
TEST(SparseSet, CommonPrefixKeepsPartnersApart) {
    storage<int> driver;
    for (entity_index i = 0; i < 100; ++i) driver.emplace(i, 0);
    auto same = std::make_unique<storage<int>>();
    storage<int> half;
    for (entity_index i = 0; i < 100; ++i) same->emplace(i, 0);
    for (entity_index i = 0; i < 50; ++i) half.emplace(i, 0);
    half.emplace(1000, 0);
    EXPECT_EQ(driver.common_prefix(*same), 100u);
    EXPECT_EQ(driver.common_prefix(half), 50u);
    EXPECT_EQ(driver.common_prefix(*same), 100u);

    same.reset();
    auto later = std::make_unique<storage<int>>();  // may well reuse the address
    for (entity_index i = 0; i < 100; ++i) later->emplace(99 - i, 0);
    EXPECT_EQ(driver.common_prefix(*later), 0u);
}

// Views running in parallel systems ask at the same time.
TEST(SparseSet, CommonPrefixFromManyThreads) {
    storage<int> a;
    storage<int> b;
    for (entity_index i = 0; i < 20'000; ++i) {
        a.emplace(i, 0);
        b.emplace(i < 15'000 ? i : 40'000 - i, 0);
    }
    std::vector<std::thread> threads;
    std::vector<std::size_t> answers(4 * 200);
    for (std::size_t t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (std::size_t k = 0; k < 200; ++k) answers[t * 200 + k] = a.common_prefix(b);
        });
    }
    for (std::thread& thread : threads) thread.join();
    for (const std::size_t answer : answers) EXPECT_EQ(answer, 15'000u);
}

// --- follow (sparse_set::follow) ------------------------------------------------------

// The order follow() promises: the follower's enabled entries that the leader has among its
// first `limit` positions come first, in the leader's order. Returns "" or what is wrong.
std::string follow_violation(const storage<int>& follower, const storage<int>& leader,
                             std::size_t limit) {
    std::vector<entity_index> expected;
    for (std::size_t i = 0; i < std::min(limit, leader.size()); ++i) {
        const entity_index index = leader.indices()[i];
        if (follower.contains_enabled(index)) expected.push_back(index);
    }
    for (std::size_t k = 0; k < expected.size(); ++k) {
        if (follower.indices()[k] != expected[k]) {
            return "position " + std::to_string(k) + " holds " +
                   std::to_string(follower.indices()[k]) + ", the leader's order says " +
                   std::to_string(expected[k]);
        }
    }
    return {};
}

TEST(SparseSet, FollowPutsTheLeadersEntriesFirstInItsOrder) {
    storage<int> leader;
    storage<int> follower;
    for (const entity_index index : {5u, 1u, 9u, 3u}) leader.emplace(index, 0);
    for (const entity_index index : {1u, 2u, 3u, 4u, 5u}) follower.emplace(index, int(index));
    follower.set_enabled(4, false);
    EXPECT_TRUE(follower.follow(leader, leader.enabled_size()));
    // 5, 1, 3 in the leader's order; 2 after them; the disabled 4 still last.
    EXPECT_EQ(std::vector<entity_index>(follower.indices().begin(), follower.indices().end()),
              (std::vector<entity_index>{5, 1, 3, 2, 4}));
    EXPECT_EQ(follower.enabled_size(), 4u);
    for (const entity_index index : {1u, 2u, 3u, 4u, 5u}) {
        EXPECT_EQ(follower.value(follower.position(index)), int(index));  // values moved along
    }
    EXPECT_EQ(follower.leader_serial(), leader.serial());
}

TEST(SparseSet, FollowKeepsTheLargerLeaderAndSkipsWhenNothingChanged) {
    storage<int> small;
    storage<int> large;
    storage<int> follower;
    for (entity_index i = 0; i < 4; ++i) small.emplace(3 - i, 0);
    for (entity_index i = 0; i < 8; ++i) large.emplace(i % 2 == 0 ? i : 8 - i, 0);
    for (entity_index i = 0; i < 8; ++i) follower.emplace(i, 0);
    EXPECT_TRUE(follower.follow(small, small.size()));
    EXPECT_EQ(follower.leader_serial(), small.serial());
    EXPECT_TRUE(follower.follow(large, large.size()));  // larger: takes the follower over
    EXPECT_EQ(follower.leader_serial(), large.serial());
    EXPECT_FALSE(follower.follow(small, small.size()));  // smaller: never takes it back
    EXPECT_EQ(follow_violation(follower, large, large.size()), "");
    const std::uint64_t version = follower.layout_version();
    EXPECT_TRUE(follower.follow(large, large.size()));
    EXPECT_EQ(follower.layout_version(), version);  // nothing changed: nothing moved
    EXPECT_FALSE(follower.follow(follower, follower.size()));
}

// Random adds, removes, enables and disables in both pools, a follow() after some of them:
// the follower always holds exactly what the model says, and after each follow() its
// order is the leader's.
TEST(SparseSet, RandomChangesThenFollowKeepEveryInvariantAndTheLeadersOrder) {
    for (const unsigned seed : {1u, 2u, 3u, 4u}) {
        SCOPED_TRACE(seed);
        std::mt19937 rng(seed);
        storage<int> leader;
        storage<int> follower;
        model in_leader;
        model in_follower;
        std::uniform_int_distribution<entity_index> page(0, 2);
        std::uniform_int_distribution<entity_index> offset(0, 47);
        constexpr std::array<action, 10> actions = {
            action::add,    action::add,     action::add,     action::add,    action::remove,
            action::remove, action::disable, action::disable, action::enable, action::enable};
        std::uniform_int_distribution<std::size_t> pick(0, actions.size() - 1);
        for (int step = 0; step < 3000; ++step) {
            const entity_index index = page(rng) * sparse_set::page_size + offset(rng);
            if (rng() % 2 == 0) {
                apply(leader, in_leader, index, actions[pick(rng)], step + 1);
            } else {
                apply(follower, in_follower, index, actions[pick(rng)], step + 1);
            }
            if (rng() % 8 == 0) {
                const std::size_t limit =
                    rng() % 2 == 0 ? leader.enabled_size() : rng() % (leader.size() + 1);
                ASSERT_TRUE(follower.follow(leader, limit));
                ASSERT_EQ(follow_violation(follower, leader, limit), "") << "step " << step;
            }
            ASSERT_EQ(violation(follower, in_follower), "") << "step " << step;
            ASSERT_EQ(violation(leader, in_leader), "") << "step " << step;
        }
    }
}

}  // namespace
