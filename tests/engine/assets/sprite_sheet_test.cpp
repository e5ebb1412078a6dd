// sprite_sheet: grid slicing (cell, offset, spacing; partial cells left out; unusable grids
// give nothing) and validation (frames outside the image, duplicate and empty names, tags
// past the frames), each message naming the file and the frame.
#include <mosaic/engine/assets/sprite_sheet.hpp>

#include <gtest/gtest.h>

namespace mosaic {
namespace {

TEST(SpriteSheet, SlicesAGridRowByRow) {
    const auto frames =
        slice_grid({40, 20}, {.cell = {16, 8}, .offset = {2, 1}, .spacing = {4, 2}});
    // x: 2..18, 22..38 (a third would end at 58); y: 1..9, 11..19.
    ASSERT_EQ(frames.size(), 4u);
    EXPECT_EQ(frames[0].name, "frame_0");
    EXPECT_EQ(frames[1].x, 22);
    EXPECT_EQ(frames[1].y, 1);
    EXPECT_EQ(frames[2].x, 2);
    EXPECT_EQ(frames[2].y, 11);
    EXPECT_EQ(frames[3].w, 16);
    EXPECT_EQ(frames[3].h, 8);
    EXPECT_EQ(frames[3].name, "frame_3");
}

TEST(SpriteSheet, UnusableGridsGiveNoFrames) {
    EXPECT_TRUE(slice_grid({64, 64}, {.cell = {0, 16}}).empty());
    EXPECT_TRUE(slice_grid({64, 64}, {.cell = {16, 16}, .offset = {-1, 0}}).empty());
    EXPECT_TRUE(slice_grid({64, 64}, {.cell = {16, 16}, .spacing = {0, -3}}).empty());
    EXPECT_TRUE(slice_grid({8, 8}, {.cell = {16, 16}}).empty());
    // A one-pixel grid over the largest image stops at the frame cap.
    EXPECT_EQ(slice_grid({8192, 8192}, {.cell = {1, 1}}).size(), sheet_limits::max_frames);
}

TEST(SpriteSheet, FindsFramesByName) {
    sprite_sheet sheet;
    sheet.frames = slice_grid({32, 16}, {.cell = {16, 16}}, "tank_");
    EXPECT_EQ(sheet.find_frame("tank_1"), 1);
    EXPECT_EQ(sheet.find_frame("tank_2"), -1);
}

TEST(SpriteSheet, ValidationNamesTheFileAndTheFrame) {
    sprite_sheet sheet;
    sheet.frames = {{.name = "a", .x = 0, .y = 0, .w = 16, .h = 16},
                    {.name = "b", .x = 24, .y = 0, .w = 16, .h = 16},
                    {.name = "a", .x = 0, .y = 16, .w = 16, .h = 16},
                    {.name = "", .x = 0, .y = 0, .w = 0, .h = 4}};
    sheet.tags = {{.name = "run", .from = 1, .to = 9}};
    const auto problems = validate_sheet(sheet, {32, 32}, "art/tank.sheet.json");
    ASSERT_EQ(problems.size(), 5u);
    EXPECT_EQ(problems[0],
              "'art/tank.sheet.json', frame 1 'b': the frame [24, 0, 16, 16] reaches outside "
              "the 32x32 image");
    EXPECT_EQ(problems[1],
              "'art/tank.sheet.json', frame 2 'a': the name is already used by frame 0");
    EXPECT_EQ(problems[2], "'art/tank.sheet.json', frame 3 '': the frame has no name");
    EXPECT_EQ(problems[3], "'art/tank.sheet.json', frame 3 '': the frame is empty (0x4)");
    EXPECT_EQ(problems[4],
              "'art/tank.sheet.json', tag 'run': frames 1 to 9 are not frames of the sheet (it "
              "has 4)");
    // Without the image's size only the checks that need none.
    EXPECT_EQ(validate_sheet(sheet, {0, 0}, "x").size(), 4u);
}

}  // namespace
}  // namespace mosaic
