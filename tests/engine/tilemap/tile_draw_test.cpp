// tile_draw_cache: each tile of a Tilemap becomes a quad of its cell showing the tileset
// sheet's frame (tile n = frame n - 1), picked as the map, at layer Tilemap.layer + chunk
// layer; chunks are built again only when they change; chunks outside the view are skipped;
// a tileset that does not load and tile numbers past it show the placeholder.
#include <mosaic/engine/render/tile_draw_cache.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <glm/common.hpp>
#include <glm/vector_relational.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

namespace mosaic {
namespace {

constexpr texture_handle sheet_texture = 7;
constexpr texture_handle placeholder_texture = 999;

// "tiles.json" has three frames on texture 7; anything else is missing (the placeholder).
class fake_textures final : public texture_source {
public:
    std::span<const texture_region> find_frames(std::string_view path) override {
        ++lookups;
        if (path == "tiles.json") return frames;
        return {&placeholder, 1};
    }
    texture_region missing_frame() override { return placeholder; }
    std::uint64_t generation() const noexcept override { return generation_; }
    std::vector<texture_region> frames = {{.texture = sheet_texture, .uv = {0, 0, 10, 10}},
                                          {.texture = sheet_texture, .uv = {10, 0, 20, 10}},
                                          {.texture = sheet_texture, .uv = {20, 0, 30, 10}}};
    texture_region placeholder{.texture = placeholder_texture};
    int lookups = 0;
    std::uint64_t generation_ = 1;
};

tileset three_tiles(std::string sheet = "tiles.json") {
    tileset t;
    t.sheet = std::move(sheet);
    t.names = {"wall", "grass", "spike"};
    t.tiles.resize(3);
    t.solid = {1, 0, 1};
    return t;
}

entity make_map(world& w, glm::vec2 at = {0.0f, 0.0f}, glm::vec2 tile_size = {1.0f, 1.0f}) {
    const entity map = w.create();
    w.add<Transform>(map, Transform{.position = at});
    Tilemap t;
    std::strncpy(t.tileset.path, "level.tileset.json", sizeof t.tileset.path - 1);
    t.tile_size = tile_size;
    t.width = 100;
    t.height = 100;
    t.layer = 3;
    w.add<Tilemap>(map, t);
    return map;
}

const draw_instance* at(const draw_list& list, glm::vec2 center) {
    for (const draw_instance& i : list.instances())
        if (glm::all(glm::lessThan(glm::abs(i.center - center), glm::vec2(1e-4f)))) return &i;
    return nullptr;
}

TEST(TileDraw, EachTileIsAQuadOfItsCellShowingItsFrame) {
    world w;
    const entity map = make_map(w, {10.0f, 20.0f}, {2.0f, 0.5f});
    tile_access tiles(w, map);
    tiles.set(0, 0, 1);
    tiles.set(33, 1, 3);    // another chunk
    tiles.set(2, 0, 2, 1);  // layer 1
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    fake_textures textures;
    draw_list list;
    const draw_world_stats stats = draw_world(w, list, {.textures = &textures, .tiles = &cache});
    EXPECT_EQ(stats.tiles, 3u);
    ASSERT_EQ(list.instances().size(), 3u);

    const draw_instance* first = at(list, {11.0f, 20.25f});
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->size, glm::vec2(2.0f, 0.5f));
    EXPECT_EQ(first->texture, sheet_texture);
    EXPECT_EQ(first->uv, textures.frames[0].uv);
    EXPECT_EQ(first->pick_id, static_cast<std::int32_t>(map.index));
    EXPECT_EQ(first->layer, 3);
    EXPECT_EQ(first->shape, instance_shape::quad);

    const draw_instance* far = at(list, {10.0f + 33.5f * 2.0f, 20.0f + 1.5f * 0.5f});
    ASSERT_NE(far, nullptr);
    EXPECT_EQ(far->uv, textures.frames[2].uv);

