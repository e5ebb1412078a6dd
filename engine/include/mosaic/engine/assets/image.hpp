#pragma once
// Images on the CPU: PNG (stb_image) and JPEG (libjpeg-turbo) files decoded into RGBA8 pixels, with
// no OpenGL anywhere, so tests and tools read images without a window. The renderer's texture_cache
// (render/texture_cache.hpp) uploads what these functions return.
//
// Hostile files are expected (a PNG claiming 100,000 x 100,000 pixels, a decompression bomb,
// a truncated file): the header is read (stbi_info, tjDecompressHeader3) before anything is decoded
// and checked against image_limits, so memory stays bounded whatever the file says. A file that
// fails gets a message naming it and saying what is wrong; the renderer draws placeholder_image()
// where it was wanted.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "asset_result.hpp"

namespace mosaic {

/// The caps every image must pass before it is decoded.
struct image_limits {
    /// Pixels a side (the largest texture GPUs of the last decade all take).
    static constexpr int max_side = 8192;
    /// Decoded RGBA bytes: 64 MiB, e.g. 4096 x 4096 or 8192 x 2048.
    static constexpr std::size_t max_decoded_bytes = std::size_t{64} << 20;
    /// Bytes of the file itself.
    static constexpr std::size_t max_file_bytes = std::size_t{64} << 20;
};

/// What an image file says about itself, before decoding.
struct image_header {
    int width = 0;
    int height = 0;
    int channels = 0;  // in the file; decoded images are always RGBA
};

/// RGBA8 pixels, top row first, rows packed (width * 4 bytes).
struct rgba_image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;

    [[nodiscard]] bool empty() const noexcept { return width <= 0 || height <= 0; }
    /// The 4 bytes of pixel (x, y); (x, y) must be inside.
    [[nodiscard]] const std::uint8_t* at(int x, int y) const noexcept {
        return pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                                static_cast<std::size_t>(x)) *
                                   4;
    }
};

/// Reads and checks the header of an image held in memory: a PNG or a JPEG,
/// within image_limits. `name` is the file's name for the message.
[[nodiscard]] asset_result<image_header> read_image_header(std::span<const std::uint8_t> bytes,
                                                           std::string_view name);
/// read_image_header, then the pixels as RGBA8.
[[nodiscard]] asset_result<rgba_image> decode_image(std::span<const std::uint8_t> bytes,
                                                    std::string_view name);
/// Reads `file` (at most image_limits::max_file_bytes) and decodes it; messages name it as
/// `name` (the asset path the user typed).
[[nodiscard]] asset_result<rgba_image> load_image_file(const std::filesystem::path& file,
                                                       std::string_view name);

/// The picture drawn where an image is missing or broken: a 16 x 16 checker of magenta and
/// black 4-pixel squares, impossible to mistake for art.
[[nodiscard]] const rgba_image& placeholder_image();

/// Reads a whole file of at most `max_bytes`; false with `why` set when it cannot.
bool read_file_bytes(const std::filesystem::path& file, std::size_t max_bytes,
                     std::vector<std::uint8_t>& out, std::string& why);

}  // namespace mosaic
