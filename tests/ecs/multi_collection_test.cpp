// A system can use several collections at once: bullets against players.
//
// Bullets are (Bullet, Position), players are (Player, Position, Health); both share
// Position. One system reads both collections, damages every player within a bullet's radius
// and destroys each bullet that hit through its command buffer. It is written twice: a plain
// nested loop, and a uniform grid broad phase built inside the system. Both must agree with
// each other and with a brute-force answer computed outside the ECS.

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "mosaic/ecs/scheduler.hpp"
#include "mosaic/ecs/world.hpp"

namespace multi_collection_test {  // its own: the suite is built in batches (unity)
namespace {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
};
struct Bullet {
    int damage = 1;
    float radius = 1.0f;
};
struct Player {
    int number = 0;
};
struct Health {
    int value = 100;
};
struct Scenery {};  // has a Position but is neither a bullet nor a player

bool within(const Position& a, const Position& b, float radius) {
    const float dx = a.x - b.x;
    const float dy = a.y - b.y;
    return dx * dx + dy * dy <= radius * radius;
}

// --- the two systems ---------------------------------------------------------------------

void hit_by_nested_loop(mosaic::system_context& ctx) {
    auto players = ctx.view<const Player, const Position, Health>();
    ctx.view<const Bullet, const Position>().each(
        [&](mosaic::entity bullet, const Bullet& b, const Position& bullet_at) {
            bool hit = false;
            players.each([&](const Player&, const Position& player_at, Health& health) {
                if (!within(bullet_at, player_at, b.radius)) return;
                health.value -= b.damage;
                hit = true;
            });
            if (hit) ctx.commands().destroy(bullet);
        });
}

class grid {
public:
    explicit grid(float cell) : cell_(cell) {}

    void insert(mosaic::entity e, const Position& p) {
        cells_[key(cell_of(p.x), cell_of(p.y))].push_back(e);
    }

