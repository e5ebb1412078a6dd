#include "gl_viewport.hpp"

#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <span>

namespace mosaic::editor {

namespace {
std::uint64_t canvas_writes_of(const texture_cache* textures) {
    return textures != nullptr ? textures->canvas_writes() : 0;
}
}  // namespace

ImTextureID gl_viewport::render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                                const color& background) {
    const auto start = std::chrono::steady_clock::now();
    // Hot reload of images, sheets and fonts changed on disk (texture_cache.hpp), four times a
    // second, and again 100 ms after a change is seen (it is loaded once it stays the same
    // between two looks): a reloaded picture is not what the kept frame shows. Failures reach
    // the Console through take_errors().
    if (textures_ && start >= next_asset_poll_) {
        if (!textures_->reload_changed().empty()) picture_.forget();
        next_asset_poll_ =
            start + (textures_->reload_pending() ? asset_settle_interval : asset_poll_interval);
    }
    const bool unchanged = reuse_unchanged && picture_.shows({list, camera, size, background,
                                                              canvas_writes_of(textures_.get())});
    if (unchanged) {
        ++frames_reused_;
    } else {
        draw(list, camera, size, background);
    }
    render_seconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // ImGui's OpenGL backend takes the GL texture name as the texture id: an integer in a
    // pointer, never dereferenced.
    // NOLINTNEXTLINE(performance-no-int-to-ptr): ImTextureID is void*; the backend casts back
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(target_->color_texture()));
}

void gl_viewport::draw(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                       const color& background) {
    drew_this_frame_ = true;
    if (!target_) {
        target_ = std::make_unique<framebuffer>(size);
    } else if (target_->size() != size) {
        target_->resize(size);
    }
    renderer_.render(list, camera, *target_, background);
    if (reuse_unchanged) {
        picture_.remember({list, camera, size, background, canvas_writes_of(textures_.get())});
    } else {
        picture_.forget();
    }
    if (wait_for_gpu) gl_finish();
}

image gl_viewport::read_picture() const {
    return target_ ? read_pixels(*target_) : image{};
}

void gl_viewport::set_asset_folder(const std::filesystem::path& folder) {
    textures_ = std::make_unique<texture_cache>(folder);
    picture_.forget();  // texture handles may now name other pictures
}

std::vector<std::string> gl_viewport::take_errors() {
    return textures_ ? textures_->take_errors() : std::vector<std::string>{};
}

std::vector<std::string> gl_viewport::take_failed_paths() {
    return textures_ ? textures_->take_failed_paths() : std::vector<std::string>{};
}

// The thumbnails' textures, through GLFW's loader like gl_finish (the editor links no GL
// loader of its own); OpenGL 1.1 entry points, the same in every core profile.
namespace {
struct gl_texture_functions {
    using gen_t = void (*)(int, unsigned*);
    using del_t = void (*)(int, const unsigned*);
    using bind_t = void (*)(unsigned, unsigned);
    using param_t = void (*)(unsigned, unsigned, int);
    using image_t = void (*)(unsigned, int, int, int, int, int, unsigned, unsigned, const void*);
    using get_t = void (*)(unsigned, int*);
    gen_t gen = load<gen_t>("glGenTextures");
    del_t del = load<del_t>("glDeleteTextures");
    bind_t bind = load<bind_t>("glBindTexture");
    param_t param = load<param_t>("glTexParameteri");
    image_t image = load<image_t>("glTexImage2D");
    get_t get = load<get_t>("glGetIntegerv");
    template <class F>
    static F load(const char* name) {
        return reinterpret_cast<F>(glfwGetProcAddress(name));
    }
    [[nodiscard]] bool usable() const { return gen && bind && param && image && get; }
};
const gl_texture_functions& gl_textures() {
    static const gl_texture_functions f;
    return f;
}
constexpr unsigned gl_texture_2d = 0x0DE1, gl_texture_binding_2d = 0x8069, gl_rgba = 0x1908,
                   gl_unsigned_byte = 0x1401, gl_min_filter = 0x2801, gl_mag_filter = 0x2800,
                   gl_nearest = 0x2600, gl_wrap_s = 0x2802, gl_wrap_t = 0x2803,
                   gl_clamp_to_edge = 0x812F, gl_rgba8 = 0x8058;
}  // namespace

ImTextureID gl_viewport::upload_image(const rgba_image& image) {
    const gl_texture_functions& gl = gl_textures();
    if (image.empty() || !gl.usable()) return nullptr;
    int previous = 0;
    gl.get(gl_texture_binding_2d, &previous);
    unsigned id = 0;
    gl.gen(1, &id);
    gl.bind(gl_texture_2d, id);
    gl.param(gl_texture_2d, gl_min_filter, static_cast<int>(gl_nearest));
    gl.param(gl_texture_2d, gl_mag_filter, static_cast<int>(gl_nearest));
    gl.param(gl_texture_2d, gl_wrap_s, static_cast<int>(gl_clamp_to_edge));
    gl.param(gl_texture_2d, gl_wrap_t, static_cast<int>(gl_clamp_to_edge));
    // Rows of RGBA8 are 4-byte aligned: the default unpack alignment fits.
    gl.image(gl_texture_2d, 0, static_cast<int>(gl_rgba8), image.width, image.height, 0, gl_rgba,
             gl_unsigned_byte, image.pixels.data());
    gl.bind(gl_texture_2d, static_cast<unsigned>(previous));
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(id));
}

void gl_viewport::release_image(ImTextureID texture) {
    const gl_texture_functions& gl = gl_textures();
    if (texture == nullptr || gl.del == nullptr) return;
    const auto id = static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(texture));
    gl.del(1, &id);
}

void gl_finish() {
    // Through GLFW: the engine's OpenGL loader is its own (mosaic::gfx links glad privately).
    using finish_function = void (*)();
    static const auto finish = reinterpret_cast<finish_function>(glfwGetProcAddress("glFinish"));
    if (finish != nullptr) finish();
}

}  // namespace mosaic::editor
