// renderer: sprites of a few pixels are drawn as points (renderer.hpp) and must look and pick
// exactly as their quads do: each scene is drawn twice in the 64x64 target, once as the
// renderer chooses and once with points off, and the two pictures are compared pixel by
// pixel. Sprites under a pixel are dots blended on the CPU (dot_layer.hpp): where they land,
// their colour weighted by their area, and their place in the draw order.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <cstdlib>
#include <random>
#include <vector>

#include "dot_layer.hpp"  // engine/src/render

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
        renderer_->set_max_dot_side(0.0f);  // exact pictures only
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

// 8 pixels per unit: a sprite 0.05 units wide is 0.4 pixels, and covers 0.16 of its pixel.
constexpr float tiny = 0.05f;

// The world point at the centre of pixel (x, y) of the 64x64 target (rows from the top).
glm::vec2 centre_of(int x, int y) {
    return {(static_cast<float>(x) + 0.5f - 32.0f) / 8.0f,
            (32.0f - static_cast<float>(y) - 0.5f) / 8.0f};
}

class Dots : public PointSprites {};

TEST_F(Dots, ASpriteUnderAPixelBlendsItsCoverageIntoThePixelOfItsCentre) {
    draw_list list;
    for (int i = 0; i < 100; ++i) {
        list.add_quad({.center = centre_of(2 + (i % 10) * 6, 2 + (i / 10) * 6),
                       .size = {tiny, tiny},
                       .tint = red,
                       .pick_id = i});
    }
    const image shot = draw(list);
    EXPECT_EQ(renderer_->stats().dots, 100u);
    EXPECT_EQ(renderer_->stats().draw_calls, 1u);
    for (int i = 0; i < 100; ++i) {
        const int x = 2 + (i % 10) * 6;
        const int y = 2 + (i / 10) * 6;
        const rgba8 p = shot.pixel(x, y);
        // red * 0.16 + blue * 0.84
        EXPECT_NEAR(p[0], 41, 2) << i;
        EXPECT_EQ(p[1], 0) << i;
        EXPECT_NEAR(p[2], 214, 2) << i;
        EXPECT_EQ(target_->read_entity_id(x, y), i);
        EXPECT_EQ(shot.pixel(x + 1, y), blue8);
        EXPECT_EQ(target_->read_entity_id(x + 1, y), -1);
    }
}

TEST_F(Dots, DotsKeepTheirPlaceInTheDrawOrder) {
    draw_list list;
    // Layer 0: a quad under a run of one-pixel dots; layer 1: a quad over the first dots.
    list.add_quad({.center = {0.0f, 0.0f}, .size = {8.0f, 8.0f}, .tint = blue, .pick_id = 500});
    for (int i = 0; i < 64; ++i) {
        list.add_quad(
            {.center = centre_of(i, 40), .size = {0.125f, 0.125f}, .tint = green, .pick_id = i});
    }
    list.add_quad({.center = centre_of(4, 40),
                   .size = {1.0f, 1.0f},
                   .tint = red,
                   .layer = 1,
                   .pick_id = 600});
    const image shot = draw(list, white);
    EXPECT_EQ(renderer_->stats().dots, 64u);
    EXPECT_EQ(shot.pixel(20, 40), green8);  // a whole-pixel dot over the blue quad
    EXPECT_EQ(target_->read_entity_id(20, 40), 20);
    EXPECT_EQ(shot.pixel(4, 40), red8);  // the later layer on top of the dots
    EXPECT_EQ(target_->read_entity_id(4, 40), 600);
    EXPECT_EQ(shot.pixel(20, 41), blue8);
}

TEST_F(Dots, TheLaterOfTwoDotsInAPixelIsOnTop) {
    draw_list list;
    for (int i = 0; i < 64; ++i) {
        list.add_quad(
            {.center = centre_of(i, 10), .size = {0.125f, 0.125f}, .tint = red, .pick_id = i});
        list.add_quad({.center = centre_of(i, 10) + glm::vec2(0.01f, 0.0f),
                       .size = {0.125f, 0.125f},
                       .tint = green,
                       .pick_id = 100 + i});
    }
    const image shot = draw(list);
    EXPECT_EQ(renderer_->stats().dots, 128u);
    EXPECT_EQ(shot.pixel(30, 10), green8);
    EXPECT_EQ(target_->read_entity_id(30, 10), 130);
}

TEST_F(Dots, AFewDotsOrTexturedOrOutlinedTinySpritesAreDrawnExactly) {
    draw_list list;
    for (int i = 0; i < 10; ++i) {  // fewer than a layer is worth
        list.add_quad({.center = centre_of(3 * i, 5), .size = {tiny, tiny}, .tint = red});
    }
    for (int i = 0; i < 80; ++i) {
        list.add_circle_outline({.center = centre_of(i % 64, 20), .radius = tiny, .tint = red});
    }
    (void)draw(list);
    EXPECT_EQ(renderer_->stats().dots, 0u);
    EXPECT_EQ(renderer_->stats().points, 90u);
}

TEST(DotLayer, BlendsPremultipliedOverWhatIsThereAndRemembersTheLastId) {
    detail::dot_layer layer;
    layer.begin({4, 3});
    EXPECT_TRUE(layer.empty());
    layer.add({1, 2}, {1.0f, 0.0f, 0.0f, 0.5f}, 7);
    EXPECT_EQ(layer.colours()[2 * 4 + 1], 0x80'00'00'80u);  // a 128, r 128 (bytes r, g, b, a)
    layer.add({1, 2}, {0.0f, 1.0f, 0.0f, 0.5f}, 8);
    EXPECT_EQ(layer.colours()[2 * 4 + 1], 0xC0'00'80'40u);  // r 64, g 128, a 192
    EXPECT_EQ(layer.ids()[2 * 4 + 1], 8);
    layer.add({3, 0}, {0.0f, 0.0f, 1.0f, 0.0f}, 9);  // transparent: nothing
    layer.add({4, 0}, {0.0f, 0.0f, 1.0f, 1.0f}, 9);  // outside: nothing
    layer.add({-1, 0}, {0.0f, 0.0f, 1.0f, 1.0f}, 9);
    EXPECT_EQ(layer.ids()[3], -1);
    EXPECT_EQ(layer.low(), glm::ivec2(1, 2));
    EXPECT_EQ(layer.high(), glm::ivec2(1, 2));
    layer.begin({4, 3});  // the same size: the touched pixels are cleared
    EXPECT_EQ(layer.colours()[2 * 4 + 1], 0u);
    EXPECT_EQ(layer.ids()[2 * 4 + 1], -1);
}

}  // namespace
}  // namespace mosaic::testing
