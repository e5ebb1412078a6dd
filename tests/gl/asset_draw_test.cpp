// Assets on screen: 500 different images in one draw call (atlas pages), picking through
// the atlas, sprite sheet frames (Mosaic's format and Aseprite's), a broken sheet drawn as
// the placeholder, Text drawn from DejaVu Sans, hot reload keeping the last good image, and
// Tilemaps drawn from their tileset's sheet (a missing sheet image: the placeholder), and
// zoomed out from one low-resolution image per chunk.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <stb_image_write.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/texture_cache.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>
#include <string>
#include <vector>

namespace mosaic::testing {
namespace {

class AssetDraw : public GlTest {
protected:
    // A w x h PNG of one colour.
    void write_solid(const std::filesystem::path& file, int w, int h, rgba8 c) {
        std::vector<std::uint8_t> pixels;
        for (int i = 0; i < w * h; ++i) pixels.insert(pixels.end(), c.begin(), c.end());
        std::filesystem::create_directories(file.parent_path());
        ASSERT_NE(stbi_write_png(file.c_str(), w, h, 4, pixels.data(), w * 4), 0);
    }
    // Red left half, green right half: two 1x1 frames side by side.
    void write_red_green(const std::filesystem::path& file) {
        const std::vector<std::uint8_t> pixels = {255, 0, 0, 255, 0, 255, 0, 255};
        ASSERT_NE(stbi_write_png(file.c_str(), 2, 1, 4, pixels.data(), 8), 0);
    }
    static void write_text(const std::filesystem::path& file, const std::string& text) {
        std::ofstream(file, std::ios::binary) << text;
    }
    static entity add_sprite(world& w, glm::vec2 at, const std::string& texture, int frame = 0,
                             glm::vec2 size = {4.0f, 4.0f}) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{.position = at});
        Sprite s{.tint = white, .size = size};
        std::strncpy(s.texture.path, texture.c_str(), sizeof(s.texture.path) - 1);
        s.frame = frame;
        w.add<Sprite>(e, s);
        return e;
    }
    image draw_scene(const world& w, texture_cache& textures) {
        draw_list list;
        draw_world(w, list, {.textures = &textures});
        return draw(list);
    }
};

TEST_F(AssetDraw, FiveHundredDifferentImagesDrawInOneCall) {
    const std::filesystem::path folder = temp_folder();
    texture_cache textures(folder);
    world w;
    std::vector<entity> sprites;
    // A 25 x 20 grid of 1-unit sprites, each its own 8x8 image of its own colour.
    for (int i = 0; i < 500; ++i) {
        const std::string name = "img/" + std::to_string(i) + ".png";
        write_solid(folder / name, 8, 8,
                    {static_cast<std::uint8_t>(i % 256), static_cast<std::uint8_t>(i / 256 * 100),
                     200, 255});
        sprites.push_back(
            add_sprite(w, {static_cast<float>(i % 25) - 12.0f, static_cast<float>(i / 25) - 9.5f},
                       name, 0, {1.0f, 1.0f}));
    }
    // 512 pixels for 25.6 units: 20 pixels a sprite (quads, not points).
    framebuffer target({512, 512});
    const camera2d camera{.position = {0.0f, 0.0f}, .zoom = 20.0f * 10.0f / 512.0f};
    draw_list list;
    draw_world(w, list, {.textures = &textures});
    renderer_->render(list, camera, target, blue);
    EXPECT_EQ(renderer_->stats().instances, 500u);
    EXPECT_EQ(renderer_->stats().draw_calls, 1u);  // one atlas page, one layer
    EXPECT_EQ(textures.atlas_pages(), 1u);
    EXPECT_TRUE(textures.take_errors().empty());

    const image shot = read_pixels(target);
    for (const int i : {0, 1, 255, 256, 499}) {
        const glm::vec2 at = w.get<Transform>(sprites[static_cast<std::size_t>(i)]).position;
        const glm::vec2 pixel = camera.world_to_screen(at, {512.0f, 512.0f});
        const int x = static_cast<int>(pixel.x);
        const int y = static_cast<int>(pixel.y);
        EXPECT_EQ(shot.pixel(x, y), (rgba8{static_cast<std::uint8_t>(i % 256),
                                           static_cast<std::uint8_t>(i / 256 * 100), 200, 255}))
            << "image " << i;
        EXPECT_EQ(target.read_entity_id(x, y),
                  static_cast<std::int32_t>(sprites[static_cast<std::size_t>(i)].index))
            << "picking image " << i;
    }
    // The same 500 as points (sprites of a few pixels) are one call too.
    renderer_->render(list, camera2d{.zoom = 2.0f * 10.0f / 512.0f}, target, blue);
    EXPECT_EQ(renderer_->stats().points, 500u);
    EXPECT_EQ(renderer_->stats().draw_calls, 1u);
}

