#pragma once
// Field descriptions for the registration table: what kind of value sits at which offset of
// a component, and how an editor should present it. The serializer, the inspector, undo
// diffs and copy/paste all walk the same flat list of field_info records; none of them has
// code for a particular component type.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "entity.hpp"
#include "field_kinds.hpp"

namespace mosaic {

[[nodiscard]] std::string_view to_string(field_kind kind) noexcept;
/// Number of float components of vec2/vec3/vec4/color (0 for other kinds).
[[nodiscard]] std::size_t float_count(field_kind kind) noexcept;

/// How an editor shows a field. `min == max` means unbounded.
struct field_hints {
    double min = 0;
    double max = 0;
    float speed = 0;  // drag speed; 0 picks a default for the kind
    bool read_only = false;
    bool multiline = false;
    std::string_view tooltip = {};
};

struct enum_entry {
    std::string name;
    std::int64_t value = 0;
};

struct field_info {
    std::string name;
    field_kind kind = field_kind::int32;
    std::size_t offset = 0;
    std::size_t size = 0;     // bytes of one element (string: the array's capacity)
    std::uint32_t count = 1;  // elements, for fixed arrays (`float weights[4]`: 4)
    field_hints hints;
    std::vector<enum_entry> enum_values;  // for enumeration
    bool enum_is_signed = true;

    [[nodiscard]] void* address(void* component, std::uint32_t element = 0) const noexcept {
        return static_cast<std::byte*>(component) + offset + element * size;
    }
    [[nodiscard]] const void* address(const void* component,
                                      std::uint32_t element = 0) const noexcept {
        return static_cast<const std::byte*>(component) + offset + element * size;
    }
    [[nodiscard]] bool has_range() const noexcept { return hints.min < hints.max; }

    /// An enumeration's value as int64 / set from int64 (of the field's width).
    [[nodiscard]] std::int64_t read_enum(const void* component, std::uint32_t element = 0) const;
    void write_enum(void* component, std::int64_t value, std::uint32_t element = 0) const;
    /// True when `value` survives write_enum unchanged (fits the width and signedness): a
    /// file's -1 for a uint8_t enum must be an error, not 255.
    [[nodiscard]] bool enum_fits(std::int64_t value) const noexcept;
    /// The name of an enumeration value, or empty when it has none.
    [[nodiscard]] std::string_view enum_name(std::int64_t value) const noexcept;
    /// Copies `text` into a string field, truncating to fit with the terminating NUL.
    void write_string(void* component, std::string_view text, std::uint32_t element = 0) const;
    [[nodiscard]] std::string_view read_string(const void* component,
                                               std::uint32_t element = 0) const;
};

/// The byte size a kind must have (0 for string and enumeration, which vary).
[[nodiscard]] std::size_t kind_size(field_kind kind) noexcept;

/// Bytes a text field holds, its terminating NUL included: an asset path's fixed array, a
/// string's own size.
[[nodiscard]] inline std::size_t text_capacity(const field_info& f) noexcept {
    const std::size_t fixed = info_of(f.kind).memory_size;
    return fixed != 0 ? fixed : f.size;
}

}  // namespace mosaic
