#include "mosaic/engine/display_path.hpp"

#include <cstdint>

namespace mosaic {

namespace {

/// Length of the well-formed UTF-8 sequence at `s[i]` (no overlongs, surrogates or code
/// points above U+10FFFF), or 0 when there is none.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(s[i + k]); };
    const auto tail = [&](std::size_t k) { return i + k < s.size() && (byte(k) & 0xC0) == 0x80; };
    const std::uint8_t b = byte(0);
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF) return tail(1) ? 2 : 0;
    if (b >= 0xE0 && b <= 0xEF) {
        if (!tail(1) || !tail(2)) return 0;
        if (b == 0xE0 && byte(1) < 0xA0) return 0;   // overlong
        if (b == 0xED && byte(1) >= 0xA0) return 0;  // surrogate
        return 3;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        if (!tail(1) || !tail(2) || !tail(3)) return 0;
        if (b == 0xF0 && byte(1) < 0x90) return 0;   // overlong
        if (b == 0xF4 && byte(1) >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

}  // namespace

std::string display_path(std::string_view raw) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        const auto b = static_cast<std::uint8_t>(raw[i]);
        const std::size_t n = utf8_length(raw, i);
        if (n > 1 || (n == 1 && b >= 0x20 && b != 0x7F)) {
            out.append(raw, i, n);
            i += n;
            continue;
        }
        switch (b) {
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                out += "\\x";
                out += hex[b >> 4];
                out += hex[b & 0xF];
        }
        ++i;
    }
    return out;
}

std::string display_path(const std::filesystem::path& path) {
    return display_path(std::string_view(path.native()));
}

}  // namespace mosaic
