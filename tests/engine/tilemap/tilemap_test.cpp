// Tilemaps: tiles in chunk entities (tile_access), tilesets from a sheet, solid tiles merged
// into few boxes that the collision system reports, rebuilt per changed chunk; tiles changed
// by game code come back on a recording's rewind; scene files carry them and the merge driver
// merges two edits of different cells of one chunk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/engine/scene/scene_merge.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>
#include <mosaic/engine/tilemap/tile_colliders.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>
#include <mosaic/engine/tilemap/tileset.hpp>

namespace {

using namespace mosaic;

// Tiles 1 (solid "wall"), 2 (not solid "grass"), 3 (solid "spike", tagged).
tileset three_tiles() {
    const clip_sheet_source sheets = [](const std::string&) {
        sprite_sheet s;
        s.image = "tiles.png";
        for (const char* name : {"wall", "grass", "spike"}) {
            sheet_frame f;
            f.name = name;
            f.w = 32;
            f.h = 32;
            s.frames.push_back(f);
        }
        return asset_result<sprite_sheet>::success(s);
    };
    auto t = read_tileset_json(R"({"version": 1, "sheet": "tiles.json", "tiles": {
        "wall": {"solid": true}, "spike": {"solid": true, "tags": ["hurts"]}}})",
                               "level.tileset.json", sheets);
    EXPECT_TRUE(t) << t.error;
    return t ? *t.value : tileset{};
}

TEST(Tileset, ReadsSolidAndTagsPerFrameNameAndNamesBadTiles) {
    const tileset t = three_tiles();
    EXPECT_TRUE(t.is_solid(1));
    EXPECT_FALSE(t.is_solid(2));
    EXPECT_TRUE(t.is_solid(3));
    EXPECT_FALSE(t.is_solid(0));
    EXPECT_FALSE(t.is_solid(4));  // past the tileset
    EXPECT_EQ(t.tiles[2].tags, std::vector<std::string>{"hurts"});
    EXPECT_EQ(t.find("grass"), 2);
    const auto bad = read_tileset_json(
        R"({"version": 1, "sheet": "s.json", "tiles": {"lava": {}}})", "bad.tileset.json",
        [](const std::string&) { return asset_result<sprite_sheet>::success({}); });
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error.find("'bad.tileset.json': tiles.\"lava\": the sheet 's.json' has no frame"),
              std::string::npos)
        << bad.error;
}

TEST(TileAccess, TilesLiveInChunkEntitiesUnderTheMap) {
    world w;
    const entity map = w.create();
    w.add<Tilemap>(map, Tilemap{.width = 100, .height = 40});
    tile_access tiles(w, map);
    EXPECT_EQ(tiles.get(5, 5), 0);
    EXPECT_TRUE(tiles.set(5, 5, 1));
    EXPECT_TRUE(tiles.set(70, 33, 2));
    EXPECT_TRUE(tiles.set(6, 5, 3, 1));  // layer 1
    EXPECT_FALSE(tiles.set(100, 0, 1));  // outside the map
    EXPECT_FALSE(tiles.set(-1, 0, 1));
    EXPECT_EQ(w.count<TileChunk>(), 3u);  // (0,0) layer 0, (64,32) layer 0, (0,0) layer 1
    tile_access again(w, map);
    EXPECT_EQ(again.get(5, 5), 1);
    EXPECT_EQ(again.get(70, 33), 2);
    EXPECT_EQ(again.get(6, 5, 1), 3);
    EXPECT_EQ(again.get(6, 5), 0);
    const TileChunk& far = w.get<TileChunk>(*again.chunk_at(70, 33));
    EXPECT_EQ(far.x, 64);
    EXPECT_EQ(far.y, 32);
    EXPECT_EQ(w.get<Parent>(*again.chunk_at(70, 33)).entity, map);
}

