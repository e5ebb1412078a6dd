// The Project panel's model, headless: what kind each file is, a folder's contents, search and
// the kind filter; thumbnails made in the background, cached on disk by content; an image
// dropped on the scene as one undo step (and the script verb that does the same).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <mosaic/engine/components.hpp>

#include "../engine/assets/asset_test_support.hpp"
#include "core/asset_actions.hpp"
#include "core/asset_browser.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"
#include "core/thumbnail_cache.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::png_bytes;
using mosaic::testing::write_bytes;
using mosaic::testing::write_text;
namespace fs = std::filesystem;

constexpr const char* aseprite_json = R"({"frames": {
  "a.png": {"frame": {"x": 0, "y": 0, "w": 8, "h": 4}, "duration": 100},
  "b.png": {"frame": {"x": 8, "y": 0, "w": 8, "h": 4}, "duration": 100}},
 "meta": {"image": "strip.png", "size": {"w": 16, "h": 4}}})";

/// A small project: art (images, a sheet of each kind), clips, fonts, archetypes, scenes.
struct AssetBrowser : ::testing::Test {
    fs::path folder = mosaic::testing::asset_temp_folder();
    AssetBrowser() {
        write_bytes(folder / "art/tank.png", png_bytes(32, 16));
        write_bytes(folder / "art/Tank Turret.PNG", png_bytes(8, 8));
        write_bytes(folder / "art/strip.png", png_bytes(16, 4));
        write_text(folder / "art/strip.json", aseprite_json);
        write_text(folder / "art/tiles.sheet.json",
                   R"({"version": 1, "image": "strip.png", "image_size": [16, 4], "frames": [
  {"name": "left", "rect": [0, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100},
  {"name": "right", "rect": [8, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100}]})");
        write_text(folder / "art/photos/sky.jpg", "not really a jpeg");
        write_text(folder / "clips/bob.clip.json", "{}");
        write_text(folder / "level.tileset.json", "{}");
        write_text(folder / "fonts/title.ttf", "x");
        write_text(folder / "archetypes/Tank.prefab.json", "{}");
        write_text(folder / "archetypes/Wall.archetype.json", "{}");
        write_text(folder / "scenes/battle.scene.json", "{}");
        write_text(folder / "mosaic.project.json", R"({"frames": "not a sheet"})");
        write_text(folder / "notes.txt", "hello");
        write_bytes(folder / ".mosaic/thumbnails/x.png", png_bytes(2, 2));  // hidden: skipped
        browser.scan(folder);
    }
    std::vector<std::string> names(const asset_query& q) const {
        std::vector<std::string> out;
        for (const asset_entry* e : browser.list(q)) out.push_back(e->name);
        return out;
    }
    asset_browser browser;
};

TEST_F(AssetBrowser, EveryKindIsToldApartByNameOrContents) {
    const auto kind = [&](std::string_view relative) {
        const asset_entry* e = browser.find(relative);
        EXPECT_NE(e, nullptr) << relative;
        return e ? e->kind : asset_kind::other;
    };
    EXPECT_EQ(kind("art"), asset_kind::folder);
    EXPECT_EQ(kind("art/tank.png"), asset_kind::image);
    EXPECT_EQ(kind("art/Tank Turret.PNG"), asset_kind::image);
    EXPECT_EQ(kind("art/photos/sky.jpg"), asset_kind::image);
    EXPECT_EQ(kind("art/strip.json"), asset_kind::sheet) << "an Aseprite export";
    EXPECT_EQ(kind("art/tiles.sheet.json"), asset_kind::sheet);
    EXPECT_EQ(kind("clips/bob.clip.json"), asset_kind::clip);
    EXPECT_EQ(kind("level.tileset.json"), asset_kind::tileset);
    EXPECT_EQ(kind("fonts/title.ttf"), asset_kind::font);
    EXPECT_EQ(kind("archetypes/Tank.prefab.json"), asset_kind::prefab);
    EXPECT_EQ(kind("archetypes/Wall.archetype.json"), asset_kind::archetype);
    EXPECT_EQ(kind("scenes/battle.scene.json"), asset_kind::scene);
    EXPECT_EQ(kind("mosaic.project.json"), asset_kind::other) << "the manifest is no sheet";
    EXPECT_EQ(kind("notes.txt"), asset_kind::other);
    EXPECT_EQ(browser.find(".mosaic/thumbnails/x.png"), nullptr) << "hidden folders are skipped";
    EXPECT_EQ(browser.count(asset_kind::image), 4u);
    EXPECT_EQ(browser.count(asset_kind::sheet), 2u);
}

