#pragma once
// The one table of field kinds and the one dispatcher over them.
//
// Everything that depends on a field's kind (the JSON, binary and text encoders, the
// inspector widgets, equality, copy/paste) asks here: either a row of the table (`info_of`)
// or a typed callback (`visit_kind`). The `switch` in visit_kind is the only one on
// field_kind in the tree (tests/repo checks that) and has no `default:`, so a new kind is a
// -Wswitch error here, and a compile error in every caller whose callback cannot handle it.
//
// Adding a kind happens in this file: its value type, its enumerator (last), its
// field_traits, its row, its case in visit_kind and last_field_kind. A kind made of floats, of
// whole numbers or of text is then handled by every encoder and the inspector as it is; one
// with another C++ type fails to compile in each callback that must learn it (static_assert
// on unhandled_kind), usually only the inspector widget's.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "entity.hpp"

namespace mosaic {

// Value types the ECS knows how to describe. The engine maps its math types onto these
// kinds (see field_traits) so ecs/ needs no math library.
struct vec2 {
    float x = 0, y = 0;
    friend bool operator==(const vec2&, const vec2&) = default;
};
struct vec3 {
    float x = 0, y = 0, z = 0;
    friend bool operator==(const vec3&, const vec3&) = default;
};
struct vec4 {
    float x = 0, y = 0, z = 0, w = 0;
    friend bool operator==(const vec4&, const vec4&) = default;
};
/// RGBA, each in [0, 1].
struct color {
    float r = 1, g = 1, b = 1, a = 1;
    friend bool operator==(const color&, const color&) = default;
};
/// An axis-aligned 2D rectangle: its corner and its size (a sprite's region, a trigger area).
struct rect {
    float x = 0, y = 0, w = 0, h = 0;
    friend bool operator==(const rect&, const rect&) = default;
};
/// A path to an asset file (texture, sound), relative to the project folder.
struct asset_path {
    char path[120] = {};
};

enum class field_kind : std::uint8_t {
    boolean,
    int32,
    uint32,
    int64,
    float32,
    float64,
    vec2,
    vec3,
    vec4,
    color,
    string,  // a fixed-size char array, always NUL-terminated
    enumeration,
    entity_ref,
    asset_path,
    rect,  // new kinds go last: binary scenes store the number
};
/// One row of the kind table.
struct kind_info {
    std::string_view name;    // as shown to people and in messages ("float", "vec3")
    std::size_t memory_size;  // bytes of one element in a component; 0: set per field
    std::size_t file_size;    // bytes of one element in a binary scene; 0: length-prefixed
    std::size_t float_count;  // float components of vectors and colours; 0 for the rest
    std::size_t number_unit;  // for kinds that are little-endian numbers in memory and in a
                              // binary file alike: bytes of one number; 0 for the rest
    bool is_text;             // a NUL-terminated char array
    float drag_speed;         // the inspector's drag speed when the field sets none
};

/// Element types of the kinds whose C++ type varies per field; never defined, so a callback
/// cannot read one by its size by mistake. Strings: a char array of the field's size
/// (field_info::read_string / write_string). Enumerations: an integer of the field's size
/// (field_info::read_enum / write_enum).
struct fixed_text;
struct enum_number;

/// The table, one specialization per kind: `type` is the C++ type of one element in a
/// component, `info` its row.
template <field_kind K>
struct kind_traits;

#define MOSAIC_KIND_ROW(kind_, type_, name_, memory_, file_, floats_, unit_, text_, speed_)    \
    template <>                                                                                \
    struct kind_traits<field_kind::kind_> {                                                    \
        using type = type_;                                                                    \
        static constexpr field_kind kind = field_kind::kind_;                                  \
        static constexpr kind_info info{name_, memory_, file_, floats_, unit_, text_, speed_}; \
    }

// clang-format off
//             kind         C++ type       name      memory              file floats unit text  speed
MOSAIC_KIND_ROW(boolean,     bool,          "bool",   sizeof(bool),       1,   0,     0,   false, 0.01f);
MOSAIC_KIND_ROW(int32,       std::int32_t,  "int32",  4,                  4,   0,     4,   false, 0.2f);
MOSAIC_KIND_ROW(uint32,      std::uint32_t, "uint32", 4,                  4,   0,     4,   false, 0.2f);
MOSAIC_KIND_ROW(int64,       std::int64_t,  "int64",  8,                  8,   0,     8,   false, 0.2f);
MOSAIC_KIND_ROW(float32,     float,         "float",  4,                  4,   0,     4,   false, 0.01f);
MOSAIC_KIND_ROW(float64,     double,        "double", 8,                  8,   0,     8,   false, 0.01f);
MOSAIC_KIND_ROW(vec2,        vec2,          "vec2",   sizeof(vec2),       8,   2,     4,   false, 0.01f);
MOSAIC_KIND_ROW(vec3,        vec3,          "vec3",   sizeof(vec3),       12,  3,     4,   false, 0.01f);
MOSAIC_KIND_ROW(vec4,        vec4,          "vec4",   sizeof(vec4),       16,  4,     4,   false, 0.01f);
MOSAIC_KIND_ROW(color,       color,         "color",  sizeof(color),      16,  4,     4,   false, 0.01f);
MOSAIC_KIND_ROW(string,      fixed_text,    "string", 0,                  0,   0,     0,   true,  0.01f);
MOSAIC_KIND_ROW(enumeration, enum_number,   "enum",   0,                  8,   0,     0,   false, 0.01f);
MOSAIC_KIND_ROW(entity_ref,  entity,        "entity", sizeof(entity),     8,   0,     0,   false, 0.01f);
MOSAIC_KIND_ROW(asset_path,  asset_path,    "asset",  sizeof(asset_path), 0,   0,     0,   true,  0.01f);
MOSAIC_KIND_ROW(rect,        rect,          "rect",   sizeof(rect),       16,  4,     4,   false, 0.01f);

// clang-format on

#undef MOSAIC_KIND_ROW

/// The last enumerator: binary scenes store kinds as numbers, and a number past it is corrupt.
inline constexpr field_kind last_field_kind = field_kind::rect;

/// Calls `f(kind_traits<kind>{})` and returns what it returns. The callback is a generic
/// lambda; its argument's nested `type` and `info` are the element type and the
/// row. The loaders reject kind numbers outside the enumeration before anything visits them.
template <class F>
constexpr decltype(auto) visit_kind(field_kind kind, F&& f) {
    switch (kind) {
        case field_kind::boolean:
            return f(kind_traits<field_kind::boolean>{});
        case field_kind::int32:
            return f(kind_traits<field_kind::int32>{});
        case field_kind::uint32:
            return f(kind_traits<field_kind::uint32>{});
        case field_kind::int64:
            return f(kind_traits<field_kind::int64>{});
        case field_kind::float32:
            return f(kind_traits<field_kind::float32>{});
        case field_kind::float64:
            return f(kind_traits<field_kind::float64>{});
        case field_kind::vec2:
            return f(kind_traits<field_kind::vec2>{});
        case field_kind::vec3:
            return f(kind_traits<field_kind::vec3>{});
        case field_kind::vec4:
            return f(kind_traits<field_kind::vec4>{});
        case field_kind::color:
            return f(kind_traits<field_kind::color>{});
        case field_kind::string:
            return f(kind_traits<field_kind::string>{});
        case field_kind::enumeration:
            return f(kind_traits<field_kind::enumeration>{});
        case field_kind::entity_ref:
            return f(kind_traits<field_kind::entity_ref>{});
        case field_kind::asset_path:
            return f(kind_traits<field_kind::asset_path>{});
        case field_kind::rect:
            return f(kind_traits<field_kind::rect>{});
    }
    // Not a field_kind at all (a bug upstream): the first kind rather than no return.
    return f(kind_traits<field_kind::boolean>{});
}

/// The row of a kind.
[[nodiscard]] constexpr const kind_info& info_of(field_kind kind) noexcept {
    return visit_kind(kind, [](auto tag) -> const kind_info& { return decltype(tag)::info; });
}

/// Which field_kind a member type maps to. Specialize it for your own math types, e.g.
///   template <> struct mosaic::field_traits<glm::vec3> {
///       static constexpr field_kind kind = field_kind::vec3; };
/// (the type must have the layout of the kind: 3 floats for vec3).
template <class T, class = void>
struct field_traits;

template <>
struct field_traits<bool> {
    static constexpr field_kind kind = field_kind::boolean;
};
template <>
struct field_traits<std::int32_t> {
    static constexpr field_kind kind = field_kind::int32;
};
template <>
struct field_traits<std::uint32_t> {
    static constexpr field_kind kind = field_kind::uint32;
};
template <>
struct field_traits<std::int64_t> {
    static constexpr field_kind kind = field_kind::int64;
};
template <>
struct field_traits<float> {
    static constexpr field_kind kind = field_kind::float32;
};
template <>
struct field_traits<double> {
    static constexpr field_kind kind = field_kind::float64;
};
template <>
struct field_traits<vec2> {
    static constexpr field_kind kind = field_kind::vec2;
};
template <>
struct field_traits<vec3> {
    static constexpr field_kind kind = field_kind::vec3;
};
template <>
struct field_traits<vec4> {
    static constexpr field_kind kind = field_kind::vec4;
};
template <>
struct field_traits<color> {
    static constexpr field_kind kind = field_kind::color;
};
template <>
struct field_traits<entity> {
    static constexpr field_kind kind = field_kind::entity_ref;
};
template <>
struct field_traits<asset_path> {
    static constexpr field_kind kind = field_kind::asset_path;
};
template <>
struct field_traits<rect> {
    static constexpr field_kind kind = field_kind::rect;
};
template <class E>
struct field_traits<E, std::enable_if_t<std::is_enum_v<E>>> {
    static constexpr field_kind kind = field_kind::enumeration;
};

/// For a callback's `if constexpr` chain: a kind it does not handle fails to compile there.
template <class>
inline constexpr bool unhandled_kind = false;

}  // namespace mosaic
