// Tile chunks in scene files: a chunk's 1,024 tiles are 32 rows of "7 10*30 8" (number_rows.hpp),
// not 1,024 lines; the older one-number-a-line form still loads; bad rows are errors naming
// the row; the merge driver merges two branches painting different cells of one row.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/number_rows.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/engine/scene/scene_merge.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

namespace {

using namespace mosaic;

std::vector<std::int64_t> read_row(std::string_view text, std::size_t most = 64) {
    std::vector<std::int64_t> out;
    const auto error = read_number_row(text, most, out);
    EXPECT_FALSE(error) << *error;
    return out;
}

std::string row_error(std::string_view text, std::size_t most = 64) {
    std::vector<std::int64_t> out;
    const auto error = read_number_row(text, most, out);
    return error ? *error : std::string("(no error)");
}

component_table builtin_table() {
    component_table table;
    register_builtin_components(table);
    return table;
}

std::string saved(scene& s, const component_table& table) {
    std::ostringstream out;
    EXPECT_TRUE(save_scene_json(s, table, out).empty());
    return out.str();
}

// A map with tiles at the given cells (x, y, tile) of layer 0.
struct painted {
    int x, y;
    std::int32_t tile;
};
std::string map_scene(const component_table& table, std::initializer_list<painted> cells) {
    scene s;
    const entity map = s.world.create();
    s.world.add<Tilemap>(map, Tilemap{.width = 64, .height = 64});
    tile_access tiles(s.world, map);
    tiles.set(0, 0, 1);
    for (const painted& p : cells) tiles.set(p.x, p.y, p.tile);
    return saved(s, table);
}

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST(NumberRows, WritesRunsOfThreeOrMoreAndReadsThemBack) {
    const std::vector<std::int64_t> row = {7, 10, 10, 10, 10, 8, 8, 0, 0, 0, -3};
    EXPECT_EQ(write_number_row(row), "7 10*4 8 8 0*3 -3");
    EXPECT_EQ(read_row("7 10*4 8 8 0*3 -3"), row);
    EXPECT_EQ(read_row("  1\t2*2  "), (std::vector<std::int64_t>{1, 2, 2}));
    EXPECT_EQ(read_row(""), std::vector<std::int64_t>{});
    EXPECT_EQ(write_number_row(std::vector<std::int64_t>(32, 0)), "0*32");
}

TEST(NumberRows, BadRowsSayWhatAndWhere) {
    EXPECT_EQ(row_error("1 x 3").substr(0, 40), "'x' at character 3 is not a whole number");
    EXPECT_NE(row_error("1 2.5").find("'2.5' at character 3 is not a whole number"),
              std::string::npos);
    EXPECT_NE(row_error("4*").find("no count of copies"), std::string::npos);
    EXPECT_NE(row_error("4*0").find("no count of copies"), std::string::npos);
    EXPECT_NE(row_error("+4").find("not a whole number"), std::string::npos);
    EXPECT_NE(row_error("99999999999999999999").find("out of the range"), std::string::npos);
    // A huge run is refused before anything is made of it.
    EXPECT_EQ(row_error("1 0*99999999999999", 32),
              "too many numbers: '0*99999999999999' at character 3 goes past the 31 left");
    EXPECT_EQ(row_error("0*99999999999999999999999", 32).substr(0, 17), "too many numbers:");
}

TEST(TileChunkFile, AChunkIsThirtyTwoRowsNotAThousandLines) {
    const component_table table = builtin_table();
    const std::string text = map_scene(table, {{5, 0, 3}, {6, 0, 3}, {7, 0, 3}, {2, 31, 9}});
    EXPECT_NE(text.find("\"1 0*4 3*3 0*24\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"0 0 9 0*29\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"0*32\""), std::string::npos);
    EXPECT_LT(lines(text), 120u) << text;
    // It reads back as the same tiles, and writes the same text again.
    auto loaded = load_scene_json(text, table, "map.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(saved(*loaded.value, table), text);
    const entity map = loaded.value->world.view<Tilemap>().front();
    tile_access tiles(loaded.value->world, map);
    EXPECT_EQ(tiles.get(0, 0), 1);
    EXPECT_EQ(tiles.get(6, 0), 3);
    EXPECT_EQ(tiles.get(2, 31), 9);
    EXPECT_EQ(tiles.get(3, 31), 0);
}

TEST(TileChunkFile, TheOlderOneNumberALineFormStillLoads) {
    const component_table table = builtin_table();
    std::string numbers;
    for (int i = 0; i < tile_chunk_tiles; ++i) {
        numbers += (i ? ", " : "") + std::to_string(i == 33 ? 4 : 0);
    }
    const std::string old = R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "level", "components": {"Tilemap": {"version": 1, "width": 64}}},
        {"id": 2, "parent": 1, "components": {"TileChunk": {"version": 1, "x": 0, "y": 0,
         "layer": 0, "tiles": [)" +
                            numbers + "]}}}]}";
    auto loaded = load_scene_json(old, table, "old.scene.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const entity map = loaded.value->world.view<Tilemap>().front();
    EXPECT_EQ(tile_access(loaded.value->world, map).get(1, 1), 4);
    // Written again, it is rows.
    EXPECT_NE(saved(*loaded.value, table).find("\"0 4 0*30\""), std::string::npos);
}

TEST(TileChunkFile, BadRowsAreErrorsNamingTheRow) {
    const component_table table = builtin_table();
    const auto load_rows = [&](const std::string& rows) {
        const std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [
            {"id": 1, "components": {"Tilemap": {"version": 1}}},
            {"id": 2, "parent": 1, "components": {"TileChunk": {"version": 1, "tiles": [)" +
                                 rows + "]}}}]}";
        return load_scene_json(text, table, "bad.scene.json");
    };
    std::string rows;
    for (int r = 0; r < 32; ++r) rows += std::string(r ? ", " : "") + "\"0*32\"";
    ASSERT_TRUE(load_rows(rows).ok());
    const auto message = [&](const std::string& text) {
        const auto r = load_rows(text);
        EXPECT_FALSE(r.ok());
        return to_string(r.diagnostics);
    };
    EXPECT_NE(message("\"0*31\", " + rows)
                  .find("TileChunk.tiles[32]: too many numbers: '0*32' at character 1 goes past "
                        "the 1 left"),
              std::string::npos)
        << message("\"0*31\", " + rows);
    EXPECT_NE(message("\"0*32\"").find("expected 1024 numbers in all, found 32"),
              std::string::npos);
    EXPECT_NE(message("\"0 wall 0*30\", " + rows).find("'wall' at character 3"), std::string::npos);
    EXPECT_NE(message("\"0 99999999999 0*30\", " + rows)
                  .find("tiles[0]: number 2 of the row (99999999999, element 1) does not fit"),
              std::string::npos)
        << message("\"0 99999999999 0*30\", " + rows);
    EXPECT_NE(message("true, " + rows).find("expected a row of numbers"), std::string::npos);
}

// Two branches paint different cells of the same row of the same chunk: one line of the
// file each, the same line; the merge driver merges them without a conflict.
TEST(TileChunkFile, TheMergeDriverMergesTwoBranchesPaintingOneRow) {
    const component_table table = builtin_table();
    const std::string base = map_scene(table, {});
    const std::string ours = map_scene(table, {{3, 5, 2}});
    const std::string theirs = map_scene(table, {{9, 5, 7}, {40, 40, 1}});
    const merge_result r = merge_scenes({base, "base"}, {ours, "ours"}, {theirs, "theirs"}, table);
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    EXPECT_TRUE(r.conflicts.empty());
    ASSERT_TRUE(r.bytes);
    EXPECT_EQ(*r.bytes, map_scene(table, {{3, 5, 2}, {9, 5, 7}, {40, 40, 1}}));
    EXPECT_NE(r.bytes->find("\"0*3 2 0*5 7 0*22\""), std::string::npos);
    // The same cell painted two ways is one conflict naming the cell; ours is kept.
    const merge_result clash = merge_scenes({base, "base"}, {ours, "ours"},
                                            {map_scene(table, {{3, 5, 6}}), "theirs"}, table);
    ASSERT_EQ(clash.conflicts.size(), 1u);
    EXPECT_EQ(clash.conflicts[0].field, "tiles[163]");
    EXPECT_EQ(clash.conflicts[0].ours, "2");
    EXPECT_EQ(clash.conflicts[0].theirs, "6");
    ASSERT_TRUE(clash.bytes);
    EXPECT_EQ(*clash.bytes, ours);
    // A binary base merges with JSON sides the same way.
    std::ostringstream binary;
    auto base_scene = load_scene_json(base, table, "base");
    ASSERT_TRUE(base_scene.ok());
    ASSERT_TRUE(save_scene_binary(*base_scene.value, table, binary).empty());
    const merge_result mixed =
        merge_scenes({binary.str(), "base"}, {ours, "ours"}, {theirs, "theirs"}, table);
    ASSERT_TRUE(mixed.bytes);
    EXPECT_EQ(*mixed.bytes, *r.bytes);
}
