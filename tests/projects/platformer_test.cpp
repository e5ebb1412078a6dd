// Platformer: the brains, the walker, ground contacts, stomping, respawning, the camera, then
// level1 played. Sections: 1. brains  2. walker  3. contacts  4. whole ticks  5. level1
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>
#include <platformer/platformer.hpp>

#include "project_test_support.hpp"

namespace platformer_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;
using namespace mosaic::platformer;

constexpr double tick = 1.0 / 60.0;

struct fixture : ::testing::Test {
    world w;
    scheduler s;
    void SetUp() override {
        add_builtin_resources(w);
        w.resource<Physics>().gravity = {0, -30};
    }
    entity player(glm::vec2 at) {
        const entity e = spawn(w, player_archetype());
        w.get<Transform>(e).position = at;
        w.get<Respawn>(e).point = {-5, 5};
        return e;
    }
    entity enemy(glm::vec2 at, std::int32_t direction) {
        const entity e = spawn(w, enemy_archetype());
        w.get<Transform>(e).position = at;
        w.get<Patrol>(e).direction = direction;
        return e;
    }
    void press(key k, bool down) { w.resource<Input>().set(k, down); }
    void run(int ticks) {
        for (int i = 0; i < ticks; ++i) s.tick(w, tick);
    }
};

// --- 1. brains --------------------------------------------------------------------------------

using KeyboardControlSystem = fixture;
TEST_F(KeyboardControlSystem, ArrowsMoveAndSpaceOrUpJumpOnce) {
    add_input_system(s);
    add_keyboard_control_system(s);
    const entity e = player({0, 0});
    press(key::right, true);
    press(key::space, true);
    run(1);
    EXPECT_EQ(w.get<MoveIntent>(e).move, 1.0f);
    EXPECT_TRUE(w.get<MoveIntent>(e).jump);
    run(1);  // still held: a jump is a press, not a hold
    EXPECT_FALSE(w.get<MoveIntent>(e).jump);
    press(key::right, false);
    press(key::space, false);
    press(key::left, true);
    press(key::up, true);
    run(1);
    EXPECT_EQ(w.get<MoveIntent>(e).move, -1.0f);
    EXPECT_TRUE(w.get<MoveIntent>(e).jump);
    press(key::d, true);  // left + D cancel out
    run(1);
    EXPECT_EQ(w.get<MoveIntent>(e).move, 0.0f);
    w.get<KeyboardControl>(e).wasd = false;
    run(1);
    EXPECT_EQ(w.get<MoveIntent>(e).move, -1.0f);
}

using PatrolSystem = fixture;
TEST_F(PatrolSystem, TurnsAtTheEdgeOfItsPlatformAndAtWalls) {
    add_patrol_system(s);
    const entity ledge = make_platform(w, {0, 0}, {4, 1});
    const entity walker = enemy({3.95f, 1.35f}, 1);
    w.get<Grounded>(walker) = {.on_ground = true, .ground = ledge};
    const entity safe = enemy({2, 1.35f}, 1);
    w.get<Grounded>(safe) = {.on_ground = true, .ground = ledge};
    const entity bumped = enemy({10, 0}, -1);
    w.get<Grounded>(bumped).wall = -1;
    const entity reckless = enemy({3.95f, 1.35f}, 1);
    w.get<Grounded>(reckless) = {.on_ground = true, .ground = ledge};
    w.get<Patrol>(reckless).turn_at_edges = false;

    run(1);
    EXPECT_EQ(w.get<Patrol>(walker).direction, -1);
    EXPECT_FLOAT_EQ(w.get<MoveIntent>(walker).move, -w.get<Patrol>(walker).speed);
    EXPECT_EQ(w.get<Patrol>(safe).direction, 1);
    EXPECT_EQ(w.get<Patrol>(bumped).direction, 1);
    EXPECT_EQ(w.get<Patrol>(reckless).direction, 1);
}

// --- 2. walker --------------------------------------------------------------------------------