TEST_F(AssetDraw, ASpriteShowsTheFrameOfItsSheet) {
    const std::filesystem::path folder = temp_folder();
    write_red_green(folder / "rg.png");
    write_text(folder / "rg.sheet.json", R"({"version": 1, "image": "rg.png", "image_size": [2, 1],
        "frames": [{"name": "red", "rect": [0, 0, 1, 1]}, {"name": "green", "rect": [1, 0, 1, 1]}]})");
    // The same sheet as Aseprite exports it.
    write_text(folder / "rg.json", R"({"frames": [
        {"filename": "r 0.aseprite", "frame": {"x": 0, "y": 0, "w": 1, "h": 1}, "duration": 100},
        {"filename": "r 1.aseprite", "frame": {"x": 1, "y": 0, "w": 1, "h": 1}, "duration": 100}],
        "meta": {"image": "rg.png", "size": {"w": 2, "h": 1}, "frameTags": []}})");
    texture_cache textures(folder);
    world w;
    const entity left = add_sprite(w, {-2.0f, 0.0f}, "rg.sheet.json", 1, {2.0f, 2.0f});
    add_sprite(w, {2.0f, 0.0f}, "rg.json", 0, {2.0f, 2.0f});
    image shot = draw_scene(w, textures);
    EXPECT_TRUE(textures.take_errors().empty());
    EXPECT_EQ(shot.pixel(16, 32), green8);  // (-2, 0): frame 1
    EXPECT_EQ(shot.pixel(47, 32), red8);    // (2, 0): frame 0 of the Aseprite export

    w.get<Sprite>(left).frame = 0;  // what an animation does every tick
    shot = draw_scene(w, textures);
    EXPECT_EQ(shot.pixel(16, 32), red8);
}

TEST_F(AssetDraw, ABrokenSheetDrawsThePlaceholderAndNamesTheFrame) {
    const std::filesystem::path folder = temp_folder();
    write_red_green(folder / "rg.png");
    write_text(folder / "bad.sheet.json", R"({"version": 1, "image": "rg.png",
        "frames": [{"name": "wide", "rect": [1, 0, 2, 1]}]})");
    texture_cache textures(folder);
    world w;
    add_sprite(w, {0.0f, 0.0f}, "bad.sheet.json");
    const image shot = draw_scene(w, textures);
    EXPECT_EQ(shot.pixel(20, 20), (rgba8{255, 0, 255, 255}));
    const auto errors = textures.take_errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot load texture 'bad.sheet.json'"), std::string::npos)
        << errors[0];
    EXPECT_NE(
        errors[0].find("frame 0 'wide': the frame [1, 0, 2, 1] reaches outside the 2x1 image"),
        std::string::npos)
        << errors[0];
    // The path, once, for a tool to name what uses it (the editor: entity and field).
    EXPECT_EQ(textures.take_failed_paths(), std::vector<std::string>{"bad.sheet.json"});
    (void)draw_scene(w, textures);
    EXPECT_TRUE(textures.take_failed_paths().empty()) << "not every frame";
}

