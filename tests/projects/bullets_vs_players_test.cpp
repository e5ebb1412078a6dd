// Bullets vs players: the hit finder against brute force, every system, the arena scene.
// Sections: 1. hits  2. emitters, wander, tint  3. arena scene
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <bullets_vs_players/bullets_vs_players.hpp>
#include <glm/geometric.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>

#include "project_test_support.hpp"

namespace bullets_vs_players_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;
using namespace mosaic::bullets_vs_players;

constexpr double dt = 0.25;

// The rule, checked the slow way: the nearest overlapping player, ties to the lower index.
std::vector<std::uint32_t> brute_force_hits(const std::vector<circle>& bullets,
                                            const std::vector<circle>& players) {
    std::vector<std::uint32_t> out(bullets.size(), hit_finder::miss);
    for (std::size_t i = 0; i < bullets.size(); ++i) {
        float best = 0.0f;
        for (std::size_t j = 0; j < players.size(); ++j) {
            const glm::vec2 d = players[j].center - bullets[i].center;
            const float distance = d.x * d.x + d.y * d.y;
            const float reach = bullets[i].radius + players[j].radius;
            if (distance > reach * reach) continue;
            if (out[i] == hit_finder::miss || distance < best) {
                out[i] = static_cast<std::uint32_t>(j);
                best = distance;
            }
        }
    }
    return out;
}

std::vector<circle> random_circles(std::mt19937& rng, std::size_t n, float extent, float low,
                                   float high) {
    std::uniform_real_distribution<float> where(-extent, extent), radius(low, high);
    std::vector<circle> out(n);
    for (circle& c : out) c = {{where(rng), where(rng)}, radius(rng)};
    return out;
}

// --- 1. hits ----------------------------------------------------------------------------------

TEST(HitFinder, SameHitsAsBruteForce) {
    std::mt19937 rng(7);
    hit_finder finder;
    std::vector<std::uint32_t> hits;
    for (const float extent : {3.0f, 10.0f, 40.0f}) {  // crowded to sparse
        const auto bullets = random_circles(rng, 2000, extent, 0.05f, 0.2f);
        const auto players = random_circles(rng, 200, extent, 0.2f, 0.6f);
        finder.find(bullets, players, hits);
        EXPECT_EQ(hits, brute_force_hits(bullets, players)) << "extent " << extent;
    }
}

TEST(HitFinder, TestsFewPairsWhenSpreadOut) {
    std::mt19937 rng(3);
    const auto bullets = random_circles(rng, 2000, 40.0f, 0.1f, 0.1f);
    const auto players = random_circles(rng, 200, 40.0f, 0.35f, 0.35f);
    hit_finder finder;
    std::vector<std::uint32_t> hits;
    finder.find(bullets, players, hits);
    EXPECT_LT(finder.candidate_pairs(), 2000u * 200u / 100u);  // under 1% of every pair
}

TEST(HitFinder, BoxesTouchingIsNotAHit) {
    // The bounding boxes overlap at the corner, the circles do not.
    const std::vector<circle> bullets{{{0, 0}, 1.0f}};
    const std::vector<circle> players{{{1.8f, 1.8f}, 1.0f}, {{5, 5}, 1.0f}};
    hit_finder finder;
    std::vector<std::uint32_t> hits;
    finder.find(bullets, players, hits);
    EXPECT_EQ(hits, std::vector<std::uint32_t>{hit_finder::miss});
}

struct fixture : ::testing::Test {
    world w;
    scheduler s;
    void SetUp() override {
        add_builtin_resources(w);
        w.resource<Archetypes>().list = {bullet_archetype(), player_archetype()};
    }
    entity player(glm::vec2 at, float radius, float health) {
        const entity e = spawn(w, player_archetype());
        w.get<Transform>(e).position = at;
        w.get<Player>(e).radius = radius;
        w.get<Health>(e) = {health, health};
        return e;
    }
    entity bullet(glm::vec2 at, float radius, float damage) {
        const entity e = spawn(w, bullet_archetype());
        w.get<Transform>(e).position = at;
        w.get<Bullet>(e) = {radius, damage};
        return e;
    }
};