using WalkerSystem = fixture;
TEST_F(WalkerSystem, AcceleratesTowardsTheWantedSpeedWithoutOvershooting) {
    add_walker_system(s);
    add_movement_system(s);
    const entity e = player({0, 0});
    w.get<Walker>(e) = Walker{.max_speed = 6, .acceleration = 60, .air_control = 0.5f};
    w.get<Grounded>(e).on_ground = true;
    w.get<RigidBody>(e).gravity_scale = 0;
    w.get<MoveIntent>(e).move = 1;
    run(1);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(e).velocity.x, 1.0f);  // 60 units/s² for 1/60 s
    run(10);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(e).velocity.x, 6.0f);  // capped at max_speed
    w.get<MoveIntent>(e).move = 0;
    run(3);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(e).velocity.x, 3.0f);  // braking, as fast
    w.get<Grounded>(e).on_ground = false;
    run(1);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(e).velocity.x, 2.5f);  // half the grip in the air
}

TEST_F(WalkerSystem, JumpsOnlyFromTheGround) {
    add_walker_system(s);
    const entity e = player({0, 0});
    w.get<MoveIntent>(e).jump = true;
    run(1);
    EXPECT_EQ(w.get<RigidBody>(e).velocity.y, 0.0f);  // in the air
    w.get<Grounded>(e).on_ground = true;
    run(1);
    EXPECT_EQ(w.get<RigidBody>(e).velocity.y, w.get<Walker>(e).jump_speed);
}

// --- 3. contacts ------------------------------------------------------------------------------

struct Contacts3 : fixture {
    void SetUp() override {
        fixture::SetUp();
        add_hierarchy_system(s);
        add_collision_system(s);
        add_ground_contacts_system(s);
    }
};

using GroundContacts = Contacts3;
TEST_F(GroundContacts, LandingPushesOutAndSetsGrounded) {
    const entity floor = make_platform(w, {-5, -1}, {5, 0});
    const entity e = player({0, 0.45f});  // feet 0.05 into the floor
    w.get<RigidBody>(e).velocity = {2, -3};
    run(1);
    const Grounded& contact = w.get<Grounded>(e);
    EXPECT_TRUE(contact.on_ground);
    EXPECT_EQ(contact.ground, floor);
    EXPECT_EQ(contact.wall, 0);
    EXPECT_NEAR(w.get<Transform>(e).position.y, 0.5f, 1e-5f);
    EXPECT_EQ(w.get<RigidBody>(e).velocity, glm::vec2(2, 0));  // the fall stops, the run not
}

TEST_F(GroundContacts, WallsStopSidewaysAndCeilingsStopJumps) {
    make_platform(w, {1, -5}, {2, 5});         // a wall
    make_platform(w, {-10, 3}, {-5, 4});       // a ceiling
    const entity runner = player({0.65f, 0});  // 0.05 into the wall
    w.get<RigidBody>(runner).velocity = {4, 0};
    const entity jumper = player({-7, 2.55f});  // head 0.05 into the ceiling
    w.get<RigidBody>(jumper).velocity = {0, 8};
    run(1);
    EXPECT_EQ(w.get<Grounded>(runner).wall, 1);
    EXPECT_FALSE(w.get<Grounded>(runner).on_ground);
    EXPECT_NEAR(w.get<Transform>(runner).position.x, 0.6f, 1e-5f);
    EXPECT_EQ(w.get<RigidBody>(runner).velocity.x, 0.0f);
    EXPECT_NEAR(w.get<Transform>(jumper).position.y, 2.5f, 1e-5f);
    EXPECT_EQ(w.get<RigidBody>(jumper).velocity.y, 0.0f);
}

TEST_F(GroundContacts, OneWayPlatformsHoldFromAboveOnly) {
    make_platform(w, {-2, 0}, {2, 0.2f}, true);
    const entity rising = player({-1, 0.1f});
    w.get<RigidBody>(rising).velocity = {0, 5};
    const entity landing = player({1, 0.65f});
    w.get<RigidBody>(landing).velocity = {0, -5};
    run(1);
    EXPECT_FALSE(w.get<Grounded>(rising).on_ground);
    EXPECT_EQ(w.get<RigidBody>(rising).velocity.y, 5.0f);
    EXPECT_TRUE(w.get<Grounded>(landing).on_ground);
    EXPECT_NEAR(w.get<Transform>(landing).position.y, 0.7f, 1e-5f);
}

