#pragma once
// Forward declarations of the ECS, for headers that only name these types.

#include <cstdint>

namespace mosaic {

using type_id = std::uint32_t;
inline constexpr type_id invalid_type_id = 0xFFFF'FFFFu;

struct entity;
class entity_pool;
class sparse_set;
class group;
template <class T>
class storage;
class world;
class world_snapshot;
class handle;
class command_buffer;
class system;
class system_context;
class scheduler;
class archetype;
class component_table;
struct component_info;
struct field_info;

}  // namespace mosaic
