#pragma once
// Internal: writing an instance's entity in a JSON scene or prefab file as its link plus its
// overrides, not a full copy:
//
//   {"id": 7, "name": "Tank", "enabled": true, "parent": 2,
//    "prefab": {"path": "archetypes/tank.prefab.json", "node": 1},
//    "components": {"Transform": {"version": 1, "position": [3, 4]}},   // overridden fields,
//    "removed": ["Sprite"]}                                              // added components
//
// Each overridden field is a line of its own, so a diff shows what the instance changed and
// the three-way merge (json_merge.cpp) merges two edits of one instance field by field.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "component_json.hpp"
#include "mosaic/engine/scene/prefab_library.hpp"
#include "mosaic/engine/scene/prefab_link.hpp"
#include "scene_json_common.hpp"

namespace mosaic::detail {

class instance_writer {
public:
    /// Finds the instances of `s` (through `lib`; none without one).
    instance_writer(const scene& s, const component_table& table, prefab_library* lib);

    /// Writes `e`'s link and overrides as members of its entity object and returns true; or
    /// false when `e` is no resolved instance's entity nor a placeholder (write it whole).
    bool write(cereal::JSONOutputArchive& ar, entity e, std::uint64_t id,
               const entity_id_fn& id_of) const;

private:
    struct membership {
        const prefab* p = nullptr;
        std::size_t instance = 0;
        std::size_t node = 0;
    };

    const scene* s_;
    const component_table* table_;
    std::vector<prefab_instance> instances_;
    std::unordered_map<entity_index, membership> members_;
};

}  // namespace mosaic::detail