using BulletHits = fixture;
TEST_F(BulletHits, SameHitsAsABruteForceCheck) {
    add_bullet_hits_system(s);
    std::mt19937 rng(11);
    const auto bullet_shapes = random_circles(rng, 1500, 12.0f, 0.05f, 0.2f);
    const auto player_shapes = random_circles(rng, 150, 12.0f, 0.2f, 0.6f);
    std::vector<entity> bullets, players;
    for (const circle& c : player_shapes) players.push_back(player(c.center, c.radius, 1e6f));
    for (const circle& c : bullet_shapes) bullets.push_back(bullet(c.center, c.radius, 2.0f));

    s.tick(w, dt);

    const std::vector<std::uint32_t> expected = brute_force_hits(bullet_shapes, player_shapes);
    std::vector<int> hits_of(players.size(), 0);
    int total = 0;
    for (std::size_t i = 0; i < bullets.size(); ++i) {
        const bool hit = expected[i] != hit_finder::miss;
        EXPECT_EQ(w.alive(bullets[i]), !hit) << "bullet " << i;  // spent bullets are gone
        if (hit) ++hits_of[expected[i]], ++total;
    }
    ASSERT_GT(total, 100);  // the data has plenty of hits
    for (std::size_t j = 0; j < players.size(); ++j) {
        EXPECT_EQ(w.get<Player>(players[j]).hits, hits_of[j]) << "player " << j;
        EXPECT_FLOAT_EQ(w.get<Health>(players[j]).current, 1e6f - 2.0f * hits_of[j]);
    }
}

TEST_F(BulletHits, APlayerAtZeroHealthIsGoneEvenWhenHitTwiceInOneTick) {
    add_bullet_hits_system(s);
    const entity victim = player({0, 0}, 0.5f, 15.0f);
    const entity survivor = player({5, 0}, 0.5f, 15.0f);
    bullet({0.2f, 0}, 0.1f, 10.0f);
    bullet({-0.2f, 0}, 0.1f, 10.0f);
    bullet({5.2f, 0}, 0.1f, 10.0f);
    const entity miss = bullet({2.5f, 0}, 0.1f, 10.0f);
    s.tick(w, dt);
    EXPECT_FALSE(w.alive(victim));
    ASSERT_TRUE(w.alive(survivor));
    EXPECT_FLOAT_EQ(w.get<Health>(survivor).current, 5.0f);
    EXPECT_EQ(w.get<Player>(survivor).hits, 1);
    EXPECT_TRUE(w.alive(miss));
    EXPECT_EQ(w.count<Bullet>(), 1u);
}

TEST_F(BulletHits, ABulletHitsOnlyTheNearestOfTwoPlayers) {
    add_bullet_hits_system(s);
    const entity near = player({0.3f, 0}, 0.5f, 100.0f);
    const entity far = player({-0.4f, 0}, 0.5f, 100.0f);
    bullet({0, 0}, 0.1f, 10.0f);
    s.tick(w, dt);
    EXPECT_EQ(w.get<Player>(near).hits, 1);
    EXPECT_EQ(w.get<Player>(far).hits, 0);
}

// --- 2. emitters, wander, tint ----------------------------------------------------------------

using Emitters = fixture;
TEST_F(Emitters, FireVolleysEvenlySpreadUntilTheyRunOut) {
    add_emitters_system(s);
    const entity e = w.create();
    w.add<Transform>(e, Transform{.position = {1, 2}});
    w.add<BulletEmitter>(e, BulletEmitter{.rate = 2.0f,  // one volley every 0.5 s
                                          .arms = 4,
                                          .speed = 3.0f,
                                          .spin = 0.0f,
                                          .angle = 0.0f,
                                          .cooldown = 0.25f,
                                          .remaining = 10});
    s.tick(w, dt);
    ASSERT_EQ(w.count<Bullet>(), 4u);
    std::vector<glm::vec2> velocities;
    w.view<const Bullet, const Transform, const RigidBody>().each(
        [&](const Bullet&, const Transform& t, const RigidBody& body) {
            EXPECT_EQ(t.position, glm::vec2(1, 2));
            velocities.push_back(body.velocity);
        });
    for (const glm::vec2 expected : {glm::vec2{3, 0}, {0, 3}, {-3, 0}, {0, -3}}) {
        EXPECT_TRUE(std::any_of(velocities.begin(), velocities.end(),
                                [&](glm::vec2 v) {
                                    return std::abs(v.x - expected.x) < 1e-4f &&
                                           std::abs(v.y - expected.y) < 1e-4f;
                                }))
            << expected.x << ", " << expected.y;
    }
    s.tick(w, dt);
    EXPECT_EQ(w.count<Bullet>(), 4u);  // cooling down
    s.tick(w, dt);
    EXPECT_EQ(w.count<Bullet>(), 8u);
    for (int i = 0; i < 8; ++i) s.tick(w, dt);
    EXPECT_EQ(w.count<Bullet>(), 10u);  // `remaining` was 10
    EXPECT_EQ(w.get<BulletEmitter>(e).remaining, 0);
}

