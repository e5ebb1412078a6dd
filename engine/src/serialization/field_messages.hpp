#pragma once
// Internal: what the field-value rules say. The JSON reader (component_json.cpp) and the
// binary decoder (binary_decode.cpp) read field values each from their own syntax and apply
// the same rules to them; the words are written here once, so both formats say the same.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/ecs/component_table.hpp"
#include "mosaic/engine/display_path.hpp"

namespace mosaic::detail {

inline constexpr const char* text_has_nul_message = "the text contains a NUL character";

/// How many bytes of `text` fit in `max_bytes` without splitting a UTF-8 character: a cut
/// never leaves a lone lead byte (0xC3 of "é") at the end of a name.
inline std::size_t utf8_cut_length(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text.size();
    std::size_t n = max_bytes;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    return n;
}

inline std::string text_cut_message(std::size_t length, std::size_t kept) {
    return "text of " + std::to_string(length) + " bytes cut to " + std::to_string(kept) +
           " bytes (the field holds at most its capacity less one, cut on a character boundary)";
}

inline std::string unknown_field_message(std::string_view field, std::string_view type) {
    // Names come from the file: escaped, so a newline or a stray byte cannot garble a line.
    return "unknown field '" + display_path(field) + "' of " + display_path(type) + " (ignored)";
}

/// A name the enumeration `f` does not have.
inline std::string unknown_enum_value_message(std::string_view label, const field_info& f) {
    std::string names;
    for (const enum_entry& e : f.enum_values) {
        names += (names.empty() ? "" : ", ") + ("\"" + e.name + "\"");
    }
    return "unknown value \"" + std::string(label) + "\"; expected one of " + names;
}

/// A number the enumeration field `f` cannot hold.
inline std::string enum_does_not_fit_message(std::int64_t value, const field_info& f) {
    return "the value " + std::to_string(value) + " does not fit the field (" +
           std::to_string(f.size) + " byte" + (f.size == 1 ? "" : "s") +
           (f.enum_is_signed ? ", signed" : ", unsigned") + ")";
}

}  // namespace mosaic::detail
