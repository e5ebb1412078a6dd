// Every built-in system: put data in, tick, check data out.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

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
    Input& in = w.resource<Input>();
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
    w.resource<Physics>().gravity = {0, -10};
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
    const auto& list = w.resource<Contacts>().list;
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].a, a);
    EXPECT_EQ(list[0].b, b);
    EXPECT_NEAR(list[0].normal.x, 1, 1e-6);
    EXPECT_NEAR(list[0].depth, 0.5f, 1e-6);
}

TEST_F(CollisionSystem, AHundredThousandCollidersInOnePointAreCappedAndCounted) {
    // Before the cap: a hang of over a minute, then std::bad_alloc (5 billion pairs).
    add_hierarchy_system(s);
    add_collision_system(s);
    std::vector<entity> crowd(100'000);
    w.create(crowd);
    for (const entity e : crowd) {
        w.add<Transform>(e, Transform{{2, 2}});
        w.add<Collider>(e, Collider{.shape = ColliderShape::circle, .size = {0, 0}});
    }
    const auto started = std::chrono::steady_clock::now();
    s.tick(w, dt);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const Contacts& contacts = w.resource<Contacts>();
    EXPECT_EQ(contacts.list.size(), Contacts::default_max_contacts);
    EXPECT_TRUE(contacts.truncated);
    EXPECT_EQ(contacts.truncated_ticks, 1u);
    EXPECT_LT(seconds, 30.0);  // well under a second optimised; this bounds sanitizer builds

    w.resource<Contacts>().max_contacts = 1000;  // a game may lower it
    s.tick(w, dt);
    EXPECT_EQ(contacts.list.size(), 1000u);
    EXPECT_EQ(contacts.truncated_ticks, 2u);
    // One warning for the run of truncated ticks, not one per tick.
    const std::vector<std::string> warnings = w.resource<GameLog>().take();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("too many overlapping colliders"), std::string::npos) << warnings[0];

    // Deterministic: another world on two threads finds the same 1,000.
    const auto first = contacts.list;
    world other;
    add_builtin_resources(other);
    std::vector<entity> again(100'000);
    other.create(again);
    for (const entity e : again) {
        other.add<Transform>(e, Transform{{2, 2}});
        other.add<Collider>(e, Collider{.shape = ColliderShape::circle, .size = {0, 0}});
    }
    other.resource<Contacts>().max_contacts = 1000;
    scheduler two(2);
    add_hierarchy_system(two);
    add_collision_system(two);
    two.tick(other, dt);
    const auto& second = other.resource<Contacts>().list;
    ASSERT_EQ(second.size(), first.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        ASSERT_EQ(second[i].a, first[i].a) << i;
        ASSERT_EQ(second[i].b, first[i].b) << i;
    }
}

TEST_F(CollisionSystem, NonFiniteOrNegativeCollidersAreIgnoredWithOneWarningEach) {
    add_hierarchy_system(s);
    add_collision_system(s);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const Collider unit{.shape = ColliderShape::box, .size = {1, 1}};
    const entity a = collider({0, 0}, unit);
    const entity b = collider({1, 0}, unit);
    const entity at_nan = collider({nan, 0}, unit);
    const entity at_inf = collider({inf, inf}, unit);
    const entity negative = collider({0.5f, 0}, {.shape = ColliderShape::box, .size = {-3, 1}});
    const entity nan_size = collider({0, 0.5f}, {.shape = ColliderShape::circle, .size = {nan, 1}});
    w.add<Name>(negative);
    std::snprintf(w.get<Name>(negative).value, sizeof(Name::value), "crate");
    for (int tick = 0; tick < 3; ++tick) {
        s.tick(w, dt);
        const auto& list = w.resource<Contacts>().list;
        ASSERT_EQ(list.size(), 1u);  // only the two sane boxes
        EXPECT_EQ(list[0].a, a);
        EXPECT_EQ(list[0].b, b);
    }
    EXPECT_EQ(w.resource<Contacts>().ignored_colliders, 4u);
    EXPECT_FALSE(w.resource<Contacts>().truncated);
    const std::vector<std::string> warnings = w.resource<GameLog>().take();
    ASSERT_EQ(warnings.size(), 4u);  // one per entity over three ticks
    const auto warned = [&](entity e, std::string_view why) {
        for (const std::string& line : warnings) {
            if (line.find("entity " + to_string(e)) != std::string::npos ||
                line.find("(" + to_string(e) + ")") != std::string::npos) {
                return line.find(why) != std::string::npos;
            }
        }
        return false;
    };
    EXPECT_TRUE(warned(at_nan, "position (nan, 0) is not finite"));
    EXPECT_TRUE(warned(at_inf, "position (inf, inf) is not finite"));
    EXPECT_TRUE(warned(negative, "'crate'"));
    EXPECT_TRUE(warned(negative, "size (-3, 1) is negative"));
    EXPECT_TRUE(warned(nan_size, "size (nan, 1)"));

    // Fixed, it collides again; broken again later (a new entity in its slot), warned again.
    w.get<Transform>(at_nan).position = {0.2f, 0};
    s.tick(w, dt);
    EXPECT_EQ(w.resource<Contacts>().list.size(), 3u);
    w.destroy(at_inf);
    const entity reborn = collider({inf, 0}, unit);
    ASSERT_EQ(reborn.index, at_inf.index);
    s.tick(w, dt);
    EXPECT_EQ(w.resource<GameLog>().take().size(), 1u);
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
    const auto& list = w.resource<Contacts>().list;
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
    const char* names[] = {"input",          "gravity",   "movement", "animation", "hierarchy",
                           "tile_colliders", "collision", "damage",   "lifetime"};
    for (const char* name : names) EXPECT_NE(s.find(name), nullptr) << name;
    // The run order follows the phases: input first, lifetime last.
    const auto order = s.ordered();
    ASSERT_EQ(order.size(), 9u);
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
