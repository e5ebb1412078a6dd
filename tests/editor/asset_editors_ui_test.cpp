// The Sheet Editor and the Clip Editor, headless, driven through the Project panel's context
// menus as a user does: slice an image and save its sheet, build a clip from a sheet's frames
// and save it, open the clip again by double-click; and the Inspector's preview of what an
// Animator plays.
#include <cstring>
#include <filesystem>
#include <fstream>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>

#include "asset_ui_fixture.hpp"
#include "core/animation_editor.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string text_of(const fs::path& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), {}};
}

class AssetEditorsUiTest : public AssetUiTest {
protected:
    AssetEditorsUiTest() : AssetUiTest("asset_editors_ui") {
        write_bytes(folder / "art/hero.png", png_bytes(64, 32));
        write_strip_sheet();
        show_project();
        double_click("project/asset/art");
        imgui.frames(1);
    }
    void menu(const std::string& asset, const std::string& item) {
        imgui.click(at("project/asset/" + asset), 1);  // right click: the tile's menu
        imgui.frames(2);
        imgui.click(at("project/asset_menu/" + item));
        imgui.frames(3);
    }
};

TEST_F(AssetEditorsUiTest, SliceIntoSheetOpensTheSheetEditorWhoseSaveWritesTheSheet) {
    ASSERT_TRUE(has_item("project/asset/art/hero.png"));
    menu("art/hero.png", "Slice into Sheet...");
    ASSERT_TRUE(has_item("sheet/Save"));
    ASSERT_TRUE(has_item("sheet/image"));
    // The first guess for a 64 x 32 image: cells of its height.
    imgui.click(at("sheet/Save"));
    imgui.frames(3);
    const auto sheet = read_sheet_json(text_of(folder / "art/hero.sheet.json"), "hero.sheet.json");
    ASSERT_TRUE(sheet) << sheet.error;
    EXPECT_EQ(sheet.value->frames.size(), 2u);
    // The Project panel lists it at once, with its own menu.
    EXPECT_TRUE(has_item("project/asset/art/hero.sheet.json"));
    imgui.click(at("sheet/Close"));
    imgui.frames(2);
    EXPECT_FALSE(has_item("sheet/Save"));
    menu("art/hero.sheet.json", "Edit Sheet...");
    EXPECT_TRUE(has_item("sheet/Save"));
}

TEST_F(AssetEditorsUiTest, NewClipFromSheetBuildsAClipFromClickedFramesAndEditClipOpensIt) {
    menu("art/tiles.sheet.json", "New Clip from Sheet...");
    ASSERT_TRUE(has_item("clip/frame/left"));
    imgui.click(at("clip/frame/right"));
    imgui.click(at("clip/frame/left"));
    imgui.click(at("clip/frame/right"));
    imgui.frames(2);
    // A frame dragged from the sheet onto a row goes before it; a row dragged onto another
    // moves there.
    imgui.drag(at("clip/frame/left"), at("clip/row/0"), 12);
    imgui.frames(2);
    ASSERT_TRUE(has_item("clip/row/3"));
    imgui.drag(at("clip/row/0"), at("clip/row/3"), 12);
    imgui.frames(2);
    imgui.click(at("clip/remove/3"));
    imgui.frames(2);
    imgui.click(at("clip/Ping-pong"));
    imgui.frames(2);
    imgui.click(at("clip/Save"));
    imgui.frames(3);
    const clip_sheet_source sheets = [&](const std::string& path) {
        return read_sheet_json(text_of(folder / path), path);
    };
    const auto clip =
        read_clip_json(text_of(folder / "art/tiles.clip.json"), "tiles.clip.json", sheets);
    ASSERT_TRUE(clip) << clip.error;
    EXPECT_EQ(clip.value->wrap, clip_wrap::ping_pong);
    ASSERT_TRUE(clip.value->sprite);
    ASSERT_EQ(clip.value->sprite->frames.size(), 3u);
    EXPECT_EQ(clip.value->sprite->frames[0].name, "right");
    EXPECT_EQ(clip.value->sprite->frames[1].name, "left");
    imgui.click(at("clip/Close"));
    imgui.frames(2);
    ASSERT_FALSE(has_item("clip/Save"));
    // A clip's double-click opens it again, with its frames.
    ASSERT_TRUE(has_item("project/asset/art/tiles.clip.json"));
    imgui.click(at("project/asset/art/tiles.clip.json"));
    imgui.click(at("project/asset/art/tiles.clip.json"));
    imgui.frames(3);
    EXPECT_TRUE(has_item("clip/row/2"));
    EXPECT_FALSE(has_item("clip/row/3"));
}

