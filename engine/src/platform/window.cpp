// Sections:
//   1. GLFW's lifetime: the display check, errors, init and terminate
//   2. the window and its context
//   3. input

#include <glad/glad.h>

#include <GLFW/glfw3.h>
#include <dlfcn.h>
#include <link.h>

#include <array>
#include <cstdlib>
#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/render/camera2d.hpp>
#include <string>
#include <utility>
#include <vector>

namespace mosaic {

// --- 1. GLFW's lifetime -----------------------------------------------------------------

namespace {

constexpr const char* headless_hint = "run under xvfb-run or use mosaic-run for headless runs";

int live_windows = 0;    // GLFW is initialised while this is > 0
std::string last_error;  // GLFW reports why a call failed only through its callback

void record_error(int code, const char* description) {
    last_error = std::string(description != nullptr ? description : "unknown error") +
                 " (GLFW error " + std::to_string(code) + ")";
}

std::string take_last_error() {
    return last_error.empty() ? std::string("no reason given") : std::exchange(last_error, {});
}

bool set(const char* variable) {
    const char* value = std::getenv(variable);
    return value != nullptr && *value != '\0';
}

std::string display_name() {
    if (set("DISPLAY")) return std::string("DISPLAY=") + std::getenv("DISPLAY");
    return std::string("WAYLAND_DISPLAY=") + std::getenv("WAYLAND_DISPLAY");
}

void initialise_glfw() {
    if (live_windows > 0) return;
    if (!set("DISPLAY") && !set("WAYLAND_DISPLAY")) {
        throw platform_error(std::string("mosaic: no display (DISPLAY is not set): ") +
                             headless_hint);
    }
    glfwSetErrorCallback(record_error);
    if (glfwInit() != GLFW_TRUE) {
        throw platform_error("mosaic: cannot open the display (" + display_name() +
                             "): " + take_last_error() + "; " + headless_hint);
    }
}

// glfwTerminate() unloads libGL and the driver. Mesa keeps caches referenced from its own
// globals until exit; once its libraries are unmapped LeakSanitizer reports them as leaks
// from "<unknown module>", which no suppression can name (tests/gl/lsan.supp). Pinning
// every loaded library (RTLD_NODELETE) keeps them mapped, and spares a program that opens
// another window later from loading the driver again.
void pin_loaded_libraries() {
    std::vector<std::string> names;
    // dlopen() is not safe inside dl_iterate_phdr's callback: collect first, pin after.
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t /*size*/, void* out) {
            if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0')
                static_cast<std::vector<std::string>*>(out)->emplace_back(info->dlpi_name);
            return 0;
        },
        &names);
    for (const std::string& name : names) {
        // RTLD_NOLOAD: only adds a reference to a library already loaded; not closed on
        // purpose (that reference is the pin).
        dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    }
}

void release_glfw() {
    if (live_windows > 0) return;
    pin_loaded_libraries();
    glfwTerminate();
}

}  // namespace

// --- 2. the window and its context ---------------------------------------------------------

window::window(const window_options& options) {
    initialise_glfw();
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    handle_ =
        glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (handle_ == nullptr) {
        const std::string why = take_last_error();
        release_glfw();
        throw platform_error("mosaic: cannot create a " + std::to_string(options.width) + "x" +
                             std::to_string(options.height) +
                             " window with an OpenGL 3.3 core context: " + why);
    }
    glfwMakeContextCurrent(handle_);
    if (gladLoadGLLoader(reinterpret_cast<GLADloadproc>(glfwGetProcAddress)) == 0) {
        const std::string version =
            std::to_string(GLVersion.major) + "." + std::to_string(GLVersion.minor);
        glfwDestroyWindow(handle_);
        release_glfw();
        throw platform_error(
            "mosaic: cannot load the OpenGL 3.3 core functions (the context "
            "reports version " +
            version + ")");
    }
    ++live_windows;
    glfwSwapInterval(options.vsync ? 1 : 0);
    glfwSetWindowUserPointer(handle_, this);
    glfwSetScrollCallback(handle_, on_scroll);
}

window::~window() {
    glfwDestroyWindow(handle_);
    --live_windows;
    release_glfw();
}

bool window::should_close() const {
    return glfwWindowShouldClose(handle_) == GLFW_TRUE;
}

