// renderer: sprites of a few pixels are drawn as points (renderer.hpp) and must look and pick
// exactly as their quads do. Each scene is drawn twice in the 64x64 target, once as the
// renderer chooses and once with points off, and the two pictures are compared pixel by pixel.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <cstdlib>
#include <random>
#include <vector>

namespace mosaic::testing {
namespace {

class PointSprites : public GlTest {
protected:
    struct picture {
        image colours;
        std::vector<std::int32_t> ids;
        std::size_t points = 0;
    };

    picture draw_with_points(const draw_list& list, float max_point_side) {
        renderer_->set_max_point_side(max_point_side);
        picture shot{.colours = draw(list), .ids = {}, .points = 0};
        shot.points = renderer_->stats().points;
        for (int y = 0; y < target_pixels; ++y) {
            for (int x = 0; x < target_pixels; ++x)
                shot.ids.push_back(target_->read_entity_id(x, y));
        }
        return shot;
    }

    // Pixels whose colour differs by more than `tolerance` in a channel, or whose id differs.
    static int differing_pixels(const picture& a, const picture& b, int tolerance) {
        int differing = 0;
        for (int y = 0; y < target_pixels; ++y) {
            for (int x = 0; x < target_pixels; ++x) {
                const rgba8 p = a.colours.pixel(x, y);
                const rgba8 q = b.colours.pixel(x, y);
                bool same = a.ids[static_cast<std::size_t>(y * target_pixels + x)] ==
                            b.ids[static_cast<std::size_t>(y * target_pixels + x)];
                for (std::size_t c = 0; c < 4; ++c)
                    same = same && std::abs(p[c] - q[c]) <= tolerance;
                differing += same ? 0 : 1;
            }
        }
        return differing;
    }
};

TEST_F(PointSprites, SmallQuadsLookAndPickAsTheirQuads) {
    // Squares and rectangles of 2 to 12 pixels, turned, mirrored, half transparent, at
    // positions between pixels (8 pixels per unit).
    draw_list list;
    std::mt19937 random(7);
    std::uniform_real_distribution<float> at(-3.6f, 3.6f);
    std::uniform_real_distribution<float> extent(0.25f, 1.1f);
    std::uniform_real_distribution<float> turn(0.0f, 360.0f);
    for (std::int32_t i = 0; i < 40; ++i) {
        const float sx = extent(random);
        const float sy = (i % 3 == 0) ? sx : extent(random);
        list.add_quad(
            {.center = {at(random), at(random)},
             .size = {i % 4 == 1 ? -sx : sx, sy},
             .rotation = (i % 5 == 0) ? 0.0f : turn(random),
             .tint = {0.2f + 0.02f * static_cast<float>(i), 0.9f, 0.3f, i % 2 ? 1.0f : 0.6f},
             .pick_id = i});
    }
    const picture as_points = draw_with_points(list, 16.0f);
    const picture as_quads = draw_with_points(list, 0.0f);
    EXPECT_EQ(as_points.points, 40u);
    EXPECT_EQ(as_quads.points, 0u);
    // The same pixels: a point's fragment is in the sprite exactly when the pixel's centre is
    // inside the turned rectangle, as for the quad's triangles.
    EXPECT_EQ(differing_pixels(as_points, as_quads, 1), 0);
}

TEST_F(PointSprites, SmallCirclesAndOutlinesLookAsTheirQuads) {
    draw_list list;
    for (int i = 0; i < 12; ++i) {
        const glm::vec2 centre{-3.0f + 0.55f * static_cast<float>(i),
                               -2.0f + 0.37f * static_cast<float>(i)};
        const float radius = 0.3f + 0.025f * static_cast<float>(i);  // 4.8 to 9.2 pixels
        if (i % 3 == 0) {
            list.add_circle({.center = centre, .radius = radius, .tint = red, .pick_id = i});
        } else if (i % 3 == 1) {
            list.add_circle_outline(
                {.center = centre, .radius = radius, .tint = green, .pick_id = i});
        } else {
            list.add_rect_outline({.center = centre,
                                   .size = {radius * 2.0f, radius},
                                   .rotation = 30.0f,
                                   .tint = white,
                                   .pick_id = i});
        }
    }
    const picture as_points = draw_with_points(list, 16.0f);
    const picture as_quads = draw_with_points(list, 0.0f);
    EXPECT_EQ(as_points.points, 12u);
    // Antialiased edges come from the change of the distance between neighbouring pixels,
    // which the two paths work out from the same values: a rounding apart at most.
    EXPECT_EQ(differing_pixels(as_points, as_quads, 2), 0);
}

TEST_F(PointSprites, LargeSpritesAndSpritesCentredOutsideTheViewStayQuads) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {2.0f, 2.0f}, .tint = red});  // 16 px: too big
    // A small quad whose centre is just left of the view: half of it shows. As a point it
    // would vanish (OpenGL drops points centred outside).
    list.add_quad({.center = {-4.2f, 1.0f}, .size = {1.0f, 1.0f}, .tint = green, .pick_id = 3});
    const picture shot = draw_with_points(list, 16.0f);
    EXPECT_EQ(shot.points, 0u);
    EXPECT_EQ(shot.colours.pixel(1, 24), green8);  // x -4.2 + 0.5 = -3.7: pixels 0..2
    EXPECT_EQ(target_->read_entity_id(1, 24), 3);
    EXPECT_EQ(shot.colours.pixel(32, 32), red8);
}

TEST_F(PointSprites, ASpriteWithoutAreaDrawsNothing) {
    draw_list list;
    list.add_quad({.center = {0.0f, 0.0f}, .size = {0.0f, 1.0f}, .tint = red, .pick_id = 1});
    list.add_quad({.center = {1.0f, 1.0f}, .size = {1.0f, 0.0f}, .tint = red, .pick_id = 2});
    const picture shot = draw_with_points(list, 16.0f);
    for (const std::int32_t id : shot.ids) ASSERT_EQ(id, -1);
    EXPECT_EQ(shot.colours.pixel(32, 32), blue8);
}

}  // namespace
}  // namespace mosaic::testing