// A clip of property tracks opens in the Animation tab on double-click (a sprite clip still
// opens in the Clip Editor, above); there its events are added, selected, dragged and removed
// with the mouse, each one undo step.
TEST_F(AssetEditorsUiTest, APropertyClipOpensInTheAnimationTabWhereItsEventsAreEdited) {
    write_text(folder / "art/bob.clip.json", R"({"version": 1, "length": 2, "tracks": [
  {"component": "Transform", "field": "position", "element": "y", "keys": [[0, 0], [2, 3]]}],
  "events": [{"time": 0.5, "name": "top"}]})");
    imgui.click(at("project/Refresh"));
    imgui.frames(3);
    ASSERT_TRUE(has_item("project/asset/art/bob.clip.json"));
    imgui.click(at("project/asset/art/bob.clip.json"));
    imgui.click(at("project/asset/art/bob.clip.json"));
    imgui.frames(3);
    animation_editor& a = state.animation();
    ASSERT_EQ(a.path(), "art/bob.clip.json");
    EXPECT_FALSE(has_item("clip/Save")) << "not the Clip Editor";
    ASSERT_TRUE(has_item("animation/track/Transform.position.y"));
    ASSERT_TRUE(has_item("animation/event/0"));

    // Add an event at the playhead (0 s), named in the field.
    imgui.click(at("animation/event name"));
    imgui.type("land");
    imgui.frames(1);
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("animation/Add Event"));
    imgui.frames(2);
    ASSERT_EQ(a.clip().events.size(), 2u);
    EXPECT_EQ(a.clip().events[0].name, "land");
    EXPECT_EQ(a.clip().events[0].time, 0.0f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    // Drag "top" (now event 1) right by a quarter of the ruler: 0.5 s later.
    const ImVec2 top = at("animation/event/1");
    const item_rect ruler = item("animation/ruler");
    const float quarter = (ruler.max.x - ruler.min.x) * 0.25f;
    imgui.drag(top, {top.x + quarter, top.y}, 6);
    imgui.frames(2);
    EXPECT_NEAR(a.clip().events[1].time, 1.0f, 0.06f);
    EXPECT_EQ(state.history().undo_steps(), steps + 2);
    // Remove the selected one; undo gives it back.
    imgui.click(at("animation/Remove Event"));
    imgui.frames(2);
    ASSERT_EQ(a.clip().events.size(), 1u);
    EXPECT_EQ(a.clip().events[0].name, "land");
    imgui.tap(key::z, /*ctrl=*/true);
    imgui.frames(2);
    EXPECT_EQ(a.clip().events.size(), 2u);
}

TEST_F(AssetEditorsUiTest, TheInspectorPreviewsWhatAnAnimatorPlays) {
    write_text(
        folder / "art/walk.clip.json",
        R"({"version": 1, "sprite": {"sheet": "art/tiles.sheet.json", "frames": ["left", "right"]}})");
    const entity e = create_entity(state, "Walker");
    ASSERT_TRUE(add_component(state, std::vector<entity>{e}, state.table().find("Sprite")->type));
    ASSERT_TRUE(add_component(state, std::vector<entity>{e}, state.table().find("Animator")->type));
    std::strcpy(state.world().get<Animator>(e).clip.path, "art/walk.clip.json");
    state.selection().clear();
    imgui.frames(2);
    EXPECT_FALSE(has_item("inspector/Animation preview")) << "nothing selected";
    state.selection().select(e);
    imgui.frames(3);
    EXPECT_TRUE(has_item("inspector/Animation preview"));
}

}  // namespace
}  // namespace mosaic::testing
