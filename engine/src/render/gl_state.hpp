#pragma once
// Small OpenGL helpers shared by the render files (not part of the public API). Include
// after <glad/glad.h>.

#include <string>

namespace mosaic::detail {

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
