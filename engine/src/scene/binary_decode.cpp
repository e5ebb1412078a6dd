// Reading a component's field data from a binary scene through the file's schema (mapped by
// map_type, binary_schema.cpp): into the component, as JSON text, or for an upgrade hook.
//
// Sections: 1. decoding into a component  2. generic reading (JSON text, upgrade hooks)
#include "binary_schema.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "binary_runs.hpp"
#include "field_messages.hpp"
#include "json_support.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

namespace {

// Bytes of the scalar a plain-number kind is made of (for byte order).
std::size_t number_unit(field_kind kind) noexcept {
    return info_of(kind).number_unit;
}

// The double the JSON writer would write for a float (the shortest decimal that reads back
// as the same float), so text made here matches text made by the JSON writer.
double shortest_double(float value) {
    if (!std::isfinite(value)) return static_cast<double>(value);
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    double result = 0;
    std::from_chars(text, end, result);
    return result;
}

}  // namespace

// --- 1. decoding into a component ------------------------------------------------------------

namespace {

/// The writer's name for an enumeration value (empty when it had none).
std::string_view enum_label(const binary_field& f, std::int64_t value) {
    for (const enum_entry& e : f.enum_values) {
        if (e.value == value) return e.name;
    }
    return {};
}

std::uint32_t element_of(const binary_field& f, std::uint32_t i) noexcept {
    return f.count == 1 ? no_element : i;
}

[[noreturn, gnu::cold]] void overrun(const byte_cursor& in, std::size_t n, const binary_field* f,
                                     std::uint32_t element, decode_context& ctx) {
    ctx.fail(f, element,
             "corrupt: the component's field data ends inside this field (" + std::to_string(n) +
                 " bytes needed, " + std::to_string(in.left()) + " left)");
}

inline void need(const byte_cursor& in, std::size_t n, const binary_field* f, std::uint32_t element,
                 decode_context& ctx) {
    if (!in.has(n)) [[unlikely]]
        overrun(in, n, f, element, ctx);
}

// A string element: its bytes, checked against the cap and the data left.
std::string_view take_text(byte_cursor& in, const binary_field& f, std::uint32_t element,
                           decode_context& ctx) {
    need(in, sizeof(std::uint32_t), &f, element, ctx);
    const auto length = in.get<std::uint32_t>();
    if (length > binary_scene_limits::max_string_bytes) {
        ctx.fail(&f, element,
                 "string length " + std::to_string(length) + " is more than the limit of " +
                     std::to_string(binary_scene_limits::max_string_bytes) + " bytes");
    }
    need(in, length, &f, element, ctx);
    return {reinterpret_cast<const char*>(in.take(length)), length};
}

void skip_field(byte_cursor& in, const binary_field& f, decode_context& ctx) {
    if (f.runs) {
        read_runs(in, f, ctx, [](std::uint32_t, std::uint32_t, std::int64_t) {});
        return;
    }
    const std::size_t bytes = binary_element_bytes(f.kind);
    if (bytes != 0) {
        need(in, bytes * f.count, &f, no_element, ctx);
        in.take(bytes * f.count);
        return;
    }
    for (std::uint32_t i = 0; i < f.count; ++i) take_text(in, f, element_of(f, i), ctx);
}

std::int64_t map_enum_value(const binary_field& f, std::int64_t v, std::uint32_t element,
                            decode_context& ctx) {
    for (const binary_field::enum_mapping& m : f.enum_map) {
        if (m.file_value != v) continue;
        if (m.mapped) return m.value;
        ctx.fail(&f, element, unknown_enum_value_message(enum_label(f, v), *f.target));
    }
    if (!f.target->enum_fits(v)) ctx.fail(&f, element, enum_does_not_fit_message(v, *f.target));
    return v;  // a value without a name in the file is kept as a number, as in JSON
}

// Runs of whole numbers (binary_runs.hpp), written straight into the component.
void decode_runs(byte_cursor& in, const binary_field& f, void* value, decode_context& ctx) {
    ctx.expand_runs(f);
    const field_info& to = *f.target;
    visit_kind(f.kind, [&](auto kind) {
        using T = typename decltype(kind)::type;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            read_runs(in, f, ctx, [&](std::uint32_t first, std::uint32_t n, std::int64_t v) {
                const auto number = static_cast<T>(v);  // read_runs checked that it fits
                for (std::uint32_t i = first; i < first + n; ++i) {
                    std::memcpy(to.address(value, i), &number, sizeof number);
                }
            });
        }
    });
}

