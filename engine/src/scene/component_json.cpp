#include "component_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "field_messages.hpp"
#include "mosaic/ecs/field_kinds.hpp"
#include "mosaic/engine/scene/number_rows.hpp"

namespace mosaic::detail {

// --- writing ---------------------------------------------------------------------------------

namespace {

void write_floats(cereal::JSONOutputArchive& ar, const char* name, const float* values,
                  std::size_t count) {
    begin_array(ar, name);
    for (std::size_t i = 0; i < count; ++i) {
        ar.writeName();
        save_float(ar, values[i]);
    }
    end_node(ar);
}

// One element of a field. `name` is the member name, or nullptr inside an array.
void write_element(cereal::JSONOutputArchive& ar, const char* name, const field_info& f,
                   const void* value, std::uint32_t element, const entity_id_fn& id_of) {
    const void* at = f.address(value, element);
    auto scalar = [&](const auto& v) {
        if (name) {
            key(ar, name);
        } else {
            ar.writeName();
        }
        ar.saveValue(v);
    };
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, float>) {
            if (name) {
                key(ar, name);
            } else {
                ar.writeName();
            }
            save_float(ar, *static_cast<const float*>(at));
        } else if constexpr (std::is_arithmetic_v<T>) {
            scalar(*static_cast<const T*>(at));
        } else if constexpr (K::info.float_count > 0) {
            write_floats(ar, name, static_cast<const float*>(at), K::info.float_count);
        } else if constexpr (K::info.is_text) {
            const std::size_t capacity = text_capacity(f);
            const char* chars = static_cast<const char*>(at);
            std::size_t length = 0;
            while (length < capacity && chars[length] != '\0') ++length;
            scalar(std::string(chars, length));
        } else if constexpr (std::is_same_v<T, enum_number>) {
            const std::int64_t v = f.read_enum(value, element);
            const std::string_view label = f.enum_name(v);
            if (label.empty()) {
                scalar(v);
            } else {
                scalar(std::string(label));
            }
        } else if constexpr (std::is_same_v<T, entity>) {
            scalar(id_of(*static_cast<const entity*>(at)));
        } else {
            static_assert(unhandled_kind<K>, "JSON: write this kind");
        }
    });
}

// Long arrays of whole numbers (a TileChunk's tiles) are written as rows (number_rows.hpp).
bool is_whole_number(field_kind kind) {
    return visit_kind(kind, [](auto k) {
        using T = typename decltype(k)::type;
        return std::is_integral_v<T> && !std::is_same_v<T, bool>;
    });
}

bool written_as_rows(const field_info& f) {
    return f.count > number_row_length && is_whole_number(f.kind);
}

std::int64_t whole_number_at(const field_info& f, const void* value, std::uint32_t element) {
    return visit_kind(f.kind, [&](auto k) -> std::int64_t {
        using T = typename decltype(k)::type;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            T v;
            std::memcpy(&v, f.address(value, element), sizeof v);
            return static_cast<std::int64_t>(v);
        } else {
            return 0;
        }
    });
}

void write_rows(cereal::JSONOutputArchive& ar, const field_info& f, const void* value) {
    begin_array(ar, f.name.c_str());
    std::vector<std::int64_t> row;
    for (std::uint32_t first = 0; first < f.count; first += number_row_length) {
        const std::uint32_t n = std::min<std::uint32_t>(number_row_length, f.count - first);
        row.clear();
        for (std::uint32_t i = 0; i < n; ++i) row.push_back(whole_number_at(f, value, first + i));
        element(ar, write_number_row(row));
    }
    end_node(ar);
}

}  // namespace

void write_fields(cereal::JSONOutputArchive& ar, const component_info& info, const void* value,
                  const entity_id_fn& id_of, const field_filter& only) {
    for (const field_info& f : info.fields) {
        if (only && !only(f)) continue;
        if (f.count == 1) {
            write_element(ar, f.name.c_str(), f, value, 0, id_of);
            continue;
        }
        if (written_as_rows(f)) {
            write_rows(ar, f, value);
            continue;
        }
        begin_array(ar, f.name.c_str());
        for (std::uint32_t i = 0; i < f.count; ++i) write_element(ar, nullptr, f, value, i, id_of);
        end_node(ar);
    }
}

