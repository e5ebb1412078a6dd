// Painting tiles (core/tile_paint.hpp), headless: a brush drag covers every cell between the
// mouse positions and is ONE undo step (chunks it made go on undo and come back with their
// ids on redo); the rectangle follows the mouse; flood fill replaces one region only, inside
// the map and bounded; erase and the picker; `[`/`]` cycling; the cell under a world point.
#include <gtest/gtest.h>

#include <cstring>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "core/editor_state.hpp"
#include "core/tile_paint.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

std::string snapshot_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

entity make_map(editor_state& s, int width = 64, int height = 64) {
    world& w = s.world();
    const entity map = w.create();
    w.add<Transform>(map, Transform{.position = {-2.0f, 1.0f}});
    Tilemap t;
    t.width = width;
    t.height = height;
    t.tile_size = {0.5f, 0.5f};
    w.add<Tilemap>(map, t);
    s.scene().ensure_id(map);
    return map;
}

std::int32_t tile(editor_state& s, entity map, int x, int y, int layer = 0) {
    return tile_access(s.world(), map).get(x, y, layer);
}

std::size_t chunks(editor_state& s) {
    std::size_t n = 0;
    s.world().view<const TileChunk>().each([&](entity, const TileChunk&) { ++n; });
    return n;
}

TEST(TilePaint, LineCellsLeaveNoGaps) {
    const std::vector<tile_cell> line = line_cells({0, 0}, {5, 2});
    ASSERT_EQ(line.front(), (tile_cell{0, 0}));
    ASSERT_EQ(line.back(), (tile_cell{5, 2}));
    EXPECT_EQ(line.size(), 6u);
    for (std::size_t i = 1; i < line.size(); ++i) {
        EXPECT_LE(std::abs(line[i].x - line[i - 1].x), 1);
        EXPECT_LE(std::abs(line[i].y - line[i - 1].y), 1);
    }
    EXPECT_EQ(line_cells({3, 3}, {3, 3}).size(), 1u);
}

TEST(TilePaint, ABrushStrokeIsOneUndoStepAcrossChunks) {
    editor_state s;
    const entity map = make_map(s);
    const std::string before = snapshot_text(s);
    const std::size_t steps = s.history().undo_steps();
    tile_brush brush{.tool = tile_tool::brush, .tile = 3};
    tile_stroke stroke;
    stroke.begin(s, map, brush, {2, 5});
    stroke.drag_to(s, {20, 5});
    stroke.drag_to(s, {40, 5});         // into the second chunk
    EXPECT_EQ(tile(s, map, 30, 5), 3);  // live while dragging
    EXPECT_EQ(stroke.finish(s), 39u);
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Paint Tiles");
    for (int x = 2; x <= 40; ++x) EXPECT_EQ(tile(s, map, x, 5), 3) << x;
    EXPECT_EQ(tile(s, map, 41, 5), 0);
    EXPECT_EQ(chunks(s), 2u);
    const std::string painted = snapshot_text(s);

    ASSERT_TRUE(s.undo());
    EXPECT_EQ(chunks(s), 0u);
    EXPECT_EQ(snapshot_text(s), before);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(snapshot_text(s), painted);  // the same chunk ids and tiles

    // A second stroke over an existing chunk: undo gives back the first stroke's tiles.
    tile_brush erase{.tool = tile_tool::erase};
    stroke.begin(s, map, erase, {10, 5});
    stroke.drag_to(s, {12, 5});
    EXPECT_EQ(stroke.finish(s), 3u);
    EXPECT_EQ(s.history().undo_label(), "Erase Tiles");
    EXPECT_EQ(tile(s, map, 11, 5), 0);
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(snapshot_text(s), painted);
}

TEST(TilePaint, AStrokeThatChangesNothingRecordsNothing) {
    editor_state s;
    const entity map = make_map(s);
    const std::size_t steps = s.history().undo_steps();
    tile_brush erase{.tool = tile_tool::erase};
    tile_stroke stroke;
    stroke.begin(s, map, erase, {1, 1});
    stroke.drag_to(s, {100, 100});  // past the map: ignored
    EXPECT_EQ(stroke.finish(s), 0u);
    EXPECT_EQ(s.history().undo_steps(), steps);
    EXPECT_FALSE(stroke.active());
}

TEST(TilePaint, TheRectangleFollowsTheMouseAndLeavesWhatItLeft) {
    editor_state s;
    const entity map = make_map(s);
    tile_access(s.world(), map).set(6, 6, 9);  // under the first extent, not the last
    tile_brush brush{.tool = tile_tool::rectangle, .tile = 2};
    tile_stroke stroke;
    stroke.begin(s, map, brush, {1, 1});
    stroke.drag_to(s, {40, 8});  // two chunks
    EXPECT_EQ(tile(s, map, 40, 8), 2);
    EXPECT_EQ(tile(s, map, 6, 6), 2);
    stroke.drag_to(s, {3, 2});
    EXPECT_EQ(tile(s, map, 40, 8), 0);
    EXPECT_EQ(tile(s, map, 6, 6), 9);
    EXPECT_EQ(stroke.finish(s), 6u);  // 3 x 2
    EXPECT_EQ(chunks(s), 1u);         // the chunk the first extent made is gone
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(tile(s, map, 2, 2), 0);
    EXPECT_EQ(tile(s, map, 6, 6), 9);
}

