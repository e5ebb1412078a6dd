// camera2d: the scale rule of the Camera component, world <-> screen both ways, the clip
// space matrix agreeing with world_to_screen, and zooming/panning as the editor uses them.
#include <mosaic/engine/render/camera2d.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

namespace mosaic {
namespace {

constexpr glm::vec2 viewport{800.0f, 600.0f};

void expect_near(glm::vec2 actual, glm::vec2 expected, float tolerance = 1e-3f) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
}

TEST(Camera2d, PixelsPerUnitIsZoomTimesViewportHeightOverTen) {
    camera2d camera;
    EXPECT_FLOAT_EQ(camera.pixels_per_unit(viewport), 60.0f);
    camera.zoom = 2.5f;
    EXPECT_FLOAT_EQ(camera.pixels_per_unit(viewport), 150.0f);
    EXPECT_FLOAT_EQ(camera.pixels_per_unit({100.0f, 1000.0f}), 250.0f);  // height decides
}

TEST(Camera2d, PositionIsAtTheViewportCentreAndWorldYPointsUp) {
    const camera2d camera{.position = {3.0f, -2.0f}, .zoom = 1.0f};
    expect_near(camera.world_to_screen({3.0f, -2.0f}, viewport), {400.0f, 300.0f});
    // One unit right and one unit up: 60 pixels right, 60 pixels *up* (smaller screen y).
    expect_near(camera.world_to_screen({4.0f, -1.0f}, viewport), {460.0f, 240.0f});
    // The top-left corner of the screen is up and to the left of the camera.
    expect_near(camera.screen_to_world({0.0f, 0.0f}, viewport),
                {3.0f - 400.0f / 60.0f, -2.0f + 5.0f});
}

TEST(Camera2d, ScreenToWorldInvertsWorldToScreen) {
    const camera2d camera{.position = {-12.5f, 7.25f}, .zoom = 3.7f};
    for (const glm::vec2 world :
         {glm::vec2{0.0f, 0.0f}, glm::vec2{-13.0f, 8.0f}, glm::vec2{100.0f, -42.0f}}) {
        expect_near(camera.screen_to_world(camera.world_to_screen(world, viewport), viewport),
                    world);
    }
    for (const glm::vec2 screen :
         {glm::vec2{0.0f, 0.0f}, glm::vec2{799.0f, 599.0f}, glm::vec2{123.5f, 456.5f}}) {
        expect_near(camera.world_to_screen(camera.screen_to_world(screen, viewport), viewport),
                    screen);
    }
}

TEST(Camera2d, ViewProjectionAgreesWithWorldToScreen) {
    const camera2d camera{.position = {5.0f, 1.0f}, .zoom = 0.5f};
    const glm::mat4 m = camera.view_projection(viewport);
    for (const glm::vec2 world :
         {glm::vec2{5.0f, 1.0f}, glm::vec2{9.0f, -3.0f}, glm::vec2{-20.0f, 6.0f}}) {
        const glm::vec4 clip = m * glm::vec4(world, 0.0f, 1.0f);
        // Clip space -> pixels with y down, as the rasteriser maps the viewport.
        const glm::vec2 screen{(clip.x / clip.w + 1.0f) * 0.5f * viewport.x,
                               (1.0f - clip.y / clip.w) * 0.5f * viewport.y};
        expect_near(screen, camera.world_to_screen(world, viewport));
    }
}

TEST(Camera2d, VisibleBoundsCoverTheViewport) {
    const camera2d camera{.position = {1.0f, 2.0f}, .zoom = 2.0f};  // 120 px per unit
    const world_rect bounds = camera.visible_bounds(viewport);
    expect_near(bounds.min, {1.0f - 400.0f / 120.0f, 2.0f - 2.5f});
    expect_near(bounds.max, {1.0f + 400.0f / 120.0f, 2.0f + 2.5f});
}

TEST(Camera2d, ZoomAtKeepsThePointUnderTheCursor) {
    camera2d camera{.position = {2.0f, 3.0f}, .zoom = 1.0f};
    const glm::vec2 cursor{650.0f, 120.0f};
    const glm::vec2 under_cursor = camera.screen_to_world(cursor, viewport);
    camera.zoom_at(cursor, viewport, 4.0f);
    EXPECT_FLOAT_EQ(camera.zoom, 4.0f);
    expect_near(camera.screen_to_world(cursor, viewport), under_cursor);
    EXPECT_NE(camera.position, glm::vec2(2.0f, 3.0f));  // it had to move to do that

    camera.zoom_at(cursor, viewport, 0.0f);  // clamped: never zero or negative
    EXPECT_FLOAT_EQ(camera.zoom, camera2d::min_zoom);
}

TEST(Camera2d, PanMovesTheWorldWithTheDrag) {
    camera2d camera;
    const glm::vec2 grabbed = camera.screen_to_world({100.0f, 100.0f}, viewport);
    camera.pan({30.0f, -45.0f}, viewport);
    expect_near(camera.world_to_screen(grabbed, viewport), {130.0f, 55.0f});
}

TEST(Camera2d, AnEmptyViewportDoesNotDivideByZero) {
    const camera2d camera;
    const glm::vec2 world = camera.screen_to_world({0.0f, 0.0f}, {0.0f, 0.0f});
    EXPECT_TRUE(std::isfinite(world.x) && std::isfinite(world.y));
}

}  // namespace
}  // namespace mosaic
