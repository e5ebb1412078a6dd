// tile_lod and tile_draw_cache zoomed out: the level a zoom chooses, one image quad per chunk
// whose texels are the tiles' average colours (and, further out, averages of 2 x 2 ... tiles),
// painting one tile rebuilds only its chunk's image, painting up close builds no image, and
// a texture source without canvases still draws tile by tile.
#include <mosaic/engine/render/tile_lod.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

// A namespace of its own: the unity build puts this file next to tile_draw_test.cpp, whose
// helpers have the same names.
namespace mosaic::lod_tests {
namespace {

constexpr std::uint32_t red = 0xFF00'00FFu;
constexpr std::uint32_t blue = 0xFFFF'0000u;
constexpr std::uint32_t half_green = 0x8000'FF00u;

// "tiles.json": three frames whose average colours are red, blue and half-transparent green;
// canvases are numbered from 100 and every upload is kept.
class canvas_textures : public texture_source {
public:
    struct upload {
        texture_handle canvas = no_texture;
        int x = 0, y = 0, width = 0, height = 0;
        std::vector<std::uint32_t> texels;
    };
    std::span<const texture_region> find_frames(std::string_view path) override {
        if (path == "tiles.json") return frames;
        return {&placeholder, 1};
    }
    texture_region missing_frame() override { return placeholder; }
    std::span<const std::uint32_t> find_frame_colors(std::string_view path) override {
        if (path == "tiles.json") return colors;
        return {};
    }
    texture_handle create_canvas(int width, int height) override {
        EXPECT_EQ(width, lod_slots::page_side);
        EXPECT_EQ(height, lod_slots::page_side);
        return ++canvases;
    }
    void update_canvas(texture_handle canvas, int x, int y, int width, int height,
                       const std::uint32_t* rgba) override {
        uploads.push_back(
            {canvas, x, y, width, height, std::vector<std::uint32_t>(rgba, rgba + width * height)});
    }
    void destroy_canvas(texture_handle canvas) override { destroyed.push_back(canvas); }
    std::uint64_t generation() const noexcept override { return generation_; }
    std::vector<texture_region> frames = {{.texture = 7, .uv = {0, 0, 10, 10}},
                                          {.texture = 7, .uv = {10, 0, 20, 10}},
                                          {.texture = 7, .uv = {20, 0, 30, 10}}};
    std::vector<std::uint32_t> colors = {red, blue, half_green};
    texture_region placeholder{.texture = 999};
    texture_handle canvases = 99;
    std::vector<upload> uploads;
    std::vector<texture_handle> destroyed;
    std::uint64_t generation_ = 1;
};

// The same without canvases (a source that cannot draw images).
class plain_textures final : public canvas_textures {
public:
    texture_handle create_canvas(int, int) override { return no_texture; }
};

tileset three_tiles() {
    tileset t;
    t.sheet = "tiles.json";
    t.names = {"wall", "water", "grass"};
    t.tiles.resize(3);
    t.solid = {1, 0, 0};
    return t;
}

// A width x height map of 1 x 1 tiles at the origin, every cell tile `fill`.
entity filled_map(world& w, int width, int height, std::int32_t fill) {
    const entity map = w.create();
    w.add<Transform>(map);
    Tilemap t;
    std::strncpy(t.tileset.path, "level.tileset.json", sizeof t.tileset.path - 1);
    t.width = width;
    t.height = height;
    w.add<Tilemap>(map, t);
    tile_access tiles(w, map);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) tiles.set(x, y, fill);
    return map;
}

std::uint32_t texel(const canvas_textures::upload& u, int level, int column, int row) {
    const lod_rect r = lod_level_rect(level);
    return u.texels[static_cast<std::size_t>((r.y + row) * u.width + r.x + column)];
}

TEST(TileLod, TheLevelFollowsTheTilesSizeOnScreen) {
    EXPECT_EQ(tile_lod_level(16.0f), 0);
    EXPECT_EQ(tile_lod_level(2.0f), 0);  // default_tile_detail_pixels: still tiles
    EXPECT_EQ(tile_lod_level(1.9f), 1);  // a texel per tile
    EXPECT_EQ(tile_lod_level(1.0f), 1);
    EXPECT_EQ(tile_lod_level(0.7f), 2);  // a 1024-tile map in 720 pixels: 2 x 2 tiles a texel
    EXPECT_EQ(tile_lod_level(0.5f), 2);
    EXPECT_EQ(tile_lod_level(0.3f), 3);
    EXPECT_EQ(tile_lod_level(0.1f), 5);
    EXPECT_EQ(tile_lod_level(0.001f), max_tile_lod_level);  // the chunk's one average
    EXPECT_EQ(tile_lod_level(0.0f), 0);                     // no zoom known
    EXPECT_EQ(tile_lod_level(3.0f, 4.0f), 1);               // a higher threshold
}

TEST(TileLod, ZoomedOutEachChunkIsOneQuadShowingItsImage) {
    world w;
    const entity map = filled_map(w, 64, 64, 1);  // 2 x 2 chunks
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;

    // 10 pixels a tile: tile by tile.
    draw_world(w, list, {.textures = &textures, .tiles = &cache, .pixels_per_unit = 10.0f});
    EXPECT_EQ(list.instances().size(), 64u * 64u);
    EXPECT_EQ(cache.stats().lod_chunks, 0u);
    EXPECT_TRUE(textures.uploads.empty());

    // 1 pixel a tile: one quad per chunk, on the canvas, covering the chunk.
    list.clear();
    draw_world(w, list, {.textures = &textures, .tiles = &cache, .pixels_per_unit = 1.0f});
    ASSERT_EQ(list.instances().size(), 4u);
    EXPECT_EQ(cache.stats().lod_chunks, 4u);
    EXPECT_EQ(cache.stats().lod_level, 1);
    EXPECT_EQ(cache.stats().tiles, 0u);
    EXPECT_EQ(textures.uploads.size(), 4u);
    for (const draw_instance& quad : list.instances()) {
        EXPECT_EQ(quad.texture, 100u);
        EXPECT_EQ(quad.size, glm::vec2(32.0f, 32.0f));
        EXPECT_EQ(quad.pick_id, static_cast<std::int32_t>(map.index));
        EXPECT_TRUE(
            quad.center == glm::vec2(16.0f, 16.0f) || quad.center == glm::vec2(48.0f, 16.0f) ||
            quad.center == glm::vec2(16.0f, 48.0f) || quad.center == glm::vec2(48.0f, 48.0f));
    }
    // Level 1's texels of a slot: 32 of the 2048 of the page, at the slot's place.
    const canvas_textures::upload& first = textures.uploads.front();
    const draw_instance& quad = list.instances().front();
    const lod_rect level1 = lod_level_rect(1);
    EXPECT_EQ(quad.uv, uv_rect_of_pixels(first.x + level1.x, first.y + level1.y, 32, 32,
                                         lod_slots::page_side, lod_slots::page_side));

    // Further out: the same images, a coarser level of them; nothing uploaded again.
    list.clear();
    draw_world(w, list, {.textures = &textures, .tiles = &cache, .pixels_per_unit = 0.3f});
    EXPECT_EQ(cache.stats().lod_level, 3);
    EXPECT_EQ(cache.stats().lod_rebuilt, 0u);
    EXPECT_EQ(textures.uploads.size(), 4u);
    const lod_rect level3 = lod_level_rect(3);
    EXPECT_EQ(
        list.instances().front().uv.u1 - list.instances().front().uv.u0,
        uv_rect_of_pixels(level3.x, level3.y, 8, 8, lod_slots::page_side, lod_slots::page_side).u1 -
            uv_rect_of_pixels(level3.x, level3.y, 8, 8, lod_slots::page_side, lod_slots::page_side)
                .u0);
}

TEST(TileLod, AChunksImageIsItsTilesAverageColours) {
    world w;
    const entity map = filled_map(w, 40, 32, 0);  // the second chunk is 8 cells wide
    {
        tile_access tiles(w, map);
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x) tiles.set(x, y, x < 16 ? 1 : 2);  // left red, right blue
        tiles.set(0, 31, 3);  // top-left: half-transparent green
        tiles.set(1, 31, 0);  // an empty cell
        for (int y = 0; y < 32; ++y)
            for (int x = 32; x < 40; ++x) tiles.set(x, y, 1);
    }
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 1.0f);
    ASSERT_EQ(textures.uploads.size(), 2u);
    const canvas_textures::upload* left = nullptr;
    const canvas_textures::upload* right = nullptr;
    for (const auto& u : textures.uploads) (texel(u, 1, 0, 0) == red ? right : left) = &u;
    ASSERT_NE(left, nullptr);
    ASSERT_NE(right, nullptr);
    EXPECT_EQ(left->width, lod_slot_width);
    EXPECT_EQ(left->height, lod_slot_height);

    // Level 1: a texel per tile, the top row of tiles first.
    EXPECT_EQ(texel(*left, 1, 0, 0), half_green);
    EXPECT_EQ(texel(*left, 1, 1, 0), 0u);  // empty: transparent
    EXPECT_EQ(texel(*left, 1, 2, 0), red);
    EXPECT_EQ(texel(*left, 1, 20, 31), blue);
    // Level 2: 2 x 2 tiles; the top-left one mixes green (alpha 128), nothing and two reds.
    const std::uint32_t mixed = average_rgba(std::vector<std::uint32_t>{half_green, 0, red, red});
    EXPECT_EQ(texel(*left, 2, 0, 0), mixed);
    EXPECT_EQ(mixed & 0xFFu, 204u);        // red weighted by alpha: 255 * 510 / 638
    EXPECT_EQ((mixed >> 8) & 0xFFu, 51u);  // green: 255 * 128 / 638
    EXPECT_EQ(mixed >> 24, 160u);          // alpha: (128 + 0 + 255 + 255) / 4
    // Level 6: the whole chunk, half red and half blue (but for two cells).
    const std::uint32_t whole = texel(*left, max_tile_lod_level, 0, 0);
    EXPECT_NEAR(static_cast<int>(whole & 0xFF), 127, 2);
    EXPECT_NEAR(static_cast<int>((whole >> 16) & 0xFF), 128, 2);
    EXPECT_NEAR(static_cast<int>(whole >> 24), 255, 1);

    // Cells past the map's width are transparent.
    EXPECT_EQ(texel(*right, 1, 7, 5), red);
    EXPECT_EQ(texel(*right, 1, 8, 5), 0u);
    EXPECT_EQ(texel(*right, 1, 31, 31), 0u);
}

