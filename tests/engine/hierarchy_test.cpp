// The transform hierarchy: world transforms from local ones, and cycles rejected.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <glm/trigonometric.hpp>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>

namespace {

using namespace mosaic;

entity make(world& w, glm::vec2 position, float rotation = 0, glm::vec2 scale = {1, 1}) {
    const entity e = w.create();
    w.add<Transform>(e, Transform{position, rotation, scale});
    return e;
}

void expect_near(glm::vec2 actual, glm::vec2 expected) {
    EXPECT_NEAR(actual.x, expected.x, 1e-4f);
    EXPECT_NEAR(actual.y, expected.y, 1e-4f);
}

TEST(Hierarchy, RootsCopyTheirTransform) {
    world w;
    const entity e = make(w, {3, 4}, 30, {2, 2});
    update_world_transforms(w);
    const WorldTransform& out = w.get<WorldTransform>(e);
    expect_near(out.position, {3, 4});
    EXPECT_FLOAT_EQ(out.rotation, 30);
    expect_near(out.scale, {2, 2});
}

TEST(Hierarchy, ChildrenComposeParentPositionRotationAndScale) {
    world w;
    const entity parent = make(w, {10, 0}, 90, {2, 2});
    const entity child = make(w, {1, 0}, 10, {0.5f, 3});
    const entity grandchild = make(w, {0, 1});
    ASSERT_TRUE(set_parent(w, child, parent));
    ASSERT_TRUE(set_parent(w, grandchild, child));
    update_world_transforms(w);
    // (1, 0) scaled by 2 and turned 90 degrees: (0, 2) from the parent.
    expect_near(w.get<WorldTransform>(child).position, {10, 2});
    EXPECT_FLOAT_EQ(w.get<WorldTransform>(child).rotation, 100);
    expect_near(w.get<WorldTransform>(child).scale, {1, 6});
    // (0, 1) scaled by (1, 6) and turned 100 degrees.
    const float r = glm::radians(100.0f);
    expect_near(w.get<WorldTransform>(grandchild).position,
                glm::vec2{10, 2} + glm::vec2{-std::sin(r) * 6, std::cos(r) * 6});
}

TEST(Hierarchy, ChildrenCreatedBeforeTheirParentsStillResolve) {
    world w;
    const entity child = make(w, {1, 1});
    const entity parent = make(w, {5, 5});
    ASSERT_TRUE(set_parent(w, child, parent));
    update_world_transforms(w);
    expect_near(w.get<WorldTransform>(child).position, {6, 6});
}

TEST(Hierarchy, SetParentRejectsCycles) {
    world w;
    const entity a = make(w, {0, 0});
    const entity b = make(w, {0, 0});
    const entity c = make(w, {0, 0});
    ASSERT_TRUE(set_parent(w, b, a));
    ASSERT_TRUE(set_parent(w, c, b));
    std::string error;
    EXPECT_FALSE(set_parent(w, a, c, &error));
    EXPECT_NE(error.find("cycle"), std::string::npos) << error;
    EXPECT_FALSE(w.has<Parent>(a));
    EXPECT_FALSE(set_parent(w, a, a, &error));
    EXPECT_TRUE(would_create_cycle(w, a, c));
    EXPECT_FALSE(would_create_cycle(w, c, a));
}

TEST(Hierarchy, SetParentToNullMakesARootAndDeadEntitiesAreRefused) {
    world w;
    const entity a = make(w, {0, 0});
    const entity b = make(w, {0, 0});
    ASSERT_TRUE(set_parent(w, b, a));
    ASSERT_TRUE(set_parent(w, b, null_entity));
    EXPECT_FALSE(w.has<Parent>(b));
    const entity gone = w.create();
    w.destroy(gone);
    std::string error;
    EXPECT_FALSE(set_parent(w, b, gone, &error));
    EXPECT_NE(error.find("not alive"), std::string::npos);
}

TEST(Hierarchy, ACycleMadeBehindItsBackDoesNotHang) {
    world w;
    const entity a = make(w, {1, 0});
    const entity b = make(w, {0, 1});
    w.add<Parent>(a, b);  // written directly, as a hand-edited file could
    w.add<Parent>(b, a);
    update_world_transforms(w);  // returns: one of them is treated as the root
    const glm::vec2 pa = w.get<WorldTransform>(a).position;
    const glm::vec2 pb = w.get<WorldTransform>(b).position;
    EXPECT_TRUE((pa == glm::vec2{1, 0} && pb == glm::vec2{1, 1}) ||
                (pb == glm::vec2{0, 1} && pa == glm::vec2{1, 1}));
}

TEST(Hierarchy, ADeadParentLeavesTheChildAsARoot) {
    world w;
    const entity parent = make(w, {5, 5});
    const entity child = make(w, {1, 1});
    ASSERT_TRUE(set_parent(w, child, parent));
    w.destroy(parent);
    update_world_transforms(w);
    expect_near(w.get<WorldTransform>(child).position, {1, 1});
    EXPECT_TRUE(parent_of(w, child).is_null());
}

TEST(Hierarchy, WorldTransformOfComposesTheChainWithoutAnUpdate) {
    world w;
    const entity parent = make(w, {10, 0}, 90, {2, 2});
    const entity child = make(w, {1, 0}, 10, {0.5f, 3});
    ASSERT_TRUE(set_parent(w, child, parent));
    const WorldTransform now = world_transform_of(w, child);
    expect_near(now.position, {10, 2});
    EXPECT_FLOAT_EQ(now.rotation, 100);
    expect_near(now.scale, {1, 6});
    const WorldTransform none = world_transform_of(w, w.create());  // no Transform
    expect_near(none.position, {0, 0});
    expect_near(none.scale, {1, 1});
}

TEST(Hierarchy, LocalTransformForUndoesComposing) {
    const WorldTransform parent{{3, -2}, 180, {2, 0.5f}};
    const WorldTransform target{{4.9f, 1.6f}, 15, {1, 1}};
    world w;
    const entity p = make(w, parent.position, parent.rotation, parent.scale);
    const Transform local = local_transform_for(parent, target);
    const entity child = make(w, local.position, local.rotation, local.scale);
    ASSERT_TRUE(set_parent(w, child, p));
    const WorldTransform back = world_transform_of(w, child);
    expect_near(back.position, target.position);
    EXPECT_NEAR(back.rotation, target.rotation, 1e-4f);
    expect_near(back.scale, target.scale);
}

}  // namespace
