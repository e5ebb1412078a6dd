#pragma once
// Internal: the three-way merge of scene documents (scene_merge.hpp says what it does), on
// parsed JSON only: it knows the shape of a scene file (entities by "id", systems by "name",
// components by name, fields by name) but no component type. Prefab files, having the same
// entity and component shape, can merge through it too.

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "mosaic/engine/scene/scene_merge.hpp"
#include "serialization/json_support.hpp"  // first: cereal sets how rapidjson asserts

namespace mosaic::detail {

/// True when `field` of component `component` holds entity ids (a number, or an array of
/// them), so that a renumbered entity's references can follow it.
using entity_reference_fn = std::function<bool(std::string_view component, std::string_view field)>;

struct document_merge_report {
    std::vector<merge_conflict> conflicts;
    std::vector<renumbered_entity> renumbered;
};

/// Gives THEIRS' entities that OURS also added under the same id (with other content) ids no
/// side uses (above the highest; at the top of the range, the lowest gaps), and rewrites
/// THEIRS' references to them ("parent", entity fields). The error when no id is free.
[[nodiscard]] std::optional<std::string> renumber_entities_added_twice(
    const rapidjson::Value& base, const rapidjson::Value& ours, rapidjson::Document& theirs,
    const entity_reference_fn& is_reference, std::vector<renumbered_entity>& renumbered);

/// Merges the three documents into `merged` (its own allocator holds the result). Call
/// renumber_entities_added_twice first.
void merge_documents(const rapidjson::Value& base, const rapidjson::Value& ours,
                     const rapidjson::Value& theirs, rapidjson::Document& merged,
                     std::vector<merge_conflict>& conflicts);

/// Where the merged parents make a cycle (OURS puts A under B, THEIRS B under A), puts
/// OURS' parent back on each entity of it whose parent is not OURS', as a conflict.
void undo_parent_cycles(const rapidjson::Value& base, const rapidjson::Value& ours,
                        const rapidjson::Value& theirs, rapidjson::Document& merged,
                        std::vector<merge_conflict>& conflicts);

/// Whether two JSON values are the same (numbers by type and exact value, objects by
/// members whatever their order).
[[nodiscard]] bool same_json(const rapidjson::Value& a, const rapidjson::Value& b);

}  // namespace mosaic::detail
