// sheet_json: *.sheet.json written and read back equal; Aseprite's hash and array exports
// (frameTags, durations) and TexturePacker's (pivots) read into the same model; broken and
// hostile files give a message naming the file, where, and the frame.
#include <mosaic/engine/assets/sheet_json.hpp>

#include <gtest/gtest.h>

#include <string>

namespace mosaic {
namespace {

sprite_sheet two_frames() {
    sprite_sheet sheet;
    sheet.image = "tank.png";
    sheet.image_size = {32, 16};
    sheet.grid = sheet_grid{.cell = {16, 16}};
    sheet.frames = slice_grid(sheet.image_size, *sheet.grid, "tank_");
    sheet.frames[1].pivot = {0.25f, 1.0f};
    sheet.frames[1].duration_ms = 80;
    sheet.tags = {{.name = "idle", .from = 0, .to = 1, .dir = sheet_tag::direction::pingpong}};
    return sheet;
}

TEST(SheetJson, WritesOneFrameALineAndReadsItBack) {
    const std::string text = write_sheet_json(two_frames());
    EXPECT_NE(text.find("\n    {\"name\": \"tank_1\", \"rect\": [16, 0, 16, 16], \"pivot\": [0.25, "
                        "1], \"duration_ms\": 80}"),
              std::string::npos)
        << text;
    const auto read = read_sheet_json(text, "tank.sheet.json");
    ASSERT_TRUE(read) << read.error;
    const sprite_sheet& sheet = *read.value;
    EXPECT_EQ(sheet.image, "tank.png");
    EXPECT_EQ(sheet.image_size, glm::ivec2(32, 16));
    ASSERT_TRUE(sheet.grid.has_value());
    EXPECT_EQ(sheet.grid->cell, glm::ivec2(16, 16));
    ASSERT_EQ(sheet.frames.size(), 2u);
    EXPECT_EQ(sheet.frames[1].name, "tank_1");
    EXPECT_EQ(sheet.frames[1].x, 16);
    EXPECT_EQ(sheet.frames[1].pivot, glm::vec2(0.25f, 1.0f));
    EXPECT_EQ(sheet.frames[1].duration_ms, 80);
    ASSERT_EQ(sheet.tags.size(), 1u);
    EXPECT_EQ(sheet.tags[0].dir, sheet_tag::direction::pingpong);
    EXPECT_EQ(write_sheet_json(sheet), text);  // stable: saving again changes nothing
}

constexpr const char* aseprite_hash = R"({ "frames": {
   "tank 0.aseprite": { "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "rotated": false,
     "trimmed": false, "spriteSourceSize": { "x": 0, "y": 0, "w": 16, "h": 16 },
     "sourceSize": { "w": 16, "h": 16 }, "duration": 100 },
   "tank 1.aseprite": { "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "rotated": false,
     "trimmed": false, "spriteSourceSize": { "x": 0, "y": 0, "w": 16, "h": 16 },
     "sourceSize": { "w": 16, "h": 16 }, "duration": 150 }
 },
 "meta": { "app": "https://www.aseprite.org/", "version": "1.3", "image": "tank.png",
   "format": "RGBA8888", "size": { "w": 32, "h": 16 }, "scale": "1",
   "frameTags": [ { "name": "drive", "from": 0, "to": 1, "direction": "pingpong" } ],
   "layers": [ { "name": "Layer", "opacity": 255, "blendMode": "normal" } ], "slices": [] }
})";

TEST(SheetJson, ImportsAsepriteHashExports) {
    const auto read = import_packed_sheet_json(aseprite_hash, "tank.json");
    ASSERT_TRUE(read) << read.error;
    const sprite_sheet& sheet = *read.value;
    EXPECT_EQ(sheet.image, "tank.png");
    EXPECT_EQ(sheet.image_size, glm::ivec2(32, 16));
    ASSERT_EQ(sheet.frames.size(), 2u);
    EXPECT_EQ(sheet.frames[1].name, "tank 1.aseprite");
    EXPECT_EQ(sheet.frames[1].x, 16);
    EXPECT_EQ(sheet.frames[1].duration_ms, 150);
    ASSERT_EQ(sheet.tags.size(), 1u);
    EXPECT_EQ(sheet.tags[0].name, "drive");
    EXPECT_EQ(sheet.tags[0].to, 1);
    EXPECT_EQ(sheet.tags[0].dir, sheet_tag::direction::pingpong);
    // read_any_sheet_json tells the formats apart.
    ASSERT_TRUE(read_any_sheet_json(aseprite_hash, "tank.json"));
    EXPECT_EQ(read_any_sheet_json(aseprite_hash, "tank.json").value->frames.size(), 2u);
}

