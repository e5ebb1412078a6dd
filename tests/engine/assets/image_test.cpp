// image: PNG/JPEG decoding to RGBA, the size caps checked from the header before decoding,
// clear messages naming the file for corrupt, truncated, empty and hostile files, and the
// placeholder checker.
#include <mosaic/engine/assets/image.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "asset_test_support.hpp"

namespace mosaic::testing {
namespace {

TEST(Image, DecodesAPngToRgbaTopRowFirst) {
    const auto bytes = png_bytes(5, 3);
    const asset_result<rgba_image> image = decode_image(bytes, "art/g.png");
    ASSERT_TRUE(image) << image.error;
    EXPECT_EQ(image.value->width, 5);
    EXPECT_EQ(image.value->height, 3);
    ASSERT_EQ(image.value->pixels.size(), 5u * 3u * 4u);
    EXPECT_EQ(image.value->at(4, 2)[0], 4);
    EXPECT_EQ(image.value->at(4, 2)[1], 2);
    EXPECT_EQ(image.value->at(4, 2)[2], 7);
}

TEST(Image, DecodesAJpegToRgba) {
    std::vector<std::uint8_t> pixels;
    for (int i = 0; i < 16 * 8; ++i) pixels.insert(pixels.end(), {200, 40, 90, 255});
    const auto bytes = jpeg_bytes(16, 8, pixels);
    const auto header = read_image_header(bytes, "photo.jpg");
    ASSERT_TRUE(header) << header.error;
    EXPECT_EQ(header.value->width, 16);
    EXPECT_EQ(header.value->height, 8);
    const asset_result<rgba_image> image = decode_image(bytes, "photo.jpg");
    ASSERT_TRUE(image) << image.error;
    ASSERT_EQ(image.value->pixels.size(), 16u * 8u * 4u);
    // JPEG is lossy: a flat colour comes back within a few steps.
    const std::uint8_t* p = image.value->at(9, 5);
    EXPECT_NEAR(p[0], 200, 6);
    EXPECT_NEAR(p[1], 40, 6);
    EXPECT_NEAR(p[2], 90, 6);
    EXPECT_EQ(p[3], 255);
}

// stb_image 2.27 (Debian 12) wrote past its tables on such a file (found by fuzz.image_header;
// tests/fuzz/regressions/image); JPEGs are now decoded by libjpeg-turbo, which refuses it.
TEST(Image, AJpegHuffmanTableOfMoreThan256CodesIsRefused) {
    std::vector<std::uint8_t> pixels;
    for (int i = 0; i < 8 * 8; ++i) pixels.insert(pixels.end(), {10, 20, 30, 255});
    auto bytes = jpeg_bytes(8, 8, pixels);
    std::size_t dht = 0;
    for (std::size_t i = 2; i + 1 < bytes.size(); ++i) {
        if (bytes[i] == 0xFF && bytes[i + 1] == 0xC4) {
            dht = i;
            break;
        }
    }
    ASSERT_NE(dht, 0u) << "the encoder wrote no Huffman table";
    // Marker (2), length (2), class/id (1), then 16 counts: each now claims 32 codes (512).
    ASSERT_LT(dht + 21, bytes.size());
    for (std::size_t i = dht + 5; i < dht + 21; ++i) bytes[i] = 32;
    const auto image = decode_image(bytes, "hostile.jpg");
    ASSERT_FALSE(image);
    EXPECT_EQ(image.error.rfind("'hostile.jpg': ", 0), 0u) << image.error;
    EXPECT_NE(image.why.find("corrupt or cut short"), std::string::npos) << image.why;
}

TEST(Image, ReadsTheHeaderWithoutDecoding) {
    const auto bytes = png_bytes(40, 20);
    const auto header = read_image_header(bytes, "h.png");
    ASSERT_TRUE(header) << header.error;
    EXPECT_EQ(header.value->width, 40);
    EXPECT_EQ(header.value->height, 20);
}

TEST(Image, AHugeClaimedSizeIsRefusedBeforeDecoding) {
    const auto bytes = png_header_claiming(100000, 100000);
    const auto image = decode_image(bytes, "bomb.png");
    ASSERT_FALSE(image);
    EXPECT_EQ(image.error,
              "'bomb.png': 100000x100000 is larger than the cap of 8192 pixels a side");
    EXPECT_EQ(image.why, "100000x100000 is larger than the cap of 8192 pixels a side");
}

TEST(Image, ThePixelByteCapHoldsWithinTheSideCap) {
    const auto image = decode_image(png_header_claiming(8192, 8192), "big.png");
    ASSERT_FALSE(image);
    EXPECT_NE(image.why.find("would take 256 MiB decoded, more than the cap of 64 MiB"),
              std::string::npos)
        << image.why;
}

TEST(Image, TruncatedAndCorruptFilesSayWhat) {
    auto bytes = png_bytes(64, 64);
    bytes.resize(bytes.size() / 2);
    const auto cut = decode_image(bytes, "cut.png");
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error.find("'cut.png': the image data cannot be decoded"), std::string::npos)
        << cut.error;
    EXPECT_NE(cut.error.find("corrupt or cut short"), std::string::npos) << cut.error;

