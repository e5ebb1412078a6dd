#pragma once
// Fonts on the CPU: a TrueType file rasterised once (stb_truetype) into a glyph atlas image
// plus the metrics to lay text out, with no OpenGL; the renderer's texture_cache uploads the
// image and draw_world turns a Text component into one textured quad per glyph.
//
// Glyphs: Latin-1 (code points 32..255), baked at font_atlas::bake_pixels pixels a line;
// other characters show as '?'. Text is laid out in units of the font size: 1 is one em, so a
// Text of size 0.5 has letters about half a world unit tall. Lines split at '\n'.
//
// A file that is not a font (or is cut short) gives a message naming it; the renderer then
// draws the placeholder. stb_truetype trusts the tables inside a font that passes its header
// checks, so fonts should come from the project or the system, like code.

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "../math.hpp"
#include "asset_result.hpp"
#include "image.hpp"

namespace mosaic {

/// DejaVu Sans (Debian's fonts-dejavu-core): what a Text with no font uses.
inline constexpr const char* default_font_file = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

enum class text_align : std::uint8_t { left, center, right };

struct font_glyph {
    glm::vec2 min{0.0f, 0.0f};  // the quad from the pen on the baseline, pixels, y down
    glm::vec2 max{0.0f, 0.0f};
    glm::vec2 uv_min{0.0f, 0.0f};  // in the atlas image, 0..1, top-left origin
    glm::vec2 uv_max{0.0f, 0.0f};
    float advance = 0.0f;  // pixels
};

struct font_atlas {
    static constexpr int bake_pixels = 48;
    static constexpr char32_t first = 32;
    static constexpr std::size_t count = 224;  // 32..255

    float ascent = 0.0f;   // pixels above the baseline
    float descent = 0.0f;  // pixels below (negative)
    float line_gap = 0.0f;
    rgba_image image;  // white, coverage in alpha
    std::array<font_glyph, count> glyphs{};

    [[nodiscard]] const font_glyph& glyph(char32_t c) const noexcept {
        if (c < first || c >= first + count) c = U'?';
        return glyphs[c - first];
    }
    [[nodiscard]] float line_height() const noexcept { return ascent - descent + line_gap; }
};

/// One glyph's quad, in units of the font size (y up), relative to the text's anchor: the
/// middle of the block vertically, its left end, middle or right end as aligned.
struct placed_glyph {
    glm::vec2 min{0.0f, 0.0f};          // bottom-left
    glm::vec2 max{0.0f, 0.0f};          // top-right
    glm::vec2 uv_top_left{0.0f, 0.0f};  // in the atlas image (0..1, rows top first)
    glm::vec2 uv_bottom_right{0.0f, 0.0f};
};

/// Fonts larger than this are refused (DejaVu Sans is 740 KB).
inline constexpr std::size_t max_font_file_bytes = std::size_t{32} << 20;

/// Bakes a TrueType font held in memory; `name` names it in messages.
[[nodiscard]] asset_result<font_atlas> bake_font(std::span<const std::uint8_t> ttf,
                                                 std::string_view name);
/// Reads and bakes a font file.
[[nodiscard]] asset_result<font_atlas> load_font_file(const std::filesystem::path& file,
                                                      std::string_view name);

/// Appends the quads of `utf8` (invalid bytes show as '?'; spaces add none) to `out`.
void layout_text(const font_atlas& font, std::string_view utf8, text_align align,
                 std::vector<placed_glyph>& out);

}  // namespace mosaic
