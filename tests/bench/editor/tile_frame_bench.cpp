// The editor's frame with a 1024 x 1024 Tilemap (1M tiles in 1,024 chunks, a 16-frame sheet)
// entirely in the Scene view (issue #29's "at or under 16 ms CPU per frame while painting"):
//
//   editor_frame/tiles/whole_map           the GL frame of editor_frame/gl (every panel, the
//                                          scene view's draw_world and renderer submission,
//                                          ImGui's OpenGL draw; hidden 1600 x 900 window, no
//                                          swap, no glFinish), nothing changing
//   editor_frame/tiles/whole_map_painting  the same while a brush stroke (tile_stroke, what
//                                          the Scene view's mouse drives) moves one cell a
//                                          frame, with a tile the map does not hold: one
//                                          tile and one chunk change per frame
//
// Zoomed out so, each tile is about 0.6 pixels: the tile cache draws each chunk as one
// low-resolution image (tile_lod.hpp), so the counters show lod_chunks, not tiles.
//
// Run: xvfb-run -a -s "-screen 0 1600x900x24 -noreset" ./mosaic-editor-bench
//      --benchmark_filter=editor_frame/tiles
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <benchmark/benchmark.h>
#include <imgui.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "core/editor_state.hpp"
#include "core/tile_paint.hpp"
#include "ui/app/gl_viewport.hpp"
#include "ui/editor_ui.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

constexpr int map_side = 1024;
constexpr int sheet_frames = 16;

// A 64 x 64 sheet of 16 frames of 16 x 16, each a colour, and its tileset, in `folder`.
bool write_tileset(const std::filesystem::path& folder) {
    std::filesystem::create_directories(folder);
    std::vector<std::uint8_t> pixels(64 * 64 * 4);
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const int frame = y / 16 * 4 + x / 16;
            std::uint8_t* p = pixels.data() + (y * 64 + x) * 4;
            p[0] = static_cast<std::uint8_t>(frame * 16);
            p[1] = static_cast<std::uint8_t>(255 - frame * 16);
            p[2] = static_cast<std::uint8_t>(x * 4);
            p[3] = 255;
        }
    }
    if (stbi_write_png((folder / "tiles.png").c_str(), 64, 64, 4, pixels.data(), 64 * 4) == 0)
        return false;
    std::string frames;
    for (int f = 0; f < sheet_frames; ++f) {
        frames += std::string(f == 0 ? "" : ",") + "{\"name\": \"t" + std::to_string(f) +
                  "\", \"rect\": [" + std::to_string(f % 4 * 16) + ", " +
                  std::to_string(f / 4 * 16) + ", 16, 16]}";
    }
    std::ofstream(folder / "tiles.sheet.json")
        << R"({"version": 1, "image": "tiles.png", "frames": [)" << frames << "]}";
    std::ofstream(folder / "map.tileset.json") << R"({"version": 1, "sheet": "tiles.sheet.json"})";
    return true;
}

entity make_map(editor_state& s) {
    world& w = s.world();
    const entity map = w.create();
    std::snprintf(w.add<Name>(map).value, sizeof(Name::value), "Level");
    w.add<Transform>(map);
    Tilemap t;
    std::snprintf(t.tileset.path, sizeof t.tileset.path, "map.tileset.json");
    t.width = map_side;
    t.height = map_side;
    w.add<Tilemap>(map, t);
    tile_access tiles(w, map);
    for (int y = 0; y < map_side; ++y)
        for (int x = 0; x < map_side; ++x)
            tiles.set(x, y, (x / 3 + y / 5) % (sheet_frames - 1) + 1);  // the brush's tile: never
    // The scene's camera on the whole map (the Scene view takes it when it first draws).
    s.scene().settings.camera_position = {map_side / 2.0f, map_side / 2.0f};
    s.scene().settings.camera_zoom = camera2d::units_per_height / (map_side * 1.1f);
    return map;
}

void editor_frame_tiles(benchmark::State& st, bool painting) {
    std::unique_ptr<window> win;
    try {
        win = std::make_unique<window>(window_options{
            .title = "bench", .width = 1600, .height = 900, .visible = false, .vsync = false});
    } catch (const platform_error& e) {
        st.SkipWithError(e.what());
        return;
    }
    // An untitled scene's assets are relative to the working folder.
    const std::filesystem::path before = std::filesystem::current_path();
    const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                         ("mosaic-tile-bench-" + std::to_string(::getpid()));
    if (!write_tileset(folder)) {
        st.SkipWithError("cannot write the tileset");
        return;
    }
    std::filesystem::current_path(folder);
    {
        editor_state s;
        const entity map = make_map(s);
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;
        ImGui_ImplGlfw_InitForOpenGL(win->native_handle(), false);
        ImGui_ImplOpenGL3_Init("#version 330 core");
        {
            gl_viewport viewport;
            editor_ui ui;
            const auto gl_frame = [&] {
                ImGui_ImplOpenGL3_NewFrame();
                ImGui_ImplGlfw_NewFrame();
                ImGui::GetIO().DisplaySize = {1600, 900};
                ImGui::NewFrame();
                ui.frame(s, &viewport);
                ImGui::Render();
                ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            };
            for (int i = 0; i < 3; ++i) gl_frame();  // chunk images built, layout settled
            tile_brush brush;  // tile 16, which the map does not hold: every cell painted changes
            brush.tile_count = sheet_frames;
            brush.tile = sheet_frames;
            tile_stroke stroke;
            int step = 0;
            std::size_t rebuilt = 0;  // chunk images made again, all frames
            if (painting) stroke.begin(s, map, brush, {map_side / 2, map_side / 2});
            for (auto _ : st) {
                if (painting) {
                    ++step;
                    const tile_cell cell{map_side / 2 + step % 256,
                                         map_side / 2 + step / 256 % 256};
                    stroke.drag_to(s, cell);
                }
                gl_frame();
                rebuilt += ui.scene_view().tile_stats().lod_rebuilt;
            }
            if (painting) stroke.finish(s);
            const tile_draw_stats& tiles = ui.scene_view().tile_stats();
            st.counters["lod_chunks"] = static_cast<double>(tiles.lod_chunks);
            st.counters["lod_level"] = static_cast<double>(tiles.lod_level);
            st.counters["lod_rebuilt"] =  // per frame
                benchmark::Counter(static_cast<double>(rebuilt),
                                   benchmark::Counter::kAvgIterations);
            st.counters["tile_quads"] = static_cast<double>(tiles.tiles);
        }
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
    std::filesystem::current_path(before);
    std::filesystem::remove_all(folder);
}

}  // namespace

BENCHMARK_CAPTURE(editor_frame_tiles, whole_map, false)
    ->Name("editor_frame/tiles/whole_map")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(editor_frame_tiles, whole_map_painting, true)
    ->Name("editor_frame/tiles/whole_map_painting")
    ->Unit(benchmark::kMillisecond);