void write_component(cereal::JSONOutputArchive& ar, const char* name, const component_info& info,
                     const void* value, bool enabled, const entity_id_fn& id_of,
                     const field_filter& only) {
    begin_object(ar, name);
    key(ar, "version");
    ar.saveValue(info.version);
    if (!enabled) {
        key(ar, "enabled");
        ar.saveValue(false);
    }
    write_fields(ar, info, value, id_of, only);
    end_node(ar);
}

std::string component_json_text(const component_info& info, const void* value, bool enabled,
                                const entity_id_fn& id_of) {
    std::ostringstream text;
    {
        cereal::JSONOutputArchive ar(text, cereal::JSONOutputArchive::Options::NoIndent());
        write_component(ar, "component", info, value, enabled, id_of);
    }
    rapidjson::Document doc;
    doc.Parse<json_parse_flags>(text.str().c_str());
    const rapidjson::Value& root = doc;  // const iterators compare unambiguously under clang
    if (!root.IsObject()) return "{}";
    const auto member = root.FindMember("component");
    return member != root.MemberEnd() ? to_json_text(member->value) : std::string("{}");
}

// --- reading ---------------------------------------------------------------------------------

namespace {

std::string expected_floats(std::size_t n) {
    return "expected an array of " + std::to_string(n) + " numbers";
}

// A number a float cannot hold (beyond about 3.4e38) is an error, never Infinity. The
// largest float is written as its shortest text, 3.4028235e38, which as a double is a little
// larger than it: numbers that round to the largest float are that float.
float read_float(const rapidjson::Value& v, read_context& ctx, const std::string& path) {
    constexpr double largest = std::numeric_limits<float>::max();  // 2^128 - 2^104
    constexpr double rounds_to_infinity = largest + 0x1p103;       // half its last step on
    const double d = v.GetDouble();  // NaN and Infinity are written as such: kept
    if (!std::isfinite(d)) return static_cast<float>(d);
    if (std::fabs(d) >= rounds_to_infinity)
        ctx.fail(path,
                 "the number is out of the range of a 32-bit float (about -3.4e38 to 3.4e38)");
    // Clamped, not cast: casting a double beyond the largest float is undefined behaviour.
    return static_cast<float>(std::clamp(d, -largest, largest));
}

template <class Wrong>
void read_enum_element(const rapidjson::Value& v, const field_info& f, void* value,
                       std::uint32_t element, read_context& ctx, const std::string& path,
                       const Wrong& wrong) {
    if (v.IsString()) {
        const std::string_view label(v.GetString(), v.GetStringLength());
        for (const enum_entry& e : f.enum_values) {
            if (e.name == label) {
                f.write_enum(value, e.value, element);
                return;
            }
        }
        ctx.fail(path, unknown_enum_value_message(label, f));
    }
    if (!v.IsInt64()) wrong("expected the name of a value (a string)");
    const std::int64_t number = v.GetInt64();
    if (!f.enum_fits(number)) ctx.fail(path, enum_does_not_fit_message(number, f));
    if (f.enum_name(number).empty())
        ctx.warn(path, "the value " + std::to_string(number) + " has no name (kept as a number)");
    f.write_enum(value, number, element);
}

void read_element(const rapidjson::Value& v, const field_info& f, void* value,
                  std::uint32_t element, read_context& ctx, const std::string& path) {
    void* at = f.address(value, element);
    auto wrong = [&](const std::string& expected) {
        ctx.fail(path, expected + ", found " + std::string(describe(v)));
    };
    visit_kind(f.kind, [&](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            if (!v.IsBool()) wrong("expected true or false");
            *static_cast<bool*>(at) = v.GetBool();
        } else if constexpr (std::is_same_v<T, std::int32_t>) {
            if (!v.IsInt()) wrong("expected a whole number from -2147483648 to 2147483647");
            *static_cast<std::int32_t*>(at) = v.GetInt();
        } else if constexpr (std::is_same_v<T, std::uint32_t>) {
            if (!v.IsUint()) wrong("expected a whole number from 0 to 4294967295");
            *static_cast<std::uint32_t*>(at) = v.GetUint();
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            if (!v.IsInt64()) wrong("expected a 64-bit whole number");
            *static_cast<std::int64_t*>(at) = v.GetInt64();
        } else if constexpr (std::is_same_v<T, float>) {
            if (!v.IsNumber()) wrong("expected a number");
            *static_cast<float*>(at) = read_float(v, ctx, path);
        } else if constexpr (std::is_same_v<T, double>) {
            if (!v.IsNumber()) wrong("expected a number");
            *static_cast<double*>(at) = v.GetDouble();
        } else if constexpr (K::info.float_count > 0) {
            const std::size_t n = K::info.float_count;
            if (!v.IsArray() || v.Size() != n) {
                if (v.IsArray()) {
                    ctx.fail(path, expected_floats(n) + ", found an array of " +
                                       std::to_string(v.Size()));
                }
                wrong(expected_floats(n));
            }
            auto* floats = static_cast<float*>(at);
            for (rapidjson::SizeType i = 0; i < n; ++i) {
                if (!v[i].IsNumber()) {
                    ctx.fail(path + "[" + std::to_string(i) + "]",
                             "expected a number, found " + std::string(describe(v[i])));
                }
                floats[i] = read_float(v[i], ctx, path + "[" + std::to_string(i) + "]");
            }
        } else if constexpr (K::info.is_text) {
            if (!v.IsString()) wrong("expected a string");
            const std::size_t capacity = text_capacity(f);
            const std::string_view text(v.GetString(), v.GetStringLength());
            const std::size_t n = utf8_cut_length(text, capacity - 1);
            if (text.size() >= capacity) ctx.warn(path, text_cut_message(text.size(), n));
            if (text.find('\0') != std::string_view::npos) ctx.fail(path, text_has_nul_message);
            char* chars = static_cast<char*>(at);
            std::copy_n(text.data(), n, chars);
            std::fill(chars + n, chars + capacity, '\0');
        } else if constexpr (std::is_same_v<T, enum_number>) {
            read_enum_element(v, f, value, element, ctx, path, wrong);
        } else if constexpr (std::is_same_v<T, entity>) {
            if (!v.IsUint64()) wrong("expected an entity id (a whole number, 0 for none)");
            *static_cast<entity*>(at) = ctx.resolve(v.GetUint64(), path);
        } else {
            static_assert(unhandled_kind<K>, "JSON: read this kind");
        }
    });
}

