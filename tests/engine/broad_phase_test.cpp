// The grid broad phase against brute force on random inputs (the reference every pair tests).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <mosaic/engine/physics/broad_phase.hpp>

namespace {

using mosaic::aabb;
using mosaic::index_pair;

std::vector<aabb> random_boxes(std::mt19937& rng, std::size_t n, float area, float min_size,
                               float max_size) {
    std::uniform_real_distribution<float> pos(-area, area);
    std::uniform_real_distribution<float> size(min_size, max_size);
    std::vector<aabb> boxes(n);
    for (aabb& b : boxes) {
        const glm::vec2 c{pos(rng), pos(rng)};
        const glm::vec2 h{size(rng), size(rng)};
        b = {c - h, c + h};
    }
    return boxes;
}

TEST(BroadPhase, MatchesBruteForceOnRandomScenes) {
    std::mt19937 rng(1234);
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> fast, slow;
    std::size_t total_pairs = 0;
    for (int round = 0; round < 60; ++round) {
        const std::size_t n = 1 + rng() % 400;
        const float area = 1.0f + static_cast<float>(rng() % 100);
        const float max_size = 0.05f + static_cast<float>(rng() % 50) / 10.0f;
        const auto boxes = random_boxes(rng, n, area, 0.01f, max_size);
        grid.pairs(boxes, fast);
        mosaic::brute_force_pairs(boxes, slow);
        ASSERT_EQ(fast, slow) << "round " << round << ", " << n << " boxes";
        total_pairs += slow.size();
    }
    EXPECT_GT(total_pairs, 1000u);  // the inputs really do overlap
}

TEST(BroadPhase, BetweenTwoCollectionsMatchesBruteForce) {
    std::mt19937 rng(99);
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> fast, slow;
    for (int round = 0; round < 40; ++round) {
        const auto bullets = random_boxes(rng, rng() % 500, 30, 0.05f, 0.2f);
        const auto players = random_boxes(rng, rng() % 100, 30, 0.3f, 1.5f);
        grid.pairs_between(bullets, players, fast);
        mosaic::brute_force_pairs_between(bullets, players, slow);
        ASSERT_EQ(fast, slow) << "round " << round;
    }
}

TEST(BroadPhase, HugeBoxesAndOddSizesStillMatch) {
    std::mt19937 rng(7);
    auto boxes = random_boxes(rng, 300, 50, 0.1f, 1.0f);
    boxes.push_back({{-1000, -1}, {1000, 1}});  // a floor across everything
    boxes.push_back({{-5, -1000}, {5, 1000}});  // a wall
    boxes.push_back({{3, 3}, {3, 3}});          // a point
    mosaic::grid_broad_phase grid(0.5f);
    std::vector<index_pair> fast, slow;
    grid.pairs(boxes, fast);
    mosaic::brute_force_pairs(boxes, slow);
    EXPECT_EQ(fast, slow);
}

TEST(BroadPhase, NonFiniteBoxesNeverCollide) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<aabb> boxes = {
        {{0, 0}, {1, 1}}, {{nan, 0}, {1, 1}}, {{-inf, -inf}, {inf, inf}}, {{0.5f, 0.5f}, {2, 2}}};
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    EXPECT_EQ(out, (std::vector<index_pair>{{0, 3}}));
}

TEST(BroadPhase, EmptyAndSingleInputs) {
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out{{1, 2}};
    grid.pairs({}, out);
    EXPECT_TRUE(out.empty());
    const std::vector<aabb> one = {{{0, 0}, {1, 1}}};
    grid.pairs(one, out);
    EXPECT_TRUE(out.empty());
    grid.pairs_between(one, {}, out);
    EXPECT_TRUE(out.empty());
}

}  // namespace
