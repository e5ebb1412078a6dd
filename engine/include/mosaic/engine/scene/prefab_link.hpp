#pragma once
// prefab_link: instances that stay linked to their prefab (issue 15 §2).
//
// Every entity of an instance carries a PrefabInstance {prefab path, node id}: a plain saved
// component, so undo, duplicate, copy/paste, play snapshots and the merge carry the link like
// any value. What an instance changed (its overrides) is not stored: it is the difference,
// field by field, between its entities and the prefab's nodes, computed when asked:
//
//   prefab_library& lib = ...;                         // resolves PrefabInstance::prefab
//   const prefab* p = lib.find(link.prefab.path);
//   prefab_instance inst = find_instance(w, selected, *p);
//   for (const prefab_override& o : list_overrides(w, inst, *p, table)) ...
//   revert(w, inst, *p, o, table);                     // back to the prefab's value
//
// Apply to Prefab changes a copy of the prefab, then every instance follows it:
//
//   prefab before = *p, after = *p;
//   apply_to_prefab(w, inst, o, after, table);         // the caller writes the file
//   lib.replace(path, after);
//   propagate(w, path, before, after, table);          // non-overridden values follow
//
// Children added to an instance are entities whose Parent is in the instance and which are
// not part of it (no link, or another prefab's); they stay where they are.
//
// Scene files write an instance's entities as their link plus their overrides only (see
// scene_json.hpp); resolve_prefab_instances() rebuilds the full entities after a load.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "diagnostic.hpp"
#include "prefab.hpp"
#include "prefab_library.hpp"
#include "scene.hpp"

namespace mosaic {

/// The entities of one instance in a world.
struct prefab_instance {
    entity root = null_entity;
    /// members[i]: the copy of prefab node i (prefab::nodes() order), or null when the
    /// instance has none (its entity was deleted).
    std::vector<entity> members;

    [[nodiscard]] bool empty() const noexcept { return root.is_null(); }
    /// The node index of `e` in the instance, or members.size() when it is not a member.
    [[nodiscard]] std::size_t node_index(entity e) const noexcept;
};

/// The link on `e`, or nullptr when it is no instance's entity.
[[nodiscard]] const PrefabInstance* prefab_link_of(const world& w, entity e);

/// The instance `e` belongs to (its root is the nearest ancestor-or-self linked to `p`'s root
/// node through entities linked to the same prefab), or an empty one.
[[nodiscard]] prefab_instance find_instance(const world& w, entity e, const prefab& p);

/// Every instance of the prefab at `path` in `w` (entities linked to it), roots in entity
/// order.
[[nodiscard]] std::vector<prefab_instance> instances_of(const world& w, std::string_view path,
                                                        const prefab& p);

/// Spawns `p` as an instance linked to `path`: every entity gets its PrefabInstance. (File
/// ids are the caller's: scene::ensure_id.)
prefab_instance instantiate(world& w, const prefab& p, std::string_view path);

// --- overrides ---------------------------------------------------------------------------

enum class override_kind : std::uint8_t {
    field,              // a field's value differs from the prefab's
    added_component,    // the entity has a component its node has not
    removed_component,  // the node has a component the entity has not
    enabled_flag,       // both have it, enabled on one and disabled on the other
};

struct prefab_override {
    override_kind kind = override_kind::field;
    entity target = null_entity;  // the instance's entity
    std::uint64_t node = 0;       // the prefab node's file id
    const component_info* component = nullptr;
    const field_info* field = nullptr;  // override_kind::field only
};

/// What `inst` changed: per member in node order, its components by name (a component's
/// enabled flag, then its fields in declaration order). Name, Parent, the entity's enabled
/// flag, the link itself and runtime state (not saved: WorldTransform...) are not overrides; nor is
/// where the instance stands, its root's Transform position and rotation (as in Unity: they differ
/// in every instance). So list_overrides, is_overridden, revert_all, apply_all_to_prefab and
/// propagate agree. References count as equal when they point at the same node of the prefab.
[[nodiscard]] std::vector<prefab_override> list_overrides(const world& w,
                                                          const prefab_instance& inst,
                                                          const prefab& p,
                                                          const component_table& table);

/// Whether component `type` of member `e` is overridden (added, or any field differs), or,
/// when `field` is given, that one field. For the inspector's marks.
[[nodiscard]] bool is_overridden(const world& w, const prefab_instance& inst, const prefab& p,
                                 entity e, const component_info& component,
                                 const field_info* field = nullptr);

/// Sets the overridden value back to the prefab's: a field gets the node's value, an added
/// component is removed, a removed one comes back.
void revert(world& w, const prefab_instance& inst, const prefab& p, const prefab_override& o);
/// Every override of the instance.
void revert_all(world& w, const prefab_instance& inst, const prefab& p,
                const component_table& table);

/// Makes the instance's value the prefab's (in `p`, in memory; writing the file and
/// propagating to other instances are the caller's). A reference to an entity outside the
/// instance cannot be applied: it becomes null in the prefab.
void apply_to_prefab(const world& w, const prefab_instance& inst, const prefab_override& o,
                     prefab& p);
/// Every override of the instance (added children are not part of it: use make_prefab).
void apply_all_to_prefab(const world& w, const prefab_instance& inst, prefab& p,
                         const component_table& table);

/// After the prefab at `path` changed from `before` to `after`, brings every instance in `w`
/// up to date: values equal to `before`'s follow `after` (not the roots' placement: see
/// list_overrides), overridden ones stay; components
/// the prefab gained are added, those it lost go unless the instance changed them (they
/// stay as added components); nodes `after` gained
/// appear in each instance, those it lost disappear (their added children move to the
/// removed node's parent). Returns the number of instances updated.
std::size_t propagate(world& w, std::string_view path, const prefab& before, const prefab& after,
                      const component_table& table);

/// Turns the instance into plain entities: drops the links of its members (their values
/// stay as they are).
void unpack(world& w, const prefab_instance& inst);

// --- scenes ---------------------------------------------------------------------------------

/// After a load: rebuilds the full entities of the instances a scene file stored as links
/// plus overrides (scene::prefab_overrides), from `lib`'s prefabs. An instance whose prefab
/// is missing or broken stays a placeholder (is_missing_prefab) with its stored overrides kept
/// verbatim and written back on save; a warning names the file, the entity and the reason.
/// Nodes the prefab gained since the save are created; entities of nodes it lost go. Also
/// sets s.prefabs = &lib, so saves write links. `file_name` labels the diagnostics.
std::vector<diagnostic> resolve_prefab_instances(scene& s, prefab_library& lib,
                                                 const component_table& table,
                                                 const std::string& file_name = {});

/// True for an instance entity whose prefab could not be resolved: it holds only its name,
/// parent and link; its overrides wait, verbatim, in s.prefab_overrides.
[[nodiscard]] bool is_missing_prefab(const scene& s, entity e);

}  // namespace mosaic