TEST(TileLod, PaintingOneTileRebuildsOnlyItsChunksImage) {
    world w;
    const entity map = filled_map(w, 128, 128, 1);  // 16 chunks
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 0.5f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 16u);
    EXPECT_EQ(textures.uploads.size(), 16u);

    list.clear();
    cache.draw(w, &textures, list, nullptr, 0.5f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 0u);  // nothing changed: nothing uploaded
    EXPECT_EQ(textures.uploads.size(), 16u);

    tile_access(w, map).set(70, 100, 2);  // chunk (64, 96)
    list.clear();
    cache.draw(w, &textures, list, nullptr, 0.5f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 1u);
    EXPECT_EQ(cache.stats().rebuilt, 0u);  // and no tile quads built
    ASSERT_EQ(textures.uploads.size(), 17u);
    const canvas_textures::upload& again = textures.uploads.back();
    // (70, 100) is column 6, row 4 of its chunk: texel row 31 - 4 of level 1.
    EXPECT_EQ(texel(again, 1, 6, 27), blue);
    EXPECT_EQ(texel(again, 1, 7, 27), red);
    // The slot it had before (the same place on the canvas).
    bool same_place = false;
    for (std::size_t i = 0; i < 16; ++i)
        same_place |= textures.uploads[i].x == again.x && textures.uploads[i].y == again.y;
    EXPECT_TRUE(same_place);
}

