#include "glfw_input.hpp"

#include <GLFW/glfw3.h>

#include <mosaic/ecs/assert.hpp>

#include "input_queue.hpp"

namespace mosaic::editor {

namespace {
// GLFW's callbacks carry no context but the window's user pointer, which mosaic::window
// already uses; the editor has one window.
glfw_input* active = nullptr;
}  // namespace

glfw_input::glfw_input(GLFWwindow* window, input_queue& queue) : window_(window), queue_(queue) {
    MOSAIC_CHECK(active == nullptr, "glfw_input: only one window's input can be queued at a time");
    active = this;
    previous_key_ = glfwSetKeyCallback(window_, on_key);
    previous_char_ = glfwSetCharCallback(window_, on_char);
    previous_mouse_button_ = glfwSetMouseButtonCallback(window_, on_mouse_button);
    previous_refresh_ = glfwSetWindowRefreshCallback(window_, on_refresh);
}

glfw_input::~glfw_input() {
    glfwSetKeyCallback(window_, previous_key_);
    glfwSetCharCallback(window_, previous_char_);
    glfwSetMouseButtonCallback(window_, previous_mouse_button_);
    glfwSetWindowRefreshCallback(window_, previous_refresh_);
    active = nullptr;
}

void glfw_input::on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int /*mods*/) {
    if (active == nullptr || window != active->window_ || action == GLFW_REPEAT) return;
    active->queue_.key(key, action == GLFW_PRESS);
}

void glfw_input::on_char(GLFWwindow* window, unsigned int code_point) {
    if (active == nullptr || window != active->window_) return;
    active->queue_.character(code_point);
}

void glfw_input::on_mouse_button(GLFWwindow* window, int button, int action, int /*mods*/) {
    if (active == nullptr || window != active->window_) return;
    double x = 0.0;
    double y = 0.0;
    glfwGetCursorPos(window, &x, &y);
    active->queue_.mouse_button(button, action == GLFW_PRESS,
                                {static_cast<float>(x), static_cast<float>(y)}, glfwGetTime());
}

void glfw_input::on_refresh(GLFWwindow* window) {
    if (active != nullptr && window == active->window_) active->refresh_ = true;
}

}  // namespace mosaic::editor
