#pragma once
// Test helpers for assets: a fresh temporary folder per test, PNG files and bytes made with
// stb_image_write, and a PNG header that claims any size (hostile files).
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic::testing {

/// A folder under the system's temp folder, named after the running test, emptied first.
inline std::filesystem::path asset_temp_folder() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                         ("mosaic-assets-" + std::to_string(::getpid()) + "-" +
                                          info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

/// A `width` x `height` RGBA image whose pixel (x, y) is (x, y, 7, 255).
inline std::vector<std::uint8_t> gradient_pixels(int width, int height) {
    std::vector<std::uint8_t> pixels;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            pixels.insert(pixels.end(),
                          {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y), 7, 255});
        }
    }
    return pixels;
}

inline std::vector<std::uint8_t> png_bytes(int width, int height,
                                           const std::vector<std::uint8_t>& pixels) {
    std::vector<std::uint8_t> out;
    stbi_write_png_to_func(
        [](void* context, void* data, int size) {
            auto* bytes = static_cast<std::vector<std::uint8_t>*>(context);
            const auto* begin = static_cast<const std::uint8_t*>(data);
            bytes->insert(bytes->end(), begin, begin + size);
        },
        &out, width, height, 4, pixels.data(), width * 4);
    return out;
}

/// A JPEG of `pixels` (RGBA rows; alpha is dropped), quality 95.
inline std::vector<std::uint8_t> jpeg_bytes(int width, int height,
                                            const std::vector<std::uint8_t>& pixels) {
    std::vector<std::uint8_t> out;
    stbi_write_jpg_to_func(
        [](void* context, void* data, int size) {
            auto* bytes = static_cast<std::vector<std::uint8_t>*>(context);
            const auto* begin = static_cast<const std::uint8_t*>(data);
            bytes->insert(bytes->end(), begin, begin + size);
        },
        &out, width, height, 4, pixels.data(), 95);
    return out;
}

inline std::vector<std::uint8_t> png_bytes(int width, int height) {
    return png_bytes(width, height, gradient_pixels(width, height));
}

inline void write_bytes(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

inline void write_text(const std::filesystem::path& file, std::string_view text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

/// The PNG signature and an IHDR chunk claiming `width` x `height` (CRC not computed:
/// stb_image does not check it), then nothing: a file that lies about its size.
inline std::vector<std::uint8_t> png_header_claiming(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint8_t> b = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n',
                                   0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    for (const std::uint32_t v : {width, height}) {
        for (int shift = 24; shift >= 0; shift -= 8)
            b.push_back(static_cast<std::uint8_t>(v >> shift));
    }
    b.insert(b.end(), {8, 6, 0, 0, 0, 0, 0, 0, 0});  // 8-bit RGBA, then a dummy CRC
    return b;
}

}  // namespace mosaic::testing