TEST(TileLod, PaintingUpCloseBuildsNoImageUntilZoomedOut) {
    world w;
    const entity map = filled_map(w, 64, 64, 1);
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 1.0f);  // images of the 4 chunks
    ASSERT_EQ(textures.uploads.size(), 4u);
    cache.draw(w, &textures, list, nullptr, 20.0f);  // up close
    tile_access(w, map).set(1, 1, 3);
    list.clear();
    cache.draw(w, &textures, list, nullptr, 20.0f);
    EXPECT_EQ(cache.stats().rebuilt, 1u);
    EXPECT_EQ(textures.uploads.size(), 4u);  // the image waits
    list.clear();
    cache.draw(w, &textures, list, nullptr, 1.0f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 1u);
    EXPECT_EQ(textures.uploads.size(), 5u);
}

TEST(TileLod, ASourceWithoutCanvasesDrawsTileByTile) {
    world w;
    filled_map(w, 32, 32, 2);
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    plain_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 0.5f);
    EXPECT_EQ(list.instances().size(), 32u * 32u);
    EXPECT_EQ(cache.stats().lod_chunks, 0u);
    EXPECT_EQ(cache.stats().lod_level, 0);
}

TEST(TileLod, ChunksThatGoGiveTheirSlotBack) {
    world w;
    const entity map = filled_map(w, 64, 32, 1);  // 2 chunks
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 1.0f);
    ASSERT_EQ(textures.uploads.size(), 2u);
    const std::optional<entity> right = tile_access(w, map).chunk_at(40, 0);
    ASSERT_TRUE(right.has_value());
    w.destroy(*right);
    cache.draw(w, &textures, list, nullptr, 1.0f);
    tile_access(w, map).set(40, 0, 2);  // a new chunk there
    cache.draw(w, &textures, list, nullptr, 1.0f);
    ASSERT_EQ(textures.uploads.size(), 3u);
    const auto& last = textures.uploads.back();
    EXPECT_TRUE((last.x == textures.uploads[0].x && last.y == textures.uploads[0].y) ||
                (last.x == textures.uploads[1].x && last.y == textures.uploads[1].y));
    EXPECT_EQ(textures.canvases, 100u);  // one page
}