void decode_field(byte_cursor& in, const binary_field& f, void* value, decode_context& ctx) {
    const field_info& to = *f.target;
    if (f.runs) {
        decode_runs(in, f, value, ctx);
        return;
    }
    if (f.raw_copy) {
        const std::size_t bytes = binary_element_bytes(f.kind) * f.count;
        need(in, bytes, &f, no_element, ctx);
        copy_le(to.address(value), in.take(bytes), bytes, number_unit(f.kind));
        return;
    }
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (K::info.number_unit != 0) {
            // Plain numbers: raw_copy above.
        } else {
            for (std::uint32_t i = 0; i < f.count; ++i) {
                const std::uint32_t element = element_of(f, i);
                void* at = to.address(value, i);
                if constexpr (std::is_same_v<T, bool>) {
                    need(in, 1, &f, element, ctx);
                    const auto byte = in.get<std::uint8_t>();
                    if (byte > 1) {
                        ctx.fail(
                            &f, element,
                            "corrupt: a boolean byte is " + std::to_string(byte) + ", not 0 or 1");
                    }
                    const bool b = byte == 1;
                    std::memcpy(at, &b, sizeof b);
                } else if constexpr (std::is_same_v<T, enum_number>) {
                    need(in, 8, &f, element, ctx);
                    to.write_enum(value, map_enum_value(f, in.get<std::int64_t>(), element, ctx),
                                  i);
                } else if constexpr (std::is_same_v<T, entity>) {
                    need(in, 8, &f, element, ctx);
                    const entity e = ctx.resolve(in.get<std::uint64_t>(), f, element);
                    std::memcpy(at, &e, sizeof e);
                } else if constexpr (K::info.is_text) {
                    const std::string_view text = take_text(in, f, element, ctx);
                    if (text.find('\0') != std::string_view::npos) {
                        ctx.fail(&f, element, text_has_nul_message);
                    }
                    const std::size_t capacity = text_capacity(to);
                    const std::size_t n = utf8_cut_length(text, capacity - 1);
                    if (text.size() >= capacity) {
                        ctx.warn(&f, element, text_cut_message(text.size(), n));
                    }
                    char* chars = static_cast<char*>(at);
                    std::copy_n(text.data(), n, chars);
                    std::fill(chars + n, chars + capacity, '\0');
                } else {
                    static_assert(unhandled_kind<K>, "binary: decode this kind");
                }
            }
        }
    });
}

void expect_end(const byte_cursor& in, const binary_type& type, decode_context& ctx) {
    if (in.left() == 0) return;
    ctx.fail(nullptr, no_element,
             "corrupt: " + std::to_string(in.left()) +
                 " bytes of field data are left over after "
                 "the last field of " +
                 type.name);
}

}  // namespace

void decode_fields(byte_cursor& in, binary_type& type, void* value, decode_context& ctx) {
    if (!type.copy_plan.empty() && in.left() == type.fixed_size) {
        const std::uint8_t* from = in.take(type.fixed_size);
        for (const binary_type::copy_run& run : type.copy_plan) {
            std::memcpy(static_cast<std::byte*>(value) + run.to, from + run.from, run.bytes);
        }
        return;
    }
    for (binary_field& f : type.fields) {
        if (f.target) {
            decode_field(in, f, value, ctx);
            continue;
        }
        if (!f.warned_unknown) {
            f.warned_unknown = true;
            ctx.warn(&f, no_element, unknown_field_message(f.name, type.name));
        }
        skip_field(in, f, ctx);
    }
    expect_end(in, type, ctx);
}

// --- 2. generic reading (JSON text, upgrade hooks) -------------------------------------------

namespace {

// One element as the file has it, whatever the type looks like now.
struct file_element {
    bool boolean = false;
    std::int64_t integer = 0;            // int32, int64, enumeration
    std::uint64_t unsigned_integer = 0;  // uint32, entity_ref
    double real = 0;                     // float32 (as the JSON writer would write it), float64
    double floats[4] = {};               // vec2 ... color, likewise
    std::string_view text;               // string, asset_path
};

file_element read_element(byte_cursor& in, const binary_field& f, std::uint32_t element,
                          decode_context& ctx) {
    file_element v;
    const std::size_t bytes = binary_element_bytes(f.kind);
    if (bytes != 0) need(in, bytes, &f, element, ctx);
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            const auto byte = in.get<std::uint8_t>();
            if (byte > 1) {
                ctx.fail(&f, element,
                         "corrupt: a boolean byte is " + std::to_string(byte) + ", not 0 or 1");
            }
            v.boolean = byte == 1;
        } else if constexpr (std::is_same_v<T, std::int32_t>) {
            v.integer = in.get<std::int32_t>();
        } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, enum_number>) {
            v.integer = in.get<std::int64_t>();
        } else if constexpr (std::is_same_v<T, std::uint32_t>) {
            v.unsigned_integer = in.get<std::uint32_t>();
        } else if constexpr (std::is_same_v<T, entity>) {
            v.unsigned_integer = in.get<std::uint64_t>();
        } else if constexpr (std::is_same_v<T, float>) {
            v.real = shortest_double(in.get<float>());
        } else if constexpr (std::is_same_v<T, double>) {
            v.real = in.get<double>();
        } else if constexpr (K::info.float_count > 0) {
            for (std::size_t i = 0; i < K::info.float_count; ++i) {
                v.floats[i] = shortest_double(in.get<float>());
            }
        } else if constexpr (K::info.is_text) {
            v.text = take_text(in, f, element, ctx);
        } else {
            static_assert(unhandled_kind<K>, "binary: read this kind");
        }
    });
    return v;
}