    // f(entity) for every entity in the cells that a circle of `radius` around `p` touches.
    template <class F>
    void near(const Position& p, float radius, F&& f) const {
        const std::int64_t x0 = cell_of(p.x - radius);
        const std::int64_t x1 = cell_of(p.x + radius);
        const std::int64_t y0 = cell_of(p.y - radius);
        const std::int64_t y1 = cell_of(p.y + radius);
        for (std::int64_t cx = x0; cx <= x1; ++cx) {
            for (std::int64_t cy = y0; cy <= y1; ++cy) {
                const auto found = cells_.find(key(cx, cy));
                if (found == cells_.end()) continue;
                for (const mosaic::entity e : found->second) f(e);
            }
        }
    }

private:
    std::int64_t cell_of(float v) const {
        return static_cast<std::int64_t>(std::floor(v / cell_));  // floor: negatives too
    }
    static std::uint64_t key(std::int64_t cx, std::int64_t cy) {
        return (static_cast<std::uint64_t>(cx) << 32) ^
               (static_cast<std::uint64_t>(cy) & 0xFFFF'FFFFu);
    }

    float cell_;
    std::unordered_map<std::uint64_t, std::vector<mosaic::entity>> cells_;
};

void hit_by_grid(mosaic::system_context& ctx) {
    grid players(16.0f);
    ctx.view<const Player, const Position, const Health>().each(
        [&](mosaic::entity e, const Player&, const Position& p, const Health&) {
            players.insert(e, p);
        });
    ctx.view<const Bullet, const Position>().each(
        [&](mosaic::entity bullet, const Bullet& b, const Position& bullet_at) {
            bool hit = false;
            players.near(bullet_at, b.radius, [&](mosaic::entity player) {
                if (!within(bullet_at, ctx.get<const Position>(player), b.radius)) return;
                ctx.get<Health>(player).value -= b.damage;
                hit = true;
            });
            if (hit) ctx.commands().destroy(bullet);
        });
}

void add_hit_system(mosaic::scheduler& s, void (*fn)(mosaic::system_context&)) {
    s.add("bullets_hit_players", fn).reads<Bullet, Player, Position>().writes<Health>();
}

// --- the scene ---------------------------------------------------------------------------

struct scene {
    mosaic::world w;
    std::vector<mosaic::entity> players;
    std::vector<mosaic::entity> bullets;
};

void add_player(scene& s, Position p, int health) {
    const mosaic::entity e = s.w.create();
    s.w.add<Player>(e, static_cast<int>(s.players.size()));
    s.w.add<Position>(e, p);
    s.w.add<Health>(e, health);
    s.players.push_back(e);
}

void add_bullet(scene& s, Position p, int damage, float radius) {
    const mosaic::entity e = s.w.create();
    s.w.add<Bullet>(e, damage, radius);
    s.w.add<Position>(e, p);
    s.bullets.push_back(e);
}

// Players and bullets mixed in creation order, around the origin so cells go negative.
scene random_scene(std::uint32_t seed, int player_count, int bullet_count) {
    scene s;
    std::mt19937 rng(seed);
    auto coordinate = [&] { return static_cast<float>(rng() % 100000) / 100.0f - 500.0f; };
    int players_left = player_count;
    int bullets_left = bullet_count;
    for (int i = 0; players_left + bullets_left > 0; ++i) {
        const auto left = static_cast<std::uint32_t>(players_left + bullets_left);
        if (rng() % left < static_cast<std::uint32_t>(players_left)) {
            add_player(s, {coordinate(), coordinate()}, 100);
            --players_left;
        } else {
            add_bullet(s, {coordinate(), coordinate()}, 1 + static_cast<int>(rng() % 20),
                       4.0f + static_cast<float>(rng() % 1200) / 100.0f);
            --bullets_left;
        }
        if (i % 50 == 0) s.w.add<Position>(s.w.create(), coordinate(), coordinate());
        if (i % 97 == 0) s.w.add<Scenery>(s.w.create());
    }
    return s;
}

struct outcome {
    std::vector<int> health;        // per player, in s.players order
    std::vector<bool> bullet_left;  // per bullet, in s.bullets order
};

// The answer, from plain copies of the data, before the ECS runs anything.
outcome brute_force(const scene& s) {
    outcome out;
    std::vector<Position> player_at;
    for (const mosaic::entity p : s.players) {
        player_at.push_back(s.w.get<Position>(p));
        out.health.push_back(s.w.get<Health>(p).value);
    }
    for (const mosaic::entity b : s.bullets) {
        const Bullet& bullet = s.w.get<Bullet>(b);
        const Position& at = s.w.get<Position>(b);
        bool hit = false;
        for (std::size_t i = 0; i < player_at.size(); ++i) {
            if (!within(at, player_at[i], bullet.radius)) continue;
            out.health[i] -= bullet.damage;
            hit = true;
        }
        out.bullet_left.push_back(!hit);
    }
    return out;
}

outcome observe(const scene& s) {
    outcome out;
    for (const mosaic::entity p : s.players) {
        EXPECT_TRUE(s.w.alive(p)) << "players are never destroyed";
        out.health.push_back(s.w.get<Health>(p).value);
    }
    for (const mosaic::entity b : s.bullets) out.bullet_left.push_back(s.w.alive(b));
    return out;
}

outcome run_once(scene& s, void (*fn)(mosaic::system_context&), unsigned threads) {
    mosaic::scheduler sched(threads);
    add_hit_system(sched, fn);
    sched.tick(s.w, 1.0 / 60.0);
    return observe(s);
}

// --- tests -------------------------------------------------------------------------------

TEST(MultiCollection, BulletsHitTheRightPlayers) {
    for (auto* fn : {&hit_by_nested_loop, &hit_by_grid}) {
        SCOPED_TRACE(fn == &hit_by_nested_loop ? "nested loop" : "grid");
        scene s;
        add_player(s, {0.0f, 0.0f}, 100);           // player 0
        add_player(s, {10.0f, 0.0f}, 100);          // player 1
        add_player(s, {-40.0f, -40.0f}, 50);        // player 2
        add_bullet(s, {1.0f, 0.0f}, 7, 2.0f);       // hits 0
        add_bullet(s, {5.0f, 0.0f}, 3, 5.0f);       // hits 0 and 1 (exactly at the radius)
        add_bullet(s, {100.0f, 100.0f}, 9, 5.0f);   // hits nobody
        add_bullet(s, {-41.0f, -39.0f}, 50, 2.0f);  // hits 2, in a negative cell
        const outcome got = run_once(s, fn, 1);
        EXPECT_EQ(got.health, (std::vector<int>{90, 97, 0}));
        EXPECT_EQ(got.bullet_left, (std::vector<bool>{false, false, true, false}));
        EXPECT_EQ(s.w.count<Bullet>(), 1u);
        EXPECT_EQ(s.w.count<Player>(), 3u);
    }
}

TEST(MultiCollection, ABulletHitsEveryPlayerInRangeOnce) {
    for (auto* fn : {&hit_by_nested_loop, &hit_by_grid}) {
        SCOPED_TRACE(fn == &hit_by_nested_loop ? "nested loop" : "grid");
        scene s;
        for (int i = 0; i < 10; ++i) add_player(s, {static_cast<float>(i) * 0.1f, 0.0f}, 10);
        add_bullet(s, {0.5f, 0.0f}, 1, 100.0f);  // larger than a grid cell
        add_bullet(s, {0.5f, 0.0f}, 2, 100.0f);
        const outcome got = run_once(s, fn, 1);
        EXPECT_EQ(got.health, std::vector<int>(10, 7));
        EXPECT_EQ(s.w.count<Bullet>(), 0u);
    }
}

TEST(MultiCollection, NestedLoopAndGridAgreeOnARandomScene) {
    struct size {
        std::uint32_t seed;
        int players;
        int bullets;
    };
    for (const size scene_size : {size{1, 500, 2000}, size{2, 200, 800}, size{3, 200, 800}}) {
        SCOPED_TRACE("seed " + std::to_string(scene_size.seed));
        const auto bullets = static_cast<std::size_t>(scene_size.bullets);
        scene by_loop = random_scene(scene_size.seed, scene_size.players, scene_size.bullets);
        scene by_grid = random_scene(scene_size.seed, scene_size.players, scene_size.bullets);
        ASSERT_EQ(by_loop.players.size(), static_cast<std::size_t>(scene_size.players));
        ASSERT_EQ(by_loop.bullets.size(), bullets);
        ASSERT_EQ(by_loop.players, by_grid.players);
        ASSERT_EQ(by_loop.bullets, by_grid.bullets);

        const outcome expected = brute_force(by_loop);
        std::size_t hits = 0;
        for (const bool left : expected.bullet_left) hits += left ? 0 : 1;
        ASSERT_GT(hits, bullets / 50) << "the scene should have plenty of hits";
        ASSERT_LT(hits, bullets / 2) << "...and plenty of misses";

        const outcome loop = run_once(by_loop, &hit_by_nested_loop, 1);
        const outcome grid = run_once(by_grid, &hit_by_grid, 1);
        EXPECT_EQ(loop.health, expected.health);
        EXPECT_EQ(loop.bullet_left, expected.bullet_left);
        EXPECT_EQ(grid.health, loop.health);
        EXPECT_EQ(grid.bullet_left, loop.bullet_left);
        EXPECT_EQ(by_loop.w.size(), by_grid.w.size());
        EXPECT_EQ(by_loop.w.count<Bullet>(), bullets - hits);
        EXPECT_EQ(by_loop.w.count<Position>(), by_grid.w.count<Position>());
        EXPECT_EQ(by_loop.w.count<Scenery>(), by_grid.w.count<Scenery>());
    }
}

TEST(MultiCollection, SameResultOnSeveralThreads) {
    scene one = random_scene(7, 500, 2000);
    scene four = random_scene(7, 500, 2000);
    const outcome a = run_once(one, &hit_by_grid, 1);
    const outcome b = run_once(four, &hit_by_grid, 4);
    EXPECT_EQ(a.health, b.health);
    EXPECT_EQ(a.bullet_left, b.bullet_left);
}

}  // namespace

}  // namespace multi_collection_test
