// The Sheet Editor's model, headless: slicing an image by a grid, names and pivots that stay
// with their frame numbers, bad values as messages (never a crash, never a save), the file it
// writes (read back by the engine's reader), editing an existing sheet, and the script verb.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <mosaic/engine/assets/sheet_json.hpp>

#include "../engine/assets/asset_test_support.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/sheet_slicer.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::png_bytes;
using mosaic::testing::write_bytes;
using mosaic::testing::write_text;
namespace fs = std::filesystem;

struct SheetSlicer : ::testing::Test {
    fs::path folder = mosaic::testing::asset_temp_folder();
    SheetSlicer() { write_bytes(folder / "art/hero.png", png_bytes(64, 32)); }

    sprite_sheet saved(const std::string& path) const {
        std::ifstream in(folder / path);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        const auto read = read_sheet_json(text, path);
        EXPECT_TRUE(read) << read.error;
        return read ? *read.value : sprite_sheet{};
    }
    bool says(const std::vector<std::string>& lines, const std::string& part) const {
        for (const std::string& l : lines)
            if (l.find(part) != std::string::npos) return true;
        return false;
    }
};

TEST_F(SheetSlicer, AGridCutsTheImageIntoNumberedFramesSavedBesideIt) {
    sheet_slicer s;
    ASSERT_EQ(s.open_image(folder, "art/hero.png"), "");
    EXPECT_EQ(s.image_size(), glm::ivec2(64, 32));
    EXPECT_EQ(s.sheet_path(), "art/hero.sheet.json");
    s.set_grid({{16, 16}, {0, 0}, {0, 0}});
    ASSERT_EQ(s.frames().size(), 8u);
    EXPECT_EQ(s.frames()[5].name, "frame_5");
    EXPECT_EQ(s.frames()[5].x, 16);
    EXPECT_EQ(s.frames()[5].y, 16);
    EXPECT_TRUE(s.problems().empty());
    EXPECT_TRUE(s.dirty());
    ASSERT_EQ(s.save(), "");
    EXPECT_FALSE(s.dirty());

    const sprite_sheet file = saved("art/hero.sheet.json");
    EXPECT_EQ(file.image, "hero.png");  // relative to the sheet
    ASSERT_EQ(file.frames.size(), 8u);
    ASSERT_TRUE(file.grid);
    EXPECT_EQ(file.grid->cell, glm::ivec2(16, 16));
}

TEST_F(SheetSlicer, OffsetAndSpacingMoveTheCellsAndLeftoverPixelsAreNoted) {
    sheet_slicer s;
    ASSERT_EQ(s.open_image(folder, "art/hero.png"), "");
    s.set_grid({{20, 10}, {2, 1}, {1, 1}});
    // Across: 2, 23, 44 (44 + 20 = 64); down: 1, 12 (12 + 10 = 22; 23 + 10 = 33 > 32).
    ASSERT_EQ(s.frames().size(), 6u);
    EXPECT_EQ(s.frames()[1].x, 23);
    EXPECT_EQ(s.frames()[3].y, 12);
    EXPECT_EQ(grid_cells(s.image_size(), s.grid()), glm::ivec2(3, 2));
    EXPECT_TRUE(says(s.notes(), "10 pixels at the bottom")) << s.notes().size();
}

TEST_F(SheetSlicer, BadValuesAreMessagesAndNothingIsSaved) {
    sheet_slicer s;
    ASSERT_EQ(s.open_image(folder, "art/hero.png"), "");
    s.set_grid({{0, 16}, {0, 0}, {0, 0}});
    EXPECT_TRUE(s.frames().empty());
    EXPECT_TRUE(says(s.problems(), "at least 1 x 1 pixel")) << s.problems().front();
    EXPECT_NE(s.save(), "");
    EXPECT_FALSE(fs::exists(folder / "art/hero.sheet.json"));

    s.set_grid({{80, 16}, {0, 0}, {0, 0}});  // wider than the image
    EXPECT_TRUE(says(s.problems(), "no whole cell of 80 x 16 fits"));
    s.set_grid({{16, 16}, {64, 0}, {0, 0}});
    EXPECT_TRUE(says(s.problems(), "is outside the 64 x 32 image"));
    s.set_grid({{16, 16}, {-1, 0}, {0, 0}});
    EXPECT_TRUE(says(s.problems(), "offset cannot be negative"));
    s.set_grid({{16, 16}, {0, 0}, {0, -3}});
    EXPECT_TRUE(says(s.problems(), "spacing cannot be negative"));
    s.set_grid({{2147483647, 2147483647}, {2147483647, 0}, {2147483647, 2147483647}});
    EXPECT_FALSE(s.problems().empty());

    // A 1-pixel grid of a large image: more frames than a sheet may hold, refused before
    // anything is sliced.
    write_bytes(folder / "art/big.png", png_bytes(512, 512));
    sheet_slicer big;
    ASSERT_EQ(big.open_image(folder, "art/big.png"), "");
    big.set_grid({{1, 1}, {0, 0}, {0, 0}});
    EXPECT_TRUE(big.frames().empty());
    EXPECT_TRUE(says(big.problems(), "more than the cap of 65536"));

    // Fixed again: frames and a save.
    s.set_grid({{32, 32}, {0, 0}, {0, 0}});
    EXPECT_TRUE(s.problems().empty());
    EXPECT_EQ(s.save(), "");
}

