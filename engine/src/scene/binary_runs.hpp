#pragma once
// Internal: long arrays of whole numbers in binary scenes, stored as runs (format version 2 on).
//
// Why: a TileChunk is 1,024 int32 tiles, so version 1 stored every chunk as 4 KiB however
// empty or uniform it was, and a 1024 x 1024 map took 4 MiB on disk. Maps are mostly runs
// (sky, ground, walls) and small tile numbers, so from version 2 such a field is a list of
// packets, each a varint header h, then:
//
//   h even: one value, repeated h / 2 times                  (a run: "0*1024" is 3 bytes)
//   h odd:  (h + 1) / 2 values, one after the other           (literals: differing tiles)
//
// until the field's count of elements; a value is a zigzag varint (small numbers, negative
// ones too, take one byte). The same fields are the ones the JSON form writes as rows
// (number_rows.hpp): int32, uint32 and int64 arrays of more than number_row_length elements.
//
// Reading never trusts a length: a packet longer than the elements left, a varint of more
// than 10 bytes, a value that does not fit the field's kind and data that ends inside the
// field are errors at the field's path (entities[3].components.TileChunk.tiles[40]). Nothing
// is allocated from a packet's length (runs are written straight into the component), and
// the runs of one file expand to at most binary_scene_limits::max_run_bytes in all.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "binary_io.hpp"
#include "binary_schema.hpp"
#include "mosaic/ecs/field_kinds.hpp"

namespace mosaic::detail {

/// Whether a field of `kind` and `count` elements is stored as runs in `format_version`.
[[nodiscard]] bool stored_as_runs(field_kind kind, std::uint32_t count,
                                  std::uint32_t format_version) noexcept;

/// Writes `n` numbers as packets (the shortest this encoder makes: runs of 3 or more).
void put_runs(byte_writer& out, const std::int64_t* values, std::size_t n);

/// The whole numbers of field `f` of `value` (a component), for put_runs.
void whole_numbers_of(const field_info& f, const void* value, std::int64_t* out);

// --- reading ---------------------------------------------------------------------------------

/// Reads an unsigned LEB128 varint; false when the data ends inside it or it is longer than
/// 10 bytes or past 64 bits (`overlong` tells which).
[[nodiscard]] inline bool get_varint(byte_cursor& in, std::uint64_t& value,
                                     bool& overlong) noexcept {
    value = 0;
    overlong = false;
    for (int shift = 0; shift < 64; shift += 7) {
        if (!in.has(1)) return false;
        const auto byte = in.get<std::uint8_t>();
        if (shift == 63 && byte > 1) {
            overlong = true;
            return false;
        }
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0) return true;
    }
    overlong = true;
    return false;
}

[[nodiscard]] inline std::int64_t unzigzag(std::uint64_t v) noexcept {
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

/// Reads the packets of run field `f` (the cursor at its first byte), calling
/// put(first element, copies, value) for every run and every literal, in order; each value
/// fits f's kind. Fails through `ctx` on anything malformed.
template <class Put>
void read_runs(byte_cursor& in, const binary_field& f, decode_context& ctx, Put&& put) {
    std::int64_t low = std::numeric_limits<std::int64_t>::min();
    std::int64_t high = std::numeric_limits<std::int64_t>::max();
    if (f.kind == field_kind::int32) {
        low = std::numeric_limits<std::int32_t>::min();
        high = std::numeric_limits<std::int32_t>::max();
    } else if (f.kind == field_kind::uint32) {
        low = 0;
        high = std::numeric_limits<std::uint32_t>::max();
    }
    const auto varint = [&](std::uint32_t at, const char* what) {
        std::uint64_t v = 0;
        bool overlong = false;
        if (!get_varint(in, v, overlong)) [[unlikely]] {
            ctx.fail(&f, at,
                     overlong
                         ? "corrupt: " + std::string(what) + " is a varint of more than 64 bits"
                         : "corrupt: the component's field data ends inside this field's "
                           "runs (" +
                               std::string(what) + " missing)");
        }
        return v;
    };
    const auto value = [&](std::uint32_t at) {
        const std::int64_t v = unzigzag(varint(at, "a value"));
        if (v < low || v > high) [[unlikely]] {
            ctx.fail(&f, at,
                     "corrupt: value " + std::to_string(v) + " does not fit " +
                         std::string(info_of(f.kind).name));
        }
        return v;
    };
    std::uint32_t done = 0;
    while (done < f.count) {
        const std::uint64_t header = varint(done, "a packet's header");
        const std::uint64_t n = header / 2 + (header & 1);  // a run of 0 copies is refused below
        const std::uint32_t left = f.count - done;
        if (n == 0 || n > left) [[unlikely]] {
            ctx.fail(&f, done,
                     "corrupt: a " + std::string(header & 1 ? "packet of literals" : "run") +
                         " of " + std::to_string(n) + " elements, but " + std::to_string(left) +
                         " of the field's " + std::to_string(f.count) + " are left");
        }
        const auto copies = static_cast<std::uint32_t>(n);
        if (header & 1) {
            for (std::uint32_t i = 0; i < copies; ++i, ++done) put(done, 1u, value(done));
        } else {
            put(done, copies, value(done));
            done += copies;
        }
    }
}

}  // namespace mosaic::detail
