#pragma once
// glfw_input: while it lives, a GLFW window's key, character and mouse-button events go into
// an input_queue instead of straight into Dear ImGui (whose 1.86 backend writes them as state
// that a slow frame can lose). Create it after ImGui_ImplGlfw_InitForOpenGL (it replaces the
// three callbacks the backend installed; the backend keeps focus, cursor-enter and the wheel)
// and destroy it before ImGui_ImplGlfw_Shutdown. One at a time. It also notes when the window
// system lost the window's pixels (an expose), which an unchanged frame must then redraw.

struct GLFWwindow;

namespace mosaic::editor {

class input_queue;

class glfw_input {
public:
    glfw_input(GLFWwindow* window, input_queue& queue);
    ~glfw_input();
    /// The window needs its pixels drawn again (since the last call).
    [[nodiscard]] bool take_refresh() noexcept {
        const bool refresh = refresh_;
        refresh_ = false;
        return refresh;
    }
    glfw_input(const glfw_input&) = delete;
    glfw_input& operator=(const glfw_input&) = delete;

private:
    static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void on_char(GLFWwindow* window, unsigned int code_point);
    static void on_mouse_button(GLFWwindow* window, int button, int action, int mods);
    static void on_refresh(GLFWwindow* window);

    GLFWwindow* window_;
    input_queue& queue_;
    // What was installed before (ImGui's backend): put back on destruction.
    void (*previous_key_)(GLFWwindow*, int, int, int, int) = nullptr;
    void (*previous_char_)(GLFWwindow*, unsigned int) = nullptr;
    void (*previous_mouse_button_)(GLFWwindow*, int, int, int) = nullptr;
    void (*previous_refresh_)(GLFWwindow*) = nullptr;
    bool refresh_ = true;
};

}  // namespace mosaic::editor