TEST(TilePaint, FloodFillReplacesOneRegionInsideTheMap) {
    editor_state s;
    const entity map = make_map(s, 40, 10);
    {
        tile_access tiles(s.world(), map);
        for (int y = 0; y < 10; ++y) tiles.set(20, y, 5);  // a wall splits the map
    }
    tile_brush brush{.tool = tile_tool::fill, .tile = 7};
    tile_stroke stroke;
    stroke.begin(s, map, brush, {3, 3});
    EXPECT_EQ(stroke.finish(s), 200u);  // 20 x 10 left of the wall
    EXPECT_EQ(tile(s, map, 0, 0), 7);
    EXPECT_EQ(tile(s, map, 19, 9), 7);
    EXPECT_EQ(tile(s, map, 20, 4), 5);
    EXPECT_EQ(tile(s, map, 21, 4), 0);
    EXPECT_EQ(tile(s, map, 40, 4), 0);  // outside the map
    EXPECT_FALSE(stroke.fill_truncated());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(tile(s, map, 0, 0), 0);
    EXPECT_EQ(tile(s, map, 20, 4), 5);

    // Filling with the tile already there changes nothing.
    brush.tile = 5;
    stroke.begin(s, map, brush, {20, 0});
    EXPECT_EQ(stroke.finish(s), 0u);
}

TEST(TilePaint, FloodFillIsBounded) {
    editor_state s;
    const entity map = make_map(s, 100, 100);
    tile_brush brush{.tool = tile_tool::fill, .tile = 1};
    tile_stroke stroke;
    stroke.set_fill_cap(5000);  // max_fill_cells on a map of more than a million cells
    stroke.begin(s, map, brush, {0, 0});
    EXPECT_EQ(stroke.finish(s), 5000u);
    EXPECT_TRUE(stroke.fill_truncated());
    stroke.set_fill_cap(max_fill_cells);
    stroke.begin(s, map, brush, {99, 99});  // the rest of the map
    EXPECT_EQ(stroke.finish(s), 5000u);
    EXPECT_FALSE(stroke.fill_truncated());
}

TEST(TilePaint, ThePickerSelectsTheTileUnderTheMouse) {
    editor_state s;
    const entity map = make_map(s);
    tile_access(s.world(), map).set(4, 4, 6, 1);
    tile_brush brush{.tool = tile_tool::picker, .tile = 1, .layer = 1};
    tile_stroke stroke;
    const std::size_t steps = s.history().undo_steps();
    stroke.begin(s, map, brush, {4, 4});
    EXPECT_EQ(brush.tile, 6);
    EXPECT_FALSE(stroke.active());
    stroke.begin(s, map, brush, {5, 5});  // an empty cell keeps the tile
    EXPECT_EQ(brush.tile, 6);
    EXPECT_EQ(s.history().undo_steps(), steps);
}

TEST(TilePaint, BracketsCycleTheSelectedTile) {
    tile_brush brush{.tile = 1, .tile_count = 4};
    brush.cycle(-1);
    EXPECT_EQ(brush.tile, 4);
    brush.cycle(+1);
    EXPECT_EQ(brush.tile, 1);
    brush.cycle(+1);
    EXPECT_EQ(brush.tile, 2);
    brush.tile = 99;  // a tile from a bigger tileset
    brush.cycle(+1);
    EXPECT_EQ(brush.tile, 1);
}

TEST(TilePaint, CellUnderAWorldPoint) {
    editor_state s;
    const entity map = make_map(s);  // at (-2, 1), tiles of 0.5
    EXPECT_EQ(cell_at(s.world(), map, {-1.9f, 1.1f}), (tile_cell{0, 0}));
    EXPECT_EQ(cell_at(s.world(), map, {0.1f, 2.6f}), (tile_cell{4, 3}));
    EXPECT_EQ(cell_at(s.world(), map, {-2.1f, 0.9f}), (tile_cell{-1, -1}));
    EXPECT_FALSE(cell_at(s.world(), s.world().create(), {0.0f, 0.0f}));
    const entity chunk = tile_access(s.world(), map).set(1, 1, 1)
                             ? *tile_access(s.world(), map).chunk_at(1, 1)
                             : null_entity;
    EXPECT_EQ(tilemap_of(s.world(), chunk), map);
    EXPECT_EQ(tilemap_of(s.world(), map), map);
}

TEST(TilePaint, OutlinedCellsAreOnlyTheMapsOwn) {
    editor_state s;
    const entity map = make_map(s, 8, 4);  // at (-2, 1), tiles of 0.5
    const auto inside = cell_corners(s.world(), map, {7, 3});
    ASSERT_TRUE(inside);
    EXPECT_FLOAT_EQ((*inside)[0].x, -2.0f + 7 * 0.5f);
    EXPECT_FLOAT_EQ((*inside)[0].y, 1.0f + 3 * 0.5f);
    EXPECT_FLOAT_EQ((*inside)[2].x, -2.0f + 8 * 0.5f);
    // The mouse over the map's border and beyond: no outline (the paint would do nothing).
    for (const tile_cell outside :
         {tile_cell{-1, 0}, tile_cell{0, -1}, tile_cell{8, 0}, tile_cell{0, 4}, tile_cell{-5, 20}})
        EXPECT_FALSE(cell_corners(s.world(), map, outside)) << outside.x << "," << outside.y;
    EXPECT_FALSE(cell_corners(s.world(), s.world().create(), {0, 0}));
}

}  // namespace
