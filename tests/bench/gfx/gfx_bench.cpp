// mosaic-gfx-bench: what drawing a large scene costs the CPU, at 10k and 100k sprites.
//
//   collect/untextured      draw_world() into a reused draw_list
//   collect/textured_runs   the same, sprites sharing 4 textures in runs (spawned in bulk)
//   collect/textured_mixed  4 textures, the neighbour always different (worst case)
//   collect/sheet_frames    every sprite a frame of one 16-frame sprite sheet, the frame
//                           different from the neighbour's (what animation leaves behind):
//                           resolving Sprite::frame to its atlas region
//   collect_upload          draw_world() + glBufferData of the instances (the renderer's
//                           upload) without drawing: the "<= 4 ms at 100k" goal
//   render                  renderer::render() of a list collected once
//   frame                   draw_world() + renderer::render() (clear, order, upload, one
//                           draw call per layer/texture run) into the hidden window's
//                           framebuffer; glFinish() runs outside the timed region, so this is
//                           the CPU's submission time, not the GPU's (llvmpipe under Xvfb
//                           shades vertices on the CPU inside the draw call, though)
//   atlas/500_images/SIDE   500 sprites, each a different SIDE x SIDE image (8, 64, 128),
//                           draw_world() + renderer::render() as `frame`; counters: draw
//                           calls and atlas pages (images are packed into 2048 x 2048 pages,
//                           one call per page: issue #28's "500 images in a few draw calls")
//   tiles/...               a 1024 x 1024 Tilemap (1M tiles, 1,024 chunks) of a 16-frame
//                           sheet, drawn through the per-chunk cache (tile_draw_cache.hpp):
//                           frame_view: a 64 x 36-tile view, collect + render per frame;
//                           frame_view_painting: the same with one tile changed every frame
//                           (its chunk is built again); collect_whole_map / frame_whole_map:
//                           the view shows all 1M tiles
//
// Needs a display for the OpenGL context:
//   xvfb-run -a -s "-screen 0 1600x900x24 -noreset" build/bench/tests/bench/mosaic-gfx-bench

// glad first and in a block of its own (it must come before any GL header).
#include <glad/glad.h>

#include <benchmark/benchmark.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/render/draw_world.hpp>
#include <mosaic/engine/render/renderer.hpp>
#include <mosaic/engine/render/texture_cache.hpp>
#include <mosaic/engine/render/tile_draw_cache.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>
#include <string>
#include <vector>

namespace {

using namespace mosaic;

constexpr glm::ivec2 frame_size{1280, 720};
constexpr int texture_count = 4;

// Set up once in main(): the context, and a folder with the textures.
std::unique_ptr<window> context;
std::filesystem::path texture_folder;

enum class texturing { none, runs, mixed, sheet };
constexpr int sheet_frames = 16;

// N sprites on a grid that fills a 10-unit-high view, as a spawner would make them.
std::unique_ptr<world> make_scene(std::size_t n, texturing textures) {
    auto scene = std::make_unique<world>();
    const auto side = static_cast<std::size_t>(std::sqrt(static_cast<double>(n))) + 1;
    for (std::size_t i = 0; i < n; ++i) {
        const entity e = scene->create();
        const float x = static_cast<float>(i % side) / static_cast<float>(side) * 16.0f - 8.0f;
        const float y = static_cast<float>(i / side) / static_cast<float>(side) * 10.0f - 5.0f;
        scene->add<Transform>(e, Transform{.position = {x, y},
                                           .rotation = static_cast<float>(i % 360),
                                           .scale = {0.05f, 0.05f}});
        Sprite sprite{.tint = {1.0f, 0.5f, 0.25f, 1.0f}, .layer = 0};
        if (textures == texturing::sheet) {
            std::snprintf(sprite.texture.path, sizeof(sprite.texture.path), "walk.sheet.json");
            sprite.frame = static_cast<std::int32_t>(i % sheet_frames);
        } else if (textures != texturing::none) {
            const std::size_t which =
                textures == texturing::runs ? i * texture_count / n : i % texture_count;
            std::snprintf(sprite.texture.path, sizeof(sprite.texture.path), "sprite_%zu.png",
                          which);
        }
        scene->add<Sprite>(e, sprite);
    }
    return scene;
}

void collect(benchmark::State& state, texturing textures) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto scene = make_scene(n, textures);
    texture_cache cache(texture_folder);
    draw_list list;
    draw_world(*scene, list, {.textures = &cache});  // loads the textures: not timed
    for (auto _ : state) {
        list.clear();
        draw_world(*scene, list, {.textures = &cache});
        benchmark::DoNotOptimize(list.instances().data());
    }
    if (list.instances().size() != n) state.SkipWithError("not every sprite was collected");
    state.counters["ns_per_sprite"] =
        benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                       benchmark::Counter::kInvert);
}

