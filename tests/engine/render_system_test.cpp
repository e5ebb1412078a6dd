// The render system fills a draw list from the world in the render phase (no GL needed), and,
// given the target's size, looks through the game's camera: a zoomed-out camera over a big
// tilemap gets one image quad per chunk (level of detail), a close one only the chunks in view.
#include <gtest/gtest.h>

#include <cstring>
#include <span>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/render_system.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

// A namespace of its own: the unity build puts this file next to others with helpers.
namespace mosaic::render_system_tests {
namespace {

TEST(RenderSystem, CollectsSpritesEveryTickAndIsProfiled) {
    world w;
    scheduler s;
    draw_list list;
    add_render_system(s, list);
    for (int i = 0; i < 3; ++i) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{{static_cast<float>(i), 0}});
        w.add<Sprite>(e);
    }
    w.add<Transform>(w.create());  // no sprite: not drawn
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), 3u);
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), 3u);  // refilled, not appended
    const mosaic::system* render = s.find("render");
    ASSERT_NE(render, nullptr);
    EXPECT_EQ(render->in(), phase::render);
    EXPECT_EQ(render->timing().calls, 2u);
}

// "tiles.json": one red frame; canvases (what chunk images are drawn on) are numbered from 100.
class canvas_textures final : public texture_source {
public:
    std::span<const texture_region> find_frames(std::string_view) override { return frames; }
    std::span<const std::uint32_t> find_frame_colors(std::string_view) override { return colors; }
    texture_handle create_canvas(int, int) override { return ++canvases; }
    std::vector<texture_region> frames = {{.texture = 7}};
    std::vector<std::uint32_t> colors = {0xFF00'00FFu};
    texture_handle canvases = 99;
};

constexpr int side = 128;  // 4 x 4 chunks, 16,384 tiles

// A side x side map of 1 x 1 tiles at the origin, every cell tile 1, and its tileset.
entity make_map(world& w, tile_draw_cache& cache) {
    tileset set;
    set.sheet = "tiles.json";
    set.names = {"wall"};
    set.tiles.resize(1);
    set.solid = {0};
    cache.tilesets().put("level.tileset.json", set);
    const entity map = w.create();
    w.add<Transform>(map);
    Tilemap t;
    std::strncpy(t.tileset.path, "level.tileset.json", sizeof t.tileset.path - 1);
    t.width = side;
    t.height = side;
    w.add<Tilemap>(map, t);
    tile_access tiles(w, map);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) tiles.set(x, y, 1);
    return map;
}

TEST(RenderSystem, AZoomedOutGameCameraDrawsATilemapAsOneImagePerChunk) {
    world w;
    tile_draw_cache cache;
    canvas_textures textures;
    make_map(w, cache);
    const entity eye = w.create();
    w.add<Transform>(eye, Transform{{side / 2.0f, side / 2.0f}});
    // 600 pixels high: 0.02 * 600 / 10 = 1.2 pixels a tile, the whole map in view (500 units).
    w.add<Camera>(eye, Camera{.zoom = 0.02f});

    scheduler s;
    draw_list list;
    render_view view{.viewport = {800.0f, 600.0f}};
    add_render_system(s, list, {.textures = &textures, .tiles = &cache}, &view);
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), 16u);  // not 16,384 tiles
    EXPECT_EQ(cache.stats().lod_chunks, 16u);
    EXPECT_EQ(cache.stats().tiles, 0u);
    EXPECT_EQ(view.camera.zoom, 0.02f);  // the camera it looked through, for the renderer
    EXPECT_EQ(view.camera.position, glm::vec2(side / 2.0f, side / 2.0f));

    // Up close (60 pixels a tile): tile by tile, only the chunks the camera sees.
    w.get<Camera>(eye).zoom = 1.0f;
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(cache.stats().lod_chunks, 0u);
    EXPECT_GT(list.instances().size(), 0u);
    EXPECT_LE(list.instances().size(), 4u * 32u * 32u);  // at most the 2 x 2 chunks at the centre
}

TEST(RenderSystem, WithoutACameraEntityTheViewsFallbackIsUsed) {
    world w;
    tile_draw_cache cache;
    canvas_textures textures;
    make_map(w, cache);
    scheduler s;
    draw_list list;
    render_view view{.viewport = {800.0f, 600.0f},
                     .fallback = {.position = {side / 2.0f, side / 2.0f}, .zoom = 0.02f}};
    add_render_system(s, list, {.textures = &textures, .tiles = &cache}, &view);
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(view.camera.zoom, 0.02f);
    EXPECT_EQ(list.instances().size(), 16u);

    // No size known: every tile, as draw_world draws without a camera.
    view.viewport = {0.0f, 0.0f};
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(list.instances().size(), static_cast<std::size_t>(side * side));
}

}  // namespace
}  // namespace mosaic::render_system_tests
