#include "mosaic/ecs/handle.hpp"

#include <gtest/gtest.h>

#include "test_components.hpp"

namespace {

using mosaic::entity;
using mosaic::handle;
using mosaic::world;
using mosaic_test::Frozen;
using mosaic_test::Health;
using mosaic_test::Position;

TEST(Handle, DefaultIsInvalid) {
    const handle h;
    EXPECT_FALSE(h.valid());
    EXPECT_FALSE(static_cast<bool>(h));
    EXPECT_EQ(h.owner(), nullptr);
    EXPECT_TRUE(h.id().is_null());
    EXPECT_FALSE(h.has<Health>());
    EXPECT_EQ(h.try_get<Health>(), nullptr);
    EXPECT_FALSE(h.remove<Health>());
    EXPECT_FALSE(h.set_enabled<Health>(false));
    EXPECT_FALSE(h.destroy());
}

TEST(Handle, IsTwoPointersWide) {
    static_assert(sizeof(handle) <= 2 * sizeof(void*));
}

TEST(Handle, UnityStyleUsage) {
    world w;
    const handle tank{w, w.create()};
    EXPECT_TRUE(tank.valid());
    EXPECT_TRUE(tank);
    EXPECT_EQ(tank.owner(), &w);

    tank.add<Health>(100);
    tank.get<Health>().hp -= 10;  // GetComponent<Health>()
    EXPECT_EQ(w.get<Health>(tank.id()).hp, 90);
    EXPECT_TRUE(tank.has<Health>());
    EXPECT_FALSE((tank.has<Health, Position>()));

    EXPECT_EQ(tank.get_or_add<Position>(1.0f, 2.0f), (Position{1.0f, 2.0f}));
    EXPECT_EQ(tank.get_or_add<Position>(5.0f, 5.0f), (Position{1.0f, 2.0f}));
    EXPECT_TRUE((tank.has<Health, Position>()));
    ASSERT_NE(tank.try_get<Position>(), nullptr);
    EXPECT_EQ(tank.try_get<Position>()->y, 2.0f);
    EXPECT_EQ(tank.try_get<Frozen>(), nullptr);

    EXPECT_TRUE(tank.set_enabled<Health>(false));
    EXPECT_FALSE(w.is_enabled<Health>(tank.id()));
    EXPECT_TRUE(tank.has<Health>());

    EXPECT_TRUE(tank.remove<Position>());
    EXPECT_FALSE(tank.remove<Position>());
    EXPECT_FALSE(tank.has<Position>());
}

TEST(Handle, DestroyInvalidatesEveryCopy) {
    world w;
    const handle a{w, w.create()};
    const handle copy = a;
    a.add<Health>();
    EXPECT_EQ(copy, a);
    EXPECT_TRUE(copy.destroy());
    EXPECT_FALSE(a.valid());
    EXPECT_FALSE(copy.valid());
    EXPECT_FALSE(a.destroy());  // already gone
    EXPECT_FALSE(a.has<Health>());
    EXPECT_EQ(a.try_get<Health>(), nullptr);
    EXPECT_EQ(w.count<Health>(), 0u);

    // The slot's next owner is not reachable through the old handle.
    const handle next{w, w.create()};
    ASSERT_EQ(next.id().index, a.id().index);
    next.add<Health>(1);
    EXPECT_FALSE(a.valid());
    EXPECT_FALSE(a.has<Health>());
    EXPECT_NE(a, next);
}

TEST(Handle, EqualityComparesWorldAndEntity) {
    world w1;
    world w2;
    const entity e1 = w1.create();
    const entity e2 = w2.create();
    ASSERT_EQ(e1, e2);
    EXPECT_EQ((handle{w1, e1}), (handle{w1, e1}));
    EXPECT_NE((handle{w1, e1}), (handle{w2, e2}));  // same id, other world
    EXPECT_NE((handle{w1, e1}), (handle{w1, w1.create()}));
}

TEST(Handle, GetOfAMissingComponentFailsACheck) {
    world w;
    const handle h{w, w.create()};
    EXPECT_PRED_FORMAT2(::testing::IsSubstring, "has no mosaic_test::Health",
                        mosaic_test::failed_check_message([&] { (void)h.get<Health>(); }));
}

}  // namespace
