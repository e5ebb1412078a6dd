#include "mosaic/ecs/entity.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <unordered_set>
#include <vector>

namespace {

using mosaic::entity;

TEST(Entity, DefaultConstructedIsNull) {
    constexpr entity e{};
    static_assert(e.is_null());
    EXPECT_TRUE(e.is_null());
    EXPECT_EQ(e, mosaic::null_entity);
    EXPECT_EQ(e.index, entity::null_index);
    EXPECT_FALSE((entity{0, 0}.is_null()));
    EXPECT_FALSE((entity{7, 0xFFFF'FFFFu}.is_null()));
}

TEST(Entity, BitsPutTheGenerationInTheHighHalf) {
    constexpr entity e{42, 3};
    static_assert(e.to_bits() == ((std::uint64_t{3} << 32) | 42u));
    EXPECT_EQ(e.to_bits(), 0x0000'0003'0000'002Aull);
    EXPECT_EQ((entity{0xFFFF'FFFEu, 0x7FFF'FFFFu}.to_bits()), 0x7FFF'FFFF'FFFF'FFFEull);
}

TEST(Entity, BitsRoundTrip) {
    const std::vector<entity> samples = {
        {0, 0},
        {1, 0},
        {0, 1},
        {42, 3},
        {0xFFFF'FFFEu, 0x7FFF'FFFFu},
        {123456, 98765},
        {16'777'216, 1},
        mosaic::null_entity,
    };
    for (const entity e : samples) {
        EXPECT_EQ(entity::from_bits(e.to_bits()), e) << mosaic::to_string(e);
    }
    for (const std::uint64_t bits : {0ull, 1ull, 0xDEAD'BEEF'0BAD'F00Dull, ~0ull}) {
        EXPECT_EQ(entity::from_bits(bits).to_bits(), bits);
    }
}

TEST(Entity, EqualityComparesIndexAndGeneration) {
    EXPECT_EQ((entity{5, 2}), (entity{5, 2}));
    EXPECT_NE((entity{5, 2}), (entity{5, 3}));
    EXPECT_NE((entity{5, 2}), (entity{6, 2}));
}

TEST(Entity, OrdersByIndexThenGeneration) {
    EXPECT_LT((entity{1, 9}), (entity{2, 0}));
    EXPECT_LT((entity{2, 0}), (entity{2, 1}));
    EXPECT_GT((entity{3, 0}), (entity{2, 100}));
    EXPECT_LT((entity{0, 0}), mosaic::null_entity);

    std::vector<entity> v = {{3, 1}, {1, 2}, {3, 0}, {1, 1}, {2, 5}};
    std::sort(v.begin(), v.end());
    const std::vector<entity> sorted = {{1, 1}, {1, 2}, {2, 5}, {3, 0}, {3, 1}};
    EXPECT_EQ(v, sorted);

    const std::set<entity> s(v.begin(), v.end());
    EXPECT_EQ(s.size(), 5u);
}

TEST(Entity, HashIsTheHashOfTheBits) {
    const entity e{42, 3};
    EXPECT_EQ(std::hash<entity>{}(e), std::hash<std::uint64_t>{}(e.to_bits()));

    std::unordered_set<entity> set;
    for (std::uint32_t i = 0; i < 100; ++i) {
        set.insert({i, 0});
        set.insert({i, 1});
    }
    EXPECT_EQ(set.size(), 200u);
    EXPECT_TRUE(set.contains(entity{50, 1}));
    EXPECT_FALSE(set.contains(entity{50, 2}));
}

TEST(Entity, ToStringIsIndexColonGeneration) {
    EXPECT_EQ(mosaic::to_string(entity{42, 3}), "42:3");
    EXPECT_EQ(mosaic::to_string(entity{0, 0}), "0:0");
    EXPECT_EQ(mosaic::to_string(entity{4'000'000'000u, 2'000'000'000u}), "4000000000:2000000000");
    EXPECT_EQ(mosaic::to_string(mosaic::null_entity), "null");
    // A null index is null whatever the generation.
    EXPECT_EQ(mosaic::to_string(entity{entity::null_index, 5}), "null");
}

}  // namespace
