// The schema table of a binary scene, and writing field data. Reading field data:
// binary_decode.cpp.
//
// Sections: 1. sizes and schema  2. mapping a file's type onto the table  3. encoding
#include "binary_schema.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#include "binary_runs.hpp"
#include "json_support.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"
#include "scene_builder.hpp"

namespace mosaic::detail {

// --- 1. sizes and schema ---------------------------------------------------------------------

namespace {

bool is_text(field_kind kind) noexcept {
    return info_of(kind).is_text;
}

// Numbers whose file bytes are the memory bytes (little-endian): copied whole.
bool is_plain_numbers(field_kind kind) noexcept {
    return info_of(kind).number_unit != 0;
}

}  // namespace

binary_type describe_type(const component_info& info) {
    binary_type type;
    type.name = info.name;
    type.version = info.version;
    type.fields.reserve(info.fields.size());
    for (const field_info& f : info.fields) {
        binary_field field;
        field.name = f.name;
        field.kind = f.kind;
        field.count = f.count;
        field.element_size = static_cast<std::uint32_t>(f.size);
        field.enum_values = f.enum_values;
        field.runs = stored_as_runs(f.kind, f.count, binary_scene_format_version);
        type.fields.push_back(std::move(field));
    }
    return type;
}

void write_type(byte_writer& out, const binary_type& type) {
    out.put_string(type.name);
    out.put(type.version);
    out.put(type.components);
    out.put(static_cast<std::uint32_t>(type.fields.size()));
    for (const binary_field& f : type.fields) {
        out.put_string(f.name);
        out.put(static_cast<std::uint8_t>(f.kind));
        out.put(f.count);
        out.put(f.element_size);
        if (f.kind != field_kind::enumeration) continue;
        out.put(static_cast<std::uint32_t>(f.enum_values.size()));
        for (const enum_entry& e : f.enum_values) {
            out.put_string(e.name);
            out.put(e.value);
        }
    }
}

// --- 2. mapping a file's type onto the table -------------------------------------------------

namespace {

void map_enum(binary_field& f) {
    const field_info& now = *f.target;
    bool same = true;
    for (const enum_entry& e : f.enum_values) {
        const auto it = std::find_if(now.enum_values.begin(), now.enum_values.end(),
                                     [&](const enum_entry& n) { return n.name == e.name; });
        const bool mapped = it != now.enum_values.end();
        f.enum_map.push_back({e.value, mapped ? it->value : e.value, mapped});
        same = same && mapped && it->value == e.value;
    }
    if (same) f.enum_map.clear();
}

void plan_copies(binary_type& type) {
    type.copy_plan.clear();
    type.covers_all = false;
    if (std::endian::native != std::endian::little || type.variable || type.mismatch_field) return;
    std::size_t from = 0;
    for (const binary_field& f : type.fields) {
        if (!f.target || !f.raw_copy) {
            type.copy_plan.clear();
            return;
        }
        const std::size_t bytes = binary_element_bytes(f.kind) * f.count;
        auto& runs = type.copy_plan;
        if (!runs.empty() && runs.back().from + runs.back().bytes == from &&
            runs.back().to + runs.back().bytes == f.target->offset) {
            runs.back().bytes += bytes;
        } else {
            runs.push_back({from, f.target->offset, bytes});
        }
        from += bytes;
    }
    type.covers_all = type.copy_plan.size() == 1 && type.copy_plan[0].to == 0 &&
                      type.copy_plan[0].bytes == type.info->size;
}

}  // namespace

void map_type(binary_type& type, const component_table& table) {
    type.fixed_size = 0;
    type.variable = false;
    for (const binary_field& f : type.fields) {
        const std::size_t bytes = binary_element_bytes(f.kind);
        if (bytes == 0 || f.runs) type.variable = true;
        type.fixed_size += bytes * f.count;
    }
    type.info = table.find(std::string_view(type.name));
    if (!type.info) return;
    type.dropped = !scene_builder::is_stored(*type.info);
    if (type.dropped) return;
    for (std::size_t i = 0; i < type.fields.size(); ++i) {
        binary_field& f = type.fields[i];
        f.target = type.info->find_field(f.name);
        if (!f.target) continue;
        const bool compatible =
            f.target->kind == f.kind || (is_text(f.target->kind) && is_text(f.kind));
        std::string problem;
        if (!compatible) {
            problem = "field '" + f.name + "' of " + type.name + " was saved as " +
                      std::string(to_string(f.kind)) + " but is " +
                      std::string(to_string(f.target->kind)) + " now";
        } else if (f.target->count != f.count) {
            problem = "field '" + f.name + "' of " + type.name + " was saved with " +
                      std::to_string(f.count) + " element(s) but has " +
                      std::to_string(f.target->count) + " now";
        }
        if (!problem.empty()) {
            if (!type.mismatch_field) {
                type.mismatch_field = i;
                type.mismatch = std::move(problem);
            }
            continue;
        }
        f.raw_copy = is_plain_numbers(f.kind) && !f.runs;
        if (f.kind == field_kind::enumeration) map_enum(f);
    }
    plan_copies(type);
}

// --- 3. encoding -----------------------------------------------------------------------------

namespace {

// One element of a kind that is not plain numbers.
template <class K>
void encode_element(byte_writer& out, const field_info& f, const void* value, std::uint32_t i,
                    const file_ids& ids) {
    using T = typename K::type;
    const void* at = f.address(value, i);
    if constexpr (std::is_same_v<T, bool>) {
        std::uint8_t byte;
        std::memcpy(&byte, at, 1);
        out.put(static_cast<std::uint8_t>(byte != 0));
    } else if constexpr (K::info.is_text) {
        const char* chars = static_cast<const char*>(at);
        out.put_string(std::string_view(chars, strnlen(chars, text_capacity(f))));
    } else if constexpr (std::is_same_v<T, enum_number>) {
        out.put(f.read_enum(value, i));
    } else if constexpr (std::is_same_v<T, entity>) {
        entity e;
        std::memcpy(&e, at, sizeof e);
        out.put(ids(e));
    } else {
        static_assert(unhandled_kind<K>, "binary: encode this kind");
    }
}

}  // namespace

void encode_fields(byte_writer& out, const component_info& info, const void* value,
                   const file_ids& ids) {
    for (const field_info& f : info.fields) {
        visit_kind(f.kind, [&](auto kind) {
            using K = decltype(kind);
            using T = typename K::type;
            constexpr kind_info row = K::info;
            if constexpr (std::is_floating_point_v<T>) {
                out.put_reals<T>(f.address(value), f.count);
            } else if constexpr (row.float_count > 0) {
                out.put_reals<float>(f.address(value), f.count * row.float_count);
            } else if constexpr (row.number_unit != 0) {
                if (stored_as_runs(f.kind, f.count, binary_scene_format_version)) {
                    thread_local std::vector<std::int64_t> numbers;
                    numbers.resize(f.count);
                    whole_numbers_of(f, value, numbers.data());
                    put_runs(out, numbers.data(), f.count);
                } else {
                    out.put_numbers(f.address(value), f.count * row.file_size, row.number_unit);
                }
            } else {
                for (std::uint32_t i = 0; i < f.count; ++i)
                    encode_element<K>(out, f, value, i, ids);
            }
        });
    }
}

}  // namespace mosaic::detail
