#include <glad/glad.h>

#include <mosaic/engine/render/framebuffer.hpp>

#include <algorithm>
#include <array>
#include <string>

#include "gl_state.hpp"

namespace mosaic {

namespace {

glm::ivec2 at_least_one(glm::ivec2 size) noexcept {
    return {std::max(size.x, 1), std::max(size.y, 1)};
}

void define_texture(GLuint texture, GLint internal_format, GLenum format, GLenum type,
                    glm::ivec2 size) {
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, internal_format, size.x, size.y, 0, format, type, nullptr);
}

std::string status_name(GLenum status) {
    switch (status) {
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT:
            return "incomplete attachment";
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
            return "missing attachment";
        case GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER:
            return "incomplete draw buffer";
        case GL_FRAMEBUFFER_UNSUPPORTED:
            return "unsupported combination of formats";
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE:
            return "incomplete multisample";
        default:
            return "status 0x" + std::to_string(status);
    }
}

constexpr GLenum color_attachment = GL_COLOR_ATTACHMENT0;
constexpr GLenum id_attachment = GL_COLOR_ATTACHMENT1;

}  // namespace

framebuffer::framebuffer(glm::ivec2 size) : size_(at_least_one(size)) {
    detail::require_gl("mosaic::framebuffer");
    allocate();
}

framebuffer::~framebuffer() {
    release();
}

void framebuffer::allocate() {
    const GLuint previous = detail::bound_framebuffer(GL_FRAMEBUFFER_BINDING);
    glGenFramebuffers(1, &framebuffer_);
    glGenTextures(1, &color_);
    glGenTextures(1, &ids_);

    define_texture(color_, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, size_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    define_texture(ids_, GL_R32I, GL_RED_INTEGER, GL_INT, size_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);  // integer: no filtering
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);

    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, color_attachment, GL_TEXTURE_2D, color_, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, id_attachment, GL_TEXTURE_2D, ids_, 0);
    const std::array<GLenum, 2> outputs = {color_attachment, id_attachment};
    glDrawBuffers(static_cast<GLsizei>(outputs.size()), outputs.data());
    glReadBuffer(color_attachment);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, previous);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        release();
        throw render_error("mosaic: the offscreen framebuffer (" + std::to_string(size_.x) + "x" +
                           std::to_string(size_.y) +
                           ", RGBA8 + R32I) is not complete: " + status_name(status));
    }
}

void framebuffer::release() noexcept {
    if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
    if (color_ != 0) glDeleteTextures(1, &color_);
    if (ids_ != 0) glDeleteTextures(1, &ids_);
    framebuffer_ = color_ = ids_ = 0;
}

void framebuffer::resize(glm::ivec2 size) {
    size = at_least_one(size);
    if (size == size_) return;
    size_ = size;
    // Respecifying the images keeps the framebuffer object and its attachments valid.
    define_texture(color_, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, size_);
    define_texture(ids_, GL_R32I, GL_RED_INTEGER, GL_INT, size_);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void framebuffer::bind() {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glViewport(0, 0, size_.x, size_.y);
}

void framebuffer::clear(const color& background) {
    bind();
    detail::prepare_clear();
    glColorMaski(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    const std::array<GLfloat, 4> rgba = {background.r, background.g, background.b, background.a};
    glClearBufferfv(GL_COLOR, 0, rgba.data());
    const std::array<GLint, 4> no_entity = {-1, -1, -1, -1};
    glClearBufferiv(GL_COLOR, 1, no_entity.data());
}

std::uint32_t framebuffer::gl_color_buffer() const noexcept {
    return color_attachment;
}

std::int32_t framebuffer::read_entity_id(int x, int y) const {
    if (x < 0 || y < 0 || x >= size_.x || y >= size_.y) return -1;
    const GLuint previous = detail::bound_framebuffer(GL_READ_FRAMEBUFFER_BINDING);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glReadBuffer(id_attachment);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    GLint id = -1;
    glReadPixels(x, size_.y - 1 - y, 1, 1, GL_RED_INTEGER, GL_INT, &id);
    glReadBuffer(color_attachment);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, previous);
    return id;
}

}  // namespace mosaic
