// propagate(): after a prefab changed, every instance follows it except where it overrides.
//
// The plan (which node of `after` was which of `before`, which component types each has) is
// made once per prefab change; each instance then costs a few lookups per component.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "mosaic/engine/hierarchy.hpp"
#include "mosaic/engine/scene/prefab_link.hpp"
#include "prefab_values.hpp"

namespace mosaic {

namespace {

struct node_plan {
    std::size_t before = 0;                    // index in `before`, or before.size() for a new node
    std::vector<const component_info*> types;  // overridable types of either version
};

// One member `e` of `inst`, copy of before's node `b` and now of after's node `a`.
void follow(world& w, const prefab_instance& inst, entity e, const prefab& before, entity b,
            const detail::ref_map& old_refs, const prefab& after, entity a,
            const detail::ref_map& new_refs, const std::vector<const component_info*>& types) {
    const world& bw = before.contents().world;
    const world& aw = after.contents().world;
    for (const component_info* info : types) {
        const type_id type = info->type;
        const bool in_before = bw.has(b, type);
        const bool in_after = aw.has(a, type);
        void* mine = w.try_get(e, type);
        const bool has_mine = w.has(e, type);
        if (in_before && in_after) {
            if (!mine) continue;  // removed by the instance: it stays removed
            const void* old_value = bw.try_get(b, type);
            const void* new_value = aw.try_get(a, type);
            if (!old_value || !new_value) continue;
            // The enabled flag follows unless the instance changed it (then it is an override).
            if (w.is_enabled(e, type) == bw.is_enabled(b, type))
                w.set_enabled(e, type, aw.is_enabled(a, type));
            for (const field_info& f : info->fields) {
                if (detail::is_placement(inst, e, *info, f)) continue;  // the instance's own
                if (detail::field_equal(f, mine, old_value, old_refs))
                    detail::copy_field(f, mine, new_value, new_refs,
                                       detail::direction::to_instance);
            }
        } else if (in_after) {
            if (has_mine) continue;  // the instance added one already: it is an override now
            if (aw.copy_component(type, a, w, e)) {
                if (void* made = w.try_get(e, type))
                    detail::copy_fields(*info, made, made, new_refs,
                                        detail::direction::to_instance);
            }
        } else if (in_before && has_mine) {
            const void* old_value = bw.try_get(b, type);
            const bool unchanged =
                !mine || !old_value || detail::component_equal(*info, mine, old_value, old_refs);
            if (unchanged) w.remove(e, type);
        }
    }
}

// Children of each entity, built only when a node was removed.
std::unordered_map<entity_index, std::vector<entity>> children_index(world& w) {
    std::unordered_map<entity_index, std::vector<entity>> out;
    w.view<const Parent>(exclude<>, include_disabled).each([&](entity child, const Parent& p) {
        if (!p.entity.is_null()) out[p.entity.index].push_back(child);
    });
    return out;
}

}  // namespace

std::size_t propagate(world& w, std::string_view path, const prefab& before, const prefab& after,
                      const component_table& table) {
    if (before.size() == 0 || after.size() == 0) return 0;
    std::vector<prefab_instance> instances = instances_of(w, path, before);
    if (instances.empty()) return 0;

    // The plan, once for all instances.
    std::vector<node_plan> plan(after.size());
    std::vector<bool> kept(before.size(), false);
    for (std::size_t j = 0; j < after.size(); ++j) {
        plan[j].before = before.node_of(after.id_of(j));
        plan[j].types =
            detail::overridable_components(after.contents().world, after.nodes()[j], table);
        if (plan[j].before < before.size()) {
            kept[plan[j].before] = true;
            for (const component_info* info : detail::overridable_components(
                     before.contents().world, before.nodes()[plan[j].before], table)) {
                if (std::find(plan[j].types.begin(), plan[j].types.end(), info) ==
                    plan[j].types.end())
                    plan[j].types.push_back(info);
            }
        }
    }
    const bool removes_nodes = std::find(kept.begin(), kept.end(), false) != kept.end();
    std::unordered_map<entity_index, std::vector<entity>> children;
    if (removes_nodes) children = children_index(w);

    PrefabInstance link;
    std::memcpy(link.prefab.path, path.data(), std::min(path.size(), sizeof link.prefab.path - 1));
    for (prefab_instance& inst : instances) {
        // 1. Members in `after`'s order; nodes it gained are created under their parents.
        prefab_instance next{inst.root, std::vector<entity>(after.size(), null_entity)};
        std::vector<bool> fresh(after.size(), false);
        for (std::size_t j = 0; j < after.size(); ++j) {
            if (plan[j].before < before.size()) {
                next.members[j] = inst.members[plan[j].before];
                continue;
            }
            const std::size_t up = after.parent_index(j);
            const entity parent = up < after.size() ? next.members[up] : null_entity;
            if (up < after.size() && parent.is_null()) continue;  // its parent is gone
            const entity made = w.create();
            after.copy_node(j, w, made);
            link.node = static_cast<std::int64_t>(after.id_of(j));
            w.add_or_replace<PrefabInstance>(made, link);
            w.remove<Parent>(made);
            if (!parent.is_null()) set_parent(w, made, parent);
            next.members[j] = made;
            fresh[j] = true;
        }
        const detail::ref_map old_refs(inst, before);
        const detail::ref_map new_refs(next, after);
        // 2. Values follow; parents follow the prefab's tree.
        for (std::size_t j = 0; j < after.size(); ++j) {
            const entity e = next.members[j];
            if (e.is_null() || !w.alive(e)) continue;
            if (fresh[j]) {
                for (const component_info* info : plan[j].types) {
                    if (void* v = w.try_get(e, info->type))
                        detail::copy_fields(*info, v, v, new_refs, detail::direction::to_instance);
                }
                continue;
            }
            follow(w, next, e, before, before.nodes()[plan[j].before], old_refs, after,
                   after.nodes()[j], new_refs, plan[j].types);
            const std::size_t up = after.parent_index(j);
            if (j != 0 && up < after.size() &&
                before.parent_index(plan[j].before) != before.node_of(after.id_of(up))) {
                if (!next.members[up].is_null()) set_parent(w, e, next.members[up]);
            }
        }
        // 3. Entities of removed nodes go; their added children move up to a kept ancestor.
        if (!removes_nodes) continue;
        for (std::size_t i = before.size(); i-- > 0;) {
            const entity e = inst.members[i];
            if (kept[i] || e.is_null() || !w.alive(e)) continue;
            const entity up = parent_of(w, e);
            if (const auto it = children.find(e.index); it != children.end()) {
                for (const entity child : it->second) {
                    if (!w.alive(child) || inst.node_index(child) < inst.members.size()) continue;
                    w.remove<Parent>(child);
                    if (!up.is_null()) set_parent(w, child, up);
                    if (!up.is_null()) children[up.index].push_back(child);
                }
            }
            w.destroy(e);
        }
    }
    return instances.size();
}

}  // namespace mosaic