bool has_string(const rapidjson::Value& array) {
    return std::any_of(array.Begin(), array.End(),
                       [](const rapidjson::Value& v) { return v.IsString(); });
}

// Stores a number read from a row into element `element` of a whole-number field; false when
// it does not fit the field's type.
bool store_whole_number(const field_info& f, void* value, std::uint32_t element, std::int64_t n) {
    return visit_kind(f.kind, [&](auto k) {
        using T = typename decltype(k)::type;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            if (!std::in_range<T>(n)) return false;
            const T v = static_cast<T>(n);
            std::memcpy(f.address(value, element), &v, sizeof v);
            return true;
        } else {
            return false;
        }
    });
}

// A whole-number array written as rows (number_rows.hpp); a number alone stands for itself,
// so older files with one number per line read too.
void read_rows(const rapidjson::Value& array, const field_info& f, void* value, read_context& ctx,
               const std::string& path) {
    std::vector<std::int64_t> numbers;
    numbers.reserve(f.count);
    for (rapidjson::SizeType r = 0; r < array.Size(); ++r) {
        const rapidjson::Value& row = array[r];
        const std::string row_path = path + "[" + std::to_string(r) + "]";
        const std::size_t before = numbers.size();
        if (row.IsString()) {
            if (auto error =
                    read_number_row(std::string_view(row.GetString(), row.GetStringLength()),
                                    f.count - before, numbers)) {
                ctx.fail(row_path,
                         *error + " (the field holds " + std::to_string(f.count) + " numbers)");
            }
        } else if (row.IsInt64() && numbers.size() < f.count) {
            numbers.push_back(row.GetInt64());
        } else {
            ctx.fail(row_path,
                     numbers.size() < f.count
                         ? "expected a row of numbers (a string) or a whole number, "
                           "found " +
                               std::string(describe(row))
                         : "expected " + std::to_string(f.count) + " numbers in all, found more");
        }
        for (std::size_t i = before; i < numbers.size(); ++i) {
            if (!store_whole_number(f, value, static_cast<std::uint32_t>(i), numbers[i])) {
                ctx.fail(row_path, "number " + std::to_string(i - before + 1) + " of the row (" +
                                       std::to_string(numbers[i]) + ", element " +
                                       std::to_string(i) + ") does not fit a " +
                                       std::string(to_string(f.kind)));
            }
        }
    }
    if (numbers.size() != f.count) {
        ctx.fail(path, "expected " + std::to_string(f.count) + " numbers in all, found " +
                           std::to_string(numbers.size()));
    }
}