// The elements of a run field as read_element would give them one by one.
std::vector<file_element> read_run_elements(byte_cursor& in, const binary_field& f,
                                            decode_context& ctx) {
    ctx.expand_runs(f);
    std::vector<file_element> out(f.count);
    read_runs(in, f, ctx, [&](std::uint32_t first, std::uint32_t n, std::int64_t v) {
        for (std::uint32_t i = first; i < first + n; ++i) {
            if (f.kind == field_kind::uint32) {
                out[i].unsigned_integer = static_cast<std::uint64_t>(v);
            } else {
                out[i].integer = v;
            }
        }
    });
    return out;
}

// Every element of `f`, in order, to `use`.
template <class Use>
void each_element(byte_cursor& in, const binary_field& f, decode_context& ctx, Use&& use) {
    if (f.runs) {
        for (const file_element& v : read_run_elements(in, f, ctx)) use(v);
        return;
    }
    for (std::uint32_t i = 0; i < f.count; ++i) use(read_element(in, f, element_of(f, i), ctx));
}

using json_writer = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                      rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

void write_json_element(json_writer& w, const binary_field& f, const file_element& v) {
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            w.Bool(v.boolean);
        } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
            w.Int64(v.integer);
        } else if constexpr (std::is_same_v<T, std::uint32_t> || std::is_same_v<T, entity>) {
            w.Uint64(v.unsigned_integer);
        } else if constexpr (std::is_floating_point_v<T>) {
            w.Double(v.real);
        } else if constexpr (K::info.float_count > 0) {
            w.StartArray();
            for (std::size_t i = 0; i < K::info.float_count; ++i) w.Double(v.floats[i]);
            w.EndArray();
        } else if constexpr (K::info.is_text) {
            w.String(v.text.data(), static_cast<rapidjson::SizeType>(v.text.size()));
        } else if constexpr (std::is_same_v<T, enum_number>) {
            const std::string_view label = enum_label(f, v.integer);
            if (label.empty()) {
                w.Int64(v.integer);
            } else {
                w.String(label.data(), static_cast<rapidjson::SizeType>(label.size()));
            }
        } else {
            static_assert(unhandled_kind<K>, "binary: write this kind as JSON");
        }
    });
}

}  // namespace

std::string fields_to_json(byte_cursor& in, const binary_type& type, bool enabled,
                           decode_context& ctx) {
    rapidjson::StringBuffer buffer;
    json_writer w(buffer);
    w.StartObject();
    w.Key("version");
    w.Uint(type.version);
    if (!enabled) {
        w.Key("enabled");
        w.Bool(false);
    }
    for (const binary_field& f : type.fields) {
        w.Key(f.name.data(), static_cast<rapidjson::SizeType>(f.name.size()));
        if (f.count != 1) w.StartArray();
        each_element(in, f, ctx, [&](const file_element& v) { write_json_element(w, f, v); });
        if (f.count != 1) w.EndArray();
    }
    w.EndObject();
    expect_end(in, type, ctx);
    return {buffer.GetString(), buffer.GetSize()};
}

legacy_values binary_legacy_values(byte_cursor in, const binary_type& type, decode_context& ctx) {
    // Each value as the JSON form has it (component_json.cpp's json_legacy_values): a
    // number, a group of numbers (vectors, colours), text (strings, enum labels), or neither
    // (true/false).
    legacy_values out;
    for (const binary_field& f : type.fields) {
        std::vector<legacy_values::element> elements;
        elements.reserve(f.count);
        each_element(in, f, ctx, [&](const file_element& v) {
            elements.push_back(visit_kind(f.kind, [&](auto kind) -> legacy_values::element {
                using K = decltype(kind);
                using T = typename K::type;
                if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
                    return static_cast<double>(v.integer);
                } else if constexpr (std::is_same_v<T, std::uint32_t> ||
                                     std::is_same_v<T, entity>) {
                    return static_cast<double>(v.unsigned_integer);
                } else if constexpr (std::is_floating_point_v<T>) {
                    return v.real;
                } else if constexpr (K::info.float_count > 0) {
                    return std::vector<double>(v.floats, v.floats + K::info.float_count);
                } else if constexpr (std::is_same_v<T, enum_number>) {
                    const std::string_view label = enum_label(f, v.integer);
                    if (label.empty()) return static_cast<double>(v.integer);
                    return std::string(label);
                } else if constexpr (K::info.is_text) {
                    return std::string(v.text);
                } else if constexpr (std::is_same_v<T, bool>) {
                    return std::monostate{};  // neither a number nor text, as JSON's true and false
                } else {
                    static_assert(unhandled_kind<K>, "binary: offer this kind to upgrade hooks");
                }
            }));
        });
        out.add(std::string(f.name), f.count != 1, std::move(elements));
    }
    return out;
}

}  // namespace mosaic::detail
