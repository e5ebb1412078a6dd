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
};
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
template <class E>
struct field_traits<E, std::enable_if_t<std::is_enum_v<E>>> {
    static constexpr field_kind kind = field_kind::enumeration;
};

/// The byte size a kind must have (0 for string and enumeration, which vary).
[[nodiscard]] std::size_t kind_size(field_kind kind) noexcept;

}  // namespace mosaic