void window::set_should_close(bool close) {
    glfwSetWindowShouldClose(handle_, close ? GLFW_TRUE : GLFW_FALSE);
}

void window::poll_events() {
    glfwPollEvents();
}

void window::swap_buffers() {
    glfwSwapBuffers(handle_);
}

void window::make_current() {
    glfwMakeContextCurrent(handle_);
}

glm::ivec2 window::framebuffer_size() const {
    glm::ivec2 size{0, 0};
    glfwGetFramebufferSize(handle_, &size.x, &size.y);
    return size;
}

glm::ivec2 window::size() const {
    glm::ivec2 size{0, 0};
    glfwGetWindowSize(handle_, &size.x, &size.y);
    return size;
}

void window::set_title(const std::string& title) {
    glfwSetWindowTitle(handle_, title.c_str());
}

// --- 3. input ------------------------------------------------------------------------------

namespace {

static_assert(GLFW_KEY_LAST + 1 == key_count, "Input::down must cover every GLFW key code");
static_assert(GLFW_MOUSE_BUTTON_LEFT == static_cast<int>(mouse_button::left) &&
              GLFW_MOUSE_BUTTON_RIGHT == static_cast<int>(mouse_button::right) &&
              GLFW_MOUSE_BUTTON_MIDDLE == static_cast<int>(mouse_button::middle));

// The key codes GLFW defines; glfwGetKey reports an error for the gaps between them.
constexpr std::array<std::pair<int, int>, 13> key_ranges = {{
    {GLFW_KEY_SPACE, GLFW_KEY_SPACE},
    {GLFW_KEY_APOSTROPHE, GLFW_KEY_APOSTROPHE},
    {GLFW_KEY_COMMA, GLFW_KEY_9},
    {GLFW_KEY_SEMICOLON, GLFW_KEY_SEMICOLON},
    {GLFW_KEY_EQUAL, GLFW_KEY_EQUAL},
    {GLFW_KEY_A, GLFW_KEY_RIGHT_BRACKET},
    {GLFW_KEY_GRAVE_ACCENT, GLFW_KEY_GRAVE_ACCENT},
    {GLFW_KEY_WORLD_1, GLFW_KEY_WORLD_2},
    {GLFW_KEY_ESCAPE, GLFW_KEY_END},
    {GLFW_KEY_CAPS_LOCK, GLFW_KEY_PAUSE},
    {GLFW_KEY_F1, GLFW_KEY_F25},
    {GLFW_KEY_KP_0, GLFW_KEY_KP_EQUAL},
    {GLFW_KEY_LEFT_SHIFT, GLFW_KEY_MENU},
}};

}  // namespace

void window::on_scroll(GLFWwindow* handle, double /*x_offset*/, double y_offset) {
    if (auto* self = static_cast<window*>(glfwGetWindowUserPointer(handle))) {
        self->scroll_ += static_cast<float>(y_offset);
    }
}

void window::read_input(Input& input, const camera2d* camera) {
    for (const auto& [first, last] : key_ranges) {
        for (int code = first; code <= last; ++code) {
            input.down[static_cast<std::size_t>(code)] =
                glfwGetKey(handle_, code) == GLFW_PRESS ? 1 : 0;
        }
    }
    for (int button = 0; button < mouse_button_count; ++button) {
        input.mouse_down[static_cast<std::size_t>(button)] =
            glfwGetMouseButton(handle_, button) == GLFW_PRESS ? 1 : 0;
    }

    // The cursor comes in screen coordinates; the framebuffer may have more pixels (HiDPI).
    double x = 0.0;
    double y = 0.0;
    glfwGetCursorPos(handle_, &x, &y);
    const glm::vec2 window_size = size();
    const glm::vec2 pixels = framebuffer_size();
    const glm::vec2 scale{window_size.x > 0 ? pixels.x / window_size.x : 1.0f,
                          window_size.y > 0 ? pixels.y / window_size.y : 1.0f};
    input.mouse_pixels = glm::vec2(static_cast<float>(x), static_cast<float>(y)) * scale;
    if (camera != nullptr)
        input.mouse_position = camera->screen_to_world(input.mouse_pixels, pixels);

    input.scroll = std::exchange(scroll_, 0.0f);
}

}  // namespace mosaic
