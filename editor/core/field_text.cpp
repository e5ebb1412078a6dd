#include "field_text.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <sstream>
#include <type_traits>
#include <vector>

#include <mosaic/ecs/field_kinds.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>

#include "entity_names.hpp"

namespace mosaic::editor {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == separator) {
            parts.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    return parts;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::string_view part : split(s, ' ')) {
        if (!part.empty()) out.push_back(part);
    }
    return out;
}

template <class T>
bool number(std::string_view text, T& out) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && ptr == text.data() + text.size();
}

std::string parse_element(const field_info& f, std::string_view text, void* component,
                          std::uint32_t element, const world& w) {
    void* where = f.address(component, element);
    const std::string expected = "'" + std::string(text) + "' for " + f.name + " (" +
                                 std::string(to_string(f.kind)) + "): expected ";
    return visit_kind(f.kind, [&](auto kind) -> std::string {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            bool value;
            if (text == "true" || text == "on" || text == "1") {
                value = true;
            } else if (text == "false" || text == "off" || text == "0") {
                value = false;
            } else {
                return expected + "true or false";
            }
            std::memcpy(where, &value, sizeof value);
            return {};
        } else if constexpr (std::is_integral_v<T>) {
            T v;
            if (!number(text, v))
                return expected +
                       (std::is_signed_v<T> ? "a whole number" : "a whole number, 0 or more");
            std::memcpy(where, &v, sizeof v);
            return {};
        } else if constexpr (std::is_floating_point_v<T> || K::info.float_count > 0) {
            // A scalar of its own type, or float_count floats.
            using number_type = std::conditional_t<std::is_floating_point_v<T>, T, float>;
            const std::size_t n = std::is_floating_point_v<T> ? 1 : K::info.float_count;
            const auto parts = words(text);
            if (parts.size() != n) return expected + std::to_string(n) + " number(s)";
            for (std::size_t i = 0; i < n; ++i) {
                double v;
                if (!number(parts[i], v) || !std::isfinite(v)) return expected + "numbers";
                const auto nv = static_cast<number_type>(v);
                std::memcpy(static_cast<std::byte*>(where) + i * sizeof nv, &nv, sizeof nv);
            }
            return {};
        } else if constexpr (K::info.is_text) {
            f.write_string(component, text, element);
            return {};
        } else if constexpr (std::is_same_v<T, enum_number>) {
            for (const enum_entry& e : f.enum_values) {
                if (e.name == text) {
                    f.write_enum(component, e.value, element);
                    return {};
                }
            }
            std::string names;
            for (const enum_entry& e : f.enum_values) names += (names.empty() ? "" : ", ") + e.name;
            return expected + "one of " + names;
        } else if constexpr (std::is_same_v<T, entity>) {
            entity target = null_entity;
            if (text != "null" && text != "-") {
                target = find_named(w, text);
                if (target.is_null()) return expected + "the name of an entity, or null";
            }
            std::memcpy(where, &target, sizeof target);
            return {};
        } else {
            static_assert(unhandled_kind<K>, "field_text: parse this kind");
        }
    });
}

std::string format_element(const field_info& f, const void* component, std::uint32_t element,
                           const world& w) {
    const void* where = f.address(component, element);
    std::ostringstream out;
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            bool v;
            std::memcpy(&v, where, sizeof v);
            out << (v ? "true" : "false");
        } else if constexpr (std::is_arithmetic_v<T>) {
            T v;
            std::memcpy(&v, where, sizeof v);
            out << v;
        } else if constexpr (K::info.float_count > 0) {
            for (std::size_t i = 0; i < K::info.float_count; ++i) {
                float v;
                std::memcpy(&v, static_cast<const std::byte*>(where) + i * sizeof v, sizeof v);
                out << (i ? " " : "") << v;
            }
        } else if constexpr (K::info.is_text) {
            out << f.read_string(component, element);
        } else if constexpr (std::is_same_v<T, enum_number>) {
            const std::int64_t v = f.read_enum(component, element);
            const std::string_view name = f.enum_name(v);
            if (name.empty()) {
                out << v;
            } else {
                out << name;
            }
        } else if constexpr (std::is_same_v<T, entity>) {
            entity e;
            std::memcpy(&e, where, sizeof e);
            const Name* n = w.alive(e) ? w.try_get<Name>(e) : nullptr;  // null: no name
            if (e.is_null() || !w.alive(e)) {
                out << "null";
            } else if (n) {
                out << name_text(*n);
            } else {
                out << to_string(e);
            }
        } else {
            static_assert(unhandled_kind<K>, "field_text: format this kind");
        }
    });
    return out.str();
}

}  // namespace

std::string parse_field(const field_info& field, std::string_view text, void* component,
                        const world& w) {
    const auto parts = field.count > 1 ? split(text, '|') : std::vector{trim(text)};
    if (parts.size() != field.count) {
        return field.name + ": expected " + std::to_string(field.count) +
               " values separated by '|', got " + std::to_string(parts.size());
    }
    for (std::uint32_t i = 0; i < field.count; ++i) {
        if (std::string error = parse_element(field, parts[i], component, i, w); !error.empty()) {
            return error;
        }
    }
    return {};
}

std::string format_field(const field_info& field, const void* component, const world& w) {
    std::string out;
    for (std::uint32_t i = 0; i < field.count; ++i) {
        if (i) out += " | ";
        out += format_element(field, component, i, w);
    }
    return out;
}

}  // namespace mosaic::editor
