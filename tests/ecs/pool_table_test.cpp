#include "mosaic/ecs/pool_table.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

#include "mosaic/ecs/storage.hpp"
#include "mosaic/ecs/world.hpp"

namespace {

using mosaic::pool_table;
using mosaic::sparse_set;
using mosaic::storage;
using mosaic::type_id;

template <int N>
struct Numbered {
    int value = N;
};

// Gives ids to Numbered<0> ... Numbered<Count - 1>, so that the program has more types than
// the table keeps inline.
template <int... N>
void register_numbered(std::integer_sequence<int, N...>) {
    (static_cast<void>(mosaic::type_id_of<Numbered<N>>()), ...);
}

TEST(PoolTable, FindsWhatWasInstalledOnBothSidesOfTheInlineIds) {
    pool_table table;
    EXPECT_EQ(table.id_limit(), 0u);
    table.install(2, std::make_unique<storage<int>>());
    EXPECT_EQ(table.id_limit(), 3u) << "only as far as the ids in use";
    const std::vector<type_id> ids = {0, 5, pool_table::inline_count - 1, pool_table::inline_count,
                                      pool_table::inline_count + 40};
    std::vector<sparse_set*> installed;
    for (const type_id id : ids) {
        EXPECT_EQ(table.find(id), nullptr) << id;
        installed.push_back(&table.install(id, std::make_unique<storage<int>>()));
    }
    for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(table.find(ids[i]), installed[i]);
    EXPECT_EQ(table.find(1), nullptr);
    EXPECT_EQ(table.find(pool_table::inline_count + 1), nullptr);
    EXPECT_EQ(table.find(pool_table::inline_count + 41), nullptr);
    EXPECT_EQ(table.find(mosaic::invalid_type_id), nullptr);
    EXPECT_EQ(table.id_limit(), pool_table::inline_count + 41);

    table.install(7, std::make_unique<storage<int>>());
    EXPECT_EQ(table.id_limit(), pool_table::inline_count + 41) << "a smaller id leaves it";
    installed.insert(installed.begin() + 1, table.find(2));
    installed.insert(installed.begin() + 3, table.find(7));

    std::vector<const sparse_set*> seen;
    table.each([&](sparse_set& pool) { seen.push_back(&pool); });
    EXPECT_EQ(seen, std::vector<const sparse_set*>(installed.begin(), installed.end()))
        << "every pool once, in id order";
}

TEST(PoolTable, InstallReplacesAndMovingEmptiesTheSource) {
    pool_table table;
    table.install(3, std::make_unique<storage<int>>()).clear();
    sparse_set& replacement = table.install(3, std::make_unique<storage<float>>());
    EXPECT_EQ(table.find(3), &replacement);
    table.install(pool_table::inline_count + 2, std::make_unique<storage<int>>());

    pool_table moved = std::move(table);
    EXPECT_EQ(moved.find(3), &replacement);
    EXPECT_NE(moved.find(pool_table::inline_count + 2), nullptr);
    // NOLINTNEXTLINE(bugprone-use-after-move): a moved-from world must stay safe to ask
    EXPECT_EQ(table.find(3), nullptr);
    EXPECT_EQ(table.find(pool_table::inline_count + 2), nullptr);
}

// A world whose component types have ids past the inline ones (a program with many types)
// behaves the same: get, has, remove, clone, destroy and memory accounting.
TEST(PoolTable, WorldWithTypesPastTheInlineIds) {
    register_numbered(std::make_integer_sequence<int, pool_table::inline_count + 8>{});
    struct Late {
        int value = 0;
    };
    ASSERT_GE(mosaic::type_id_of<Late>(), pool_table::inline_count);

    mosaic::world w;
    const mosaic::entity a = w.create();
    const mosaic::entity b = w.create();
    w.add<Late>(a, 1);
    w.add<Late>(b, 2);
    w.add<Numbered<0>>(a);
    EXPECT_EQ(w.get<Late>(b).value, 2);
    EXPECT_TRUE(w.has<Late>(a));
    EXPECT_EQ(w.pool(mosaic::type_id_of<Late>()), w.find_pool<Late>());
    EXPECT_EQ(w.components_of(a).size(), 2u);

    const mosaic::world copy = w.clone();
    EXPECT_EQ(copy.get<Late>(a).value, 1);
    EXPECT_TRUE(w.remove<Late>(a));
    EXPECT_FALSE(w.has<Late>(a));
    EXPECT_TRUE(copy.has<Late>(a));
    EXPECT_TRUE(w.destroy(b));
    EXPECT_EQ(w.count<Late>(), 0u);
    EXPECT_EQ(copy.count<Late>(), 2u);
    EXPECT_GT(copy.memory_bytes(), w.memory_bytes() - 1);
}

}  // namespace
