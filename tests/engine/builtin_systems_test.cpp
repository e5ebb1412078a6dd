// Every built-in system: put data in, tick, check data out.
#include <gtest/gtest.h>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>

namespace {

using namespace mosaic;

constexpr double dt = 0.5;

struct fixture : ::testing::Test {
    world w;
    scheduler s;
    void SetUp() override { add_builtin_resources(w); }
    entity body(glm::vec2 position, RigidBody rb) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{position});
        w.add<RigidBody>(e, rb);
        return e;
    }
    entity collider(glm::vec2 position, Collider c) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{position});
        w.add<Collider>(e, c);
        return e;
    }
};

using InputSystem = fixture;
TEST_F(InputSystem, PressedAndReleasedAreEdgesBetweenTicks) {
    add_input_system(s);
    Input& in = w.singleton<Input>();
    in.set(key::space, true);
    s.tick(w, dt);
    EXPECT_TRUE(in.just_pressed(key::space));
    EXPECT_TRUE(in.held(key::space));
    s.tick(w, dt);
    EXPECT_FALSE(in.just_pressed(key::space));
    in.set(key::space, false);
    s.tick(w, dt);
    EXPECT_TRUE(in.just_released(key::space));
    EXPECT_FALSE(in.held(key::space));
    in.set(key::left, true);
    EXPECT_EQ(in.axis(key::left, key::right), -1.0f);
}

using GravitySystem = fixture;
TEST_F(GravitySystem, PullsScaledByGravityScale) {
    add_gravity_system(s);
    w.singleton<Physics>().gravity = {0, -10};
    const entity falls = body({0, 0}, {.gravity_scale = 1});
    const entity floats = body({0, 0}, {.gravity_scale = 0});
    const entity heavy = body({0, 0}, {.gravity_scale = 2});
    s.tick(w, dt);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(falls).velocity.y, -5);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(floats).velocity.y, 0);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(heavy).velocity.y, -10);
}

using MovementSystem = fixture;
TEST_F(MovementSystem, IntegratesAccelerationVelocityAndDamping) {
    add_movement_system(s);
    const entity e = body({1, 1}, {.velocity = {2, 0}, .acceleration = {0, 4}});
    s.tick(w, dt);
    // velocity = (2, 0) + (0, 4) * 0.5 = (2, 2); position = (1, 1) + (2, 2) * 0.5
    EXPECT_EQ(w.get<RigidBody>(e).velocity, glm::vec2(2, 2));
    EXPECT_EQ(w.get<Transform>(e).position, glm::vec2(2, 2));

    const entity damped = body({0, 0}, {.velocity = {10, 0}, .damping = 1});
    s.tick(w, dt);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(damped).velocity.x, 5);  // half lost in half a second
    EXPECT_FLOAT_EQ(w.get<Transform>(damped).position.x, 2.5f);
}

using HierarchySystem = fixture;
TEST_F(HierarchySystem, GivesEveryTransformAWorldTransform) {
    add_hierarchy_system(s);
    const entity parent = w.create();
    w.add<Transform>(parent, Transform{{4, 0}});
    const entity child = w.create();
    w.add<Transform>(child, Transform{{1, 0}});
    w.add<Parent>(child, parent);
    s.tick(w, dt);
    EXPECT_EQ(w.get<WorldTransform>(child).position, glm::vec2(5, 0));
}

using CollisionSystem = fixture;
TEST_F(CollisionSystem, ReportsOverlapsAsContactsWithNormalAndDepth) {
    add_hierarchy_system(s);
    add_collision_system(s);
    const entity a = collider({0, 0}, {.shape = ColliderShape::circle, .size = {1, 1}});
    const entity b = collider({1.5f, 0}, {.shape = ColliderShape::circle, .size = {1, 1}});
    collider({10, 0}, {.shape = ColliderShape::box, .size = {1, 1}});  // alone
    s.tick(w, dt);
    const auto& list = w.singleton<Contacts>().list;
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].a, a);
    EXPECT_EQ(list[0].b, b);
    EXPECT_NEAR(list[0].normal.x, 1, 1e-6);
    EXPECT_NEAR(list[0].depth, 0.5f, 1e-6);
}

TEST_F(CollisionSystem, BoxesCirclesAndLayerMasks) {
    add_hierarchy_system(s);
    add_collision_system(s);
    const entity box = collider({0, 0}, {.shape = ColliderShape::box, .size = {1, 1}});
    const entity circle = collider({0, 1.8f}, {.shape = ColliderShape::circle, .size = {1, 1}});
    // Overlaps the box, but on a layer the box does not collide with.
    collider({0.5f, 0}, {.shape = ColliderShape::box, .size = {1, 1}, .layer = 2, .mask = 2});
    w.get<Collider>(box).mask = 1;
    w.get<Collider>(circle).mask = 1;
    s.tick(w, dt);
    const auto& list = w.singleton<Contacts>().list;
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].a, box);
    EXPECT_EQ(list[0].b, circle);
    EXPECT_NEAR(list[0].normal.y, 1, 1e-6);
    EXPECT_NEAR(list[0].depth, 0.2f, 1e-5);
}

