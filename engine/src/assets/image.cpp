// Decoding PNG (stb_image) and JPEG (libjpeg-turbo, jpeg_decoder.hpp), header first (image.hpp
// says why).
#include <mosaic/engine/assets/image.hpp>

#include "jpeg_decoder.hpp"

// Debian's libstb (pkg-config stb) is the compiled implementation of the stb libraries: no
// STB_IMAGE_IMPLEMENTATION here (it would be a second copy of every stbi_* function).
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <system_error>

namespace mosaic {

namespace {

constexpr std::array<std::uint8_t, 8> png_signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

bool starts_with(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> prefix) {
    return bytes.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), bytes.begin());
}

bool is_png(std::span<const std::uint8_t> bytes) {
    return starts_with(bytes, png_signature);
}

bool is_jpeg(std::span<const std::uint8_t> bytes) {
    constexpr std::array<std::uint8_t, 3> soi = {0xFF, 0xD8, 0xFF};
    return starts_with(bytes, soi);
}

// The first PNG chunk whose length runs past the end of the file, or nothing. stb_image grows
// its buffer for the image data to a chunk's claimed length before reading it (up to 2 GiB for
// a file of a few bytes: found by fuzz.image_header); a chunk cannot hold more than the file.
std::optional<std::string> png_chunk_past_the_end(std::span<const std::uint8_t> bytes) {
    std::size_t at = png_signature.size();
    while (at + 8 <= bytes.size()) {
        const std::size_t length = (std::size_t{bytes[at]} << 24) |
                                   (std::size_t{bytes[at + 1]} << 16) |
                                   (std::size_t{bytes[at + 2]} << 8) | std::size_t{bytes[at + 3]};
        const std::string type(reinterpret_cast<const char*>(bytes.data() + at + 4), 4);
        const std::size_t left = bytes.size() - at - 8;
        if (length > left) {
            return "its chunk at byte " + std::to_string(at) + " claims " + std::to_string(length) +
                   " bytes where " + std::to_string(left) + " are left";
        }
        if (type == "IEND") return std::nullopt;
        at += 8 + length + 4;  // length, type, data, CRC
    }
    return std::nullopt;  // cut short: stb_image says so
}

std::string stb_reason() {
    const char* reason = stbi_failure_reason();
    return reason != nullptr ? reason : "unknown error";
}

std::string size_text(int width, int height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

}  // namespace

asset_result<image_header> read_image_header(std::span<const std::uint8_t> bytes,
                                             std::string_view name) {
    using result = asset_result<image_header>;
    if (bytes.empty()) return result::failure(name, "the file is empty");
    if (!is_png(bytes) && !is_jpeg(bytes)) {
        return result::failure(name, "not a PNG or JPEG image (its first bytes are neither)");
    }
    if (bytes.size() > image_limits::max_file_bytes || bytes.size() > INT_MAX) {
        return result::failure(name, "the file is larger than the cap of " +
                                         std::to_string(image_limits::max_file_bytes >> 20) +
                                         " MiB");
    }
    // A PNG's size is in its first chunk: checked against the caps before stb_image sees it,
    // which refuses some huge sizes itself but with a vaguer message ("too large").
    if (is_png(bytes) && bytes.size() >= 24 && std::memcmp(bytes.data() + 12, "IHDR", 4) == 0) {
        const auto be32 = [&](std::size_t at) {
            return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) |
                   (std::uint32_t{bytes[at + 2]} << 8) | std::uint32_t{bytes[at + 3]};
        };
        const std::uint32_t width = be32(16);
        const std::uint32_t height = be32(20);
        if (width > image_limits::max_side || height > image_limits::max_side) {
            return result::failure(name, std::to_string(width) + "x" + std::to_string(height) +
                                             " is larger than the cap of " +
                                             std::to_string(image_limits::max_side) +
                                             " pixels a side");
        }
    }
    image_header header;
    if (is_jpeg(bytes)) {
        std::string why;
        if (!jpeg::read_size(bytes, header.width, header.height, why)) {
            return result::failure(name, "the JPEG header cannot be read (libjpeg-turbo: " + why +
                                             "); the file is corrupt or cut short");
        }
        header.channels = 3;
    } else if (stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &header.width,
                                     &header.height, &header.channels) == 0) {
        return result::failure(name, "the image header cannot be read (stb_image: " + stb_reason() +
                                         "); the file is corrupt or cut short");
    }
    if (header.width <= 0 || header.height <= 0) {
        return result::failure(
            name, "the image claims a size of " + size_text(header.width, header.height));
    }
    if (header.width > image_limits::max_side || header.height > image_limits::max_side) {
        return result::failure(name, size_text(header.width, header.height) +
                                         " is larger than the cap of " +
                                         std::to_string(image_limits::max_side) + " pixels a side");
    }
    const std::size_t decoded =
        static_cast<std::size_t>(header.width) * static_cast<std::size_t>(header.height) * 4;
    if (decoded > image_limits::max_decoded_bytes) {
        return result::failure(
            name, size_text(header.width, header.height) + " would take " +
                      std::to_string(decoded >> 20) + " MiB decoded, more than the cap of " +
                      std::to_string(image_limits::max_decoded_bytes >> 20) + " MiB");
    }
    return result::success(header);
}

