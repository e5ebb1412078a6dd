#pragma once
// dot_pass: draws a dot_layer over the bound target as one rectangle, its colour blended
// (premultiplied) and its entity ids written where a dot is (not part of the public API).
// Include after <glad/glad.h>.

#include "dot_layer.hpp"

namespace mosaic::detail {

class dot_pass {
public:
    dot_pass();  // throws render_error if the shaders do not build
    ~dot_pass();
    dot_pass(const dot_pass&) = delete;
    dot_pass& operator=(const dot_pass&) = delete;

    /// Uploads the touched part of `layer` and draws it. Leaves blending set for straight
    /// alpha (the renderer's state), the program and textures unbound.
    void draw(const dot_layer& layer);

private:
    GLuint program_ = 0;
    GLuint vao_ = 0;
    GLuint colours_ = 0;  // textures
    GLuint ids_ = 0;
    GLint rect_ = -1;  // uniform locations
    GLint origin_ = -1;
};

}  // namespace mosaic::detail
