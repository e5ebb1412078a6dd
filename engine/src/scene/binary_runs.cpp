// Writing runs of whole numbers in binary scenes (binary_runs.hpp); reading is a template
// there, so each decoder writes values straight where they go.
#include "binary_runs.hpp"

#include <cstring>
#include <type_traits>

#include "mosaic/engine/scene/number_rows.hpp"

namespace mosaic::detail {

bool stored_as_runs(field_kind kind, std::uint32_t count, std::uint32_t format_version) noexcept {
    const bool whole =
        kind == field_kind::int32 || kind == field_kind::uint32 || kind == field_kind::int64;
    return format_version >= 2 && whole && count > number_row_length;
}

namespace {

void put_varint(byte_writer& out, std::uint64_t v) {
    while (v >= 0x80) {
        out.put(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.put(static_cast<std::uint8_t>(v));
}

std::uint64_t zigzag(std::int64_t v) noexcept {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

// Runs shorter than this are cheaper as literals.
constexpr std::size_t shortest_run = 3;

std::size_t run_at(const std::int64_t* values, std::size_t i, std::size_t n) noexcept {
    std::size_t r = 1;
    while (i + r < n && values[i + r] == values[i]) ++r;
    return r;
}

}  // namespace

void put_runs(byte_writer& out, const std::int64_t* values, std::size_t n) {
    std::size_t i = 0;
    while (i < n) {
        const std::size_t run = run_at(values, i, n);
        if (run >= shortest_run) {
            put_varint(out, std::uint64_t{run} * 2);
            put_varint(out, zigzag(values[i]));
            i += run;
            continue;
        }
        // Literals up to the next run worth its packet (or the end).
        std::size_t end = i + run;
        while (end < n) {
            const std::size_t next = run_at(values, end, n);
            if (next >= shortest_run) break;
            end += next;
        }
        put_varint(out, std::uint64_t{end - i} * 2 - 1);
        for (; i < end; ++i) put_varint(out, zigzag(values[i]));
    }
}

void whole_numbers_of(const field_info& f, const void* value, std::int64_t* out) {
    visit_kind(f.kind, [&](auto kind) {
        using T = typename decltype(kind)::type;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            for (std::uint32_t i = 0; i < f.count; ++i) {
                T v;
                std::memcpy(&v, f.address(value, i), sizeof(T));
                out[i] = static_cast<std::int64_t>(v);
            }
        }
    });
}

}  // namespace mosaic::detail