asset_result<rgba_image> decode_image(std::span<const std::uint8_t> bytes, std::string_view name) {
    using result = asset_result<rgba_image>;
    const asset_result<image_header> header = read_image_header(bytes, name);
    if (!header) return result::failure(name, header.why);

    if (is_jpeg(bytes)) {
        rgba_image image;
        image.width = header.value->width;
        image.height = header.value->height;
        std::string why;
        if (!jpeg::decode_rgba(bytes, image.width, image.height, image.pixels, why)) {
            return result::failure(name, "the image data cannot be decoded (libjpeg-turbo: " + why +
                                             "); the file is corrupt or cut short");
        }
        return result::success(std::move(image));
    }
    if (const std::optional<std::string> bad = png_chunk_past_the_end(bytes)) {
        return result::failure(name, "the image data cannot be decoded: " + *bad +
                                         "; the file is corrupt or cut short");
    }
    int width = 0;
    int height = 0;
    int channels = 0;
    const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
        stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width, &height,
                              &channels, 4),
        stbi_image_free);
    if (!pixels) {
        return result::failure(name, "the image data cannot be decoded (stb_image: " +
                                         stb_reason() + "); the file is corrupt or cut short");
    }
    // The header was checked; the decoder must agree with it (a file cannot grow past it).
    if (width != header.value->width || height != header.value->height) {
        return result::failure(
            name, "the decoded size " + size_text(width, height) + " differs from the header's");
    }
    rgba_image image;
    image.width = width;
    image.height = height;
    const std::size_t size = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
    image.pixels.assign(pixels.get(), pixels.get() + size);
    return result::success(std::move(image));
}

bool read_file_bytes(const std::filesystem::path& file, std::size_t max_bytes,
                     std::vector<std::uint8_t>& out, std::string& why) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (!std::filesystem::exists(status)) {
        why = "file not found";
        return false;
    }
    if (!std::filesystem::is_regular_file(status)) {
        why = "not a regular file";
        return false;
    }
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec) {
        why = "cannot read its size (" + ec.message() + ")";
        return false;
    }
    if (size > max_bytes) {
        why = "the file is " + std::to_string(size) + " bytes, more than the cap of " +
              std::to_string(max_bytes) + " bytes";
        return false;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        why = "cannot open the file";
        return false;
    }
    out.resize(static_cast<std::size_t>(size));
    in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size) {
        why = "the file changed while it was read";
        return false;
    }
    return true;
}

asset_result<rgba_image> load_image_file(const std::filesystem::path& file, std::string_view name) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, image_limits::max_file_bytes, bytes, why)) {
        return asset_result<rgba_image>::failure(name, why);
    }
    return decode_image(bytes, name);
}

const rgba_image& placeholder_image() {
    static const rgba_image checker = [] {
        rgba_image image;
        image.width = 16;
        image.height = 16;
        image.pixels.resize(16 * 16 * 4);
        for (int y = 0; y < 16; ++y) {
            for (int x = 0; x < 16; ++x) {
                const bool magenta = ((x / 4) + (y / 4)) % 2 == 0;
                std::uint8_t* p = image.pixels.data() + (y * 16 + x) * 4;
                p[0] = magenta ? 255 : 0;
                p[1] = 0;
                p[2] = magenta ? 255 : 0;
                p[3] = 255;
            }
        }
        return image;
    }();
    return checker;
}

}  // namespace mosaic
