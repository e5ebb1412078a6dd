#pragma once
// JPEG files go to libjpeg-turbo (its TurboJPEG API), not to stb_image. stb_image 2.27, the
// version Debian 12 ships, trusts a JPEG's Huffman tables: a table claiming more than 256 codes
// writes past the decoder's arrays, and Debian builds libstb with its asserts on, so other
// hostile tables abort the process (both found by fuzz.image_header). libjpeg-turbo is fuzzed
// continuously upstream, reports every problem as an error, and bounds progressive scans
// (TJFLAG_LIMITSCANS). PNG stays with stb_image (image.cpp).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mosaic::jpeg {

/// The size of a JPEG held in memory, from its frame header; false with `why` set when the
/// header cannot be read.
bool read_size(std::span<const std::uint8_t> bytes, int& width, int& height, std::string& why);

/// Decodes a whole JPEG into RGBA8 rows (width * 4 bytes each); the caller has checked the
/// size read_size gives against its caps. False with `why` set when the data is corrupt.
/// Warnings (a few extraneous bytes, a file cut short after the last full row) do not fail:
/// the pixels decoded are kept, as every image viewer does.
bool decode_rgba(std::span<const std::uint8_t> bytes, int width, int height,
                 std::vector<std::uint8_t>& pixels, std::string& why);

}  // namespace mosaic::jpeg