legacy_values::element legacy_element(const rapidjson::Value& v) {
    if (v.IsNumber()) return v.GetDouble();
    if (v.IsString()) return std::string(v.GetString(), v.GetStringLength());
    if (v.IsArray()) {
        std::vector<double> group;
        for (const auto& e : v.GetArray()) {
            if (!e.IsNumber()) return std::monostate{};
            group.push_back(e.GetDouble());
        }
        return group;
    }
    return std::monostate{};
}

// An array written as rows (read_rows), as the numbers an upgrade hook expects; nullopt for
// anything else. Only arrays longer than a row are written so: a short array of text that
// happens to look like numbers stays text.
std::optional<std::vector<std::int64_t>> rows_as_numbers(const rapidjson::Value& array) {
    constexpr std::size_t most = std::size_t{1} << 24;
    if (!array.IsArray() || !has_string(array)) return std::nullopt;
    std::vector<std::int64_t> numbers;
    for (const auto& row : array.GetArray()) {
        if (row.IsString()) {
            if (read_number_row(std::string_view(row.GetString(), row.GetStringLength()),
                                most - numbers.size(), numbers))
                return std::nullopt;
        } else if (row.IsInt64() && numbers.size() < most) {
            numbers.push_back(row.GetInt64());
        } else {
            return std::nullopt;
        }
    }
    if (numbers.size() <= number_row_length) return std::nullopt;
    return numbers;
}

}  // namespace

legacy_values json_legacy_values(const rapidjson::Value& object) {
    legacy_values out;
    if (!object.IsObject()) return out;
    for (const auto& m : object.GetObject()) {
        const std::string_view name(m.name.GetString(), m.name.GetStringLength());
        if (name == "version" || name == "enabled") continue;
        std::vector<legacy_values::element> elements;
        if (const auto numbers = rows_as_numbers(m.value)) {
            for (const std::int64_t n : *numbers) elements.emplace_back(static_cast<double>(n));
        } else if (m.value.IsArray()) {
            for (const auto& e : m.value.GetArray()) elements.push_back(legacy_element(e));
        } else {
            elements.push_back(legacy_element(m.value));
        }
        out.add(std::string(name), m.value.IsArray(), std::move(elements));
    }
    return out;
}

component_header read_component(const rapidjson::Value& object, const component_info& info,
                                void* value, read_context& ctx, const std::string& path,
                                bool versions_required) {
    if (!object.IsObject()) {
        ctx.fail(path, "expected an object of fields, found " + std::string(describe(object)));
    }
    std::uint32_t version = 1;
    bool enabled = true;
    bool has_version = false;
    for (const auto& m : object.GetObject()) {
        const std::string_view name(m.name.GetString(), m.name.GetStringLength());
        const std::string member_path = path + "." + std::string(name);
        if (name == "version") {
            if (!m.value.IsUint() || m.value.GetUint() == 0) {
                ctx.fail(member_path,
                         "expected the component's version (a whole number >= 1), "
                         "found " +
                             std::string(describe(m.value)));
            }
            version = m.value.GetUint();
            has_version = true;
        } else if (name == "enabled") {
            if (!m.value.IsBool()) {
                ctx.fail(member_path,
                         "expected true or false, found " + std::string(describe(m.value)));
            }
            enabled = m.value.GetBool();
        } else if (const field_info* f = info.find_field(name)) {
            if (f->count == 1) {
                read_element(m.value, *f, value, 0, ctx, member_path);
            } else if (is_whole_number(f->kind) && m.value.IsArray() && has_string(m.value)) {
                read_rows(m.value, *f, value, ctx, member_path);
            } else {
                if (!m.value.IsArray() || m.value.Size() != f->count) {
                    ctx.fail(
                        member_path,
                        "expected an array of " + std::to_string(f->count) + " values, found " +
                            (m.value.IsArray() ? "an array of " + std::to_string(m.value.Size())
                                               : std::string(describe(m.value))));
                }
                for (std::uint32_t i = 0; i < f->count; ++i) {
                    read_element(m.value[i], *f, value, i, ctx,
                                 member_path + "[" + std::to_string(i) + "]");
                }
            }
        } else {
            ctx.warn(member_path, unknown_field_message(name, info.name));
        }
    }
    if (!has_version && versions_required) {
        ctx.warn(path, "no \"version\"; read as version 1");
    }
    return {enabled, version};
}

}  // namespace mosaic::detail
