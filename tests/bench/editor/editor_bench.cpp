// The editor at 100,000 entities (issue #5's goals: a frame <= 8 ms median, Play and Stop
// <= 30 ms each).
//
//   editor_frame/headless   UI build only: ImGui NewFrame, every panel, Render (draw lists)
//   editor_frame/gl         the same plus the scene view's draw_world and the renderer's
//                           submission into its framebuffer and ImGui's OpenGL draw, in a
//                           hidden window (no swap, no glFinish: CPU time)
//   editor_play / editor_stop
//
// The scene: 1,000 roots with 99 children each (every node open: 100,000 hierarchy rows),
// each entity with Name, Transform, Sprite and RigidBody; one entity selected.
//
// Run: xvfb-run -a ./mosaic-editor-bench --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/platform/window.hpp>

#include "core/editor_state.hpp"
#include "headless_imgui.hpp"
#include "ui/app/gl_viewport.hpp"
#include "ui/editor_ui.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

constexpr int entity_count = 100'000;
constexpr int children_per_root = 99;

void fill(editor_state& s) {
    world& w = s.world();
    entity root = null_entity;
    for (int i = 0; i < entity_count; ++i) {
        const entity e = w.create();
        std::snprintf(w.add<Name>(e).value, sizeof(Name::value), "Entity %d", i);
        const float f = static_cast<float>(i);
        w.add<Transform>(
            e, Transform{{static_cast<float>(i % 400) * 0.1f, f * 0.0004f}, 0.0f, {1, 1}});
        w.add<Sprite>(e, Sprite{{0.2f + static_cast<float>(i % 7) * 0.1f, 0.5f, 0.8f, 1.0f},
                                {0.08f, 0.08f},
                                {},
                                0});
        w.add<RigidBody>(e, RigidBody{{0.1f, 0.0f}, {0, 0}, 0, 0});
        if (i % (children_per_root + 1) == 0) {
            root = e;
        } else {
            set_parent(w, e, root);
        }
    }
    s.selection().select(s.find_by_name("Entity 12345"));
}

void frame(editor_ui& ui, editor_state& s, viewport_renderer* renderer) {
    ImGui::NewFrame();
    ui.frame(s, renderer);
    ImGui::Render();
}

void editor_frame_headless(benchmark::State& st) {
    testing::headless_imgui imgui;
    editor_state s;
    fill(s);
    editor_ui ui;
    for (int i = 0; i < 3; ++i) frame(ui, s, nullptr);  // rows built, layout settled
    for (auto _ : st) frame(ui, s, nullptr);
    st.counters["hierarchy_rows"] = static_cast<double>(ui.hierarchy().rows().size());
}

void editor_frame_gl(benchmark::State& st) {
    std::unique_ptr<window> win;
    try {
        win = std::make_unique<window>(window_options{
            .title = "bench", .width = 1600, .height = 900, .visible = false, .vsync = false});
    } catch (const platform_error& e) {
        st.SkipWithError(e.what());
        return;
    }
    editor_state s;
    fill(s);
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
            frame(ui, s, &viewport);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        };
        for (int i = 0; i < 3; ++i) gl_frame();
        for (auto _ : st) gl_frame();
    }
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void editor_play_stop(benchmark::State& st, bool measure_play) {
    editor_state s;
    fill(s);
    for (auto _ : st) {
        const auto t0 = std::chrono::steady_clock::now();
        s.play();
        const auto t1 = std::chrono::steady_clock::now();
        s.stop();
        const auto t2 = std::chrono::steady_clock::now();
        st.SetIterationTime(
            std::chrono::duration<double>(measure_play ? t1 - t0 : t2 - t1).count());
    }
}

}  // namespace

BENCHMARK(editor_frame_headless)->Name("editor_frame/headless")->Unit(benchmark::kMillisecond);
BENCHMARK(editor_frame_gl)->Name("editor_frame/gl")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(editor_play_stop, play, true)
    ->Name("editor_play")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(editor_play_stop, stop, false)
    ->Name("editor_stop")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
