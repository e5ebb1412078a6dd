#pragma once
// Screenshots: a render target's pixels back on the CPU, and PNG files (stb_image_write).
// Tests compare pixels with them; the editor's --screenshot writes one.

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "render_target.hpp"

namespace mosaic {

/// RGBA8 pixels in image order: the top row first (OpenGL's bottom-up rows are flipped on
/// reading), so pixel (x, y) is at the screen position camera2d::world_to_screen gives.
struct image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4 bytes

    /// The pixel at (x, y), origin top-left. Must be inside the image.
    [[nodiscard]] std::array<std::uint8_t, 4> pixel(int x, int y) const;
};

/// What `target` shows now. For the window, call it after rendering and before swapping
/// buffers (it reads the back buffer). Needs the target's context to be current.
[[nodiscard]] image read_pixels(const render_target& target);

/// Writes RGBA8 pixels, top row first, as a PNG. Returns an empty string on success, else
/// why it failed (naming the file).
[[nodiscard]] std::string write_png(const std::filesystem::path& path,
                                    std::span<const std::uint8_t> rgba, int width, int height);
[[nodiscard]] std::string write_png(const std::filesystem::path& path, const image& pixels);

}  // namespace mosaic
