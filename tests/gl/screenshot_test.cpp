// screenshot: pixels come back top row first, a PNG written from them loads back equal,
// and write_png explains its failures.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <stb_image.h>

#include <cstring>
#include <string>

namespace mosaic::testing {
namespace {

class Screenshot : public GlTest {};

TEST_F(Screenshot, RowsComeBackTopFirst) {
    draw_list list;
    list.add_quad({.center = {0.0f, 3.5f}, .size = {8.0f, 1.0f}, .tint = red});  // the top band
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(32, 0), red8);
    EXPECT_EQ(shot.pixel(32, 7), red8);
    EXPECT_EQ(shot.pixel(32, 8), blue8);
    EXPECT_EQ(shot.pixel(32, 63), blue8);
}

TEST_F(Screenshot, APngRoundTripsEveryPixel) {
    draw_list list;
    list.add_quad({.center = {-1.0f, 1.0f}, .size = {3.0f, 2.0f}, .rotation = 20.0f, .tint = red});
    list.add_circle({.center = {2.0f, -2.0f}, .radius = 1.0f, .tint = {0.2f, 0.8f, 0.4f, 0.6f}});
    const image shot = draw(list, {0.1f, 0.2f, 0.3f, 1.0f});
    const std::filesystem::path path = temp_folder() / "shot.png";
    ASSERT_EQ(write_png(path, shot), "");

    int width = 0;
    int height = 0;
    int channels = 0;
    stbi_uc* loaded = stbi_load(path.c_str(), &width, &height, &channels, 4);
    ASSERT_NE(loaded, nullptr) << stbi_failure_reason();
    EXPECT_EQ(width, shot.width);
    EXPECT_EQ(height, shot.height);
    const bool same = width == shot.width && height == shot.height &&
                      std::memcmp(loaded, shot.rgba.data(), shot.rgba.size()) == 0;
    stbi_image_free(loaded);
    EXPECT_TRUE(same) << "the PNG's pixels differ from the ones read back";
    EXPECT_EQ(shot.pixel(24, 24), red8);  // and the image is not trivially one colour
}

TEST_F(Screenshot, WritePngSaysWhyItFailed) {
    const image empty;
    const std::string no_pixels = write_png(temp_folder() / "empty.png", empty);
    EXPECT_NE(no_pixels.find("the image is empty"), std::string::npos) << no_pixels;

    const std::vector<std::uint8_t> three_bytes(3);
    const std::string short_buffer = write_png(folder_ / "short.png", three_bytes, 2, 2);
    EXPECT_NE(short_buffer.find("3 bytes of pixels for a 2x2 RGBA image"), std::string::npos)
        << short_buffer;

    const std::vector<std::uint8_t> pixel(4, 255);
    const std::filesystem::path nowhere = folder_ / "no such folder" / "shot.png";
    const std::string failed = write_png(nowhere, pixel, 1, 1);
    EXPECT_NE(failed.find(nowhere.string()), std::string::npos) << failed;
    EXPECT_NE(failed.find("No such file or directory"), std::string::npos) << failed;
}

}  // namespace
}  // namespace mosaic::testing