TEST(SheetJson, ImportsArrayExportsWithPivots) {
    // TexturePacker's "JSON (Array)": entries carry their filename; pivots per frame.
    const auto read = import_packed_sheet_json(R"({"frames": [
        {"filename": "wall.png", "frame": {"x": 2, "y": 3, "w": 8, "h": 9}, "rotated": false,
         "trimmed": true, "spriteSourceSize": {"x": 1, "y": 1, "w": 8, "h": 9},
         "sourceSize": {"w": 10, "h": 11}, "pivot": {"x": 0.5, "y": 1}},
        {"filename": "gun.png", "frame": {"x": 12, "y": 0, "w": 4, "h": 4}}],
        "meta": {"image": "walls.png", "size": {"w": 16, "h": 16}}})",
                                               "walls.json");
    ASSERT_TRUE(read) << read.error;
    ASSERT_EQ(read.value->frames.size(), 2u);
    EXPECT_EQ(read.value->frames[0].name, "wall.png");
    EXPECT_EQ(read.value->frames[0].y, 3);
    EXPECT_EQ(read.value->frames[0].pivot, glm::vec2(0.5f, 1.0f));
    EXPECT_EQ(read.value->frames[1].duration_ms, 100);  // none given
}

TEST(SheetJson, BrokenFilesNameTheFileAndWhere) {
    const auto syntax =
        read_sheet_json("{\n  \"version\": 1,\n  \"image\" \"a.png\"}", "a.sheet.json");
    ASSERT_FALSE(syntax);
    EXPECT_EQ(syntax.error.rfind("'a.sheet.json': line 3:", 0), 0u) << syntax.error;

    const auto wrong_type = read_sheet_json(
        R"({"version": 1, "image": "a.png", "frames": [{"name": "x", "rect": [0, 0, "16", 16]}]})",
        "a.sheet.json");
    EXPECT_EQ(wrong_type.error,
              "'a.sheet.json': frames[0].rect[2] should be a number, not a string");

    const auto outside = import_packed_sheet_json(
        R"({"frames": {"big": {"frame": {"x": 8, "y": 0, "w": 16, "h": 16}}},
            "meta": {"image": "a.png", "size": {"w": 16, "h": 16}}})",
        "a.json");
    EXPECT_EQ(outside.error,
              "'a.json', frame 0 'big': the frame [8, 0, 16, 16] reaches outside the 16x16 image");

    const auto duplicate = read_sheet_json(
        R"({"version": 1, "image": "a.png", "frames": [{"name": "x", "rect": [0, 0, 1, 1]},
            {"name": "x", "rect": [1, 0, 1, 1]}]})",
        "d.sheet.json");
    EXPECT_EQ(duplicate.error, "'d.sheet.json', frame 1 'x': the name is already used by frame 0");

    const auto rotated = import_packed_sheet_json(
        R"({"frames": {"r": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "rotated": true}},
            "meta": {"image": "a.png"}})",
        "r.json");
    EXPECT_EQ(rotated.why, "frames.r ('r') is rotated in the sheet; export without rotation");

    EXPECT_EQ(import_packed_sheet_json(R"({"frames": 3})", "n.json").why,
              "frames should be an object {...} or a list [...], not a number");
    EXPECT_EQ(import_packed_sheet_json(R"({"frames": []})", "m.json").why,
              "meta is missing (it names the image)");
    EXPECT_EQ(read_sheet_json(R"({"version": 2, "image": "a", "frames": []})", "v.json").why,
              "version 2 is newer than this Mosaic reads (1)");
    EXPECT_EQ(read_sheet_json("[1]", "l.json").why, "the file should hold an object {...}");
    EXPECT_EQ(read_sheet_json(R"({"version": 1, "version": 1})", "k.json").why,
              "the key \"version\" appears twice in the document");
}

TEST(SheetJson, HostileNumbersAndDepthAreRefused) {
    EXPECT_FALSE(read_sheet_json(std::string(100000, '['), "deep.json"));
    const auto huge = read_sheet_json(
        R"({"version": 1, "image": "a", "frames": [{"name": "x", "rect": [0, 0, 1e30, 1]}]})",
        "h.json");
    EXPECT_EQ(huge.why, "frames[0].rect[2] should be a whole number within 32 bits");
}

}  // namespace
}  // namespace mosaic