TEST_F(GroundContacts, StandingOnTwoPlatformsPushesOnceNotTwice) {
    make_platform(w, {-5, -1}, {0, 0});
    make_platform(w, {0, -1}, {5, 0});
    const entity e = player({0, 0.45f});
    run(1);
    EXPECT_NEAR(w.get<Transform>(e).position.y, 0.5f, 1e-5f);
}

using Stomp = Contacts3;
TEST_F(Stomp, LandingOnAnEnemySquashesItTouchingItSendsThePlayerBack) {
    add_stomp_system(s);
    const entity hero = player({0, 0.8f});  // falling onto the enemy below
    w.get<RigidBody>(hero).velocity = {0, -4};
    const entity squashed = enemy({0, 0}, 1);
    run(1);
    EXPECT_FALSE(w.alive(squashed));
    EXPECT_GT(w.get<RigidBody>(hero).velocity.y, 0.0f);  // bounced

    const entity guard = enemy({10, 0}, -1);
    w.get<Transform>(hero).position = {9.3f, 0};  // walks into it
    w.get<RigidBody>(hero).velocity = {3, 0};
    run(1);
    EXPECT_TRUE(w.alive(guard));
    EXPECT_EQ(w.get<Transform>(hero).position, glm::vec2(-5, 5));  // its Respawn point
    EXPECT_EQ(w.get<RigidBody>(hero).velocity, glm::vec2(0, 0));
}

using RespawnSystem = fixture;
TEST_F(RespawnSystem, FallingBelowTheLimitSendsTheBodyBack) {
    add_respawn_system(s);
    const entity e = player({3, -10.5f});
    w.get<RigidBody>(e).velocity = {1, -20};
    const entity fine = player({3, -9.5f});
    run(1);
    EXPECT_EQ(w.get<Transform>(e).position, glm::vec2(-5, 5));
    EXPECT_EQ(w.get<RigidBody>(e).velocity, glm::vec2(0, 0));
    EXPECT_EQ(w.get<Transform>(fine).position, glm::vec2(3, -9.5f));
}

using CameraFollow = fixture;
TEST_F(CameraFollow, MovesAfterItsTarget) {
    add_camera_follow_system(s);
    const entity hero = player({10, 0});
    const entity camera = w.create();
    w.add<Transform>(camera);
    w.add<Follow>(camera, Follow{.target = hero, .offset = {0, 2}, .stiffness = 6});
    run(1);
    EXPECT_NEAR(w.get<Transform>(camera).position.x, 1.0f, 1e-5f);  // a tenth of the way
    EXPECT_NEAR(w.get<Transform>(camera).position.y, 0.2f, 1e-5f);
    w.destroy(hero);
    run(1);  // a lost target leaves the camera where it is
    EXPECT_NEAR(w.get<Transform>(camera).position.x, 1.0f, 1e-5f);
}

// --- 4. whole ticks ---------------------------------------------------------------------------

struct WholeTicks : fixture {
    void SetUp() override {
        fixture::SetUp();
        register_builtin_systems(s);
        register_platformer_systems(s);
    }
};