void collect_untextured(benchmark::State& state) {
    collect(state, texturing::none);
}
void collect_textured_runs(benchmark::State& state) {
    collect(state, texturing::runs);
}
void collect_textured_mixed(benchmark::State& state) {
    collect(state, texturing::mixed);
}
void collect_sheet_frames(benchmark::State& state) {
    collect(state, texturing::sheet);
}

// Timed by hand so glFinish (waiting for the rasteriser) stays out of the figure.
template <class Submit>
void time_submissions(benchmark::State& state, Submit submit) {
    submit();  // first use: buffers grow, shaders get their final compile
    glFinish();
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        submit();
        const auto end = std::chrono::steady_clock::now();
        glFinish();
        state.SetIterationTime(std::chrono::duration<double>(end - start).count());
    }
}

void collect_upload(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto scene = make_scene(n, texturing::none);
    draw_list list;
    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    time_submissions(state, [&] {
        list.clear();
        draw_world(*scene, list);
        // What renderer::render() does with an already ordered list.
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.instances().size_bytes()),
                     list.instances().data(), GL_STREAM_DRAW);
    });
    glDeleteBuffers(1, &buffer);
}

// draw_world() + renderer::render() of `scene` into the window, timed; returns the last
// frame's statistics.
render_stats time_frames(benchmark::State& state, const world& scene,
                         const draw_world_options& options = {}) {
    draw_list list;
    renderer gpu;
    default_framebuffer screen(context->framebuffer_size());
    const camera2d camera;
    time_submissions(state, [&] {
        list.clear();
        draw_world(scene, list, options);  // the first (untimed) call loads the textures
        gpu.render(list, camera, screen, {0.1f, 0.1f, 0.12f, 1.0f});
    });
    return gpu.stats();
}

void frame(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto scene = make_scene(n, texturing::none);
    state.counters["draw_calls"] = static_cast<double>(time_frames(state, *scene).draw_calls);
}

// The renderer alone, on a list collected once: frame minus collect.
void render_only(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto scene = make_scene(n, texturing::none);
    draw_list list;
    draw_world(*scene, list);
    renderer gpu;
    default_framebuffer screen(context->framebuffer_size());
    const camera2d camera;
    time_submissions(state, [&] { gpu.render(list, camera, screen, {0.1f, 0.1f, 0.12f, 1.0f}); });
}

// --- atlases -------------------------------------------------------------------------------

constexpr int atlas_images = 500;
constexpr int atlas_sides[] = {8, 64, 128};

std::string atlas_image(int side, int i) {
    return "atlas_" + std::to_string(side) + "/image_" + std::to_string(i) + ".png";
}

// 500 sprites on a grid filling the view, sprite i showing image i of that side.
void atlas_frame(benchmark::State& state) {
    const auto side = static_cast<int>(state.range(0));
    world scene;
    const int columns = 25;
    for (int i = 0; i < atlas_images; ++i) {
        const entity e = scene.create();
        scene.add<Transform>(
            e, Transform{.position = {static_cast<float>(i % columns) * 0.64f - 8.0f,
                                      static_cast<float>(i / columns) * 0.5f - 5.0f}});
        Sprite sprite{.size = {0.6f, 0.6f}};
        std::snprintf(sprite.texture.path, sizeof(sprite.texture.path), "%s",
                      atlas_image(side, i).c_str());
        scene.add<Sprite>(e, sprite);
    }
    texture_cache cache(texture_folder);
    const render_stats stats = time_frames(state, scene, {.textures = &cache});
    if (!cache.take_errors().empty()) state.SkipWithError("an image did not load");
    state.counters["draw_calls"] = static_cast<double>(stats.draw_calls);
    state.counters["atlas_pages"] = static_cast<double>(cache.atlas_pages());
    state.counters["sprites"] = static_cast<double>(stats.instances);
}

