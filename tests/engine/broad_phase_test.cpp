// The grid broad phase against brute force on random inputs (the reference every pair tests).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
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

// --- degenerate input stays bounded ------------------------------------------------------------

bool sorted_unique_and_real(const std::vector<index_pair>& pairs, const std::vector<aabb>& boxes) {
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const index_pair p = pairs[k];
        if (p.first >= p.second || p.second >= boxes.size()) return false;
        if (!mosaic::overlaps(boxes[p.first], boxes[p.second])) return false;
        if (k > 0 && !(pairs[k - 1] < p)) return false;
    }
    return true;
}

TEST(BroadPhaseLimits, AHundredThousandBoxesInOnePointStopAtThePairCap) {
    // Every pair overlaps: 5 billion of them. Before the limits this hung (all pairs of one
    // cell) and then ran out of memory.
    const std::vector<aabb> boxes(100'000, aabb{{3, 3}, {3, 3}});
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out;
    const auto started = std::chrono::steady_clock::now();
    grid.pairs(boxes, out);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const mosaic::broad_phase_limits defaults;
    EXPECT_EQ(out.size(), defaults.max_pairs);
    EXPECT_TRUE(grid.last_stats().truncated);
    EXPECT_EQ(grid.last_stats().pairs, out.size());
    EXPECT_LE(grid.last_stats().tests, defaults.max_pairs + 1);
    EXPECT_EQ(grid.last_stats().swept_cells, 1u);
    EXPECT_LT(seconds, 20.0);  // about 0.05 s optimised; the bound is for sanitizer builds
    EXPECT_TRUE(sorted_unique_and_real(out, boxes));

    // The same pairs every time, and from a fresh grid.
    std::vector<index_pair> again;
    mosaic::grid_broad_phase other;
    other.pairs(boxes, again);
    EXPECT_EQ(out, again);
}

TEST(BroadPhaseLimits, APileAcrossFourCellsSpendsTheBudgetOnPairsNotOnItsNeighbours) {
    // Sprites of size 0.4 in a zero-size box: the pile straddles four cells. Three of them
    // report none of its pairs (their low corner is in the fourth); sweeping them pair by
    // pair spent the whole test budget there and reported nothing.
    const std::vector<aabb> boxes(20'000, aabb{{-0.2f, -0.2f}, {0.2f, 0.2f}});
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    const mosaic::broad_phase_limits defaults;
    EXPECT_EQ(out.size(), defaults.max_pairs);
    EXPECT_TRUE(grid.last_stats().truncated);
    EXPECT_LE(grid.last_stats().tests, defaults.max_pairs + 1);
    EXPECT_TRUE(sorted_unique_and_real(out, boxes));
}

TEST(BroadPhaseLimits, PairsBetweenTwoCrowdsStopAtThePairCap) {
    const std::vector<aabb> bullets(3'000, aabb{{0, 0}, {0.1f, 0.1f}});
    const std::vector<aabb> players(3'000, aabb{{0, 0}, {1, 1}});
    mosaic::grid_broad_phase grid(0.0f, {.max_pairs = 50'000});
    std::vector<index_pair> out;
    grid.pairs_between(bullets, players, out);
    EXPECT_EQ(out.size(), 50'000u);
    EXPECT_TRUE(grid.last_stats().truncated);
    EXPECT_TRUE(std::is_sorted(out.begin(), out.end()));
    EXPECT_EQ(std::adjacent_find(out.begin(), out.end()), out.end());
}

TEST(BroadPhaseLimits, CrowdedCellsAreSweptAndStillMatchBruteForce) {
    // A fixed cell far bigger than the boxes puts hundreds in each cell: the sweep path.
    std::mt19937 rng(5);
    mosaic::grid_broad_phase grid(40.0f);
    std::vector<index_pair> fast, slow;
    for (int round = 0; round < 10; ++round) {
        auto boxes = random_boxes(rng, 1500, 50, 0.01f, 1.5f);
        boxes.push_back({{-1000, -1}, {1000, 1}});  // oversized
        boxes.push_back({{7, 7}, {7, 7}});          // a point
        grid.pairs(boxes, fast);
        mosaic::brute_force_pairs(boxes, slow);
        ASSERT_EQ(fast, slow) << "round " << round;
        EXPECT_GT(grid.last_stats().swept_cells, 0u);
        EXPECT_FALSE(grid.last_stats().truncated);

        const auto players = random_boxes(rng, 300, 50, 0.3f, 2.0f);
        grid.pairs_between(boxes, players, fast);
        mosaic::brute_force_pairs_between(boxes, players, slow);
        ASSERT_EQ(fast, slow) << "round " << round << " (between)";
    }
}

TEST(BroadPhaseLimits, PointsOnALineInOneCellAreSweptAlongIt) {
    // 100,000 zero-size points in a column, all in one cell and none touching: swept along
    // y they cost a sort, not 5 billion tests.
    std::vector<aabb> boxes;
    for (int i = 0; i < 100'000; ++i) {
        const glm::vec2 at{0.25f, static_cast<float>(i) * 1e-6f};
        boxes.push_back({at, at});
    }
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    EXPECT_TRUE(out.empty());
    EXPECT_FALSE(grid.last_stats().truncated);
    EXPECT_LT(grid.last_stats().tests, 1000u);
}

TEST(BroadPhaseLimits, TheTestBudgetStopsAQueryThatFindsLittle) {
    // An L of points: half in a row, half in a column. No axis sweeps both well, so the
    // test budget is what bounds the work.
    std::vector<aabb> boxes;
    for (int i = 0; i < 2'000; ++i) {
        const float t = static_cast<float>(i) * 1e-4f;
        boxes.push_back({{t, 0.5f}, {t, 0.5f}});
        boxes.push_back({{0.5f, t}, {0.5f, t}});
    }
    mosaic::grid_broad_phase grid(0.0f, {.max_tests = 10'000});
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    EXPECT_TRUE(grid.last_stats().truncated);
    EXPECT_EQ(grid.last_stats().tests, 10'000u);
    EXPECT_TRUE(sorted_unique_and_real(out, boxes));

    grid.set_limits({});  // the default budget is enough for it
    grid.pairs(boxes, out);
    EXPECT_FALSE(grid.last_stats().truncated);
    std::vector<index_pair> slow;
    mosaic::brute_force_pairs(boxes, slow);
    EXPECT_EQ(out, slow);
}

TEST(BroadPhaseLimits, HugeFiniteBoxesAreBoundedToo) {
    // One flipped bit in a file: sizes of 1.4e38. Every box is "oversized" (compared with
    // everything) and they all overlap.
    const std::vector<aabb> boxes(20'000, aabb{{-1.4e38f, -1.4e38f}, {1.4e38f, 1.4e38f}});
    mosaic::grid_broad_phase grid(0.0f, {.max_pairs = 100'000});
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    EXPECT_EQ(out.size(), 100'000u);
    EXPECT_TRUE(grid.last_stats().truncated);
}

TEST(BroadPhaseLimits, NormalScenesAreNotTruncated) {
    std::mt19937 rng(77);
    const auto boxes = random_boxes(rng, 20'000, 200, 0.1f, 0.4f);
    mosaic::grid_broad_phase grid;
    std::vector<index_pair> out;
    grid.pairs(boxes, out);
    EXPECT_FALSE(grid.last_stats().truncated);
    EXPECT_EQ(grid.last_stats().swept_cells, 0u);
    EXPECT_GT(out.size(), 100u);
}

}  // namespace
