#include <glad/glad.h>

#include <mosaic/engine/render/render_target.hpp>

#include "gl_state.hpp"

namespace mosaic {

void default_framebuffer::bind() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size_.x, size_.y);
}

void default_framebuffer::clear(const color& background) {
    bind();
    detail::prepare_clear();
    glClearColor(background.r, background.g, background.b, background.a);
    glClear(GL_COLOR_BUFFER_BIT);
}

std::uint32_t default_framebuffer::gl_color_buffer() const noexcept {
    return GL_BACK;
}

}  // namespace mosaic