bool write_atlas_images() {
    for (const int side : atlas_sides) {
        std::filesystem::create_directories(texture_folder / ("atlas_" + std::to_string(side)));
        std::vector<std::uint8_t> pixels(static_cast<std::size_t>(side) * side * 4);
        for (int i = 0; i < atlas_images; ++i) {
            for (std::size_t p = 0; p < pixels.size(); ++p)
                pixels[p] = static_cast<std::uint8_t>(p % 4 == 3 ? 255 : i * 7 + p / 4);
            const auto path = texture_folder / atlas_image(side, i);
            if (stbi_write_png(path.c_str(), side, side, 4, pixels.data(), side * 4) == 0)
                return false;
        }
    }
    return true;
}

// --- tilemaps -------------------------------------------------------------------------------

constexpr int map_side = 1024;

// Every cell filled, with the sheet's frames in a diagonal pattern.
std::unique_ptr<world> make_tilemap(tile_draw_cache& cache, entity& map) {
    auto scene = std::make_unique<world>();
    map = scene->create();
    scene->add<Transform>(map);
    Tilemap t;
    std::snprintf(t.tileset.path, sizeof t.tileset.path, "map.tileset.json");
    t.width = map_side;
    t.height = map_side;
    scene->add<Tilemap>(map, t);
    tile_access tiles(*scene, map);
    for (int y = 0; y < map_side; ++y)
        for (int x = 0; x < map_side; ++x) tiles.set(x, y, (x + y) % sheet_frames + 1);
    tileset set;
    set.sheet = "walk.sheet.json";
    for (int f = 0; f < sheet_frames; ++f) set.names.push_back("walk_" + std::to_string(f));
    set.tiles.resize(set.names.size());
    set.solid.assign(set.names.size(), 0);
    cache.tilesets().put("map.tileset.json", std::move(set));
    return scene;
}

// The camera on the map's middle, `rows` tiles high (64 x 36 tiles in a 16:9 view).
camera2d map_camera(float rows) {
    return {.position = {map_side / 2.0f, map_side / 2.0f},
            .zoom = camera2d::units_per_height / rows};
}

void tiles_frame(benchmark::State& state, float rows, bool painting) {
    texture_cache textures(texture_folder);
    tile_draw_cache cache(texture_folder);
    entity map;
    const auto scene = make_tilemap(cache, map);
    tile_access tiles(*scene, map);
    draw_list list;
    renderer gpu;
    default_framebuffer screen(context->framebuffer_size());
    const camera2d camera = map_camera(rows);
    const world_rect view = camera.visible_bounds(glm::vec2(context->framebuffer_size()));
    std::int32_t paint = 1;
    time_submissions(state, [&] {
        if (painting) tiles.set(map_side / 2, map_side / 2, paint = paint % sheet_frames + 1);
        list.clear();
        draw_world(*scene, list, {.textures = &textures, .tiles = &cache, .visible = &view});
        gpu.render(list, camera, screen, {0.1f, 0.1f, 0.12f, 1.0f});
    });
    state.counters["tiles"] = static_cast<double>(cache.stats().tiles);
    state.counters["chunks_drawn"] = static_cast<double>(cache.stats().visible);
    state.counters["rebuilt"] = static_cast<double>(cache.stats().rebuilt);
    state.counters["draw_calls"] = static_cast<double>(gpu.stats().draw_calls);
}

void tiles_frame_view(benchmark::State& state) {
    tiles_frame(state, 36.0f, false);
}
void tiles_frame_view_painting(benchmark::State& state) {
    tiles_frame(state, 36.0f, true);
}
void tiles_frame_whole_map(benchmark::State& state) {
    tiles_frame(state, static_cast<float>(map_side), false);
}

