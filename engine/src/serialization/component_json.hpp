#pragma once
// Internal: one component value <-> JSON, by walking the component's field list. The one
// place that knows how each field kind looks in a scene file.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "json_support.hpp"
#include "legacy_values.hpp"
#include "mosaic/ecs/component_table.hpp"
#include "read_context.hpp"

namespace mosaic::detail {

/// File id of a referenced entity (0 for null or unsaved ones).
using entity_id_fn = std::function<std::uint64_t(entity)>;
/// Which fields to write (an instance's overridden ones); empty: all.
using field_filter = std::function<bool(const field_info&)>;

/// Writes the fields of `value` as members of the current JSON object.
void write_fields(cereal::JSONOutputArchive& ar, const component_info& info, const void* value,
                  const entity_id_fn& id_of, const field_filter& only = {});

/// Writes member `name` of the current object (an element when null): the component
/// object {"version": N, "enabled": false (only when disabled), fields...}.
void write_component(cereal::JSONOutputArchive& ar, const char* name, const component_info& info,
                     const void* value, bool enabled, const entity_id_fn& id_of,
                     const field_filter& only = {});
/// The same object as compact JSON text (how unknown components are kept in a scene).
std::string component_json_text(const component_info& info, const void* value, bool enabled,
                                const entity_id_fn& id_of);

/// What a component object says beside its fields.
struct component_header {
    bool enabled = true;
    std::uint32_t version = 1;
};

/// Reads a component object ({"version": 2, "enabled": false, "field": ...}) into `value`,
/// which starts as the prototype. The version rule (upgrades) is the caller's: the scene
/// builder's, or upgrade_component.
component_header read_component(const rapidjson::Value& object, const component_info& info,
                                void* value, read_context& ctx, const std::string& path,
                                bool versions_required);

/// A component object's values as an upgrade hook sees them (by name; "version" and
/// "enabled" are not fields).
[[nodiscard]] legacy_values json_legacy_values(const rapidjson::Value& object);

}  // namespace mosaic::detail
