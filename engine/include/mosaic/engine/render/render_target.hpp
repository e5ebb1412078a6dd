#pragma once
// render_target: where renderer::render() draws. The window's default framebuffer and an
// offscreen framebuffer (framebuffer.hpp, the editor viewport) are both targets, so the
// game and the editor go through the same render call.
//
// Every function needs the OpenGL context that owns the target to be current.

#include <cstdint>
#include <glm/vec2.hpp>
#include <mosaic/ecs/field.hpp>
#include <stdexcept>

namespace mosaic {

/// An OpenGL failure the program cannot work around: a shader that does not compile, an
/// incomplete framebuffer. The message names what failed and carries the driver's log.
class render_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class render_target {
public:
    virtual ~render_target() = default;

    /// Pixels (width, height).
    [[nodiscard]] virtual glm::ivec2 size() const noexcept = 0;
    /// Binds it for drawing and sets the viewport to cover it.
    virtual void bind() = 0;
    /// Clears the colour to `background` (and the entity ids, if it has them, to -1). Binds it.
    virtual void clear(const color& background) = 0;
    /// The OpenGL framebuffer name (0: the window's) and the buffer holding its colours,
    /// for reading pixels back (screenshot.hpp).
    [[nodiscard]] virtual std::uint32_t gl_framebuffer() const noexcept = 0;
    [[nodiscard]] virtual std::uint32_t gl_color_buffer() const noexcept = 0;

protected:
    render_target() = default;
    render_target(const render_target&) = default;
    render_target& operator=(const render_target&) = default;
};

/// The window's own framebuffer. It does not know the window: pass the framebuffer size
/// each frame (window::framebuffer_size()).
class default_framebuffer final : public render_target {
public:
    explicit default_framebuffer(glm::ivec2 size) noexcept : size_(size) {}

    void resize(glm::ivec2 size) noexcept { size_ = size; }
    [[nodiscard]] glm::ivec2 size() const noexcept override { return size_; }
    void bind() override;
    void clear(const color& background) override;
    [[nodiscard]] std::uint32_t gl_framebuffer() const noexcept override { return 0; }
    /// GL_BACK: read before swapping buffers.
    [[nodiscard]] std::uint32_t gl_color_buffer() const noexcept override;

private:
    glm::ivec2 size_;
};

}  // namespace mosaic
