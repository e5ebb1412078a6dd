// grid: lines at every multiple of the spacing across the view, the axes in their own
// colour, and a spacing that grows when zooming out so the line count stays small.
#include <mosaic/engine/render/grid.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace mosaic {
namespace {

constexpr glm::vec2 viewport{800.0f, 600.0f};  // 60 pixels per unit at zoom 1

TEST(Grid, OneLinePerMultipleOfTheSpacingAcrossTheView) {
    draw_list list;
    const grid_options options{
        .line = {0.5f, 0.5f, 0.5f, 1.0f}, .axis = {1.0f, 0.0f, 0.0f, 1.0f}, .layer = -7};
    EXPECT_EQ(add_grid(list, camera2d{}, viewport, options), 1.0f);
    // The view spans x in [-6.67, 6.67] and y in [-5, 5]: columns -6..6 and rows -5..5.
    ASSERT_EQ(list.lines().size(), 13u + 11u);
    int axes = 0;
    for (const draw_line& line : list.lines()) {
        EXPECT_EQ(line.layer, -7);
        const bool vertical = line.a.x == line.b.x;
        const float at = vertical ? line.a.x : line.a.y;
        EXPECT_EQ(at, std::round(at));
        if (at == 0.0f) {
            EXPECT_EQ(line.rgba, pack_color(options.axis));
            ++axes;
        } else {
            EXPECT_EQ(line.rgba, pack_color(options.line));
        }
    }
    EXPECT_EQ(axes, 2);
    EXPECT_EQ(list.lines().front().a, glm::vec2(-6.0f, -5.0f));  // spans the whole height
    EXPECT_EQ(list.lines().front().b, glm::vec2(-6.0f, 5.0f));
}

TEST(Grid, FollowsTheCamera) {
    draw_list list;
    add_grid(list, camera2d{.position = {100.5f, -40.0f}, .zoom = 1.0f}, viewport,
             {.spacing = 2.0f});
    float lowest_x = 1e9f;
    for (const draw_line& line : list.lines()) {
        if (line.a.x == line.b.x) lowest_x = std::min(lowest_x, line.a.x);
    }
    EXPECT_EQ(lowest_x, 94.0f);  // the first even x right of 100.5 - 6.67
}

TEST(Grid, SpacingGrowsTenfoldWhenLinesWouldCrowd) {
    draw_list list;
    // 0.6 pixels per unit: 1 -> 10 (6 px, still too close) -> 100 (60 px).
    EXPECT_EQ(add_grid(list, camera2d{.zoom = 0.01f}, viewport), 100.0f);
    EXPECT_LT(list.lines().size(), 40u);
    list.clear();
    // 0.006 pixels per unit: 10,000 units are 60 pixels.
    EXPECT_EQ(add_grid(list, camera2d{.zoom = camera2d::min_zoom}, viewport), 1e4f);
    EXPECT_LT(list.lines().size(), 400u);
}

}  // namespace
}  // namespace mosaic
