#pragma once
// editor_app: mosaic-editor itself — the GLFW window, Dear ImGui on its GLFW and OpenGL 3
// backends, the editor UI and the scene view's renderer, and the main loop:
//
//   poll events -> advance play mode -> build the UI -> render -> (screenshot) -> swap
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
#include "gl_viewport.hpp"
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

    [[nodiscard]] editor_state& state() noexcept { return state_; }
    [[nodiscard]] editor_ui& ui() noexcept { return *ui_; }

private:
    editor_app(const editor_options& options, loaded_project project);
    int run_script();

    editor_options options_;
    editor_state state_;
    window window_;
    std::unique_ptr<gl_viewport> viewport_;
    std::unique_ptr<editor_ui> ui_;
    std::chrono::steady_clock::time_point last_frame_;
    double fixed_dt_ = 0.0;  // > 0: every frame advances this much (scripts, --frames)
    std::string title_;
};

}  // namespace mosaic::editor
