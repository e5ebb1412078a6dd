// Renaming and moving assets in the Project panel, headless: the tile's Rename... modal (type
// a name, Enter), a tile dragged onto a folder tile and onto the path bar, each updating the
// sprite that shows the file; and the "Moved outside the editor" window's Fix references.
#include <filesystem>

#include <mosaic/engine/components.hpp>

#include "asset_ui_fixture.hpp"
#include "core/asset_actions.hpp"
#include "core/asset_rename.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class AssetRenameUiTest : public AssetUiTest {
protected:
    AssetRenameUiTest() : AssetUiTest("asset_rename_ui") {
        write_bytes(folder / "art/tank.png", png_bytes(16, 8));
        write_text(folder / "art/tank.png.import.json", "{\"pixels_per_unit\": 8}\n");
        fs::create_directories(folder / "art/units");
        sprite = create_sprite_entity(state, "art/tank.png", {0, 0});
        show_project();
        enter_folder("art");
    }
    std::string texture() { return state.world().get<Sprite>(sprite).texture.path; }
    entity sprite;
};

TEST_F(AssetRenameUiTest, RenameFromTheTilesMenuTypeANameAndEnter) {
    imgui.click(at("project/asset/art/tank.png"), 1);  // right click: the tile's menu
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Rename..."));
    imgui.frames(3);
    ASSERT_TRUE(has_item("rename/name"));
    imgui.tap(key::a, true);  // the name is selected already; replace it
    imgui.type("hull.png");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_FALSE(has_item("rename/name")) << "the modal closes";
    EXPECT_TRUE(fs::exists(folder / "art/hull.png"));
    EXPECT_TRUE(fs::exists(folder / "art/hull.png.import.json"));
    EXPECT_FALSE(fs::exists(folder / "art/tank.png"));
    EXPECT_EQ(texture(), "art/hull.png");
    EXPECT_TRUE(has_item("project/asset/art/hull.png"));
}

TEST_F(AssetRenameUiTest, ARenameOntoAnExistingFileIsRefusedInTheModal) {
    write_bytes(folder / "art/other.png", png_bytes(4, 4));
    imgui.click(at("project/asset/art/tank.png"), 1);
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Rename..."));
    imgui.frames(3);
    imgui.tap(key::a, true);
    imgui.type("other.png");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_TRUE(has_item("rename/name")) << "still open, saying why";
    EXPECT_TRUE(fs::exists(folder / "art/tank.png"));
    EXPECT_EQ(texture(), "art/tank.png");
    imgui.tap(key::escape);
    imgui.frames(2);
    EXPECT_FALSE(has_item("rename/name"));
}

TEST_F(AssetRenameUiTest, DraggedOntoAFolderTileOrThePathBarTheFileMoves) {
    imgui.drag(at("project/asset/art/tank.png"), at("project/asset/art/units"), 12);
    imgui.frames(2);
    EXPECT_TRUE(fs::exists(folder / "art/units/tank.png"));
    EXPECT_TRUE(fs::exists(folder / "art/units/tank.png.import.json"));
    EXPECT_EQ(texture(), "art/units/tank.png");
    // Into the folder, then onto the path bar's "project": to the project folder.
    imgui.frames(30);
    imgui.click(at("project/asset/art/units"));
    imgui.click(at("project/asset/art/units"));
    imgui.frames(30);
    imgui.drag(at("project/asset/art/units/tank.png"), at("project/folder/"), 12);
    imgui.frames(2);
    EXPECT_TRUE(fs::exists(folder / "tank.png"));
    EXPECT_EQ(texture(), "tank.png");
}

TEST_F(AssetRenameUiTest, FilesMovedOutsideAreListedWithFixReferences) {
    ASSERT_TRUE(state.save());  // the scene file names art/tank.png
    fs::rename(folder / "art/tank.png", folder / "tank_moved.png");  // git mv
    imgui.click(at("project/Refresh"));
    imgui.frames(3);
    ASSERT_TRUE(has_item("project/outside/Fix references"));
    imgui.click(at("project/outside/Fix references"));
    imgui.frames(2);
    EXPECT_EQ(texture(), "tank_moved.png");
    EXPECT_FALSE(has_item("project/outside/Fix references"));
    EXPECT_TRUE(check_outside_renames(state, false).empty());
}

}  // namespace
}  // namespace mosaic::testing
