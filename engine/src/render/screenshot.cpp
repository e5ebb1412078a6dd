#include <glad/glad.h>

#include <mosaic/ecs/assert.hpp>
#include <mosaic/engine/render/screenshot.hpp>

// The implementation comes from Debian's libstb (see texture_cache.cpp).
#include <stb_image_write.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "gl_state.hpp"

namespace mosaic {

std::array<std::uint8_t, 4> image::pixel(int x, int y) const {
    const bool inside =
        x >= 0 && y >= 0 && x < width && y < height &&
        rgba.size() == 4 * static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (!MOSAIC_CHECK(inside, "image::pixel(" + std::to_string(x) + ", " + std::to_string(y) +
                                  ") is outside the " + std::to_string(width) + "x" +
                                  std::to_string(height) + " image")) {
        return {0, 0, 0, 0};
    }
    const std::size_t at = 4 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                                static_cast<std::size_t>(x));
    return {rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]};
}

image read_pixels(const render_target& target) {
    image result;
    result.width = target.size().x;
    result.height = target.size().y;
    if (result.width <= 0 || result.height <= 0) return {};
    const auto row_bytes = static_cast<std::size_t>(result.width) * 4;
    const auto rows = static_cast<std::size_t>(result.height);
    std::vector<std::uint8_t> bottom_up(row_bytes * rows);

    const GLuint previous = detail::bound_framebuffer(GL_READ_FRAMEBUFFER_BINDING);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target.gl_framebuffer());
    glReadBuffer(target.gl_color_buffer());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glReadPixels(0, 0, result.width, result.height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, previous);

    result.rgba.resize(bottom_up.size());
    for (std::size_t row = 0; row < rows; ++row) {
        std::memcpy(result.rgba.data() + row * row_bytes,
                    bottom_up.data() + (rows - 1 - row) * row_bytes, row_bytes);
    }
    return result;
}

std::string write_png(const std::filesystem::path& path, std::span<const std::uint8_t> rgba,
                      int width, int height) {
    const std::string where = "mosaic: cannot write PNG '" + path.string() + "': ";
    if (width <= 0 || height <= 0) {
        return where + "the image is empty (" + std::to_string(width) + "x" +
               std::to_string(height) + ")";
    }
    const std::size_t expected =
        static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
    if (rgba.size() != expected) {
        return where + std::to_string(rgba.size()) + " bytes of pixels for a " +
               std::to_string(width) + "x" + std::to_string(height) + " RGBA image (expected " +
               std::to_string(expected) + ")";
    }
    errno = 0;
    if (stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4) == 0) {
        const int error = errno;
        return where + (error != 0 ? std::generic_category().message(error) : "write failed");
    }
    return {};
}

std::string write_png(const std::filesystem::path& path, const image& pixels) {
    return write_png(path, pixels.rgba, pixels.width, pixels.height);
}

}  // namespace mosaic