TEST_F(WholeTicks, APlayerFallsOntoTheGroundRunsAndJumps) {
    make_platform(w, {-20, -1}, {20, 0});
    const entity e = player({0, 3});
    run(60);
    EXPECT_TRUE(w.get<Grounded>(e).on_ground);
    EXPECT_NEAR(w.get<Transform>(e).position.y, 0.5f, 0.02f);  // resting on the ground
    run(60);
    EXPECT_TRUE(w.get<Grounded>(e).on_ground);  // and staying there

    press(key::right, true);
    run(30);
    EXPECT_GT(w.get<Transform>(e).position.x, 2.0f);
    EXPECT_FLOAT_EQ(w.get<RigidBody>(e).velocity.x, w.get<Walker>(e).max_speed);

    press(key::space, true);
    run(1);
    EXPECT_FALSE(w.get<Grounded>(e).on_ground);
    float top = 0;
    for (int i = 0; i < 60; ++i) {
        run(1);
        top = std::max(top, w.get<Transform>(e).position.y);
    }
    const float jump = w.get<Walker>(e).jump_speed;
    EXPECT_NEAR(top - 0.5f, jump * jump / 60.0f, 0.25f);  // v² / 2g
    EXPECT_TRUE(w.get<Grounded>(e).on_ground);            // landed again
}

TEST_F(WholeTicks, AnEnemyPatrolsItsLedgeWithoutFallingOff) {
    make_platform(w, {0, 0}, {4, 0.5f});
    const entity e = enemy({2, 0.85f}, 1);
    int turns = 0;
    std::int32_t direction = 1;
    for (int i = 0; i < 600; ++i) {
        run(1);
        if (w.get<Patrol>(e).direction != direction) ++turns, direction = -direction;
        const float x = w.get<Transform>(e).position.x;
        ASSERT_GE(x, 0.0f) << "tick " << i;
        ASSERT_LE(x, 4.0f) << "tick " << i;
    }
    EXPECT_GE(turns, 4);  // 4 units at ~2.5 units/s for 10 s
    EXPECT_NEAR(w.get<Transform>(e).position.y, 0.85f, 0.02f);
}

// --- 5. level1 --------------------------------------------------------------------------------

TEST(Level1Scene, LoadsWithoutWarningsAndThePlayerLandsAndEnemiesPatrolFor600Ticks) {
    std::vector<diagnostic> diagnostics;
    auto g =
        mosaic::testing::start_sample("platformer", "scenes/level1.scene.json", {}, &diagnostics);
    ASSERT_TRUE(g);
    EXPECT_TRUE(diagnostics.empty()) << to_string(diagnostics);
    world& w = g->world();
    entity hero;
    w.view<const KeyboardControl>().each([&](entity e, const KeyboardControl&) { hero = e; });
    ASSERT_FALSE(hero.is_null());
    ASSERT_EQ(w.count<Patrol>(), 3u);
    const float start_y = w.get<Transform>(hero).position.y;

    std::map<entity, int> turns;
    std::map<entity, std::int32_t> direction;
    w.view<const Patrol>().each([&](entity e, const Patrol& p) { direction[e] = p.direction; });
    for (int i = 0; i < 600; ++i) {
        g->tick();
        w.view<const Patrol>().each([&](entity e, const Patrol& p) {
            if (p.direction != direction[e]) ++turns[e], direction[e] = p.direction;
        });
    }
    EXPECT_TRUE(w.get<Grounded>(hero).on_ground);
    EXPECT_LT(w.get<Transform>(hero).position.y, start_y);  // fell onto the ground
    EXPECT_NEAR(w.get<Transform>(hero).position.y, 0.5f, 0.02f);
    EXPECT_EQ(w.count<Patrol>(), 3u);
    for (const auto& [e, n] : turns) EXPECT_GE(n, 2) << "an enemy did not patrol";
    EXPECT_EQ(turns.size(), 3u);
    w.view<const Patrol, const Transform>().each([](const Patrol&, const Transform& t) {
        EXPECT_GT(t.position.y, 0.0f);  // none fell off
    });
    // The camera followed the player down.
    w.view<const Follow, const Transform>().each([&](const Follow&, const Transform& t) {
        EXPECT_NEAR(t.position.x, w.get<Transform>(hero).position.x, 0.1f);
    });
}

