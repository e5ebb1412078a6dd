// Import settings side files (NAME.png.import.json): read, written back equal, every bad value
// named, and a missing or broken file giving the defaults.
#include <mosaic/engine/assets/image_import.hpp>

#include "asset_test_support.hpp"

namespace mosaic::testing {
namespace {

TEST(ImageImport, TheSideFileSitsNextToTheImage) {
    EXPECT_EQ(image_import_file("art/tank.png"), std::filesystem::path("art/tank.png.import.json"));
}

TEST(ImageImport, WrittenSettingsReadBackEqualOneSettingALine) {
    image_import s;
    s.sampling = image_import::filter::linear;
    s.pixels_per_unit = 100;
    s.pivot = {0.5f, 1.0f};
    const std::string text = write_image_import(s);
    EXPECT_NE(text.find("\n  \"filter\": \"linear\",\n"), std::string::npos) << text;
    const asset_result<image_import> back = read_image_import(text, "tank.png.import.json");
    ASSERT_TRUE(back) << back.error;
    EXPECT_EQ(*back.value, s);
}

TEST(ImageImport, MissingKeysKeepTheirDefaults) {
    const asset_result<image_import> r = read_image_import(R"({"pixels_per_unit": 16})", "a");
    ASSERT_TRUE(r) << r.error;
    EXPECT_EQ(r.value->pixels_per_unit, 16.0f);
    EXPECT_EQ(r.value->sampling, image_import::filter::nearest);
    EXPECT_EQ(r.value->pivot, glm::vec2(0.5f, 0.5f));
}

TEST(ImageImport, BadValuesAreNamedWithTheFile) {
    const auto error = [](std::string_view text) {
        const asset_result<image_import> r = read_image_import(text, "tank.png.import.json");
        EXPECT_FALSE(r) << text;
        return r.error;
    };
    EXPECT_NE(error(R"({"filter": "bilinear"})").find("filter should be"), std::string::npos);
    EXPECT_NE(error(R"({"pixels_per_unit": 0})").find("pixels_per_unit"), std::string::npos);
    EXPECT_NE(error(R"({"pivot": [1]})").find("pivot"), std::string::npos);
    EXPECT_NE(error(R"({"version": 2})").find("version"), std::string::npos);
    const std::string broken = error("{\n  \"filter\": \n");
    EXPECT_NE(broken.find("'tank.png.import.json': 3:"), std::string::npos) << broken;
}

TEST(ImageImport, SavedAndLoadedFromTheImagesFolderDefaultsWithoutAFile) {
    const std::filesystem::path folder = asset_temp_folder();
    const std::filesystem::path image = folder / "tank.png";
    write_bytes(image, png_bytes(4, 4));
    std::string error;
    EXPECT_EQ(load_image_import(image, &error), image_import{});
    EXPECT_TRUE(error.empty());
    image_import s;
    s.pixels_per_unit = 8;
    ASSERT_TRUE(save_image_import(image, s, &error)) << error;
    EXPECT_EQ(load_image_import(image, &error), s);
    write_text(image_import_file(image), "{ not json");
    EXPECT_EQ(load_image_import(image, &error), image_import{});
    EXPECT_NE(error.find("tank.png.import.json"), std::string::npos) << error;
}

}  // namespace
}  // namespace mosaic::testing