TEST_F(AssetBrowser, AFolderListsItsSubfoldersFirstThenItsFilesByName) {
    EXPECT_EQ(names({.folder = "art"}),
              (std::vector<std::string>{"photos", "strip.json", "strip.png", "Tank Turret.PNG",
                                        "tank.png", "tiles.sheet.json"}));
    EXPECT_EQ(names({.folder = "art/photos"}), std::vector<std::string>{"sky.jpg"});
    const std::vector<std::string> root = names({});
    ASSERT_GE(root.size(), 5u);
    EXPECT_EQ(root.front(), "archetypes");
    EXPECT_EQ(asset_browser::parent_folder("art/photos"), "art");
    EXPECT_EQ(asset_browser::parent_folder("art"), "");
}

TEST_F(AssetBrowser, TheKindFilterKeepsOnlyTheChosenKinds) {
    EXPECT_EQ(names({.folder = "art", .kinds = kind_bit(asset_kind::sheet)}),
              (std::vector<std::string>{"strip.json", "tiles.sheet.json"}));
    EXPECT_EQ(names({.folder = "art", .kinds = kind_bit(asset_kind::image)}),
              (std::vector<std::string>{"strip.png", "Tank Turret.PNG", "tank.png"}));
}

TEST_F(AssetBrowser, ASearchFindsFilesBelowTheFolderByEveryWordInAnyCase) {
    EXPECT_EQ(names({.search = "TANK"}),
              (std::vector<std::string>{"Tank.prefab.json", "Tank Turret.PNG", "tank.png"}));
    EXPECT_EQ(names({.search = "tank tur"}), std::vector<std::string>{"Tank Turret.PNG"});
    EXPECT_EQ(names({.folder = "art", .search = "tank"}),
              (std::vector<std::string>{"Tank Turret.PNG", "tank.png"}));
    EXPECT_EQ(names({.search = "tank", .kinds = kind_bit(asset_kind::prefab)}),
              std::vector<std::string>{"Tank.prefab.json"});
    EXPECT_EQ(names({.search = "sky"}), std::vector<std::string>{"sky.jpg"}) << "in subfolders";
    EXPECT_TRUE(names({.search = "nothing-like-this"}).empty());
}

TEST_F(AssetBrowser, AWalkStopsAtItsLimitAndSaysSo) {
    asset_browser small;
    small.scan(folder, 3);
    EXPECT_TRUE(small.truncated());
    EXPECT_FALSE(browser.truncated());
}

// --- thumbnails ----------------------------------------------------------------------------

TEST(Thumbnails, ShrinkingKeepsTheProportionsAndSmallImagesStayAsTheyAre) {
    rgba_image big;
    big.width = 256;
    big.height = 128;
    big.pixels.assign(256 * 128 * 4, 200);
    const rgba_image small = shrink_image(big, 64);
    EXPECT_EQ(small.width, 64);
    EXPECT_EQ(small.height, 32);
    EXPECT_EQ(small.at(10, 10)[0], 200);
    rgba_image tiny;
    tiny.width = 16;
    tiny.height = 8;
    tiny.pixels.assign(16 * 8 * 4, 1);
    EXPECT_EQ(shrink_image(tiny, 64).width, 16);
}