TEST(Level1Scene, ThePlayerRunsToTheWallAndJumpsWithTheKeyboard) {
    auto g = mosaic::testing::start_sample("platformer", "scenes/level1.scene.json");
    ASSERT_TRUE(g);
    world& w = g->world();
    entity hero;
    w.view<const KeyboardControl>().each([&](entity e, const KeyboardControl&) { hero = e; });
    mosaic::testing::run_ticks(*g, 60);  // land
    Input& in = w.resource<Input>();
    const float x0 = w.get<Transform>(hero).position.x;
    in.set(key::left, true);  // walk into the west wall
    mosaic::testing::run_ticks(*g, 120);
    EXPECT_NEAR(w.get<Transform>(hero).position.x, -10.0f + 0.4f, 0.02f);
    EXPECT_EQ(w.get<Grounded>(hero).wall, -1);
    in.set(key::left, false);
    in.set(key::up, true);
    mosaic::testing::run_ticks(*g, 2);
    EXPECT_GT(w.get<RigidBody>(hero).velocity.y, 0.0f);
    EXPECT_LT(w.get<Transform>(hero).position.x, x0);
}

// The level is a tilemap: its solid tiles are the engine's tile colliders, the player lands on
// them (its ground is the map), and the enemy on the brick ledge turns at the ledge's tile
// edges. Only the one-way bridge and the moving platform are still Platform entities.
TEST(Level1Scene, TheLevelIsATilemapAndBodiesStandOnItsSolidTiles) {
    std::vector<diagnostic> diagnostics;
    auto g =
        mosaic::testing::start_sample("platformer", "scenes/level1.scene.json", {}, &diagnostics);
    ASSERT_TRUE(g);
    EXPECT_TRUE(diagnostics.empty()) << to_string(diagnostics);
    world& w = g->world();
    ASSERT_EQ(w.count<Tilemap>(), 1u);
    entity map;
    w.view<const Tilemap>().each([&](entity e, const Tilemap&) { map = e; });
    EXPECT_TRUE(w.has<Platform>(map));
    EXPECT_EQ(w.count<Platform>(), 3u);  // the map, the bridge, the moving platform
    std::vector<std::string> warnings;
    const tileset* set = w.resource<Tilesets>().get(level_tileset, warnings);
    ASSERT_NE(set, nullptr);
    for (const auto& [number, name] : {std::pair{tile::ground_top_left, "ground_top_left"},
                                       {tile::ground_top, "ground_top"},
                                       {tile::ground_top_right, "ground_top_right"},
                                       {tile::brick, "brick"},
                                       {tile::ground_left, "ground_left"},
                                       {tile::ground_middle, "ground_middle"},
                                       {tile::ground_right, "ground_right"},
                                       {tile::bridge, "bridge"},
                                       {tile::bush, "bush"},
                                       {tile::flowers, "flowers"},
                                       {tile::cloud_left, "cloud_left"},
                                       {tile::cloud_right, "cloud_right"}}) {
        EXPECT_EQ(set->find(name), number) << name;
    }
    const tile_access tiles(w, map);
    EXPECT_TRUE(set->is_solid(tiles.get(5, 1)));      // ground under the start (x -6, y -1)
    EXPECT_EQ(tiles.get(20, 1), 0);                   // the gap (x 9)
    EXPECT_FALSE(set->is_solid(tiles.get(3, 2, 1)));  // a bush: decoration

    entity hero, on_ledge;
    w.view<const KeyboardControl>().each([&](entity e, const KeyboardControl&) { hero = e; });
    w.view<const Patrol, const Transform>().each([&](entity e, const Patrol&, const Transform& t) {
        if (t.position.y > 2.0f) on_ledge = e;
    });
    ASSERT_FALSE(on_ledge.is_null());
    for (int i = 0; i < 600; ++i) {
        g->tick();
        const Transform& t = w.get<Transform>(on_ledge);
        // The ledge's bricks span x 2..6; it turns look_ahead (0.1) before an edge.
        ASSERT_GE(t.position.x, 2.0f - 0.1f) << "tick " << i;
        ASSERT_LE(t.position.x, 6.0f + 0.1f) << "tick " << i;
    }
    EXPECT_NEAR(w.get<Transform>(on_ledge).position.y, 3.35f, 0.02f);
    EXPECT_TRUE(w.get<Grounded>(hero).on_ground);
    EXPECT_EQ(w.get<Grounded>(hero).ground, map);  // it stands on tile colliders
    EXPECT_NEAR(w.get<Transform>(hero).position.y, 0.5f, 0.02f);
}

