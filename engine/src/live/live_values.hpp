#pragma once
// Internal: entities and component values as the live link reads and writes them. Values go
// through component_json (the scene files' one encoder); a value read from a request is
// checked whole before anything in the world changes.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

#include "live_rpc.hpp"

namespace mosaic::live::internal {

/// The live entity named by wire id `id` (not the resource holder), or no_such_entity.
[[nodiscard]] entity live_entity(const world& w, std::uint64_t id);
/// The entity of the request's "id".
[[nodiscard]] entity entity_param(const world& w, const params& p);
/// The component called `name` with fields, or invalid_params.
[[nodiscard]] const component_info& component_param(const component_table& table,
                                                    std::string_view name);

/// A component value read from its scene form on top of `start` (the current value or the
/// prototype). Any warning (an unknown field, a reference to no entity) refuses it.
struct read_value {
    std::unique_ptr<std::byte[]> bytes;
    bool enabled = true;
};
[[nodiscard]] read_value read_component_value(const world& w, const component_info& info,
                                              const void* start, const rapidjson::Value& object,
                                              bool current_enabled);

/// {"Name": {scene form}, ...} of `e`'s components (only `only`'s when not empty).
void write_components(writer& out, const component_table& table, const world& w, entity e,
                      const std::vector<std::string>& only);

/// The bytes a watch compares: each shown component's type, enabled flag and value.
[[nodiscard]] std::vector<std::byte> snapshot(const component_table& table, const world& w,
                                              entity e, const std::vector<std::string>& only);
/// The same into `bytes` (its capacity reused: a mirror compares every entity each pass).
void snapshot_into(const component_table& table, const world& w, entity e,
                   const std::vector<std::string>& only, std::vector<std::byte>& bytes);

}  // namespace mosaic::live::internal
