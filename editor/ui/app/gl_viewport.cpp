#include "gl_viewport.hpp"

#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <span>

namespace mosaic::editor {

namespace {
// Byte for byte: what is uploaded is what is compared (every field is 4 bytes, or the four
// 2-byte corners of the uv rectangle; no padding).
template <class T>
bool same_bytes(std::span<const T> a, const std::vector<T>& b) {
    static_assert(std::is_trivially_copyable_v<T>);
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}
static_assert(sizeof(draw_instance) == 13 * sizeof(float) && sizeof(draw_line) == 6 * sizeof(float),
              "draw_instance or draw_line gained padding: compare them field by field");
}  // namespace

bool gl_viewport::shows(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                        const color& background) const {
    return drawn_ && target_->size() == size && camera.position == drawn_camera_.position &&
           camera.zoom == drawn_camera_.zoom && background == drawn_background_ &&
           same_bytes(list.instances(), drawn_instances_) && same_bytes(list.lines(), drawn_lines_);
}

ImTextureID gl_viewport::render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                                const color& background) {
    const auto start = std::chrono::steady_clock::now();
    // Hot reload of images, sheets and fonts changed on disk (texture_cache.hpp), four times a
    // second: a reloaded picture is not what the kept frame shows. Failures reach the Console
    // through take_errors().
    if (textures_ && start >= next_asset_poll_) {
        next_asset_poll_ = start + std::chrono::milliseconds(250);
        if (!textures_->reload_changed().empty()) drawn_ = false;
    }
    const bool unchanged = reuse_unchanged && shows(list, camera, size, background);
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
    drawn_ = reuse_unchanged;
    if (drawn_) {
        drawn_instances_.assign(list.instances().begin(), list.instances().end());
        drawn_lines_.assign(list.lines().begin(), list.lines().end());
        drawn_camera_ = camera;
        drawn_background_ = background;
    }
    if (wait_for_gpu) gl_finish();
}

void gl_viewport::set_asset_folder(const std::filesystem::path& folder) {
    textures_ = std::make_unique<texture_cache>(folder);
    drawn_ = false;  // texture handles may now name other pictures
}

std::vector<std::string> gl_viewport::take_errors() {
    return textures_ ? textures_->take_errors() : std::vector<std::string>{};
}

void gl_finish() {
    // Through GLFW: the engine's OpenGL loader is its own (mosaic::gfx links glad privately).
    using finish_function = void (*)();
    static const auto finish = reinterpret_cast<finish_function>(glfwGetProcAddress("glFinish"));
    if (finish != nullptr) finish();
}

}  // namespace mosaic::editor