TEST_F(Emitters, SpinTurnsTheVolleys) {
    add_emitters_system(s);
    const entity e = w.create();
    w.add<Transform>(e);
    w.add<BulletEmitter>(e, BulletEmitter{.spin = 40.0f, .angle = 10.0f});
    s.tick(w, dt);
    EXPECT_FLOAT_EQ(w.get<BulletEmitter>(e).angle, 20.0f);
}

using Wander = fixture;
TEST_F(Wander, PlayersTurnAtTheirIntervalAndStayInTheArea) {
    add_wander_system(s);
    const entity area = w.create();
    w.add<Transform>(area);
    w.add<PlayArea>(area, PlayArea{{5, 5}});
    const entity walker = player({0, 0}, 0.3f, 100);
    w.get<Player>(walker) = Player{.speed = 2.0f, .turn_interval = 1.0f, .turn_timer = 0.1f};
    const entity outside = player({6, 0}, 0.3f, 100);
    w.get<Player>(outside).turn_timer = 100.0f;
    w.get<RigidBody>(outside).velocity = {1, 1};

    s.tick(w, dt);
    EXPECT_NEAR(glm::length(w.get<RigidBody>(walker).velocity), 2.0f, 1e-5f);
    const float timer = w.get<Player>(walker).turn_timer;
    EXPECT_GE(timer, 0.5f);  // interval x [0.5, 1.5)
    EXPECT_LT(timer, 1.5f);
    EXPECT_EQ(w.get<RigidBody>(outside).velocity, glm::vec2(-1, 1));  // turned back in x
}

using HurtTint = fixture;
TEST_F(HurtTint, PlayersRedden) {
    add_hurt_tint_system(s);
    const entity fresh = player({0, 0}, 0.3f, 100);
    const entity dying = player({1, 0}, 0.3f, 100);
    w.get<Health>(dying).current = 0;
    s.tick(w, dt);
    EXPECT_GT(w.get<Sprite>(fresh).tint.g, 0.8f);
    EXPECT_GT(w.get<Sprite>(dying).tint.r, 0.9f);
    EXPECT_LT(w.get<Sprite>(dying).tint.g, 0.25f);
}

// --- 3. arena scene ---------------------------------------------------------------------------

TEST(ArenaScene, LoadsWithoutWarningsAndBulletsHitPlayersFor600Ticks) {
    std::vector<diagnostic> diagnostics;
    auto g = mosaic::testing::start_sample("bullets_vs_players", "scenes/arena.scene.json", {},
                                           &diagnostics);
    ASSERT_TRUE(g);
    EXPECT_TRUE(diagnostics.empty()) << to_string(diagnostics);
    world& w = g->world();
    ASSERT_EQ(w.count<Player>(), 200u);
    ASSERT_EQ(w.count<BulletEmitter>(), 8u);

    std::size_t most_bullets = 0;
    for (int tick = 0; tick < 600; ++tick) {
        g->tick();
        most_bullets = std::max(most_bullets, w.count<Bullet>());
    }
    int fired = 0;
    w.view<const BulletEmitter>().each([&](const BulletEmitter& e) { fired += 250 - e.remaining; });
    int hits = 0;
    w.view<const Player>().each([&](const Player& p) { hits += p.hits; });
    const std::size_t players_left = w.count<Player>();
    std::printf(
        "arena after 600 ticks: %d bullets fired, %zu in flight at most, %d hits on "
        "the %zu players left\n",
        fired, most_bullets, hits, players_left);
    // The outcome seed 1 (game_options' default; it drives the players' wandering) gives. A
    // run is deterministic (same seed, same bytes: the Determinism tests), so these are exact:
    // a change to the emitters, the bullets' motion, the broad phase, hits or damage changes
    // at least one. Before, "a hit or a death" passed for almost any run. Change the numbers
    // only with a change meant to change the game, and say so in its commit.
    EXPECT_EQ(fired, 1864);         // of the emitters' 8 x 250 bullets, in 600 ticks
    EXPECT_EQ(most_bullets, 380u);  // bullets in flight at once, at most
    EXPECT_EQ(players_left, 132u);  // 68 of the 200 players were shot down...
    EXPECT_EQ(hits, 589);           // ...and the 132 left took 589 bullets between them
}

}  // namespace

}  // namespace bullets_vs_players_test
