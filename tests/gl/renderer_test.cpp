// renderer: what lands in the pixels. Quads, layers, circles, outlines and lines in a 64x64
// offscreen framebuffer where one world unit is 8 pixels (gl_test_support.hpp), the camera
// agreeing with camera2d::screen_to_world, the default framebuffer going through the same
// call, and shader errors carrying the driver's log.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <string>

#include "shader.hpp"  // engine/src/render: the private shader helper

namespace mosaic::testing {
namespace {

class Renderer : public GlTest {};

TEST_F(Renderer, DrawsARedQuadOnBlue) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {2.0f, 2.0f}, .tint = red});
    const image shot = draw(list);
    ASSERT_EQ(shot.width, target_pixels);
    // 2 units = 16 pixels around the centre: columns and rows 24..39.
    EXPECT_EQ(shot.pixel(32, 32), red8);
    EXPECT_EQ(shot.pixel(24, 24), red8);
    EXPECT_EQ(shot.pixel(39, 39), red8);
    EXPECT_EQ(shot.pixel(0, 0), blue8);
    EXPECT_EQ(shot.pixel(63, 63), blue8);
    EXPECT_EQ(shot.pixel(23, 32), blue8);
    EXPECT_EQ(shot.pixel(40, 32), blue8);
    int red_in_row = 0;
    for (int x = 0; x < shot.width; ++x) red_in_row += shot.pixel(x, 32) == red8 ? 1 : 0;
    EXPECT_EQ(red_in_row, 16);
    EXPECT_EQ(renderer_->stats().instances, 1u);
    EXPECT_EQ(renderer_->stats().draw_calls, 1u);
}

TEST_F(Renderer, HigherLayersDrawOnTopWhateverOrderTheyWereAddedIn) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {1.0f, 1.0f}, .tint = green, .layer = 1});
    list.add_quad({.center = {0.0f, 0.0f}, .size = {4.0f, 4.0f}, .tint = red, .layer = 0});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(32, 32), green8);  // the small green quad, added first, is on top
    EXPECT_EQ(shot.pixel(20, 20), red8);    // the red one still shows around it
}

TEST_F(Renderer, WithinALayerTheLaterQuadIsOnTop) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {2.0f, 2.0f}, .tint = green});
    list.add_quad({.center = {0.0f, 0.0f}, .size = {2.0f, 2.0f}, .tint = red});
    EXPECT_EQ(draw(list).pixel(32, 32), red8);
}

TEST_F(Renderer, RotationTurnsTheQuad) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {4.0f, 1.0f}, .rotation = 90.0f, .tint = red});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(32, 32 - 12), red8);   // now 4 units tall ...
    EXPECT_EQ(shot.pixel(32 + 12, 32), blue8);  // ... and 1 unit wide
}

TEST_F(Renderer, ColoursBlendWithTheirAlpha) {
    draw_list list;
    list.add_quad({.size = {2.0f, 2.0f}, .tint = {1.0f, 0.0f, 0.0f, 0.5f}});
    const rgba8 mixed = draw(list).pixel(32, 32);
    EXPECT_NEAR(mixed[0], 128, 2);
    EXPECT_EQ(mixed[1], 0);
    EXPECT_NEAR(mixed[2], 127, 2);
}

TEST_F(Renderer, ACircleFillsItsCentreAndLeavesTheCornersOfItsQuadEmpty) {
    draw_list list;
    list.add_circle({.center = {0.0f, 0.0f}, .radius = 2.0f, .tint = red, .pick_id = 5});
    const image shot = draw(list);  // the disc's square spans pixels 16..47
    EXPECT_EQ(shot.pixel(32, 32), red8);
    EXPECT_EQ(shot.pixel(32, 18), red8);   // near the top of the disc
    EXPECT_EQ(shot.pixel(16, 16), blue8);  // the square's corners stay empty ...
    EXPECT_EQ(shot.pixel(47, 47), blue8);
    EXPECT_EQ(target_->read_entity_id(32, 32), 5);
    EXPECT_EQ(target_->read_entity_id(17, 17), -1);  // ... and are not picked
}

TEST_F(Renderer, OutlinesDrawOnlyTheirBorder) {
    draw_list list;
    list.add_circle_outline({.center = {-2.0f, 0.0f}, .radius = 1.5f, .tint = red}, 3.0f);
    list.add_rect_outline({.center = {2.0f, 0.0f}, .size = {3.0f, 3.0f}, .tint = green}, 2.0f);
    const image shot = draw(list);
    // Ring around pixel (16, 32), radius 12 pixels, 3 thick.
    EXPECT_EQ(shot.pixel(16, 32), blue8);
    EXPECT_EQ(shot.pixel(16 + 10, 32), red8);
    EXPECT_EQ(shot.pixel(16, 32 - 11), red8);
    EXPECT_EQ(shot.pixel(16 + 5, 32), blue8);
    // Square around the corner of pixel (48, 32), 24 pixels a side (columns 36..59, rows
    // 20..43), 2 thick.
    EXPECT_EQ(shot.pixel(48, 32), blue8);
    EXPECT_EQ(shot.pixel(36, 32), green8);
    EXPECT_EQ(shot.pixel(37, 32), green8);
    EXPECT_EQ(shot.pixel(39, 32), blue8);
    EXPECT_EQ(shot.pixel(48, 43), green8);
    EXPECT_EQ(shot.pixel(48, 20), green8);
    EXPECT_EQ(shot.pixel(48, 23), blue8);
    EXPECT_EQ(shot.pixel(48, 45), blue8);
}