TEST_F(AssetDraw, AnImageClaimingAHugeSizeIsRefusedWithTheCap) {
    const std::filesystem::path folder = temp_folder();
    std::vector<std::uint8_t> header = {0x89, 'P',  'N', 'G', '\r', '\n', 0x1A, '\n', 0,    0, 0,
                                        13,   'I',  'H', 'D', 'R',  0,    1,    0x86, 0xA0, 0, 1,
                                        0x86, 0xA0, 8,   6,   0,    0,    0,    0,    0,    0, 0};
    std::ofstream(folder / "bomb.png", std::ios::binary)
        .write(reinterpret_cast<const char*>(header.data()),
               static_cast<std::streamsize>(header.size()));
    texture_cache textures(folder);
    EXPECT_EQ(textures.find("bomb.png").texture, textures.placeholder());
    EXPECT_NE(textures.error("bomb.png")
                  .find("100000x100000 is larger than the cap of 8192 pixels a side"),
              std::string::npos)
        << textures.error("bomb.png");
}

TEST_F(AssetDraw, TextIsDrawnInItsColourFromTheDefaultFont) {
    texture_cache textures(temp_folder());
    world w;
    const entity label = w.create();
    w.add<Transform>(label);
    Text text{.size = 6.0f, .fill = white};
    std::strncpy(text.text, "I", sizeof(text.text) - 1);
    w.add<Text>(label, text);
    draw_list list;
    draw_world(w, list, {.textures = &textures});
    ASSERT_EQ(list.instances().size(), 1u);
    const image shot = draw(list);
    EXPECT_TRUE(textures.take_errors().empty());
    // The stem of a 48-pixel-tall "I" crosses the middle of the view (white, its edges
    // blended with the blue background).
    int white_pixels = 0;
    int picked = 0;
    for (int x = 20; x < 44; ++x) {
        white_pixels += shot.pixel(x, 32)[0] > 200 ? 1 : 0;
        picked += target_->read_entity_id(x, 32) == static_cast<std::int32_t>(label.index) ? 1 : 0;
    }
    EXPECT_GE(white_pixels, 3);
    EXPECT_GE(picked, 3);
    EXPECT_EQ(shot.pixel(4, 4), blue8);

    // A font that does not parse: a message and the placeholder box.
    std::strncpy(w.get<Text>(label).font.path, "broken.ttf", sizeof(text.font.path) - 1);
    write_text(folder_ / "broken.ttf", "this is not a font file at all");
    list.clear();
    draw_world(w, list, {.textures = &textures});
    const image broken = draw(list);
    int magenta = 0;
    for (int x = 20; x < 44; ++x) magenta += broken.pixel(x, 32) == rgba8{255, 0, 255, 255} ? 1 : 0;
    EXPECT_GE(magenta, 8);
    const auto errors = textures.take_errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot load font 'broken.ttf'"), std::string::npos) << errors[0];
    EXPECT_NE(errors[0].find("not a TrueType or OpenType font"), std::string::npos) << errors[0];
}

// Later modification times make each change visible however fast the test runs.
void touch_later(const std::filesystem::path& file, int seconds) {
    std::filesystem::last_write_time(
        file, std::filesystem::file_time_type::clock::now() + std::chrono::seconds(seconds));
}

