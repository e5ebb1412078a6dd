// TrueType fonts baked into a glyph atlas with stb_truetype, and text laid out from it
// (font.hpp).
#include <mosaic/engine/assets/font.hpp>

// The implementation is Debian's compiled libstb (see image.cpp).
#include <stb_truetype.h>

#include <climits>

namespace mosaic {

namespace {

// Next code point of `text` from `i` (advanced); U'?' for a byte that starts no valid
// sequence.
char32_t next_code_point(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 1;
    char32_t c = lead;
    if (lead >= 0xC0 && lead < 0xE0) {
        length = 2;
        c = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead < 0xF0) {
        length = 3;
        c = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead < 0xF8) {
        length = 4;
        c = lead & 0x07u;
    } else if (lead >= 0x80) {
        ++i;
        return U'?';
    }
    if (i + length > text.size()) {
        i = text.size();
        return U'?';
    }
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0u) != 0x80u) {
            i += k;
            return U'?';
        }
        c = (c << 6) | (byte(i + k) & 0x3Fu);
    }
    i += length;
    return c;
}

}  // namespace

asset_result<font_atlas> bake_font(std::span<const std::uint8_t> ttf, std::string_view name) {
    using result = asset_result<font_atlas>;
    if (ttf.empty()) return result::failure(name, "the file is empty");
    if (ttf.size() > max_font_file_bytes || ttf.size() > INT_MAX) {
        return result::failure(name, "the file is larger than the cap of " +
                                         std::to_string(max_font_file_bytes >> 20) + " MiB");
    }
    // stb_truetype reads the table directory without bounds checks: make sure it is there.
    if (ttf.size() < 12)
        return result::failure(name, "not a TrueType font (the file is too short)");
    const int offset = stbtt_GetFontOffsetForIndex(ttf.data(), 0);
    if (offset < 0) return result::failure(name, "not a TrueType or OpenType font");
    const std::uint32_t tables = (std::uint32_t{ttf[static_cast<std::size_t>(offset) + 4]} << 8) |
                                 ttf[static_cast<std::size_t>(offset) + 5];
    if (static_cast<std::size_t>(offset) + 12 + 16 * std::size_t{tables} > ttf.size()) {
        return result::failure(name, "the font is cut short (its table directory is incomplete)");
    }
    stbtt_fontinfo info{};
    if (stbtt_InitFont(&info, ttf.data(), offset) == 0) {
        return result::failure(name,
                               "the font's tables cannot be read (not a TrueType font, "
                               "or one without the tables text needs)");
    }
    font_atlas font;
    const float scale =
        stbtt_ScaleForPixelHeight(&info, static_cast<float>(font_atlas::bake_pixels));
    int ascent = 0;
    int descent = 0;
    int line_gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &line_gap);
    font.ascent = static_cast<float>(ascent) * scale;
    font.descent = static_cast<float>(descent) * scale;
    font.line_gap = static_cast<float>(line_gap) * scale;

    std::array<stbtt_bakedchar, font_atlas::count> baked{};
    std::vector<std::uint8_t> coverage;
    int width = 1024;
    int height = 512;
    for (;; height *= 2) {
        coverage.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
        const int rows = stbtt_BakeFontBitmap(
            ttf.data(), offset, static_cast<float>(font_atlas::bake_pixels), coverage.data(), width,
            height, static_cast<int>(font_atlas::first), static_cast<int>(font_atlas::count),
            baked.data());
        if (rows > 0) break;
        if (height >= 2048) {
            return result::failure(name, "the glyphs do not fit a 1024x2048 atlas");
        }
    }
    font.image.width = width;
    font.image.height = height;
    font.image.pixels.resize(coverage.size() * 4);
    for (std::size_t i = 0; i < coverage.size(); ++i) {
        font.image.pixels[4 * i] = 255;
        font.image.pixels[4 * i + 1] = 255;
        font.image.pixels[4 * i + 2] = 255;
        font.image.pixels[4 * i + 3] = coverage[i];
    }
    for (std::size_t i = 0; i < font_atlas::count; ++i) {
        const stbtt_bakedchar& b = baked[i];
        font_glyph& g = font.glyphs[i];
        g.min = {b.xoff, b.yoff};
        g.max = {b.xoff + static_cast<float>(b.x1 - b.x0),
                 b.yoff + static_cast<float>(b.y1 - b.y0)};
        g.uv_min = {static_cast<float>(b.x0) / static_cast<float>(width),
                    static_cast<float>(b.y0) / static_cast<float>(height)};
        g.uv_max = {static_cast<float>(b.x1) / static_cast<float>(width),
                    static_cast<float>(b.y1) / static_cast<float>(height)};
        g.advance = b.xadvance;
    }
    return result::success(std::move(font));
}

asset_result<font_atlas> load_font_file(const std::filesystem::path& file, std::string_view name) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, max_font_file_bytes, bytes, why)) {
        return asset_result<font_atlas>::failure(name, why);
    }
    return bake_font(bytes, name);
}

void layout_text(const font_atlas& font, std::string_view utf8, text_align align,
                 std::vector<placed_glyph>& out) {
    const float em = static_cast<float>(font_atlas::bake_pixels);
    const float line = font.line_height();
    std::size_t lines = 1;
    for (const char c : utf8) lines += c == '\n' ? 1 : 0;
    const float block = static_cast<float>(lines) * line;

    std::size_t i = 0;
    for (std::size_t row = 0; row < lines; ++row) {
        // The line's code points and width first, for the alignment.
        const std::size_t start = i;
        float width = 0.0f;
        for (std::size_t k = start; k < utf8.size() && utf8[k] != '\n';) {
            width += font.glyph(next_code_point(utf8, k)).advance;
        }
        float pen = align == text_align::left     ? 0.0f
                    : align == text_align::center ? -0.5f * width
                                                  : -width;
        // Pixels, y down from the block's top, to em units, y up from its middle.
        const float baseline = static_cast<float>(row) * line + font.ascent;
        const auto to_units = [&](float x, float y) {
            return glm::vec2(x / em, (0.5f * block - (baseline + y)) / em);
        };
        while (i < utf8.size() && utf8[i] != '\n') {
            const font_glyph& g = font.glyph(next_code_point(utf8, i));
            if (g.max.x > g.min.x && g.max.y > g.min.y) {
                const glm::vec2 top_left = to_units(pen + g.min.x, g.min.y);
                const glm::vec2 bottom_right = to_units(pen + g.max.x, g.max.y);
                out.push_back({{top_left.x, bottom_right.y},
                               {bottom_right.x, top_left.y},
                               g.uv_min,
                               g.uv_max});
            }
            pen += g.advance;
        }
        if (i < utf8.size()) ++i;  // the '\n'
    }
}

}  // namespace mosaic
