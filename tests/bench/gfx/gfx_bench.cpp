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

void frame(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto scene = make_scene(n, texturing::none);
    draw_list list;
    renderer gpu;
    default_framebuffer screen(context->framebuffer_size());
    const camera2d camera;
    time_submissions(state, [&] {
        list.clear();
        draw_world(*scene, list);
        gpu.render(list, camera, screen, {0.1f, 0.1f, 0.12f, 1.0f});
    });
    state.counters["draw_calls"] = static_cast<double>(gpu.stats().draw_calls);
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
    return true;
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