TEST_F(AssetDraw, HotReloadShowsTheNewImageAndKeepsTheLastGoodOne) {
    const std::filesystem::path folder = temp_folder();
    write_solid(folder / "a.png", 4, 4, red8);
    texture_cache textures(folder);
    world w;
    add_sprite(w, {0.0f, 0.0f}, "a.png");
    EXPECT_EQ(draw_scene(w, textures).pixel(32, 32), red8);
    EXPECT_TRUE(textures.reload_changed().empty());

    write_solid(folder / "a.png", 4, 4, green8);
    touch_later(folder / "a.png", 5);
    EXPECT_TRUE(textures.reload_changed().empty());  // not settled yet
    EXPECT_EQ(textures.reload_changed(), std::vector<std::string>{"a.png"});
    EXPECT_EQ(draw_scene(w, textures).pixel(32, 32), green8);

    // A different size moves it within the atlas; still shown.
    write_solid(folder / "a.png", 6, 3, white8);
    touch_later(folder / "a.png", 10);
    (void)textures.reload_changed();
    EXPECT_EQ(textures.reload_changed().size(), 1u);
    EXPECT_EQ(draw_scene(w, textures).pixel(32, 32), white8);

    // Broken on disk: the last good version stays, and the reason is reported.
    write_text(folder / "a.png", "half-written garbage");
    touch_later(folder / "a.png", 15);
    (void)textures.reload_changed();
    EXPECT_TRUE(textures.reload_changed().empty());
    EXPECT_EQ(draw_scene(w, textures).pixel(32, 32), white8);
    const auto errors = textures.take_errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot reload texture 'a.png'"), std::string::npos) << errors[0];
    EXPECT_NE(errors[0].find("keeping the last good version"), std::string::npos) << errors[0];
}

// A 2 x 2 map of 4-unit tiles covers the 8-unit view: bottom-left the sheet's red frame,
// bottom-right its green one, top-left a tile past the tileset (the placeholder), top-right
// empty (the background). One draw call for the sheet's tiles: they share its atlas page.
TEST_F(AssetDraw, ATilemapDrawsItsTilesFromTheTilesetSheet) {
    const std::filesystem::path folder = temp_folder();
    write_red_green(folder / "rg.png");
    write_text(folder / "rg.sheet.json", R"({"version": 1, "image": "rg.png",
        "frames": [{"name": "red", "rect": [0, 0, 1, 1]}, {"name": "green", "rect": [1, 0, 1, 1]}]})");
    write_text(folder / "level.tileset.json",
               R"({"version": 1, "sheet": "rg.sheet.json", "tiles": {"red": {"solid": true}}})");
    texture_cache textures(folder);
    tile_draw_cache tiles(folder);
    world w;
    const entity map = w.create();
    w.add<Transform>(map, Transform{.position = {-4.0f, -4.0f}});
    Tilemap info{.tile_size = {4.0f, 4.0f}, .width = 2, .height = 2};
    std::strncpy(info.tileset.path, "level.tileset.json", sizeof(info.tileset.path) - 1);
    w.add<Tilemap>(map, info);
    {
        tile_access cells(w, map);
        cells.set(0, 0, 1);
        cells.set(1, 0, 2);
        cells.set(0, 1, 99);
    }
    draw_list list;
    draw_world(w, list, {.textures = &textures, .tiles = &tiles});
    const image shot = draw(list);
    EXPECT_TRUE(textures.take_errors().empty());
    EXPECT_TRUE(tiles.take_warnings().empty());
    EXPECT_EQ(shot.pixel(16, 48), red8);    // bottom-left
    EXPECT_EQ(shot.pixel(48, 48), green8);  // bottom-right
    EXPECT_EQ(shot.pixel(48, 16), blue8);   // empty
    int magenta = 0;
    for (int x = 2; x < 30; ++x) magenta += shot.pixel(x, 16) == rgba8{255, 0, 255, 255} ? 1 : 0;
    EXPECT_GE(magenta, 8);
    EXPECT_EQ(target_->read_entity_id(16, 48), static_cast<std::int32_t>(map.index));
    EXPECT_LE(renderer_->stats().draw_calls, 2u);  // the sheet's page, the placeholder

    // The sheet's image goes missing: after a reload every tile is the placeholder.
    std::filesystem::remove(folder / "rg.png");
    textures.reload();
    list.clear();
    draw_world(w, list, {.textures = &textures, .tiles = &tiles});
    const image missing = draw(list);
    EXPECT_EQ(missing.pixel(48, 16), blue8);
    int checker = 0;
    for (int x = 34; x < 62; ++x)
        checker += missing.pixel(x, 48) == rgba8{255, 0, 255, 255} ? 1 : 0;
    EXPECT_GE(checker, 8);
    EXPECT_FALSE(textures.take_errors().empty());
}