std::vector<tile_rect> merged(const std::vector<std::string>& rows_top_first, const tileset& t) {
    const int side = static_cast<int>(rows_top_first.size());
    std::vector<std::int32_t> tiles(static_cast<std::size_t>(side * side), 0);
    for (int r = 0; r < side; ++r) {
        for (int x = 0; x < side; ++x) {
            tiles[static_cast<std::size_t>((side - 1 - r) * side + x)] =
                rows_top_first[static_cast<std::size_t>(r)][static_cast<std::size_t>(x)] - '0';
        }
    }
    std::vector<tile_rect> out;
    merge_solid_tiles(tiles.data(), side, t, out);
    merge_touching(out);
    return out;
}

TEST(TileColliders, SolidTilesMergeIntoRectangles) {
    const tileset t = three_tiles();
    const auto rects = merged({"0000",  //
                               "1100",  //
                               "1120",  //
                               "3333"},
                              t);
    // The floor (row 0), and a 2 x 2 block above it.
    ASSERT_EQ(rects.size(), 2u);
    EXPECT_TRUE(std::find(rects.begin(), rects.end(), tile_rect{0, 0, 4, 1}) != rects.end());
    EXPECT_TRUE(std::find(rects.begin(), rects.end(), tile_rect{0, 1, 2, 3}) != rects.end());
}

// A game world with a tilemap whose tileset is in memory.
struct tile_world {
    component_table table;
    scheduler systems;
    world w;
    entity map;
    tile_world() {
        register_builtin_components(table);
        register_builtin_systems(systems);
        add_builtin_resources(w);
        w.resource<Tilesets>().put("level.tileset.json", three_tiles());
        map = w.create();
        Tilemap m;
        std::snprintf(m.tileset.path, sizeof m.tileset.path, "level.tileset.json");
        m.width = 1024;
        m.height = 64;
        m.tile_size = {0.5f, 0.5f};
        w.add<Tilemap>(map, m);
        w.add<Transform>(map).position = {-10, 0};
        w.add<Name>(map);
        std::snprintf(w.get<Name>(map).value, sizeof w.get<Name>(map).value, "level");
    }
    void tick() { systems.tick(w, 1.0 / 60); }
};

TEST(TileColliders, AWallOfAThousandTilesIsOneBoxAndBodiesTouchIt) {
    tile_world g;
    tile_access tiles(g.w, g.map);
    for (int x = 0; x < 1000; ++x) tiles.set(x, 2, 1);  // across 32 chunks
    const entity ball = g.w.create();
    g.w.add<Transform>(ball).position = {0.0f, 1.4f};  // just inside the wall's top (1.5)
    g.w.add<Collider>(ball, Collider{.shape = ColliderShape::circle, .size = {0.25f, 0.25f}});
    g.tick();
    const Contacts& contacts = g.w.resource<Contacts>();
    ASSERT_EQ(contacts.list.size(), 1u);
    const contact& c = contacts.list[0];
    EXPECT_TRUE((c.a == g.map && c.b == ball) || (c.a == ball && c.b == g.map));
}

TEST(TileColliders, OnlyChangedChunksAreMergedAgain) {
    world w;
    add_builtin_resources(w);
    w.resource<Tilesets>().put("t", three_tiles());
    const entity map = w.create();
    Tilemap m;
    std::snprintf(m.tileset.path, sizeof m.tileset.path, "t");
    m.width = 256;
    m.height = 256;
    w.add<Tilemap>(map, m);
    tile_access tiles(w, map);
    for (int y = 0; y < 256; y += 2)
        for (int x = 0; x < 256; ++x) tiles.set(x, y, 1);  // 64 chunks, 128 rows of wall
    tile_collider_cache cache;
    cache.update(w);
    EXPECT_EQ(cache.stats().chunks, 64u);
    EXPECT_EQ(cache.stats().rebuilt, 64u);
    EXPECT_EQ(cache.stats().boxes, 128u);  // one per row, across chunks
    cache.update(w);
    EXPECT_EQ(cache.stats().rebuilt, 0u);
    tiles.set(100, 100, 0);  // a hole in one row
    cache.update(w);
    EXPECT_EQ(cache.stats().rebuilt, 1u);
    EXPECT_EQ(cache.stats().boxes, 129u);
}

