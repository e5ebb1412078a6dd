#pragma once
// window: a GLFW window with an OpenGL 3.3 core, forward-compatible context (current on the
// creating thread, functions loaded with glad), and the device state games read as Input.
//
// Without a display (no DISPLAY or WAYLAND_DISPLAY, or an X server that cannot be reached)
// the constructor throws platform_error saying what to do: run under xvfb-run, or use
// mosaic-run for headless runs. GLFW is initialised by the first window and terminated
// when the last one is destroyed.
//
// This header does not include GLFW: native_handle() returns the GLFWwindow* that Dear
// ImGui's GLFW backend takes.

#include <stdexcept>
#include <string>

#include "../input.hpp"
#include "../math.hpp"

struct GLFWwindow;

namespace mosaic {

struct camera2d;

/// The platform cannot give us a window or an OpenGL context.
class platform_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct window_options {
    std::string title = "Mosaic";
    int width = 1280;  // screen coordinates
    int height = 720;
    bool visible = true;  // false: hidden, for tests and benchmarks
    bool vsync = true;
};

class window {
public:
    /// Throws platform_error (no display, no OpenGL 3.3 core context, glad failed).
    explicit window(const window_options& options = {});
    ~window();
    window(const window&) = delete;
    window& operator=(const window&) = delete;

    [[nodiscard]] bool should_close() const;
    void set_should_close(bool close);
    /// Processes pending events (input, resize, close); call once per frame.
    void poll_events();
    void swap_buffers();
    /// Makes this window's context current on the calling thread.
    void make_current();

    /// Pixels of the default framebuffer (differs from the window size on HiDPI screens).
    [[nodiscard]] glm::ivec2 framebuffer_size() const;
    /// Screen coordinates.
    [[nodiscard]] glm::ivec2 size() const;
    void set_title(const std::string& title);

    [[nodiscard]] GLFWwindow* native_handle() const noexcept { return handle_; }

    /// Copies the device state into `input`: `down` of every key GLFW defines, the mouse
    /// buttons, the cursor (mouse_pixels: framebuffer pixels from the top-left, the screen
    /// convention of camera2d) and the wheel
    /// steps since the last call. With a camera, mouse_position is the world point under
    /// the cursor as that camera sees the whole framebuffer. Edges (pressed, released) are
    /// left to Input::begin_tick().
    void read_input(Input& input, const camera2d* camera = nullptr);

private:
    static void on_scroll(GLFWwindow* handle, double x_offset, double y_offset);

    GLFWwindow* handle_ = nullptr;
    float scroll_ = 0.0f;  // wheel steps since read_input
};

}  // namespace mosaic
