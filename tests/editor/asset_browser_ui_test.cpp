// The Project panel as an asset browser, headless: folders walked by double-click and the
// path bar, search and the kind filter, thumbnails arriving from their thread, and drags: an
// image or a sheet frame onto the Scene view (a sprite entity, one undo step) and onto the
// Inspector's Sprite.texture (set, one undo step).
#include <filesystem>

#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/components.hpp>

#include "asset_ui_fixture.hpp"
#include "core/asset_actions.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class AssetBrowserUiTest : public AssetUiTest {
protected:
    AssetBrowserUiTest() : AssetUiTest("asset_browser_ui") {
        write_bytes(folder / "art/tank.png", png_bytes(64, 32));
        write_strip_sheet();
        write_text(folder / "fonts/title.ttf", "x");
        show_project();
    }
    void go_to_art() {
        double_click("project/asset/art");
        ASSERT_EQ(panel().assets().folder(), "art");
        frames_until_thumbnails();
    }
};

TEST_F(AssetBrowserUiTest, DoubleClickWalksIntoAFolderAndThePathBarWalksBack) {
    EXPECT_TRUE(has_item("project/asset/art"));
    EXPECT_TRUE(has_item("project/asset/fonts"));
    EXPECT_FALSE(has_item("project/asset/art/tank.png"));
    go_to_art();
    EXPECT_TRUE(has_item("project/asset/art/tank.png"));
    EXPECT_TRUE(has_item("project/asset/art/tiles.sheet.json"));
    EXPECT_TRUE(has_item("project/folder/art"));
    imgui.click(at("project/folder/"));
    imgui.frames(2);
    EXPECT_EQ(panel().assets().folder(), "");
    EXPECT_TRUE(has_item("project/asset/art"));
}

TEST_F(AssetBrowserUiTest, SearchAndTheKindFilterNarrowTheTiles) {
    imgui.click(at("project/search"));
    imgui.type("TANK");
    imgui.frames(3);
    EXPECT_TRUE(has_item("project/asset/art/tank.png")) << "a search looks in subfolders";
    EXPECT_FALSE(has_item("project/asset/art/strip.png"));
    EXPECT_FALSE(has_item("project/asset/art"));
    imgui.tap(key::a, true);
    imgui.tap(key::backspace);
    imgui.frames(2);
    go_to_art();
    imgui.click(at("project/filter"));
    imgui.frames(2);
    imgui.click(at("project/filter/Sprite sheets"));
    imgui.frames(2);
    imgui.tap(key::escape);
    imgui.frames(2);
    EXPECT_TRUE(has_item("project/asset/art/tiles.sheet.json"));
    EXPECT_FALSE(has_item("project/asset/art/tank.png"));
}

TEST_F(AssetBrowserUiTest, ThumbnailsArriveFromTheWorkerAFewAFrame) {
    go_to_art();
    EXPECT_EQ(panel().assets().thumbnails_waiting(), 0u);
    EXPECT_GE(panel().assets().thumbnails_shown(), 3u) << "two images and a sheet";
    // A sheet's frames show on double-click, each a tile of its own.
    EXPECT_FALSE(has_item("project/asset/art/tiles.sheet.json#1"));
    double_click("project/asset/art/tiles.sheet.json");
    EXPECT_TRUE(has_item("project/asset/art/tiles.sheet.json#0"));
    EXPECT_TRUE(has_item("project/asset/art/tiles.sheet.json#1"));
}

TEST_F(AssetBrowserUiTest, AnImageDraggedOntoTheSceneViewIsASpriteWhereItIsDropped) {
    go_to_art();
    const std::size_t before = state.world().size();
    const std::size_t steps = state.history().undo_steps();
    const item_rect view = item("scene/view");
    const ImVec2 drop{view.min.x + (view.max.x - view.min.x) * 0.75f, view.center().y};
    imgui.drag(at("project/asset/art/tank.png"), drop, 12);
    imgui.frames(2);
    ASSERT_EQ(state.world().size(), before + 1);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_EQ(state.history().undo_label(), "Create tank");
    const entity e = state.selection().active();
    ASSERT_TRUE(state.world().alive(e));
    EXPECT_STREQ(state.world().get<Sprite>(e).texture.path, "art/tank.png");
    EXPECT_GT(state.world().get<Transform>(e).position.x, 0.1f) << "right of the centre";
    ASSERT_TRUE(state.undo());
    EXPECT_EQ(state.world().size(), before);
}