TEST(TileColliders, TilesPastTheTilesetAreReportedOnceAndLeftOut) {
    tile_world g;
    tile_access tiles(g.w, g.map);
    tiles.set(3, 3, 99);
    tiles.set(4, 3, 1);
    for (int i = 0; i < 3; ++i) g.tick();
    const std::vector<std::string> lines = g.w.resource<GameLog>().take();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("tilemap 'level' ('level.tileset.json'): tile number 99"),
              std::string::npos)
        << lines[0];
    EXPECT_NE(lines[0].find("past the tileset's 3 tiles"), std::string::npos) << lines[0];
}

// Tiles are world state: a wall game code breaks comes back when the timeline seeks to
// before the break, and the colliders follow.
TEST(Tilemap, TilesChangedByGameCodeComeBackOnRewind) {
    game g;
    scene s;
    const entity map = s.world.create();
    Tilemap m;
    m.width = 64;
    m.height = 64;
    s.world.add<Tilemap>(map, m);
    {
        tile_access tiles(s.world, map);
        for (int y = 0; y < 10; ++y) tiles.set(20, y, 1);
    }
    g.systems()
        .add("break_wall",
             [map](system_context& ctx) {
                 if (ctx.tick() != 10) return;
                 tile_access tiles(ctx.world(), map);
                 for (int y = 0; y < 10; ++y) tiles.set(20, y, 0);
                 tiles.set(40, 40, 1);  // and a new chunk
             })
        .exclusive();
    g.start(std::move(s));
    recording rec({.keyframe_interval = 4});
    rec.attach(g);
    for (int i = 0; i < 20; ++i) g.frame(g.clock().tick_seconds());
    {
        tile_access tiles(g.world(), map);
        EXPECT_EQ(tiles.get(20, 5), 0);
        EXPECT_EQ(tiles.get(40, 40), 1);
    }
    ASSERT_TRUE(rec.seek(g, 5));
    tile_access tiles(g.world(), map);
    EXPECT_EQ(tiles.get(20, 5), 1);
    EXPECT_EQ(tiles.get(40, 40), 0);
}

std::string scene_text(scene& s, const component_table& table) {
    std::ostringstream out;
    EXPECT_TRUE(save_scene_json(s, table, out).empty());
    return out.str();
}

TEST(Tilemap, TheMergeDriverMergesEditsOfDifferentCellsOfOneChunk) {
    component_table table;
    register_builtin_components(table);
    const auto make = [&](int x, std::int32_t tile, int x2, std::int32_t tile2) {
        scene s;
        const entity map = s.world.create();
        s.world.add<Tilemap>(map);
        tile_access tiles(s.world, map);
        tiles.set(0, 0, 1);
        if (x >= 0) tiles.set(x, 0, tile);
        if (x2 >= 0) tiles.set(x2, 0, tile2);
        return scene_text(s, table);
    };
    const std::string base = make(-1, 0, -1, 0);
    const std::string ours = make(3, 2, -1, 0);
    const std::string theirs = make(7, 3, -1, 0);
    const auto merged_scenes = [&](const std::string& b, const std::string& o,
                                   const std::string& t) {
        return merge_scenes({b, "base"}, {o, "ours"}, {t, "theirs"}, table);
    };
    const merge_result r = merged_scenes(base, ours, theirs);
    ASSERT_TRUE(r.ok()) << to_string(r.diagnostics);
    EXPECT_TRUE(r.conflicts.empty());
    ASSERT_TRUE(r.bytes);
    EXPECT_EQ(*r.bytes, make(3, 2, 7, 3));
    // The same cell changed two ways is one conflict, on that cell.
    const merge_result clash = merged_scenes(base, make(3, 2, -1, 0), make(3, 1, -1, 0));
    ASSERT_EQ(clash.conflicts.size(), 1u);
    EXPECT_EQ(clash.conflicts[0].field, "tiles[3]");
}

}  // namespace