TEST_F(AssetBrowser, AThumbnailIsMadeOnceAndThenReadFromTheCacheByItsContent) {
    write_bytes(folder / "art/big.png", png_bytes(200, 100));
    const fs::path cache = thumbnail_cache::folder_for(folder);
    {
        const thumbnail_cache thumbs(cache, 64);
        const thumbnail t = thumbs.make(folder / "art/big.png");
        ASSERT_TRUE(t.error.empty()) << t.error;
        EXPECT_EQ(t.image.width, 64);
        EXPECT_EQ(t.image.height, 32);
        EXPECT_EQ(t.full_size, glm::ivec2(200, 100));
        EXPECT_FALSE(t.from_disk);
    }
    EXPECT_TRUE(fs::exists(cache));
    const thumbnail_cache again(cache, 64);  // the next run of the editor
    EXPECT_TRUE(again.make(folder / "art/big.png").from_disk);
    // Keyed by content: a copy under another name is found, a changed image is made again.
    fs::copy_file(folder / "art/big.png", folder / "art/copy.png");
    EXPECT_TRUE(again.make(folder / "art/copy.png").from_disk);
    write_bytes(folder / "art/big.png", png_bytes(100, 100));
    const thumbnail changed = again.make(folder / "art/big.png");
    EXPECT_FALSE(changed.from_disk);
    EXPECT_EQ(changed.image.height, 64);
}

TEST_F(AssetBrowser, ASheetsThumbnailIsItsImageWithWhereEachFrameLies) {
    const thumbnail_cache thumbs({}, 64);
    const thumbnail t = thumbs.make(folder / "art/strip.json");
    ASSERT_TRUE(t.error.empty()) << t.error;
    EXPECT_EQ(t.full_size, glm::ivec2(16, 4));
    ASSERT_EQ(t.frames.size(), 2u);
    EXPECT_EQ(t.frames[1].name, "b.png");
    EXPECT_FLOAT_EQ(t.frames[1].uv_min.x, 0.5f);
    EXPECT_FLOAT_EQ(t.frames[1].uv_max.x, 1.0f);
}

TEST_F(AssetBrowser, AFileThatDoesNotLoadGivesAReasonNotAPicture) {
    const thumbnail_cache thumbs({}, 64);
    const thumbnail t = thumbs.make(folder / "art/photos/sky.jpg");
    EXPECT_FALSE(t.error.empty());
    EXPECT_TRUE(t.image.empty());
    write_bytes(folder / "art/huge.png", mosaic::testing::png_header_claiming(100000, 100000));
    EXPECT_NE(thumbs.make(folder / "art/huge.png").error.find("cap"), std::string::npos);
}

/// Takes `count` thumbnails from the worker, `per_call` at a time (20 s at most).
std::vector<thumbnail> take(thumbnail_cache& thumbs, std::size_t count, std::size_t per_call) {
    std::vector<thumbnail> got;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (got.size() < count && std::chrono::steady_clock::now() < deadline) {
        for (thumbnail& t : thumbs.take_ready(per_call)) got.push_back(std::move(t));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return got;
}

TEST_F(AssetBrowser, TheWorkerMakesWhatIsAskedOnceAndHandsItOverAFewAtATime) {
    thumbnail_cache thumbs({}, 64, /*start_worker=*/false);
    for (int i = 0; i < 3; ++i) {
        thumbs.request(folder / "art/tank.png", 1);
        thumbs.request(folder / "art/strip.png", 1);
        thumbs.request(folder / "art/photos/sky.jpg", 1);
    }
    EXPECT_EQ(thumbs.outstanding(), 3u);
    thumbs.start();
    const std::vector<thumbnail> got = take(thumbs, 3, 1);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].source, folder / "art/photos/sky.jpg") << "the latest asked comes first";
    EXPECT_EQ(thumbs.outstanding(), 0u);
    EXPECT_EQ(thumbs.made(), 2u) << "asked three times, made once each";
    thumbs.request(folder / "art/tank.png", 2);  // a new time stamp: made again
    EXPECT_GE(thumbs.outstanding(), 1u);
    thumbs.clear();  // work under way is dropped, never handed over
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (thumbs.outstanding() > 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(thumbs.outstanding(), 0u);
    EXPECT_TRUE(thumbs.take_ready(10).empty());
}

