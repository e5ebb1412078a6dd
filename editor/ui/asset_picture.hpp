#pragma once
// asset_picture: one image of the project as a texture ImGui can draw, for the windows that
// show a sheet's pixels (the Sheet Editor, the Clip Editor, the Inspector's animation
// preview). It reloads when the file changes on disk (polled at most four times a second, by
// modification time and size) and frees its texture with the renderer that made it. An
// image that does not load gives its message instead of a texture, never a crash; headless
// (no renderer) it still reads the image's size.

#include <imgui.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

#include <mosaic/engine/math.hpp>

namespace mosaic::editor {

class viewport_renderer;

class asset_picture {
public:
    asset_picture() = default;
    ~asset_picture();
    asset_picture(const asset_picture&) = delete;
    asset_picture& operator=(const asset_picture&) = delete;

    /// Shows `file` (absolute): loads it when it is another file or it changed on disk.
    void follow(const std::filesystem::path& file, viewport_renderer* renderer);
    /// Null without a GPU or when the image does not load.
    [[nodiscard]] ImTextureID texture() const noexcept { return texture_; }
    /// The image's pixels ((0, 0) when it does not load).
    [[nodiscard]] glm::ivec2 size() const noexcept { return size_; }
    /// Why it does not load ("" when it does).
    [[nodiscard]] const std::string& error() const noexcept { return error_; }

    /// Draws the part `rect` (pixels: x, y, w, h) of the image at `at` scaled by `zoom`;
    /// a placeholder box when there is no texture.
    void draw(ImDrawList* draw, ImVec2 at, glm::ivec4 rect, float zoom) const;

private:
    void release();

    std::filesystem::path file_;
    std::filesystem::file_time_type modified_{};
    std::uintmax_t bytes_ = 0;
    std::chrono::steady_clock::time_point checked_{};
    viewport_renderer* renderer_ = nullptr;
    ImTextureID texture_ = nullptr;
    glm::ivec2 size_{0, 0};
    std::string error_;
};

}  // namespace mosaic::editor
