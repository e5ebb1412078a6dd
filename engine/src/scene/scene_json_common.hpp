#pragma once
// Internal: what the scene and the archetype JSON files share: the archive's options, the
// "components" object (written from registered and kept unknown components, read into the
// scene builder), and the checks every JSON document goes through.

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "component_json.hpp"
#include "json_support.hpp"
#include "mosaic/ecs/archetype.hpp"
#include "mosaic/ecs/component_table.hpp"
#include "mosaic/engine/scene/scene.hpp"
#include "read_context.hpp"
#include "scene_builder.hpp"

namespace mosaic::detail {

inline constexpr const char* scene_format_tag = "mosaic.scene";
inline constexpr const char* archetype_format_tag = "mosaic.archetype";
inline constexpr const char* prefab_format_tag = "mosaic.prefab";

/// Two-space indent, floats in their shortest round-trip form.
cereal::JSONOutputArchive::Options scene_json_options();

// --- writing ---------------------------------------------------------------------------------

/// One entry of a "components" object: a registered component or a kept unknown one.
struct component_entry {
    std::string_view name;
    const component_info* info = nullptr;  // registered ...
    const void* value = nullptr;
    bool enabled = true;
    const unknown_component* unknown = nullptr;  // ... or kept verbatim
    field_filter only = {};                      // an instance's: its overridden fields
};

/// Writes the "components" object: all entries together, in name order.
void write_components(cereal::JSONOutputArchive& ar, std::vector<component_entry> entries,
                      const entity_id_fn& id_of);

/// Warns once per unregistered type per save.
struct unsaved_types {
    std::set<type_id> seen;
    std::vector<diagnostic>* out;
    void note(type_id type);
};

// --- reading ---------------------------------------------------------------------------------

/// Two members with one key: readers would see only the first and lose the second silently.
void refuse_duplicate_keys(const rapidjson::Value& doc, read_context& ctx);

/// Where a "components" object goes: a scene's entity (which stores its name and parent as
/// entity keys and keeps unknown components), or an archetype (which keeps its Name here and
/// drops unknown components).
struct components_target {
    entity scene_entity = null_entity;
    std::size_t entity_index = 0;
    archetype* prototype = nullptr;  // set for archetypes
};

/// Reads a "components" object at `path` through the builder into `target`.
void read_components(const rapidjson::Value& v, const component_table& table,
                     scene_builder& builder, read_context& ctx, const std::string& path,
                     bool versions_required, const components_target& target);

}  // namespace mosaic::detail
