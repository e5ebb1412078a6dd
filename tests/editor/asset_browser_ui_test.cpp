// The Project panel as an asset browser, headless: folders walked by double-click and the
// path bar, search and the kind filter, thumbnails arriving from their thread, and drags: an
// image or a sheet frame onto the Scene view (a sprite entity, one undo step) and onto the
// Inspector's Sprite.texture (set, one undo step).
#include <chrono>
#include <filesystem>
#include <thread>

#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/components.hpp>

#include "../engine/assets/asset_test_support.hpp"  // PNG files
#include "editor_ui_test_support.hpp"
#include "scene_in_folder.hpp"
#include "ui/project_panel.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class AssetBrowserUiTest : public SceneInFolderUiTest {
protected:
    AssetBrowserUiTest() : SceneInFolderUiTest("asset_browser_ui") {
        write_bytes(folder / "art/tank.png", png_bytes(64, 32));
        write_bytes(folder / "art/strip.png", png_bytes(16, 4));
        write_text(folder / "art/tiles.sheet.json",
                   R"({"version": 1, "image": "strip.png", "image_size": [16, 4], "frames": [
  {"name": "left", "rect": [0, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100},
  {"name": "right", "rect": [8, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100}]})");
        write_text(folder / "fonts/title.ttf", "x");
        imgui.frames(2);
        imgui.click(at("tab/Project"));
        imgui.frames(2);
        imgui.click(at("project/Refresh"));  // the files written after the first scan
        imgui.frames(2);
    }
    const project_panel& panel() {
        const auto* p = dynamic_cast<const project_panel*>(ui.find_panel("project"));
        EXPECT_NE(p, nullptr);
        return *p;
    }
    void double_click(const std::string& name) {
        imgui.click(at(name));
        imgui.click(at(name));
        imgui.frames(2);
    }
    /// Frames until every thumbnail asked for is in (the worker is another thread).
    void frames_until_thumbnails() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        imgui.frames(2);
        while (panel().assets().thumbnails_waiting() > 0 &&
               std::chrono::steady_clock::now() < deadline) {
            imgui.frame();
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        imgui.frames(2);
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

}  // namespace
}  // namespace mosaic::testing
