// mosaic-run --validate on assets: an image's size, a sheet's frames checked against its
// image (each problem named), a font; broken files exit 1 with the reason.
#include <gtest/gtest.h>

#include <mosaic/engine/assets/font.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "../../../engine/src/tools/run_commands.hpp"
#include "asset_test_support.hpp"

namespace mosaic::testing {
namespace {

struct validated {
    int code;
    std::string out, err;
};

validated validate(const std::filesystem::path& file) {
    std::ostringstream out, err;
    const int code = tools::run(std::vector<std::string>{"--validate", file.string()}, out, err);
    return {code, out.str(), err.str()};
}

TEST(RunAssets, ValidatesImagesSheetsAndFonts) {
    const auto folder = asset_temp_folder();
    write_bytes(folder / "tank.png", png_bytes(32, 16));
    write_text(folder / "tank.sheet.json",
               R"({"version": 1, "image": "tank.png", "frames": [
                   {"name": "hull", "rect": [0, 0, 16, 16]}, {"name": "turret", "rect": [16, 0, 16, 16]}],
                   "tags": [{"name": "all", "from": 0, "to": 1}]})");
    const validated image = validate(folder / "tank.png");
    EXPECT_EQ(image.code, 0) << image.err;
    EXPECT_NE(image.out.find("image 32x16"), std::string::npos) << image.out;

    const validated sheet = validate(folder / "tank.sheet.json");
    EXPECT_EQ(sheet.code, 0) << sheet.err;
    EXPECT_NE(sheet.out.find("sprite sheet of tank.png (32x16), 2 frames, 1 tags"),
              std::string::npos)
        << sheet.out;
    EXPECT_NE(sheet.out.find("1  turret  [16, 0, 16, 16]"), std::string::npos) << sheet.out;

    const validated font = validate(default_font_file);
    EXPECT_EQ(font.code, 0) << font.err;
    EXPECT_NE(font.out.find(": font, 224 glyphs"), std::string::npos) << font.out;
}

TEST(RunAssets, BrokenAssetsSayWhyAndExitOne) {
    const auto folder = asset_temp_folder();
    write_bytes(folder / "small.png", png_bytes(16, 16));
    write_text(folder / "bad.sheet.json",
               R"({"version": 1, "image": "small.png", "frames": [
                   {"name": "a", "rect": [8, 8, 16, 16]}, {"name": "b", "rect": [0, 12, 4, 8]}]})");
    const validated sheet = validate(folder / "bad.sheet.json");
    EXPECT_EQ(sheet.code, 1);
    // Every problem, each naming the frame.
    EXPECT_NE(
        sheet.err.find("frame 0 'a': the frame [8, 8, 16, 16] reaches outside the 16x16 image"),
        std::string::npos)
        << sheet.err;
    EXPECT_NE(sheet.err.find("frame 1 'b': the frame [0, 12, 4, 8] reaches outside"),
              std::string::npos)
        << sheet.err;
    write_text(folder / "twice.sheet.json",
               R"({"version": 1, "image": "small.png", "frames": [
                   {"name": "a", "rect": [0, 0, 4, 4]}, {"name": "a", "rect": [4, 0, 4, 4]}]})");
    EXPECT_NE(validate(folder / "twice.sheet.json")
                  .err.find("frame 1 'a': the name is already used by frame 0"),
              std::string::npos);

    write_text(folder / "lost.json", R"({"version": 1, "image": "gone.png", "frames": []})");
    const validated lost = validate(folder / "lost.json");
    EXPECT_EQ(lost.code, 1);
    EXPECT_NE(lost.err.find("its image 'gone.png': file not found"), std::string::npos) << lost.err;

    write_bytes(folder / "bomb.png", png_header_claiming(100000, 100000));
    const validated bomb = validate(folder / "bomb.png");
    EXPECT_EQ(bomb.code, 1);
    EXPECT_NE(bomb.err.find("100000x100000 is larger than the cap of 8192 pixels a side"),
              std::string::npos)
        << bomb.err;

    write_text(folder / "f.ttf", "definitely not a font file");
    EXPECT_NE(validate(folder / "f.ttf").err.find("not a TrueType or OpenType font"),
              std::string::npos);
}

// Clips and tilesets name their sheet relative to the project folder (the folder holding
// mosaic.project.json above them); they used to be read as sprite sheets ("frames is missing").
TEST(RunAssets, ValidatesClipsAndTilesetsAgainstTheirSheet) {
    const auto project = asset_temp_folder();
    write_text(project / "mosaic.project.json", R"({"name": "t", "module": ""})");
    std::filesystem::create_directories(project / "art");
    write_bytes(project / "art/tiles.png", png_bytes(32, 16));
    write_text(project / "art/tiles.sheet.json",
               R"({"version": 1, "image": "tiles.png", "frames": [
                   {"name": "ground", "rect": [0, 0, 16, 16]}, {"name": "bush", "rect": [16, 0, 16, 16]}],
                   "tags": [{"name": "all", "from": 0, "to": 1}]})");
    write_text(
        project / "art/level.tileset.json",
        R"({"version": 1, "sheet": "art/tiles.sheet.json", "tiles": {"ground": {"solid": true}}})");
    write_text(
        project / "art/sway.clip.json",
        R"({"version": 1, "wrap": "ping_pong", "sprite": {"sheet": "art/tiles.sheet.json", "tag": "all"}})");
    write_text(project / "art/pulse.clip.json", R"({"version": 1, "length": 2, "wrap": "loop",
                   "tracks": [{"component": "Sprite", "field": "tint", "element": "a",
                               "keys": [[0, 0.5], [1, 1], [2, 0.5]]}]})");

    const validated tiles = validate(project / "art/level.tileset.json");
    EXPECT_EQ(tiles.code, 0) << tiles.err;
    EXPECT_NE(tiles.out.find("tileset of art/tiles.sheet.json, 2 tiles, 1 solid"),
              std::string::npos)
        << tiles.out;
    const validated sway = validate(project / "art/sway.clip.json");
    EXPECT_EQ(sway.code, 0) << sway.err;
    EXPECT_NE(sway.out.find("animation clip"), std::string::npos) << sway.out;
    EXPECT_NE(sway.out.find("ping-pong"), std::string::npos) << sway.out;
    const validated pulse = validate(project / "art/pulse.clip.json");
    EXPECT_EQ(pulse.code, 0) << pulse.err;
    EXPECT_NE(pulse.out.find("animation clip, 2 s, loop, 1 tracks (3 keys), 0 events"),
              std::string::npos)
        << pulse.out;
    EXPECT_NE(pulse.out.find("Sprite.tint.a: 3 keys"), std::string::npos) << pulse.out;

    // Broken: a tag the sheet does not have, a sheet that is not there.
    write_text(project / "art/bad.clip.json",
               R"({"version": 1, "sprite": {"sheet": "art/tiles.sheet.json", "tag": "jump"}})");
    const validated bad = validate(project / "art/bad.clip.json");
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("jump"), std::string::npos) << bad.err;
    write_text(project / "art/lost.tileset.json",
               R"({"version": 1, "sheet": "art/gone.sheet.json"})");
    const validated lost = validate(project / "art/lost.tileset.json");
    EXPECT_EQ(lost.code, 1);
    EXPECT_NE(lost.err.find("gone.sheet.json"), std::string::npos) << lost.err;
}

}  // namespace
}  // namespace mosaic::testing