TEST_F(AssetBrowser, FilesAskedForLaterAreMadeAfterTheOthersInTheirOrder) {
    thumbnail_cache thumbs({}, 64, /*start_worker=*/false);
    thumbs.request(folder / "art/tank.png", 1);  // on screen
    const std::vector<thumbnail_request> later = {{folder / "art/strip.png", 1},
                                                  {folder / "art/photos/sky.jpg", 1},
                                                  {folder / "art/tank.png", 1}};  // known
    thumbs.request_later(later);
    EXPECT_EQ(thumbs.outstanding(), 3u) << "a file asked for already is not queued again";
    thumbs.start();
    const std::vector<thumbnail> got = take(thumbs, 3, 4);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].source, folder / "art/tank.png");
    EXPECT_EQ(got[1].source, folder / "art/strip.png");
    EXPECT_EQ(got[2].source, folder / "art/photos/sky.jpg");
}

// --- dropping an image on the scene --------------------------------------------------------

struct SpriteDrop : AssetBrowser {
    SpriteDrop() { EXPECT_TRUE(s.save_as(folder / "scenes/main.scene.json")); }
    editor_state s;
};

TEST_F(SpriteDrop, AnImageBecomesASpriteEntityWhereItIsDroppedInOneUndoStep) {
    // The scene's project is the folder of its scene file here: paths relative to it.
    write_bytes(folder / "scenes/art/ship.png", png_bytes(64, 32));
    const std::size_t before = s.world().size();
    const std::size_t steps = s.history().undo_steps();
    const entity e = create_sprite_entity(s, "art/ship.png", {3.0f, -2.0f});
    ASSERT_TRUE(s.world().alive(e));
    EXPECT_EQ(s.world().size(), before + 1);
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Create ship");
    EXPECT_EQ(s.world().get<Transform>(e).position, glm::vec2(3.0f, -2.0f));
    const Sprite& sprite = s.world().get<Sprite>(e);
    EXPECT_STREQ(sprite.texture.path, "art/ship.png");
    EXPECT_EQ(sprite.size, glm::vec2(64.0f, 32.0f) / default_pixels_per_unit);
    EXPECT_TRUE(s.selection().contains(e));
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().size(), before);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.world().size(), before + 1);
}

TEST_F(SpriteDrop, ASheetFrameIsNamedAfterTheFrameAndSizedByIt) {
    fs::create_directories(folder / "scenes/art");
    fs::copy_file(folder / "art/strip.png", folder / "scenes/art/strip.png");
    fs::copy_file(folder / "art/tiles.sheet.json", folder / "scenes/art/tiles.sheet.json");
    const entity e = create_sprite_entity(s, "art/tiles.sheet.json", {0, 0}, 1);
    ASSERT_TRUE(s.world().alive(e));
    EXPECT_EQ(s.world().get<Sprite>(e).frame, 1);
    EXPECT_EQ(s.world().get<Sprite>(e).size, glm::vec2(8.0f, 4.0f) / default_pixels_per_unit);
    EXPECT_STREQ(s.world().get<Name>(e).value, "tiles right");
}

TEST_F(SpriteDrop, AMissingFileStillMakesTheEntityAndTheConsoleSaysWhy) {
    const entity e = create_sprite_entity(s, "art/gone.png", {0, 0});
    ASSERT_TRUE(s.world().alive(e));
    EXPECT_EQ(s.world().get<Sprite>(e).size, glm::vec2(1.0f, 1.0f));
    bool said = false;
    for (const auto& line : s.log().lines())
        said |= line.text.find("gone.png") != std::string::npos;
    EXPECT_TRUE(said);
    const std::string long_path(200, 'a');
    EXPECT_TRUE(create_sprite_entity(s, long_path, {0, 0}).is_null());
}

TEST_F(SpriteDrop, TheScriptVerbPlaceSpriteDoesTheSame) {
    write_bytes(folder / "scenes/art/ship.png", png_bytes(32, 32));
    const command* c = editor_commands().find_verb("place_sprite");
    ASSERT_NE(c, nullptr);
    command_context ctx{.state = s, .args = {"art/ship.png", "1.5", "2"}};
    EXPECT_EQ(command_table::run(*c, ctx), "");
    const entity e = s.selection().active();
    ASSERT_TRUE(s.world().alive(e));
    EXPECT_EQ(s.world().get<Transform>(e).position, glm::vec2(1.5f, 2.0f));
    command_context bad{.state = s, .args = {"art/ship.png", "x", "2"}};
    EXPECT_NE(command_table::run(*c, bad), "");
}