// The player's Animator plays idle standing, run running and jump in the air (the
// walk_animation system switches the clips), its frames come from the sheet's tags, and the
// sprite faces the way it runs. The moving platform and the lights play keyframe tracks.
TEST(Level1Scene, ThePlayerIsAnimatedByStateAndThePlatformSlides) {
    auto g = mosaic::testing::start_sample("platformer", "scenes/level1.scene.json");
    ASSERT_TRUE(g);
    world& w = g->world();
    entity hero, slider, glow;
    w.view<const KeyboardControl>().each([&](entity e, const KeyboardControl&) { hero = e; });
    w.view<const Animator, const Platform>().each(
        [&](entity e, const Animator&, const Platform&) { slider = e; });
    w.view<const Animator, const Sprite>().each([&](entity e, const Animator&, const Sprite& s) {
        if (std::string_view(s.texture.path) == "assets/glow.png") glow = e;
    });
    ASSERT_FALSE(slider.is_null());
    ASSERT_FALSE(glow.is_null());
    const auto clip = [&] { return std::string(w.get<Animator>(hero).clip.path); };
    const auto frame = [&] { return w.get<Sprite>(hero).frame; };

    mosaic::testing::run_ticks(*g, 60);  // landed, standing
    EXPECT_EQ(clip(), "assets/player_idle.clip.json");
    EXPECT_GE(frame(), 0);  // idle_0..3
    EXPECT_LE(frame(), 3);

    Input& in = w.resource<Input>();
    in.set(key::right, true);
    std::set<std::int32_t> run_frames;
    for (int i = 0; i < 40; ++i) {
        g->tick();
        // From the tick after the switch: the frame of the switching tick is idle's.
        if (i > 5 && clip() == "assets/player_run.clip.json") run_frames.insert(frame());
    }
    EXPECT_EQ(clip(), "assets/player_run.clip.json");
    EXPECT_GE(run_frames.size(), 4u);  // it runs through run_0..5
    for (const std::int32_t f : run_frames) EXPECT_TRUE(f >= 4 && f <= 9) << f;
    EXPECT_GT(w.get<Sprite>(hero).size.x, 0.0f);  // facing right

    in.set(key::right, false);
    in.set(key::left, true);
    in.set(key::space, true);
    mosaic::testing::run_ticks(*g, 25);  // in the air, turned round
    EXPECT_EQ(clip(), "assets/player_jump.clip.json");
    EXPECT_TRUE(frame() == 10 || frame() == 11);  // jump_0, jump_1
    EXPECT_LT(w.get<Sprite>(hero).size.x, 0.0f);  // mirrored: facing left
    in.set(key::left, false);
    in.set(key::space, false);
    mosaic::testing::run_ticks(*g, 120);  // landed and stopped
    EXPECT_EQ(clip(), "assets/player_idle.clip.json");

    // The moving platform's track ping-pongs its x between 20 and 26; the glow pulses.
    float low = 1e9f, high = -1e9f, dim = 1.0f, bright = 0.0f;
    for (int i = 0; i < 400; ++i) {
        g->tick();
        low = std::min(low, w.get<Transform>(slider).position.x);
        high = std::max(high, w.get<Transform>(slider).position.x);
        dim = std::min(dim, w.get<Sprite>(glow).tint.a);
        bright = std::max(bright, w.get<Sprite>(glow).tint.a);
    }
    EXPECT_NEAR(low, 20.0f, 0.05f);
    EXPECT_NEAR(high, 26.0f, 0.05f);
    EXPECT_LT(dim, 0.5f);
    EXPECT_GT(bright, 0.95f);
    const std::vector<std::string> log = w.resource<GameLog>().take();
    EXPECT_TRUE(log.empty()) << log.front();
}

}  // namespace

}  // namespace platformer_test