    const std::string text = "this is not an image";
    const auto not_image = decode_image(
        std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "notes.png");
    ASSERT_FALSE(not_image);
    EXPECT_EQ(not_image.why, "not a PNG or JPEG image (its first bytes are neither)");

    EXPECT_EQ(decode_image({}, "empty.png").why, "the file is empty");
    // The signature alone: the header cannot be read.
    const std::vector<std::uint8_t> header = png_header_claiming(1, 1);
    const auto signature_only = decode_image(std::span(header).first(8), "s.png");
    ASSERT_FALSE(signature_only);
    EXPECT_NE(signature_only.why.find("header cannot be read"), std::string::npos)
        << signature_only.why;
}

// A chunk claiming more bytes than the file has left (here an IDAT of 1.5 GiB in a 95-byte file:
// stb_image grew its buffer to 2 GiB before finding the data missing; found by
// fuzz.image_header) is refused before stb_image sees it.
TEST(Image, AChunkLongerThanTheFileIsRefusedBeforeDecoding) {
    std::vector<std::uint8_t> bytes = png_bytes(2, 2);
    ASSERT_TRUE(decode_image(bytes, "fine.png"));
    // The IDAT chunk (after the signature and the 25-byte IHDR) claims 0x5f000013 bytes.
    const std::size_t idat = 8 + 25;
    bytes[idat] = 0x5f;
    bytes[idat + 1] = 0x00;
    bytes[idat + 2] = 0x00;
    bytes[idat + 3] = 0x13;
    const auto claimed = decode_image(bytes, "claims.png");
    ASSERT_FALSE(claimed);
    EXPECT_NE(claimed.why.find("claims 1593835539 bytes"), std::string::npos) << claimed.why;
    EXPECT_NE(claimed.why.find("corrupt or cut short"), std::string::npos) << claimed.why;
}

TEST(Image, LoadsFilesAndNamesTheMissingOnes) {
    const auto folder = asset_temp_folder();
    write_bytes(folder / "a.png", png_bytes(2, 2));
    const auto loaded = load_image_file(folder / "a.png", "a.png");
    ASSERT_TRUE(loaded) << loaded.error;
    EXPECT_EQ(loaded.value->width, 2);

    const auto missing = load_image_file(folder / "none.png", "sprites/none.png");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error, "'sprites/none.png': file not found");
    const auto folder_image = load_image_file(folder, "art");
    EXPECT_EQ(folder_image.why, "not a regular file");
}

TEST(Image, ThePlaceholderIsAMagentaAndBlackChecker) {
    const rgba_image& p = placeholder_image();
    ASSERT_EQ(p.width, 16);
    ASSERT_EQ(p.height, 16);
    EXPECT_EQ(p.at(0, 0)[0], 255);
    EXPECT_EQ(p.at(0, 0)[1], 0);
    EXPECT_EQ(p.at(0, 0)[2], 255);
    EXPECT_EQ(p.at(4, 0)[0], 0);  // the next square is black
    EXPECT_EQ(p.at(4, 0)[2], 0);
    EXPECT_EQ(p.at(4, 4)[0], 255);
    EXPECT_EQ(p.at(15, 15)[3], 255);
}

}  // namespace
}  // namespace mosaic::testing
