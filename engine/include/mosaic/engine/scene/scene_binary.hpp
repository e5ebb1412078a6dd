#pragma once
// Scene files in binary (NAME.scene.bin): the same content as the JSON format (scene_json.hpp),
// written through cereal's portable binary archive, for large scenes and fast snapshots.
//
// Layout (all numbers little-endian; "str" is a u32 byte length then the bytes):
//
//   "MOSAICSB"                 8 bytes of magic
//   u8 byte order              cereal's portable-archive flag: 1 (little-endian)
//   u32 format version         binary_scene_format_version
//   settings                   f32 gravity[2], background[4], camera position[2], zoom
//   u32 n, n systems           str name, u8 enabled, u8 rate kind, u32 ticks, f64 seconds
//   u32 n, n schema types      the component types the file uses:
//                                str name, u32 version, u32 components of this type in the
//                                file (lets the reader reserve), u32 n, n fields:
//                                  str name, u8 kind (field_kind), u32 count,
//                                  u32 element size (a string's capacity),
//                                  enumerations only: u32 n, n values (str name, i64 value)
//   u64 n                      entities
//   n u64                      their file ids (EntityId), so references resolve in one pass
//   n entity records           u32 record size, then:
//                                u8 flags (1: active, 2: has a name), [str name],
//                                u64 parent id (0: none),
//                                u32 n, n components:
//                                  u32 schema index, u8 enabled, u32 data size, field data
//                                  (the schema's fields in its order; each element: bool u8,
//                                  numbers as themselves, vectors as floats, strings as str,
//                                  enums i64, entity references u64 file ids;
//                                  from version 2, int32, uint32 and int64 arrays of more
//                                  than 32 elements as runs, binary_runs.hpp)
//                                u32 n, n unknown components: str type name, str JSON object
//
// The schema lets a file outlive changes to its types, as JSON files do: fields are matched
// by name (a missing field keeps the prototype's value, a field the type no longer has is
// skipped with a warning, a field whose kind changed is an error), older component versions
// go through the type's upgrade hook, and types the table does not know are kept as JSON text
// in scene::unknown, exactly as the JSON loader keeps them, so JSON <-> binary loses nothing.
//
// What the JSON form cannot tell apart is written one way, so that JSON -> binary -> JSON and
// binary -> JSON -> binary both give identical bytes: systems and kept unknown components in
// name order, entities in id order, rates as their factory makes them, every NaN as the quiet
// NaN.
//
// Versions: 1 stored every element as itself (a TileChunk took 4 KiB); 2 (this one) stores
// long arrays of whole numbers as runs (a uniform chunk takes 3 bytes of tiles). Both read.
//
// Reading never trusts a size from the file: every count and length is checked against the
// limits below and against the bytes left before anything is allocated. Errors (truncated,
// foreign or corrupt files) name the file, the path (entities[12].components.Transform.
// position) and the byte offset; the load then returns no scene at all.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "scene.hpp"
#include "scene_json.hpp"  // load_result
#include "scene_limits.hpp"

namespace mosaic {

/// The binary format this build writes (and the newest it reads).
inline constexpr std::uint32_t binary_scene_format_version = 2;
/// The first 8 bytes of every binary scene.
inline constexpr std::string_view binary_scene_magic = "MOSAICSB";

/// What the binary reader accepts: scene_limits (what either format may hold) and the sizes
/// of the binary layout; anything larger is refused as corrupt or hostile. Within these, a
/// count is also refused when the bytes left could not hold that many of the thing at their
/// smallest, so a file never makes the reader allocate more than a valid file of its size
/// would need.
struct binary_scene_limits : scene_limits {
    static constexpr std::uint32_t max_schema_types = 4096;
    static constexpr std::uint32_t max_fields_per_type = 256;
    static constexpr std::uint32_t max_enum_values = 4096;             // per enumeration field
    static constexpr std::uint32_t max_array_count = 1 << 20;          // elements of one field
    static constexpr std::uint32_t max_element_bytes = 1 << 24;        // a field element in memory
    static constexpr std::uint32_t max_string_bytes = max_name_bytes;  // names, string values
    static constexpr std::uint32_t max_entity_bytes = 256 * 1024 * 1024;  // one entity's record
    /// What the runs of whole numbers (version 2 on) of one file expand to in all, in bytes
    /// of version 1 data: no more than a version 1 file could hold.
    static constexpr std::uint64_t max_run_bytes = max_file_bytes;
};

/// Writes `s` (assigning file ids to entities that have none, like save_scene_json). Returns
/// warnings, e.g. for components whose types are not registered (they are not saved), or
/// errors as save_scene_json does: over a limit of binary_scene_limits (nothing is written),
/// larger than `max_bytes`, or refused by the stream (the output is incomplete).
std::vector<diagnostic> save_scene_binary(scene& s, const component_table& table, std::ostream& out,
                                          std::size_t max_bytes = scene_limits::max_file_bytes);

/// Reads a binary scene from `bytes` (the whole file). `file_name` only labels diagnostics.
[[nodiscard]] load_result<scene> load_scene_binary(std::string_view bytes,
                                                   const component_table& table,
                                                   const std::string& file_name = {},
                                                   const load_progress& progress = {});

}  // namespace mosaic