TEST_F(Renderer, ALineColoursItsRowAndIsNeverPicked) {
    // World y 1.4375 is screen y 20.5: the centre of pixel row 20.
    const float y = test_camera.screen_to_world({0.0f, 20.5f}, {64.0f, 64.0f}).y;
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {8.0f, 8.0f}, .tint = blue, .pick_id = 7});
    list.add_line({-3.0f, y}, {3.0f, y}, green, 1);
    const image shot = draw(list, white);
    for (const int x : {10, 32, 50}) EXPECT_EQ(shot.pixel(x, 20), green8) << "x " << x;
    EXPECT_EQ(shot.pixel(32, 18), blue8);
    EXPECT_EQ(shot.pixel(32, 22), blue8);
    EXPECT_EQ(shot.pixel(4, 20), blue8);            // the line ends at x = -3 (pixel 8)
    EXPECT_EQ(target_->read_entity_id(32, 20), 7);  // the quad's id, not overwritten
}

TEST_F(Renderer, LinesFollowTheirLayer) {
    const float y = test_camera.screen_to_world({0.0f, 20.5f}, {64.0f, 64.0f}).y;
    draw_list list;
    list.add_line({-3.0f, y}, {3.0f, y}, green, 0);
    list.add_quad({.center = {0.0f, 0.0f}, .size = {8.0f, 8.0f}, .tint = red, .layer = 1});
    EXPECT_EQ(draw(list).pixel(32, 20), red8);  // the quad's layer is above the line's
}

TEST_F(Renderer, CameraPositionAndZoomPutTheQuadWhereScreenToWorldSays) {
    const camera2d camera{.position = {2.0f, 1.0f}, .zoom = 2.5f};  // 16 pixels per unit
    const glm::vec2 center{3.0f, 2.0f};
    draw_list list;
    list.add_quad({.center = center, .size = {1.0f, 1.0f}, .tint = red});
    const image shot = draw(list, blue, camera);
    const glm::vec2 viewport{64.0f, 64.0f};
    EXPECT_EQ(camera.world_to_screen(center, viewport), glm::vec2(48.0f, 16.0f));
    EXPECT_EQ(shot.pixel(48, 16), red8);
    int red_pixels = 0;
    for (int y = 0; y < shot.height; ++y) {
        for (int x = 0; x < shot.width; ++x) {
            const glm::vec2 world = camera.screen_to_world({x + 0.5f, y + 0.5f}, viewport);
            const bool inside =
                std::abs(world.x - center.x) < 0.5f && std::abs(world.y - center.y) < 0.5f;
            EXPECT_EQ(shot.pixel(x, y), inside ? red8 : blue8) << "pixel " << x << ", " << y;
            red_pixels += inside ? 1 : 0;
        }
    }
    EXPECT_EQ(red_pixels, 16 * 16);
}

TEST_F(Renderer, OneDrawCallPerLayerAndTextureRun) {
    draw_list list;
    for (int i = 0; i < 10; ++i) list.add_quad({.layer = i % 2});  // two layers
    list.add_line({0.0f, 0.0f}, {1.0f, 1.0f}, red, 1);
    draw(list);
    EXPECT_EQ(renderer_->stats().instances, 10u);
    EXPECT_EQ(renderer_->stats().lines, 1u);
    EXPECT_EQ(renderer_->stats().draw_calls, 3u);  // layer 0, layer 1, the line
}

TEST_F(Renderer, DrawWorldSpritesArePickedAsTheirEntities) {
    world w;
    (void)w.create();  // so the sprite's entity index is not 0
    const entity ship = w.create();
    w.add<Transform>(ship, Transform{.position = {-2.0f, 2.0f}, .scale = {2.0f, 2.0f}});
    w.add<Sprite>(ship, Sprite{.tint = green});
    draw_list list;
    draw_world(w, list);
    const image shot = draw(list);
    // 2x2 units around (-2, 2): pixels 8..23 both ways.
    EXPECT_EQ(shot.pixel(16, 16), green8);
    EXPECT_EQ(target_->read_entity_id(16, 16), static_cast<std::int32_t>(ship.index));
    EXPECT_EQ(target_->read_entity_id(40, 40), -1);
}

TEST_F(Renderer, TheWindowsFramebufferGoesThroughTheSameCall) {
    default_framebuffer screen(context_->framebuffer_size());
    ASSERT_GT(screen.size().x, 0);
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {2.0f, 2.0f}, .tint = red});
    renderer_->render(list, test_camera, screen, blue);
    const image shot = read_pixels(screen);  // the back buffer, before any swap
    ASSERT_EQ(shot.width, screen.size().x);
    EXPECT_EQ(shot.pixel(shot.width / 2, shot.height / 2), red8);
    EXPECT_EQ(shot.pixel(0, 0), blue8);
}

TEST_F(Renderer, ShaderErrorsCarryTheDriversLog) {
    constexpr const char* vertex = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n";
    constexpr const char* broken = "#version 330 core\nvoid main() { this is not glsl; }\n";
    try {
        const GLuint program = detail::build_program("broken test shader", vertex, broken);
        glDeleteProgram(program);
        FAIL() << "a broken fragment shader compiled";
    } catch (const render_error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("fragment shader of 'broken test shader' does not compile"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("error"), std::string::npos) << "no driver log: " << message;
    }
}

}  // namespace
}  // namespace mosaic::testing