using DamageSystem = fixture;
TEST_F(DamageSystem, BulletsHurtOtherTeamsOnceAndDie) {
    add_hierarchy_system(s);
    add_collision_system(s);
    add_damage_system(s);
    const Collider small{.shape = ColliderShape::circle, .size = {0.5f, 0.5f}};
    const entity player = collider({0, 0}, small);
    w.add<Health>(player, Health{100, 100});
    w.add<Team>(player, Team{1});
    const entity other = collider({0.6f, 0}, small);
    w.add<Health>(other, Health{100, 100});
    w.add<Team>(other, Team{2});
    const entity bullet = collider({0.3f, 0}, small);  // touches both players
    w.add<Damage>(bullet, Damage{30, true});
    w.add<Team>(bullet, Team{2});
    const entity friendly = collider({-0.6f, 0}, small);
    w.add<Damage>(friendly, Damage{30, true});
    w.add<Team>(friendly, Team{1});
    s.tick(w, dt);
    EXPECT_FLOAT_EQ(w.get<Health>(player).current, 70);  // hit by the team-2 bullet only
    EXPECT_FLOAT_EQ(w.get<Health>(other).current, 100);  // same team as the bullet
    EXPECT_FALSE(w.alive(bullet));
    EXPECT_TRUE(w.alive(friendly));  // touched only its own team
}

TEST_F(DamageSystem, HealthAtZeroDestroysTheTarget) {
    add_hierarchy_system(s);
    add_collision_system(s);
    add_damage_system(s);
    const Collider c{.shape = ColliderShape::box, .size = {1, 1}};
    const entity target = collider({0, 0}, c);
    w.add<Health>(target, Health{10, 10});
    const entity spikes = collider({0.5f, 0}, c);
    w.add<Damage>(spikes, Damage{6, false});
    s.tick(w, dt);
    EXPECT_TRUE(w.alive(target));
    EXPECT_TRUE(w.alive(spikes));
    s.tick(w, dt);
    EXPECT_FALSE(w.alive(target));
    EXPECT_TRUE(w.alive(spikes));
}

using LifetimeSystem = fixture;
TEST_F(LifetimeSystem, CountsDownAndDestroysAtZero) {
    add_lifetime_system(s);
    const entity spark = w.create();
    w.add<Lifetime>(spark, Lifetime{0.75f});
    s.tick(w, dt);
    ASSERT_TRUE(w.alive(spark));
    EXPECT_FLOAT_EQ(w.get<Lifetime>(spark).seconds, 0.25f);
    s.tick(w, dt);
    EXPECT_FALSE(w.alive(spark));
}

TEST(BuiltinSystems, RegisterAllDeclaresPhasesAndAccess) {
    scheduler s;
    register_builtin_systems(s);
    const char* names[] = {"input",     "gravity", "movement", "hierarchy",
                           "collision", "damage",  "lifetime"};
    for (const char* name : names) EXPECT_NE(s.find(name), nullptr) << name;
    // The run order follows the phases: input first, lifetime last.
    const auto order = s.ordered();
    ASSERT_EQ(order.size(), 7u);
    EXPECT_EQ(order.front()->name(), "input");
    EXPECT_EQ(order.back()->name(), "lifetime");
}

TEST(BuiltinSystems, ResourcesLiveOnOneEntity) {
    world w;
    add_builtin_resources(w);
    const entity holder = w.resource_holder();
    EXPECT_TRUE(w.has<Input>(holder));
    EXPECT_TRUE(w.has<Contacts>(holder));
    EXPECT_EQ(w.size(), 1u);
    add_builtin_resources(w);  // idempotent
    EXPECT_EQ(w.size(), 1u);
}

TEST(CommandBufferSpawn, SpawnsAnArchetypeAtApplyTime) {
    world w;
    archetype bullet{"bullet"};
    bullet.set(Lifetime{2}).set(Transform{{1, 1}});
    command_buffer commands;
    const entity placeholder = spawn(commands, bullet);
    commands.set<Transform>(placeholder, Transform{{5, 5}});  // an override
    EXPECT_EQ(w.size(), 0u);
    commands.apply(w);
    ASSERT_EQ(w.count<Lifetime>(), 1u);
    w.view<const Transform, const Lifetime>().each([](const Transform& t, const Lifetime& l) {
        EXPECT_EQ(t.position, glm::vec2(5, 5));
        EXPECT_FLOAT_EQ(l.seconds, 2);
    });
}

}  // namespace