TEST_F(SheetSlicer, NamesAndPivotsStayWithTheirFrameNumbersAcrossGridChanges) {
    sheet_slicer s;
    ASSERT_EQ(s.open_image(folder, "art/hero.png"), "");
    s.set_grid({{16, 16}, {0, 0}, {0, 0}});
    EXPECT_EQ(s.rename(1, "run_0"), "");
    EXPECT_NE(s.rename(2, "run_0"), "") << "a name used twice";
    EXPECT_NE(s.rename(2, ""), "");
    EXPECT_NE(s.rename(2, "a\"b"), "");
    EXPECT_NE(s.rename(99, "x"), "");
    s.set_pivot(1, {0.5f, 1.0f});
    s.set_grid({{0, 16}, {0, 0}, {0, 0}});  // a typo on the way
    s.set_grid({{16, 32}, {0, 0}, {0, 0}});
    ASSERT_EQ(s.frames().size(), 4u);
    EXPECT_EQ(s.frames()[1].name, "run_0");
    EXPECT_EQ(s.frames()[1].pivot, glm::vec2(0.5f, 1.0f));
    s.set_all_pivots({0.25f, 0.75f});
    for (const sheet_frame& f : s.frames()) EXPECT_EQ(f.pivot, glm::vec2(0.25f, 0.75f));
    ASSERT_EQ(s.save(), "");
    EXPECT_EQ(saved("art/hero.sheet.json").frames[1].name, "run_0");
}

TEST_F(SheetSlicer, AnExistingSheetOpensForEditingAndSlicingItsImageAgainFindsIt) {
    write_text(folder / "art/hero.sheet.json",
               R"({"version": 1, "image": "hero.png", "image_size": [64, 32],
  "grid": {"cell": [32, 32], "offset": [0, 0], "spacing": [0, 0]},
  "frames": [
    {"name": "idle", "rect": [0, 0, 32, 32], "pivot": [0.5, 1], "duration_ms": 100},
    {"name": "jump", "rect": [32, 0, 32, 32], "pivot": [0.5, 1], "duration_ms": 100}]})");
    sheet_slicer s;
    ASSERT_EQ(s.open_sheet(folder, "art/hero.sheet.json"), "");
    EXPECT_EQ(s.image(), "art/hero.png");
    EXPECT_EQ(s.grid().cell, glm::ivec2(32, 32));
    EXPECT_EQ(s.frames()[1].name, "jump");
    EXPECT_FALSE(s.dirty());

    sheet_slicer again;
    ASSERT_EQ(again.open_image(folder, "art/hero.png"), "");
    EXPECT_EQ(again.frames().size(), 2u) << "the sheet already made from this image";
    EXPECT_EQ(again.frames()[0].name, "idle");

    // A packed export (no grid): its frames are kept until the grid changes, and Save writes
    // NAME.sheet.json beside it, the export untouched.
    write_text(folder / "art/packed.json", R"({"frames": {
  "a": {"frame": {"x": 0, "y": 0, "w": 10, "h": 7}, "duration": 100}},
 "meta": {"image": "hero.png", "size": {"w": 64, "h": 32}}})");
    sheet_slicer packed;
    ASSERT_EQ(packed.open_sheet(folder, "art/packed.json"), "");
    EXPECT_FALSE(packed.sliced());
    EXPECT_EQ(packed.sheet_path(), "art/packed.sheet.json");
    EXPECT_EQ(packed.frames().size(), 1u);
    EXPECT_TRUE(packed.problems().empty());
}

TEST_F(SheetSlicer, MissingImagesAndPathsOutsideTheProjectAreRefusedWithAReason) {
    sheet_slicer s;
    EXPECT_NE(s.open_image(folder, "art/gone.png"), "");
    EXPECT_NE(s.open_image(folder, "../hero.png"), "");
    EXPECT_NE(s.open_image(folder, "/etc/passwd"), "");
    write_text(folder / "art/text.png", "not a picture");
    EXPECT_NE(s.open_image(folder, "art/text.png"), "");
    ASSERT_EQ(s.open_image(folder, "art/hero.png"), "");
    EXPECT_NE(s.set_sheet_path("../x.sheet.json"), "");
    EXPECT_NE(s.set_sheet_path("art/x.json"), "");
    EXPECT_EQ(s.set_sheet_path("sheets/hero.sheet.json"), "");
    EXPECT_EQ(s.sheet().image, "../art/hero.png");
}

TEST_F(SheetSlicer, TheScriptVerbSlicesAndSaves) {
    editor_state st;
    fs::create_directories(folder / "scenes");
    ASSERT_TRUE(st.save_as(folder / "scenes/main.scene.json"));
    write_bytes(folder / "scenes/art/ship.png", png_bytes(48, 16));
    const command* c = editor_commands().find_verb("slice_sheet");
    ASSERT_NE(c, nullptr);
    command_context ctx{.state = st, .args = {"art/ship.png", "16", "16"}};
    EXPECT_EQ(command_table::run(*c, ctx), "");
    EXPECT_EQ(saved("scenes/art/ship.sheet.json").frames.size(), 3u);
    command_context spaced{.state = st, .args = {"art/ship.png", "15", "15", "0", "0", "1", "1"}};
    EXPECT_EQ(command_table::run(*c, spaced), "");
    EXPECT_EQ(saved("scenes/art/ship.sheet.json").frames[2].x, 32);
    command_context zero{.state = st, .args = {"art/ship.png", "0", "16"}};
    EXPECT_NE(command_table::run(*c, zero).find("at least 1 x 1"), std::string::npos);
    command_context words{.state = st, .args = {"art/ship.png", "a", "16"}};
    EXPECT_NE(command_table::run(*c, words), "");
}

}  // namespace
