#pragma once
// Internal: reading a whole binary scene (layout: scene_binary.hpp) into a fresh scene.

#include <vector>

#include "binary_reader.hpp"
#include "mosaic/ecs/component_table.hpp"
#include "mosaic/engine/scene/scene.hpp"
#include "scene_builder.hpp"

namespace mosaic::detail {

// Fewest bytes a part of the file can take, for checking counts against the bytes left.
inline constexpr std::size_t min_system_bytes = 4 + 1 + 1 + 4 + 8;
inline constexpr std::size_t min_type_bytes = 4 + 4 + 4 + 4;
inline constexpr std::size_t min_field_bytes = 4 + 1 + 4 + 4;
inline constexpr std::size_t min_enum_value_bytes = 4 + 8;
inline constexpr std::size_t min_record_bytes = 1 + 8 + 4 + 4;
inline constexpr std::size_t min_entity_bytes = 8 /* id */ + 4 /* record size */ + min_record_bytes;
inline constexpr std::size_t min_component_bytes = 4 + 1 + 4;
inline constexpr std::size_t min_unknown_bytes = 4 + 4;

// Entity flags in a record.
inline constexpr std::uint8_t entity_active = 1;
inline constexpr std::uint8_t entity_named = 2;

/// Reads the schema table (binary_schema_read.cpp) of a file in format `version`, maps each
/// type onto the table (map_type) and makes room in `w`'s pools for the components the file
/// says it holds.
std::vector<binary_type> read_binary_schema(binary_reader& in, std::uint32_t version,
                                            const component_table& table, world& w);

/// Reads the file behind `in` into the builder's scene, which must be empty. Errors go through
/// `ctx` (and throw load_failed); warnings are collected there.
void load_binary_scene(binary_reader& in, const component_table& table, read_context& ctx,
                       scene_builder& builder);

}  // namespace mosaic::detail