TEST_F(AssetDraw, AZoomedOutTilemapIsDrawnFromChunkImages) {
    const std::filesystem::path folder = temp_folder();
    write_red_green(folder / "rg.png");
    write_text(folder / "rg.sheet.json", R"({"version": 1, "image": "rg.png",
        "frames": [{"name": "red", "rect": [0, 0, 1, 1]}, {"name": "green", "rect": [1, 0, 1, 1]}]})");
    write_text(folder / "level.tileset.json", R"({"version": 1, "sheet": "rg.sheet.json"})");
    texture_cache textures(folder);
    tile_draw_cache tiles(folder);
    world w;
    // 256 x 256 tiles of one unit in a view 256 units high: a quarter of a pixel a tile.
    const entity map = w.create();
    w.add<Transform>(map, Transform{.position = {-128.0f, -128.0f}});
    Tilemap info{.width = 256, .height = 256};
    std::strncpy(info.tileset.path, "level.tileset.json", sizeof(info.tileset.path) - 1);
    w.add<Tilemap>(map, info);
    {
        tile_access cells(w, map);
        for (int y = 0; y < 256; ++y)
            for (int x = 0; x < 256; ++x)
                if (x < 128 || y < 128) cells.set(x, y, x < 128 ? 1 : 2);  // top-right empty
    }
    const camera2d far{.position = {0.0f, 0.0f}, .zoom = 10.0f / 256.0f};
    const glm::vec2 viewport(target_pixels, target_pixels);
    const auto shoot = [&] {
        draw_list list;
        draw_world(w, list,
                   {.textures = &textures,
                    .tiles = &tiles,
                    .pixels_per_unit = far.pixels_per_unit(viewport)});
        return draw(list, blue, far);
    };
    const image shot = shoot();
    EXPECT_EQ(tiles.stats().lod_level, 3);
    EXPECT_EQ(tiles.stats().lod_chunks, 48u);  // 64 chunks, 16 of them empty (never made)
    EXPECT_EQ(tiles.stats().tiles, 0u);
    EXPECT_EQ(renderer_->stats().draw_calls, 1u);  // every chunk on one canvas page
    EXPECT_EQ(shot.pixel(16, 48), red8);
    EXPECT_EQ(shot.pixel(16, 16), red8);
    EXPECT_EQ(shot.pixel(48, 48), green8);
    EXPECT_EQ(shot.pixel(48, 16), blue8);  // empty
    EXPECT_EQ(target_->read_entity_id(16, 48), static_cast<std::int32_t>(map.index));

    // Nothing changed: no canvas written, so a picture kept from before is still right.
    const std::uint64_t writes = textures.canvas_writes();
    (void)shoot();
    EXPECT_EQ(textures.canvas_writes(), writes);

    // Painting a chunk's worth of tiles in the empty quarter: only that chunk is built again,
    // and the canvas write says a kept picture is stale (the quads alone are unchanged).
    {
        tile_access cells(w, map);
        for (int y = 128; y < 160; ++y)
            for (int x = 128; x < 160; ++x) cells.set(x, y, 1);
    }
    EXPECT_EQ(shoot().pixel(36, 28), red8);  // tiles (128..159, 128..159): pixels 32..39, 24..31
    EXPECT_EQ(tiles.stats().lod_rebuilt, 1u);
    EXPECT_GT(textures.canvas_writes(), writes);
    EXPECT_EQ(shoot().pixel(44, 28), blue8);
}

}  // namespace
}  // namespace mosaic::testing
