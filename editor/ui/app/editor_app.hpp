#pragma once
// editor_app: mosaic-editor itself — the GLFW window, Dear ImGui on its GLFW and OpenGL 3
// backends, the editor UI and the scene view's renderer, and the main loop:
//
//   poll events -> advance play mode -> build the UI -> render -> (screenshot) -> swap
//
// A frame whose draw data and scene view are the same as the last one's is not drawn nor
// swapped (the window keeps its pixels), and the next frame waits up to 1/60 s for an event
// instead of spinning: a paused game or an idle editor costs the UI's CPU time only.
//
// Key, character and mouse-button events go through an input_queue (glfw_input.hpp): ImGui
// 1.86 reads their state once a frame, and a press and release inside one slow frame would
// otherwise be lost.
//
// Scripts (--script) run through editor/core's run_script_line with a script_host whose
// wait(N) renders N real frames (only wait renders, so `play` + `wait 120` is 120 ticks) and whose
// screenshot(PATH) writes the whole window. Scripted runs use a fixed 1/60 s per frame so they are
// reproducible.

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "command_line.hpp"
#include "core/editor_state.hpp"
#include "draw_data_memo.hpp"
#include "gl_viewport.hpp"
#include "glfw_input.hpp"
#include "input_queue.hpp"
#include "ui/editor_ui.hpp"

namespace mosaic::editor {

class editor_app {
public:
    /// Opens the window (throws platform_error without a display) and the scene, if any
    /// (a scene that fails to load leaves an empty one and the error in the console).
    explicit editor_app(const editor_options& options);
    ~editor_app();
    editor_app(const editor_app&) = delete;
    editor_app& operator=(const editor_app&) = delete;

    /// Runs what the options ask for; returns the process exit code.
    int run();

    /// One frame. With a path, the frame is also written there as a PNG; returns "" or the
    /// error.
    std::string render_frame(const std::filesystem::path& screenshot = {});

    /// Where the last frame's wall time went, in seconds. `ui` includes `scene_view` (the
    /// scene view's renderer runs while the UI is built).
    struct frame_phases {
        double events = 0;      // polling the window, the queued input
        double game = 0;        // play mode: the game's ticks
        double ui = 0;          // every panel built, ImGui::Render
        double scene_view = 0;  // the scene view's renderer (part of ui)
        double imgui_draw = 0;  // ImGui's OpenGL draw of the whole window
        double swap = 0;        // glfwSwapBuffers
        int ticks = 0;          // game ticks run in the frame
        bool kept = false;      // nothing changed: the window was not drawn again
    };
    [[nodiscard]] const frame_phases& last_phases() const noexcept { return phases_; }
    /// Each OpenGL phase waits for the rasteriser (glFinish), so its drawing is counted in
    /// it instead of in whatever waits next (slower frames; for measuring only).
    void wait_for_gpu_in_phases(bool wait);
    /// > 0: every frame advances the game this much (deterministic: every due tick runs).
    /// 0: the real clock, and the game's ticks get at most `tick_budget` of a frame.
    void set_fixed_dt(double seconds) noexcept;

    [[nodiscard]] editor_state& state() noexcept { return state_; }
    [[nodiscard]] gl_viewport& viewport() noexcept { return *viewport_; }
    [[nodiscard]] editor_ui& ui() noexcept { return *ui_; }
    /// The window's input as it is queued for the UI (benchmarks send clicks through it).
    [[nodiscard]] input_queue& input() noexcept { return input_; }

private:
    editor_app(const editor_options& options, loaded_project project);
    int run_script();

    editor_options options_;
    editor_state state_;
    window window_;
    input_queue input_;  // keys, characters and clicks, fed to ImGui one change per frame
    std::unique_ptr<glfw_input> glfw_input_;
    std::unique_ptr<gl_viewport> viewport_;
    std::unique_ptr<editor_ui> ui_;
    std::chrono::steady_clock::time_point last_frame_;
    double fixed_dt_ = 0.0;  // > 0: every frame advances this much (scripts, --frames)
    // On the real clock the game's ticks stop after this much of a frame, and the game runs
    // slower than real time (the toolbar shows its speed) instead of the editor freezing:
    // 100,000 colliding sprites tick in ~11 ms here, and five catch-up ticks made 130 ms frames.
    static constexpr double tick_budget = 1.0 / 60.0;
    std::string title_;
    frame_phases phases_;
    draw_data_memo drawn_;  // what the window shows
    bool idle_ = false;     // the last frame changed nothing: wait for events a little
    bool wait_for_gpu_ = false;
    // The project folder last checked for files moved outside the editor (asset_rename.hpp).
    std::filesystem::path renames_checked_;
};

}  // namespace mosaic::editor
