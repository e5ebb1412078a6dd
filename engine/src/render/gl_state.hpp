#pragma once
// Small OpenGL helpers shared by the render files (not part of the public API). Include
// after <glad/glad.h>.

#include <mosaic/ecs/assert.hpp>
#include <mosaic/engine/render/render_target.hpp>
#include <string>

namespace mosaic::detail {

/// GL objects can only be made once a context exists and glad has loaded the functions
/// (mosaic::window does both); without them the first call would jump to a null pointer.
inline void require_gl(const char* who) {
    const auto message = [who] {
        return std::string(who) +
               " needs a current OpenGL context: create a mosaic::window (platform/window.hpp) "
               "first";
    };
    if (MOSAIC_CHECK(glad_glGenBuffers != nullptr, message())) return;
    throw render_error("mosaic: " + message());  // the check handler returned (release builds)
}

/// Clears are limited by the scissor box and the colour masks; whoever drew last (Dear
/// ImGui, a line pass) may have left either set, so a clear resets them first.
inline void prepare_clear() {
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

/// The framebuffer bound for `target` (GL_DRAW_FRAMEBUFFER_BINDING or
/// GL_READ_FRAMEBUFFER_BINDING), so helpers can put it back.
inline GLuint bound_framebuffer(GLenum binding) {
    GLint name = 0;
    glGetIntegerv(binding, &name);
    return static_cast<GLuint>(name);
}

}  // namespace mosaic::detail
