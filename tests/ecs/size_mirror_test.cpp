#include "mosaic/ecs/size_mirror.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace {

using mosaic::detail::size_mirror;

TEST(SizeMirror, FollowsTheContainerWhenAsked) {
    std::vector<int> items;
    size_mirror<std::uint32_t> size;
    EXPECT_EQ(size.get(), 0u);
    items.resize(7);
    EXPECT_EQ(size.get(), 0u) << "a mirror, not a view: it changes only through follow()";
    size.follow(items);
    EXPECT_EQ(size.get(), 7u);
}

// Moving leaves 0 behind, as moving a vector leaves it empty; copying keeps both.
TEST(SizeMirror, MovingLeavesZeroBehind) {
    std::vector<int> items(4);
    size_mirror<> size;
    size.follow(items);
    const size_mirror<> copy = size;
    EXPECT_EQ(copy.get(), 4u);
    EXPECT_EQ(size.get(), 4u);
    size_mirror<> moved = std::move(size);
    EXPECT_EQ(moved.get(), 4u);
    EXPECT_EQ(size.get(), 0u);  // NOLINT(bugprone-use-after-move): what this test is about
    size_mirror<> assigned;
    assigned = std::move(moved);
    EXPECT_EQ(assigned.get(), 4u);
    EXPECT_EQ(moved.get(), 0u);  // NOLINT(bugprone-use-after-move)
}

}  // namespace
