// Hot reload of an image, end to end (issue #28: "an image changed on disk updates in the
// editor within a second"):
//
//   asset_reload_latency   from the moment an image of the scene is written on disk (as an
//                          image editor saves it: the file truncated and written again) to the
//                          frame whose scene view shows its new pixels. The scene view's
//                          renderer (gl_viewport, with its texture cache) runs frames at 60 a
//                          second as the idle editor does; the write lands at a random moment
//                          of the watcher's 250 ms poll. Each iteration is one change (the
//                          colour flips); the time is the mean, counters give the slowest and
//                          the fastest (ms) and the frames waited.
//
// Run: xvfb-run -a -s "-screen 0 1600x900x24" ./mosaic-editor-bench
//      --benchmark_filter=asset_reload
#include <benchmark/benchmark.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/render/draw_world.hpp>

#include "ui/app/gl_viewport.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;
using rgba8 = std::array<std::uint8_t, 4>;

constexpr glm::ivec2 view_size{64, 64};
constexpr auto frame_time = std::chrono::microseconds(16'667);  // 60 frames a second
constexpr auto give_up = std::chrono::seconds(5);

bool write_solid(const fs::path& file, rgba8 c) {
    std::vector<std::uint8_t> pixels;
    for (int i = 0; i < 16 * 16; ++i) pixels.insert(pixels.end(), c.begin(), c.end());
    return stbi_write_png(file.c_str(), 16, 16, 4, pixels.data(), 16 * 4) != 0;
}

void asset_reload_latency(benchmark::State& st) {
    std::unique_ptr<window> win;
    try {
        win = std::make_unique<window>(window_options{
            .title = "bench", .width = 320, .height = 240, .visible = false, .vsync = false});
    } catch (const platform_error& e) {
        st.SkipWithError(e.what());
        return;
    }
    const fs::path folder =
        fs::temp_directory_path() / ("mosaic-bench-reload-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    const fs::path file = folder / "hero.png";
    const std::array<rgba8, 2> colours{rgba8{255, 0, 0, 255}, rgba8{0, 255, 0, 255}};
    if (!write_solid(file, colours[0])) {
        st.SkipWithError("cannot write the image");
        return;
    }
    {
        world w;
        const entity e = w.create();
        w.add<Transform>(e);
        Sprite sprite{.size = {4.0f, 4.0f}};
        std::strncpy(sprite.texture.path, "hero.png", sizeof sprite.texture.path - 1);
        w.add<Sprite>(e, sprite);
        gl_viewport viewport;
        viewport.set_asset_folder(folder);
        const camera2d camera;
        // One editor frame: the scene collected and handed to the scene view, which keeps its
        // picture unless something changed (a reloaded image does).
        const auto frame = [&] {
            draw_list list;
            draw_world(w, list, {.textures = viewport.textures()});
            viewport.begin_frame();
            (void)viewport.render(list, camera, view_size, {0.0f, 0.0f, 0.0f, 1.0f});
        };
        const auto shows = [&](rgba8 c) {
            const image picture = viewport.read_picture();
            return picture.width > 0 && picture.pixel(view_size.x / 2, view_size.y / 2) == c;
        };
        // Frames at the editor's pace until `done` or `give_up`; returns the frames run.
        const auto frames_until = [&](auto done) {
            int n = 0;
            const auto start = clock_type::now();
            while (!done() && clock_type::now() - start < give_up) {
                const auto t = clock_type::now();
                frame();
                ++n;
                std::this_thread::sleep_until(t + frame_time);
            }
            return n;
        };
        frame();
        std::mt19937 random(28);
        std::uniform_int_distribution<int> phase_ms(0, 250);
        double slowest = 0.0;
        double fastest = 1e9;
        double frames = 0.0;
        std::size_t changes = 0;
        std::size_t shown = 0;
        for (auto _ : st) {
            const rgba8 before = colours[changes % 2];
            const rgba8 after = colours[(changes + 1) % 2];
            ++changes;
            // Settled on the old picture, then the write at a random moment of the poll.
            (void)frames_until([&] { return shows(before); });
            const auto wait = clock_type::now() + std::chrono::milliseconds(phase_ms(random));
            (void)frames_until([&] { return clock_type::now() >= wait; });
            const auto written = clock_type::now();
            if (!write_solid(file, after)) {
                st.SkipWithError("cannot write the image");
                break;
            }
            frames += frames_until([&] { return shows(after); });
            const double seconds =
                std::chrono::duration<double>(clock_type::now() - written).count();
            if (shows(after)) ++shown;
            slowest = std::max(slowest, seconds);
            fastest = std::min(fastest, seconds);
            st.SetIterationTime(seconds);
        }
        if (shown != changes) st.SkipWithError("a change never reached the screen");
        st.counters["slowest_ms"] = slowest * 1000.0;
        st.counters["fastest_ms"] = fastest * 1000.0;
        st.counters["frames"] = frames / static_cast<double>(std::max<std::size_t>(changes, 1));
    }
    std::error_code ec;
    fs::remove_all(folder, ec);
}

BENCHMARK(asset_reload_latency)
    ->Name("asset_reload_latency")
    ->UseManualTime()
    ->Iterations(24)
    ->Unit(benchmark::kMillisecond);

}  // namespace
