// Painting tiles through the real panels, headless: with a Tilemap selected and Paint on (T),
// a mouse drag in the Scene view paints the cells under it and Ctrl+Z undoes the whole drag
// as one step; without Paint the same drag selects as before; `]` and `[` cycle the tile,
// B/G/X pick tools; the Tiles tab lists the tileset's tiles.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class TilePaletteTest : public EditorUiTest {
protected:
    entity make_map() {
        const entity map = create_entity(state, "Level");
        Tilemap info{.tile_size = {1.0f, 1.0f}, .width = 20, .height = 10};
        std::strncpy(info.tileset.path, "level.tileset.json", sizeof info.tileset.path - 1);
        state.world().add<Tilemap>(map, info);
        state.world().get<Transform>(map).position = {-5.0f, -2.0f};
        state.selection().select(map);
        return map;
    }
    ImVec2 screen(glm::vec2 world_point) {
        const item_rect view = item("scene/view");
        const glm::vec2 size{view.max.x - view.min.x, view.max.y - view.min.y};
        const glm::vec2 p = ui.state().scene.camera.world_to_screen(world_point, size);
        return {view.min.x + p.x, view.min.y + p.y};
    }
    std::int32_t tile(entity map, int x, int y) {
        return tile_access(state.world(), map).get(x, y);
    }
};

TEST_F(TilePaletteTest, ADragPaintsCellsAndCtrlZUndoesTheWholeStroke) {
    const entity map = make_map();
    imgui.frames(3);
    ui.state().scene.tiles.tile = 2;
    imgui.tap(key::t);  // Paint on
    EXPECT_TRUE(ui.state().scene.tiles.painting);
    const std::size_t steps = state.history().undo_steps();
    // Cells (1, 2) to (6, 2) of the map: world x -3.5 .. 1.5 at y 0.5.
    imgui.drag(screen({-3.5f, 0.5f}), screen({1.5f, 0.5f}), 6);
    imgui.frames(2);
    for (int x = 1; x <= 6; ++x) EXPECT_EQ(tile(map, x, 2), 2) << x;
    EXPECT_EQ(tile(map, 0, 2), 0);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_EQ(state.selection().active(), map) << "painting does not change the selection";

    imgui.tap(key::z, /*ctrl=*/true);
    for (int x = 1; x <= 6; ++x) EXPECT_EQ(tile(map, x, 2), 0) << x;
    EXPECT_EQ(state.history().undo_steps(), steps);
}

TEST_F(TilePaletteTest, WithoutPaintADragDoesNotPaint) {
    const entity map = make_map();
    imgui.frames(3);
    ASSERT_FALSE(ui.state().scene.tiles.painting);
    imgui.drag(screen({-3.5f, 0.5f}), screen({1.5f, 0.5f}), 6);
    EXPECT_EQ(tile(map, 3, 2), 0);
}

TEST_F(TilePaletteTest, KeysPickToolsAndCycleTiles) {
    make_map();
    imgui.frames(2);
    tile_brush& brush = ui.state().scene.tiles;
    brush.tile_count = 3;
    brush.tile = 1;
    imgui.tap(key_right_bracket);
    EXPECT_EQ(brush.tile, 2);
    imgui.tap(key_left_bracket);
    imgui.tap(key_left_bracket);
    EXPECT_EQ(brush.tile, 3);
    imgui.tap(key::g);
    EXPECT_EQ(brush.tool, tile_tool::fill);
    EXPECT_TRUE(brush.painting);
    imgui.tap(key::x);
    EXPECT_EQ(brush.tool, tile_tool::erase);
    imgui.tap(key::u);
    EXPECT_EQ(brush.tool, tile_tool::rectangle);
    imgui.tap(key::i);
    EXPECT_EQ(brush.tool, tile_tool::picker);
    imgui.tap(key::b);
    EXPECT_EQ(brush.tool, tile_tool::brush);
}

TEST_F(TilePaletteTest, TheTilesTabListsTheTilesetsTiles) {
    // Absolute paths: an untitled scene's project folder is the working folder.
    const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                         ("mosaic-tile-palette-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "sheet.json") << R"({"version": 1, "image": "none.png", "frames": [)"
                                         << R"({"name": "a", "rect": [0, 0, 1, 1]},)"
                                         << R"({"name": "b", "rect": [1, 0, 1, 1]}]})";
    std::ofstream(folder / "level.tileset.json")
        << R"({"version": 1, "sheet": ")" << (folder / "sheet.json").string() << R"("})";
    const entity map = make_map();
    const std::string tileset = (folder / "level.tileset.json").string();
    Tilemap& info = state.world().get<Tilemap>(map);
    std::memset(info.tileset.path, 0, sizeof info.tileset.path);
    std::strncpy(info.tileset.path, tileset.c_str(), sizeof info.tileset.path - 1);
    ui.state().events.post(show_panel{"tiles"});
    imgui.frames(3);
    EXPECT_TRUE(has_item("tiles/tile 1"));
    EXPECT_TRUE(has_item("tiles/tile 2"));
    EXPECT_FALSE(has_item("tiles/tile 3"));
    EXPECT_EQ(ui.state().scene.tiles.tile_count, 2);
    imgui.click(at("tiles/tile 2"));
    EXPECT_EQ(ui.state().scene.tiles.tile, 2);
    EXPECT_TRUE(ui.state().scene.tiles.painting) << "choosing a tile paints";
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace mosaic::testing