TEST_F(SpriteDrop, AnImagesImportSettingsSayItsPixelsPerUnitAndTheVerbWritesThem) {
    write_bytes(folder / "scenes/art/ship.png", png_bytes(64, 32));
    const command* c = editor_commands().find_verb("set_import");
    ASSERT_NE(c, nullptr);
    command_context ctx{.state = s, .args = {"art/ship.png", "pixels_per_unit", "16"}};
    EXPECT_EQ(command_table::run(*c, ctx), "");
    command_context pivot{.state = s, .args = {"art/ship.png", "pivot", "0.5", "1"}};
    EXPECT_EQ(command_table::run(*c, pivot), "");
    const image_import written = load_image_import(folder / "scenes/art/ship.png");
    EXPECT_EQ(written.pixels_per_unit, 16.0f);
    EXPECT_EQ(written.pivot, glm::vec2(0.5f, 1.0f));
    EXPECT_TRUE(fs::exists(folder / "scenes/art/ship.png.import.json"));
    const entity e = create_sprite_entity(s, "art/ship.png", {0, 0});
    EXPECT_EQ(s.world().get<Sprite>(e).size, glm::vec2(4.0f, 2.0f)) << "64 x 32 at 16 a unit";
    command_context bad{.state = s, .args = {"art/ship.png", "filter", "bicubic"}};
    EXPECT_NE(command_table::run(*c, bad), "");
}

// Unity's rule: pixels per unit sizes the image's sprites, those already placed too.
TEST_F(SpriteDrop, ChangingPixelsPerUnitResizesTheSpritesAlreadyPlacedInOneUndoStep) {
    write_bytes(folder / "scenes/art/ship.png", png_bytes(64, 32));
    write_bytes(folder / "scenes/art/rock.png", png_bytes(32, 32));
    const entity ship = create_sprite_entity(s, "art/ship.png", {0, 0});
    const entity big_ship = create_sprite_entity(s, "art/ship.png", {5, 0});
    const entity rock = create_sprite_entity(s, "art/rock.png", {9, 0});
    s.world().get<Sprite>(big_ship).size = {6.0f, 3.0f};  // resized by hand: 3 x its picture
    const std::size_t steps = s.history().undo_steps();
    const fs::path side_file = folder / "scenes/art/ship.png.import.json";
    ASSERT_FALSE(fs::exists(side_file));

    image_import settings;
    settings.pixels_per_unit = 16.0f;  // from 32: twice as large
    ASSERT_TRUE(set_image_import(s, "art/ship.png", settings));
    EXPECT_EQ(s.world().get<Sprite>(ship).size, glm::vec2(4.0f, 2.0f));
    EXPECT_EQ(s.world().get<Sprite>(big_ship).size, glm::vec2(12.0f, 6.0f))
        << "keeps its proportion to the picture";
    EXPECT_EQ(s.world().get<Sprite>(rock).size, glm::vec2(1.0f, 1.0f)) << "another image";
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Pixels per unit of ship.png");

    ASSERT_TRUE(s.undo());  // sizes and the side file as they were
    EXPECT_EQ(s.world().get<Sprite>(ship).size, glm::vec2(2.0f, 1.0f));
    EXPECT_EQ(s.world().get<Sprite>(big_ship).size, glm::vec2(6.0f, 3.0f));
    EXPECT_FALSE(fs::exists(side_file));
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.world().get<Sprite>(ship).size, glm::vec2(4.0f, 2.0f));
    EXPECT_EQ(load_image_import(folder / "scenes/art/ship.png").pixels_per_unit, 16.0f);

    // Another setting (the pivot) resizes nothing and is not an undo step.
    settings.pivot = {0.5f, 1.0f};
    ASSERT_TRUE(set_image_import(s, "art/ship.png", settings));
    EXPECT_EQ(s.world().get<Sprite>(ship).size, glm::vec2(4.0f, 2.0f));
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
}

}  // namespace