    const draw_instance* upper = at(list, {15.0f, 20.25f});
    ASSERT_NE(upper, nullptr);
    EXPECT_EQ(upper->layer, 4);  // chunk layer 1 over the map's layer 3
}

TEST(TileDraw, WithoutACacheTilemapsAreNotDrawn) {
    world w;
    const entity map = make_map(w);
    tile_access(w, map).set(1, 1, 1);
    draw_list list;
    EXPECT_EQ(draw_world(w, list).tiles, 0u);
    EXPECT_TRUE(list.instances().empty());
}

TEST(TileDraw, OnlyChangedChunksAreBuiltAgain) {
    world w;
    const entity map = make_map(w);
    {
        tile_access tiles(w, map);
        for (int x = 0; x < 100; x += 10) tiles.set(x, 5, 1);  // three chunks along a row
    }
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    fake_textures textures;
    draw_list list;
    cache.draw(w, &textures, list);
    EXPECT_EQ(cache.stats().chunks, 3u);
    EXPECT_EQ(cache.stats().rebuilt, 3u);
    const int lookups = textures.lookups;

    list.clear();
    cache.draw(w, &textures, list);
    EXPECT_EQ(cache.stats().rebuilt, 0u);
    EXPECT_EQ(textures.lookups, lookups);  // nothing asked of the texture source
    EXPECT_EQ(list.instances().size(), 10u);

    tile_access(w, map).set(40, 6, 2);  // one chunk changes
    list.clear();
    cache.draw(w, &textures, list);
    EXPECT_EQ(cache.stats().rebuilt, 1u);
    EXPECT_EQ(list.instances().size(), 11u);

    w.get<Transform>(map).position = {1.0f, 0.0f};  // the map moves: every chunk
    list.clear();
    cache.draw(w, &textures, list);
    EXPECT_EQ(cache.stats().rebuilt, 3u);
    EXPECT_NE(at(list, {1.5f, 5.5f}), nullptr);

    ++textures.generation_;  // a hot reload: regions may have moved
    list.clear();
    cache.draw(w, &textures, list);
    EXPECT_EQ(cache.stats().rebuilt, 3u);
}

TEST(TileDraw, ChunksOutsideTheViewAreSkipped) {
    world w;
    const entity map = make_map(w);
    {
        tile_access tiles(w, map);
        tiles.set(0, 0, 1);
        tiles.set(64, 64, 1);
    }
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    draw_list list;
    const world_rect view{{-5.0f, -5.0f}, {10.0f, 10.0f}};
    cache.draw(w, nullptr, list, &view);
    EXPECT_EQ(cache.stats().chunks, 2u);
    EXPECT_EQ(cache.stats().visible, 1u);
    ASSERT_EQ(list.instances().size(), 1u);
    EXPECT_EQ(list.instances()[0].center, glm::vec2(0.5f, 0.5f));
    EXPECT_EQ(list.instances()[0].texture, no_texture);  // no source: untextured
}

TEST(TileDraw, BadTilesAndMissingTilesetsShowThePlaceholder) {
    world w;
    const entity map = make_map(w);
    {
        tile_access tiles(w, map);
        tiles.set(0, 0, 99);  // past the tileset's three tiles
        tiles.set(1, 0, -4);
        tiles.set(2, 0, 2);
    }
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    fake_textures textures;
    draw_list list;
    cache.draw(w, &textures, list);
    ASSERT_EQ(list.instances().size(), 3u);
    EXPECT_EQ(at(list, {0.5f, 0.5f})->texture, placeholder_texture);
    EXPECT_EQ(at(list, {1.5f, 0.5f})->texture, placeholder_texture);
    EXPECT_EQ(at(list, {2.5f, 0.5f})->texture, sheet_texture);

    // A tileset whose sheet image is missing: the texture source's placeholder.
    cache.tilesets().put("level.tileset.json", three_tiles("gone.json"));
    list.clear();
    cache.draw(w, &textures, list);
    EXPECT_EQ(at(list, {2.5f, 0.5f})->texture, placeholder_texture);

    // A tileset file that does not exist: placeholders and one message naming it.
    const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                         ("mosaic_tile_draw_test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    tile_draw_cache fresh(folder);
    list.clear();
    fresh.draw(w, &textures, list);
    fresh.draw(w, &textures, list);
    EXPECT_EQ(list.instances().size(), 6u);
    for (const draw_instance& i : list.instances()) EXPECT_EQ(i.texture, placeholder_texture);
    const std::vector<std::string> warnings = fresh.take_warnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("level.tileset.json"), std::string::npos) << warnings[0];
}

TEST(TileDraw, TilesOutsideTheMapAndOfInactiveMapsAreNotDrawn) {
    world w;
    const entity map = make_map(w);
    tile_access(w, map).set(5, 5, 1);
    // A chunk reaching past the map's 100 x 100 tiles (a hand-edited file).
    const entity chunk = w.create();
    TileChunk c;
    c.x = 96;
    c.y = 0;
    c.tiles[3] = 1;  // x 99: inside
    c.tiles[4] = 1;  // x 100: outside
    w.add<TileChunk>(chunk, c);
    w.add<Parent>(chunk, Parent{map});
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    draw_list list;
    cache.draw(w, nullptr, list);
    EXPECT_EQ(list.instances().size(), 2u);

    w.set_active(map, false);
    list.clear();
    cache.draw(w, nullptr, list);
    EXPECT_TRUE(list.instances().empty());
}

}  // namespace
}  // namespace mosaic
