#include <glad/glad.h>

#include <mosaic/engine/render/texture_cache.hpp>

// Debian's libstb (pkg-config stb) is the compiled implementation of the stb libraries:
// defining STB_IMAGE_IMPLEMENTATION here would put a second copy of every stbi_* function
// in programs that also link it (Dear ImGui's does).
#include <stb_image.h>

#include <system_error>
#include <utility>

#include "gl_state.hpp"

namespace mosaic {

texture_cache::texture_cache(std::filesystem::path base_folder) : base_(std::move(base_folder)) {}

texture_cache::~texture_cache() {
    reload();
}

texture_handle texture_cache::find(std::string_view path) {
    if (path.empty()) return no_texture;
    if (const auto found = entries_.find(path); found != entries_.end()) {
        return found->second.texture;
    }
    detail::require_gl("mosaic::texture_cache");
    entry loaded = load(path);
    if (!loaded.error.empty()) new_errors_.push_back(loaded.error);
    const texture_handle texture = loaded.texture;
    entries_.emplace(std::string(path), std::move(loaded));
    return texture;
}

std::string texture_cache::error(std::string_view path) const {
    const auto found = entries_.find(path);
    return found == entries_.end() ? std::string() : found->second.error;
}

std::vector<std::string> texture_cache::take_errors() {
    return std::exchange(new_errors_, {});
}

glm::ivec2 texture_cache::texture_size(texture_handle texture) const {
    if (texture == no_texture) return {0, 0};
    for (const auto& [path, loaded] : entries_) {
        if (loaded.texture == texture) return loaded.size;
    }
    return {0, 0};
}

void texture_cache::reload() {
    for (auto& [path, loaded] : entries_) {
        if (loaded.texture != no_texture) glDeleteTextures(1, &loaded.texture);
    }
    entries_.clear();
}

texture_cache::entry texture_cache::load(std::string_view path) const {
    const std::filesystem::path relative(path);
    const std::filesystem::path full = relative.is_absolute() ? relative : base_ / relative;
    entry result;
    const auto fail = [&](const std::string& why) {
        result.error = "mosaic: cannot load texture '" + std::string(path) + "' (" + full.string() +
                       "): " + why;
        return result;
    };

    std::error_code ec;
    const auto status = std::filesystem::status(full, ec);
    if (!std::filesystem::exists(status)) return fail("file not found");
    if (!std::filesystem::is_regular_file(status)) return fail("not a regular file");

    int width = 0;
    int height = 0;
    int channels = 0;
    stbi_uc* pixels = stbi_load(full.c_str(), &width, &height, &channels, 4);
    if (pixels == nullptr) {
        const char* reason = stbi_failure_reason();
        return fail(std::string("not a readable PNG or JPEG image (stb_image: ") +
                    (reason != nullptr ? reason : "unknown error") + ")");
    }
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    if (width > max_size || height > max_size) {
        stbi_image_free(pixels);
        return fail(std::to_string(width) + "x" + std::to_string(height) +
                    " is larger than this GPU's limit of " + std::to_string(max_size) +
                    " pixels a side");
    }

    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA rows are always 4-byte aligned
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    stbi_image_free(pixels);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);

    result.texture = texture;
    result.size = {width, height};
    return result;
}

}  // namespace mosaic
