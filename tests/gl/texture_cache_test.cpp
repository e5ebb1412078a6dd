// texture_cache: a PNG written by the test shows up on a quad the right way up (from its
// atlas page); missing and broken files show the magenta checker and give a message naming
// the file, once.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <stb_image_write.h>

#include <fstream>
#include <mosaic/engine/render/texture_cache.hpp>
#include <string>
#include <vector>

namespace mosaic::testing {
namespace {

class TextureCache : public GlTest {
protected:
    // A 2x2 image, top row first: red, green / blue, white.
    std::filesystem::path write_checker(const std::string& name) {
        const std::vector<std::uint8_t> pixels = {255, 0, 0,   255, 0,   255, 0,   255,
                                                  0,   0, 255, 255, 255, 255, 255, 255};
        const std::filesystem::path path = temp_folder() / name;
        EXPECT_NE(stbi_write_png(path.c_str(), 2, 2, 4, pixels.data(), 8), 0);
        return path;
    }
};

TEST_F(TextureCache, ATexturedQuadShowsTheImageTheRightWayUp) {
    write_checker("checker.png");
    texture_cache textures(folder_);
    const texture_region checker = textures.find("checker.png");
    ASSERT_NE(checker.texture, no_texture) << textures.error("checker.png");
    EXPECT_EQ(textures.image_size("checker.png"), glm::ivec2(2, 2));
    EXPECT_EQ(textures.find("checker.png"), checker);  // cached
    EXPECT_EQ(textures.size(), 1u);
    EXPECT_EQ(textures.atlas_pages(), 1u);  // small images go to an atlas page

    draw_list list;
    // 4x4 units: pixels 16..47, each texel a 16-pixel square (nearest when magnified).
    list.add_quad(
        {.size = {4.0f, 4.0f}, .tint = white, .texture = checker.texture, .uv = checker.uv});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(24, 24), red8);  // top left
    EXPECT_EQ(shot.pixel(40, 24), green8);
    EXPECT_EQ(shot.pixel(24, 40), blue8);  // bottom left
    EXPECT_EQ(shot.pixel(40, 40), white8);
    EXPECT_EQ(shot.pixel(8, 8), blue8);  // the background
}

TEST_F(TextureCache, TheTintMultipliesTheTexture) {
    write_checker("checker.png");
    texture_cache textures(folder_);
    draw_list list;
    const texture_region checker = textures.find("checker.png");
    list.add_quad({.size = {4.0f, 4.0f},
                   .tint = {0.0f, 1.0f, 1.0f, 1.0f},
                   .texture = checker.texture,
                   .uv = checker.uv});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(24, 24), (rgba8{0, 0, 0, 255}));  // red * cyan
    EXPECT_EQ(shot.pixel(40, 40), (rgba8{0, 255, 255, 255}));
}

TEST_F(TextureCache, MissingAndBrokenFilesShowThePlaceholderAndSayWhy) {
    const std::filesystem::path folder = temp_folder();
    std::ofstream(folder / "broken.png") << "this is not an image";
    texture_cache textures(folder);

    const texture_handle placeholder = textures.placeholder();
    EXPECT_EQ(textures.find("sprites/none.png").texture, placeholder);
    EXPECT_EQ(textures.find("broken.png").texture, placeholder);
    EXPECT_EQ(textures.find("").texture, no_texture);  // no path: the tint alone
    const std::string missing = textures.error("sprites/none.png");
    EXPECT_NE(missing.find("cannot load texture 'sprites/none.png'"), std::string::npos) << missing;
    EXPECT_NE(missing.find("file not found"), std::string::npos) << missing;
    EXPECT_NE(missing.find((folder / "sprites/none.png").string()), std::string::npos) << missing;
    const std::string broken = textures.error("broken.png");
    EXPECT_NE(broken.find("not a PNG or JPEG image"), std::string::npos) << broken;

    // Each failure is reported once, not on every frame that asks again.
    EXPECT_EQ(textures.find("broken.png").texture, placeholder);
    const std::vector<std::string> errors = textures.take_errors();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0], missing);
    EXPECT_EQ(errors[1], broken);
    EXPECT_TRUE(textures.take_errors().empty());
}

TEST_F(TextureCache, ReloadReadsTheFileAgain) {
    texture_cache textures(temp_folder());
    const texture_handle placeholder = textures.placeholder();
    EXPECT_EQ(textures.find("checker.png").texture, placeholder);  // not written yet
    write_checker("checker.png");
    EXPECT_EQ(textures.find("checker.png").texture, placeholder);  // the failure is remembered
    textures.reload();
    EXPECT_NE(textures.find("checker.png").texture, textures.placeholder());
}

TEST_F(TextureCache, ThePlaceholderIsAVisibleMagentaChecker) {
    texture_cache textures(temp_folder());
    const texture_region missing = textures.find("gone.png");
    draw_list list;
    // 4x4 units over a 16x16 checker of 4-pixel squares: each square is 8 screen pixels.
    list.add_quad(
        {.size = {4.0f, 4.0f}, .tint = white, .texture = missing.texture, .uv = missing.uv});
    const image shot = draw(list);
    EXPECT_EQ(shot.pixel(20, 20), (rgba8{255, 0, 255, 255}));
    EXPECT_EQ(shot.pixel(28, 20), (rgba8{0, 0, 0, 255}));
    EXPECT_EQ(shot.pixel(28, 28), (rgba8{255, 0, 255, 255}));
}

}  // namespace
}  // namespace mosaic::testing