TEST_F(AssetBrowserUiTest, ASheetFrameDraggedOntoTheSceneViewShowsThatFrame) {
    go_to_art();
    double_click("project/asset/art/tiles.sheet.json");
    imgui.frames(30);  // past the double-click time
    imgui.drag(at("project/asset/art/tiles.sheet.json#1"), item("scene/view").center(), 12);
    imgui.frames(2);
    const entity e = state.selection().active();
    ASSERT_TRUE(state.world().alive(e));
    EXPECT_STREQ(state.world().get<Sprite>(e).texture.path, "art/tiles.sheet.json");
    EXPECT_EQ(state.world().get<Sprite>(e).frame, 1);
    EXPECT_STREQ(state.world().get<Name>(e).value, "tiles right");
}

TEST_F(AssetBrowserUiTest, AFileDroppedOnAnAssetFieldOfTheInspectorSetsIt) {
    const entity e = create_entity(state, "Box");
    ASSERT_TRUE(add_component(state, std::vector<entity>{e}, state.table().find("Sprite")->type));
    imgui.frames(3);
    go_to_art();
    ASSERT_TRUE(has_item("inspector/Sprite.texture"));
    const std::size_t steps = state.history().undo_steps();
    imgui.drag(at("project/asset/art/tank.png"), at("inspector/Sprite.texture"), 12);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Sprite>(e).texture.path, "art/tank.png");
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    ASSERT_TRUE(state.undo());
    EXPECT_STREQ(state.world().get<Sprite>(e).texture.path, "");
    // A folder is not an asset: dropping one changes nothing.
    imgui.frames(30);
    imgui.click(at("project/folder/"));
    imgui.frames(2);
    imgui.drag(at("project/asset/art"), at("inspector/Sprite.texture"), 12);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Sprite>(e).texture.path, "");
}

TEST_F(AssetBrowserUiTest, AnImagesMenuOpensItsImportSettingsWhichSaveAtOnce) {
    go_to_art();
    imgui.click(at("project/asset/art/tank.png"), 1);  // right click: the tile's menu
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Import Settings..."));
    imgui.frames(2);
    ASSERT_TRUE(has_item("import/Bottom"));
    EXPECT_FALSE(fs::exists(folder / "art/tank.png.import.json"));
    imgui.click(at("import/Bottom"));
    imgui.frames(2);
    const image_import saved = load_image_import(folder / "art/tank.png");
    EXPECT_EQ(saved.pivot, glm::vec2(0.5f, 1.0f));
    EXPECT_TRUE(fs::exists(folder / "art/tank.png.import.json"));
}

TEST_F(AssetBrowserUiTest, AFolderOfManyImagesAsksForItsThumbnailsABatchAFrame) {
    const int count = 300;
    for (int i = 0; i < count; ++i)
        write_bytes(folder / "many" / ("image_" + std::to_string(i) + ".png"), png_bytes(4, 4));
    imgui.click(at("project/Refresh"));
    imgui.frames(2);
    double_click("project/asset/many");
    ASSERT_EQ(panel().assets().folder(), "many");
    // A frame asks for one batch at most; the rest waits for later frames.
    const std::size_t waiting = panel().assets().thumbnails_to_ask();
    ASSERT_GT(waiting, asset_grid::requests_per_frame);
    imgui.frames(1);
    const std::size_t asked = waiting - panel().assets().thumbnails_to_ask();
    EXPECT_GT(asked, 0u);
    EXPECT_LE(asked, asset_grid::requests_per_frame);
    frames_until_thumbnails();
    EXPECT_EQ(panel().assets().thumbnails_to_ask(), 0u);
    EXPECT_EQ(panel().assets().thumbnails_shown(), static_cast<std::size_t>(count));
}

TEST_F(AssetBrowserUiTest, PixelsPerUnitTypedInImportSettingsResizesTheSpritesPlaced) {
    go_to_art();
    const entity placed = create_sprite_entity(state, "art/tank.png", {0, 0});
    ASSERT_EQ(state.world().get<Sprite>(placed).size, glm::vec2(2.0f, 1.0f)) << "64 x 32 at 32";
    imgui.frames(30);  // past the double-click time
    imgui.click(at("project/asset/art/tank.png"), 1);
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Import Settings..."));
    imgui.frames(2);
    type_into("import/Pixels per unit", "64");
    EXPECT_EQ(load_image_import(folder / "art/tank.png").pixels_per_unit, 64.0f);
    EXPECT_EQ(state.world().get<Sprite>(placed).size, glm::vec2(1.0f, 0.5f));
    EXPECT_EQ(state.history().undo_label(), "Pixels per unit of tank.png");
    ASSERT_TRUE(state.undo());
    imgui.frames(2);
    EXPECT_EQ(state.world().get<Sprite>(placed).size, glm::vec2(2.0f, 1.0f));
    EXPECT_EQ(load_image_import(folder / "art/tank.png").pixels_per_unit, 32.0f);
}

}  // namespace
}  // namespace mosaic::testing
