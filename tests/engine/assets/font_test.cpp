// font: DejaVu Sans bakes into a glyph atlas; text lays out left to right, aligned and
// centred vertically, one quad per visible glyph; files that are not fonts say so.
#include <mosaic/engine/assets/font.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "asset_test_support.hpp"

namespace mosaic::testing {
namespace {

const font_atlas& dejavu() {
    static const asset_result<font_atlas> font = load_font_file(default_font_file, "DejaVuSans");
    EXPECT_TRUE(font) << font.error << " (Debian package fonts-dejavu-core)";
    return *font.value;
}

TEST(Font, BakesTheDefaultFont) {
    const font_atlas& font = dejavu();
    EXPECT_GT(font.ascent, 30.0f);
    EXPECT_LT(font.descent, 0.0f);
    EXPECT_FALSE(font.image.empty());
    const font_glyph& a = font.glyph(U'A');
    EXPECT_GT(a.advance, 20.0f);
    EXPECT_LT(a.min.y, 0.0f);  // above the baseline (y down)
    EXPECT_GT(a.uv_max.x, a.uv_min.x);
    // Some coverage inside the glyph's rectangle of the atlas.
    int covered = 0;
    for (int y = static_cast<int>(a.uv_min.y * font.image.height);
         y < a.uv_max.y * font.image.height; ++y) {
        for (int x = static_cast<int>(a.uv_min.x * font.image.width);
             x < a.uv_max.x * font.image.width; ++x) {
            covered += font.image.at(x, y)[3] > 128 ? 1 : 0;
        }
    }
    EXPECT_GT(covered, 50);
    EXPECT_EQ(&font.glyph(U'\u4E2D'), &font.glyph(U'?'));  // outside Latin-1
}

TEST(Font, LaysTextOutAlignedAndCentred) {
    const font_atlas& font = dejavu();
    std::vector<placed_glyph> left;
    layout_text(font, "Hi A", text_align::left, left);
    ASSERT_EQ(left.size(), 3u);  // the space has no quad
    EXPECT_NEAR(left[0].min.x, font.glyph(U'H').min.x / 48.0f, 1e-5f);
    EXPECT_LT(left[0].max.x, left[1].min.x + 0.01f);
    EXPECT_GT(left[2].min.x, left[1].max.x);
    // Vertically: one line, centred, so the capitals straddle the middle.
    EXPECT_GT(left[0].max.y, 0.0f);
    EXPECT_LT(left[0].min.y, 0.0f);

    std::vector<placed_glyph> centre;
    layout_text(font, "Hi A", text_align::center, centre);
    std::vector<placed_glyph> right;
    layout_text(font, "Hi A", text_align::right, right);
    const float width = (font.glyph(U'H').advance + font.glyph(U'i').advance +
                         font.glyph(U' ').advance + font.glyph(U'A').advance) /
                        48.0f;
    EXPECT_NEAR(centre[0].min.x, left[0].min.x - width / 2, 1e-4f);
    EXPECT_NEAR(right[0].min.x, left[0].min.x - width, 1e-4f);

    std::vector<placed_glyph> two_lines;
    layout_text(font, "A\nA", text_align::left, two_lines);
    ASSERT_EQ(two_lines.size(), 2u);
    EXPECT_NEAR(two_lines[0].min.y - two_lines[1].min.y, font.line_height() / 48.0f, 1e-4f);
    // Invalid UTF-8 shows '?', never reads past the end.
    std::vector<placed_glyph> broken;
    layout_text(font, "\xE2\x82", text_align::left, broken);
    EXPECT_EQ(broken.size(), 1u);
}

TEST(Font, FilesThatAreNotFontsSaySo) {
    const std::string text = "this is not a font at all";
    const auto not_font = bake_font(
        std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "fonts/x.ttf");
    ASSERT_FALSE(not_font);
    EXPECT_EQ(not_font.error, "'fonts/x.ttf': not a TrueType or OpenType font");
    EXPECT_EQ(bake_font({}, "e.ttf").why, "the file is empty");
    // A real font cut after its header: its table directory is incomplete.
    std::vector<std::uint8_t> bytes;
    std::string why;
    ASSERT_TRUE(read_file_bytes(default_font_file, max_font_file_bytes, bytes, why)) << why;
    bytes.resize(40);
    EXPECT_EQ(bake_font(bytes, "cut.ttf").why,
              "the font is cut short (its table directory is incomplete)");
    EXPECT_EQ(load_font_file("/nonexistent/f.ttf", "f.ttf").error, "'f.ttf': file not found");
}

}  // namespace
}  // namespace mosaic::testing