// Collecting only (no GL submission), the whole map: the cache's copy of 1M quads.
void tiles_collect_whole_map(benchmark::State& state) {
    texture_cache textures(texture_folder);
    tile_draw_cache cache(texture_folder);
    entity map;
    const auto scene = make_tilemap(cache, map);
    draw_list list;
    draw_world(*scene, list, {.textures = &textures, .tiles = &cache});  // builds: not timed
    for (auto _ : state) {
        list.clear();
        draw_world(*scene, list, {.textures = &textures, .tiles = &cache});
        benchmark::DoNotOptimize(list.instances().data());
    }
    state.counters["tiles"] = static_cast<double>(cache.stats().tiles);
    state.counters["rebuilt"] = static_cast<double>(cache.stats().rebuilt);
}

bool write_textures() {
    texture_folder =
        std::filesystem::temp_directory_path() / ("mosaic-gfx-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(texture_folder);
    std::array<std::uint8_t, 16 * 16 * 4> pixels{};
    for (int t = 0; t < texture_count; ++t) {
        pixels.fill(static_cast<std::uint8_t>(60 * t));
        const auto path = texture_folder / ("sprite_" + std::to_string(t) + ".png");
        if (stbi_write_png(path.c_str(), 16, 16, 4, pixels.data(), 16 * 4) == 0) return false;
    }
    // A 64x64 sheet of 16 frames of 16x16.
    std::vector<std::uint8_t> sheet(64 * 64 * 4, 200);
    if (stbi_write_png((texture_folder / "walk.png").c_str(), 64, 64, 4, sheet.data(), 64 * 4) ==
        0) {
        return false;
    }
    std::string frames;
    for (int f = 0; f < sheet_frames; ++f) {
        frames += std::string(f == 0 ? "" : ",") + "{\"name\": \"walk_" + std::to_string(f) +
                  "\", \"rect\": [" + std::to_string(f % 4 * 16) + ", " +
                  std::to_string(f / 4 * 16) + ", 16, 16]}";
    }
    std::ofstream(texture_folder / "walk.sheet.json")
        << R"({"version": 1, "image": "walk.png", "frames": [)" << frames << "]}";
    return write_atlas_images();
}

void register_benchmarks() {
    for (const auto& [name, run] : {std::pair{"collect/untextured", &collect_untextured},
                                    std::pair{"collect/textured_runs", &collect_textured_runs},
                                    std::pair{"collect/textured_mixed", &collect_textured_mixed},
                                    std::pair{"collect/sheet_frames", &collect_sheet_frames}}) {
        benchmark::RegisterBenchmark(name, run)->Arg(10'000)->Arg(100'000)->Unit(
            benchmark::kMillisecond);
    }
    for (const auto& [name, run] :
         {std::pair{"collect_upload", &collect_upload}, std::pair{"render", &render_only},
          std::pair{"frame", &frame}}) {
        benchmark::RegisterBenchmark(name, run)->Arg(10'000)->Arg(100'000)->UseManualTime()->Unit(
            benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("atlas/500_images", &atlas_frame)
        ->ArgName("side")
        ->Arg(atlas_sides[0])
        ->Arg(atlas_sides[1])
        ->Arg(atlas_sides[2])
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    for (const auto& [name, run] :
         {std::pair{"tiles/frame_view", &tiles_frame_view},
          std::pair{"tiles/frame_view_painting", &tiles_frame_view_painting},
          std::pair{"tiles/frame_whole_map", &tiles_frame_whole_map}}) {
        benchmark::RegisterBenchmark(name, run)->UseManualTime()->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("tiles/collect_whole_map", &tiles_collect_whole_map)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    try {
        context = std::make_unique<window>(window_options{.title = "mosaic-gfx-bench",
                                                          .width = frame_size.x,
                                                          .height = frame_size.y,
                                                          .visible = false,
                                                          .vsync = false});
    } catch (const platform_error& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
    if (!write_textures()) {
        std::fprintf(stderr, "mosaic-gfx-bench: cannot write test textures in %s\n",
                     texture_folder.c_str());
        return 1;
    }
    register_benchmarks();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    context.reset();
    std::filesystem::remove_all(texture_folder);
    return 0;
}
