#pragma once
// Compiling and linking GLSL programs (not part of the public API). Include after
// <glad/glad.h>.

namespace mosaic::detail {

/// Compiles both stages and links them. Throws render_error naming `name` and the stage,
/// with the driver's info log, when either fails. The caller owns the returned program.
[[nodiscard]] GLuint build_program(const char* name, const char* vertex_source,
                                   const char* fragment_source);

}  // namespace mosaic::detail
