// draw_list: what each helper records, colour packing, and clear() keeping the memory.
#include <mosaic/engine/render/draw_list.hpp>

#include <gtest/gtest.h>

namespace mosaic {
namespace {

constexpr color red{1.0f, 0.0f, 0.0f, 1.0f};
constexpr color half_green{0.0f, 0.5f, 0.0f, 0.25f};

TEST(PackColor, RedIsTheLowestByteAndChannelsAreClamped) {
    EXPECT_EQ(pack_color(red), 0xFF00'00FFu);
    EXPECT_EQ(pack_color({0.0f, 0.0f, 1.0f, 0.0f}), 0x00FF'0000u);
    EXPECT_EQ(pack_color({2.0f, -1.0f, 0.0f, 1.0f}), 0xFF00'00FFu);
    const color back = unpack_color(pack_color(half_green));
    EXPECT_NEAR(back.g, 0.5f, 1.0f / 255.0f);
    EXPECT_NEAR(back.a, 0.25f, 1.0f / 255.0f);
}

TEST(DrawList, AddQuadRecordsEveryField) {
    draw_list list;
    list.add_quad({.center = {1.0f, 2.0f},
                   .size = {3.0f, 4.0f},
                   .rotation = 30.0f,
                   .tint = red,
                   .texture = 7,
                   .layer = -2,
                   .pick_id = 42});
    ASSERT_EQ(list.instances().size(), 1u);
    const draw_instance& q = list.instances()[0];
    EXPECT_EQ(q.center, glm::vec2(1.0f, 2.0f));
    EXPECT_EQ(q.size, glm::vec2(3.0f, 4.0f));
    EXPECT_EQ(q.rotation, 30.0f);
    EXPECT_EQ(q.rgba, pack_color(red));
    EXPECT_EQ(q.texture, 7u);
    EXPECT_EQ(q.layer, -2);
    EXPECT_EQ(q.pick_id, 42);
    EXPECT_EQ(q.shape, instance_shape::quad);
    EXPECT_TRUE(list.lines().empty());
}

TEST(DrawList, CirclesAreSquaresOfTheDiameter) {
    draw_list list;
    list.add_circle(
        {.center = {5.0f, 5.0f}, .radius = 1.5f, .tint = red, .layer = 3, .pick_id = 9});
    list.add_circle_outline({.center = {0.0f, 0.0f}, .radius = 2.0f}, 3.0f);
    ASSERT_EQ(list.instances().size(), 2u);
    const draw_instance& filled = list.instances()[0];
    EXPECT_EQ(filled.shape, instance_shape::circle);
    EXPECT_EQ(filled.size, glm::vec2(3.0f, 3.0f));
    EXPECT_EQ(filled.layer, 3);
    EXPECT_EQ(filled.pick_id, 9);
    EXPECT_EQ(filled.texture, no_texture);
    const draw_instance& ring = list.instances()[1];
    EXPECT_EQ(ring.shape, instance_shape::circle_outline);
    EXPECT_EQ(ring.size, glm::vec2(4.0f, 4.0f));
    EXPECT_EQ(ring.outline_pixels, 3.0f);
    EXPECT_EQ(ring.pick_id, -1);
}

TEST(DrawList, RectOutlinesIgnoreTheTexture) {
    draw_list list;
    list.add_rect_outline(
        {.center = {1.0f, 1.0f}, .size = {2.0f, 1.0f}, .rotation = 45.0f, .texture = 3});
    ASSERT_EQ(list.instances().size(), 1u);
    EXPECT_EQ(list.instances()[0].shape, instance_shape::rect_outline);
    EXPECT_EQ(list.instances()[0].texture, no_texture);
    EXPECT_EQ(list.instances()[0].rotation, 45.0f);
    EXPECT_EQ(list.instances()[0].outline_pixels, 1.5f);
}

TEST(DrawList, LinesKeepTheirEndsColourAndLayer) {
    draw_list list;
    list.add_line({0.0f, 1.0f}, {2.0f, 3.0f}, red, 4);
    ASSERT_EQ(list.lines().size(), 1u);
    EXPECT_EQ(list.lines()[0].a, glm::vec2(0.0f, 1.0f));
    EXPECT_EQ(list.lines()[0].b, glm::vec2(2.0f, 3.0f));
    EXPECT_EQ(list.lines()[0].rgba, pack_color(red));
    EXPECT_EQ(list.lines()[0].layer, 4);
    EXPECT_TRUE(list.instances().empty());
}

TEST(DrawList, ClearEmptiesAndKeepsTheMemory) {
    draw_list list;
    list.reserve_more(1000, 10);
    for (int i = 0; i < 1000; ++i) list.add_quad({});
    const draw_instance* storage = list.instances().data();
    list.clear();
    EXPECT_TRUE(list.empty());
    for (int i = 0; i < 1000; ++i) list.add_quad({});
    EXPECT_EQ(list.instances().data(), storage);  // no reallocation for the next frame
}

}  // namespace
}  // namespace mosaic