TEST(TileLod, AfterAReloadTheImagesAreBuiltOnNewCanvases) {
    world w;
    filled_map(w, 64, 32, 1);  // 2 chunks
    tile_draw_cache cache;
    cache.tilesets().put("level.tileset.json", three_tiles());
    canvas_textures textures;
    draw_list list;
    cache.draw(w, &textures, list, nullptr, 1.0f);
    ASSERT_EQ(textures.uploads.size(), 2u);
    EXPECT_EQ(textures.uploads[0].canvas, 100u);

    ++textures.generation_;  // a reload: the frames' colours may have changed
    list.clear();
    cache.draw(w, &textures, list, nullptr, 1.0f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 2u);
    EXPECT_EQ(textures.destroyed, std::vector<texture_handle>{100u});  // the old page
    ASSERT_EQ(textures.uploads.size(), 4u);
    EXPECT_EQ(textures.uploads[2].canvas, 101u);
    EXPECT_EQ(textures.uploads[3].canvas, 101u);
    for (const draw_instance& quad : list.instances()) EXPECT_EQ(quad.texture, 101u);

    // Another source: nothing of the old one is touched, the images go to the new one's.
    canvas_textures other;
    other.canvases = 199;
    list.clear();
    cache.draw(w, &other, list, nullptr, 1.0f);
    EXPECT_EQ(cache.stats().lod_rebuilt, 2u);
    EXPECT_EQ(textures.destroyed.size(), 1u);
    EXPECT_TRUE(other.destroyed.empty());
    for (const draw_instance& quad : list.instances()) EXPECT_EQ(quad.texture, 200u);
}

}  // namespace
}  // namespace mosaic::lod_tests
