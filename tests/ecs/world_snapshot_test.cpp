// world_snapshot: kept copies of a world that share the pools that did not change.
#include <gtest/gtest.h>

#include <mosaic/ecs/world_snapshot.hpp>

#include <string>
#include <vector>

#include "test_components.hpp"

namespace {

using namespace mosaic;
using namespace mosaic_test;

std::vector<entity> made;  // by moving_things, in order

world moving_things() {
    world w;
    made.clear();
    for (int i = 0; i < 100; ++i) {
        const entity e = w.create();
        made.push_back(e);
        w.add<Position>(e, Position{static_cast<float>(i), 0.0f});
        w.add<Health>(e, Health{i});
        if (i % 3 == 0) w.add<Name>(e, Name{"thing " + std::to_string(i)});
    }
    return w;
}

TEST(WorldSnapshot, RestoresAnEqualWorldWithTheSameHandles) {
    world w = moving_things();
    const entity gone = w.create();
    w.destroy(gone);
    const world_snapshot s = world_snapshot::of(w);
    w.view<Position>().each([](Position& p) { p.y += 1.0f; });
    world back = s.restore();
    EXPECT_EQ(back.size(), w.size());
    EXPECT_FALSE(back.alive(gone));
    back.view<const Position, const Health>().each(
        [&](entity e, const Position& p, const Health& h) {
            EXPECT_TRUE(w.alive(e));
            EXPECT_EQ(p.y, 0.0f);  // the snapshot's value, not the world's since
            EXPECT_EQ(h, w.get<Health>(e));
        });
    EXPECT_EQ(back.get<Name>(made[3]).value, "thing 3");
}

TEST(WorldSnapshot, SharesOnlyThePoolsThatDidNotChange) {
    world w = moving_things();
    const world_snapshot first = world_snapshot::of(w);
    EXPECT_EQ(first.shared_pools(), 0u);
    w.view<Position>().each([](Position& p) { p.x += 1.0f; });
    const world_snapshot second = world_snapshot::of(w, &first);
    // Health is shared; Position changed; Name is not plain bytes, so it is copied.
    EXPECT_EQ(second.shared_pools(), 1u);
    EXPECT_LT(second.own_bytes(), first.own_bytes());
    world_snapshot third = world_snapshot::of(w, &second);
    EXPECT_EQ(third.shared_pools(), 2u);  // Health and Position
    const std::size_t before = third.own_bytes();
    EXPECT_GT(third.adopt_shared(), 0u);
    EXPECT_GT(third.own_bytes(), before);
    EXPECT_EQ(third.shared_pools(), 0u);
    world back = third.restore();
    EXPECT_EQ(back.get<Position>(made[5]).x, 6.0f);
}

TEST(WorldSnapshot, AChangedOrderOrEnabledFlagIsAChange) {
    world w = moving_things();
    const world_snapshot first = world_snapshot::of(w);
    w.remove<Health>(made[10]);
    w.add<Health>(made[10], Health{10});  // same values, another order
    const world_snapshot second = world_snapshot::of(w, &first);
    world back = second.restore();
    EXPECT_EQ(back.get<Health>(made[10]).hp, 10);
    EXPECT_EQ(second.shared_pools(), 1u);  // Position only
}

}  // namespace
