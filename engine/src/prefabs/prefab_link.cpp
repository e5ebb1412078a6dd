// Instances of prefabs in a world: finding them, their overrides, revert, apply, unpack.
// Propagation: prefab_propagate.cpp; scene files: prefab_resolve.cpp, instance_json.cpp.
#include "mosaic/engine/scene/prefab_link.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "mosaic/engine/hierarchy.hpp"
#include "prefab_values.hpp"

namespace mosaic {

namespace {

using detail::link_path;

// The root of the instance of `path` that `e` belongs to: up through entities linked to the
// same prefab until one linked to its root node; null when the chain breaks first.
entity root_of(const world& w, entity e, std::string_view path, std::uint64_t root_node) {
    entity at = e;
    for (std::size_t steps = 0; steps <= w.size(); ++steps) {  // a parent loop cannot hang it
        const PrefabInstance* link = w.try_get<PrefabInstance>(at);
        if (!link || link_path(*link) != path) return null_entity;
        if (static_cast<std::uint64_t>(link->node) == root_node) return at;
        at = parent_of(w, at);
        if (at.is_null()) return null_entity;
    }
    return null_entity;
}

// Calls f(entity, node index, root) for every entity linked to `path` that is in an instance.
template <class F>
void each_member(const world& w, std::string_view path, const prefab& p, F&& f) {
    if (p.size() == 0) return;
    const std::uint64_t root_node = p.id_of(0);
    w.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity e, const PrefabInstance& link) {
            if (link_path(link) != path) return;
            const std::size_t node = p.node_of(static_cast<std::uint64_t>(link.node));
            if (node >= p.size()) return;
            const entity root = root_of(w, e, path, root_node);
            if (!root.is_null()) f(e, node, root);
        });
}

void by_name(std::vector<const component_info*>& infos) {
    std::sort(infos.begin(), infos.end(),
              [](const component_info* a, const component_info* b) { return a->name < b->name; });
}

}  // namespace

std::size_t prefab_instance::node_index(entity e) const noexcept {
    if (e.is_null()) return members.size();
    return static_cast<std::size_t>(std::find(members.begin(), members.end(), e) - members.begin());
}

const PrefabInstance* prefab_link_of(const world& w, entity e) {
    return w.alive(e) ? w.try_get<PrefabInstance>(e) : nullptr;
}

prefab_instance find_instance(const world& w, entity e, const prefab& p) {
    const PrefabInstance* link = prefab_link_of(w, e);
    if (!link || p.size() == 0) return {};
    const std::string path(link_path(*link));
    const entity root = root_of(w, e, path, p.id_of(0));
    if (root.is_null()) return {};
    prefab_instance inst{root, std::vector<entity>(p.size(), null_entity)};
    each_member(w, path, p, [&](entity member, std::size_t node, entity its_root) {
        if (its_root == root && inst.members[node].is_null()) inst.members[node] = member;
    });
    return inst;
}

std::vector<prefab_instance> instances_of(const world& w, std::string_view path, const prefab& p) {
    std::vector<prefab_instance> out;
    std::unordered_map<entity_index, std::size_t> slot;
    each_member(w, path, p, [&](entity member, std::size_t node, entity root) {
        const auto [it, fresh] = slot.emplace(root.index, out.size());
        if (fresh) out.push_back({root, std::vector<entity>(p.size(), null_entity)});
        entity& at = out[it->second].members[node];
        if (at.is_null()) at = member;
    });
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.root.index < b.root.index; });
    return out;
}

prefab_instance instantiate(world& w, const prefab& p, std::string_view path) {
    if (p.size() == 0) return {};
    std::vector<entity> made = spawn(w, p);
    PrefabInstance link;
    const std::size_t n = std::min(path.size(), sizeof link.prefab.path - 1);
    std::memcpy(link.prefab.path, path.data(), n);
    for (std::size_t i = 0; i < made.size(); ++i) {
        link.node = static_cast<std::int64_t>(p.id_of(i));
        w.add_or_replace<PrefabInstance>(made[i], link);
    }
    return {made[0], std::move(made)};
}

// --- overrides -------------------------------------------------------------------------------

std::vector<prefab_override> list_overrides(const world& w, const prefab_instance& inst,
                                            const prefab& p, const component_table& table) {
    std::vector<prefab_override> out;
    const world& pw = p.contents().world;
    const detail::ref_map refs(inst, p);
    for (std::size_t i = 0; i < inst.members.size() && i < p.size(); ++i) {
        const entity e = inst.members[i];
        if (e.is_null() || !w.alive(e)) continue;
        const entity node = p.nodes()[i];
        const std::uint64_t id = p.id_of(i);
        std::vector<const component_info*> mine = detail::overridable_components(w, e, table);
        std::vector<const component_info*> theirs = detail::overridable_components(pw, node, table);
        std::vector<const component_info*> all = mine;
        for (const component_info* info : theirs) {
            if (std::find(all.begin(), all.end(), info) == all.end()) all.push_back(info);
        }
        by_name(all);
        for (const component_info* info : all) {
            const void* a = w.try_get(e, info->type);
            const void* b = pw.try_get(node, info->type);
            const bool has_mine = w.has(e, info->type);
            const bool has_theirs = pw.has(node, info->type);
            if (has_mine && !has_theirs) {
                out.push_back({override_kind::added_component, e, id, info, nullptr});
            } else if (!has_mine && has_theirs) {
                out.push_back({override_kind::removed_component, e, id, info, nullptr});
            } else if (a && b) {
                if (w.is_enabled(e, info->type) != pw.is_enabled(node, info->type))
                    out.push_back({override_kind::enabled_flag, e, id, info, nullptr});
                for (const field_info& f : info->fields) {
                    if (!detail::is_placement(inst, e, *info, f) &&
                        !detail::field_equal(f, a, b, refs))
                        out.push_back({override_kind::field, e, id, info, &f});
                }
            }
        }
    }
    return out;
}

bool is_overridden(const world& w, const prefab_instance& inst, const prefab& p, entity e,
                   const component_info& component, const field_info* field) {
    const std::size_t i = inst.node_index(e);
    // Runtime state (WorldTransform...) is never saved, so never an override.
    if (i >= p.size() || !w.alive(e) || !detail::is_overridable(&component)) return false;
    if (field && detail::is_placement(inst, e, component, *field)) return false;
    const world& pw = p.contents().world;
    const entity node = p.nodes()[i];
    const bool has_mine = w.has(e, component.type);
    const bool has_theirs = pw.has(node, component.type);
    if (has_mine != has_theirs) return field == nullptr || has_mine;
    const void* a = w.try_get(e, component.type);
    const void* b = pw.try_get(node, component.type);
    if (!a || !b) return false;
    const detail::ref_map refs(inst, p);
    if (field) return !detail::field_equal(*field, a, b, refs);
    if (w.is_enabled(e, component.type) != pw.is_enabled(node, component.type)) return true;
    return std::any_of(component.fields.begin(), component.fields.end(), [&](const field_info& f) {
        return !detail::is_placement(inst, e, component, f) && !detail::field_equal(f, a, b, refs);
    });
}

void revert(world& w, const prefab_instance& inst, const prefab& p, const prefab_override& o) {
    const std::size_t i = p.node_of(o.node);
    if (i >= p.size() || !o.component || !w.alive(o.target)) return;
    const world& pw = p.contents().world;
    const entity node = p.nodes()[i];
    const detail::ref_map refs(inst, p);
    const type_id type = o.component->type;
    switch (o.kind) {
        case override_kind::field: {
            void* mine = w.try_get(o.target, type);
            const void* theirs = pw.try_get(node, type);
            if (mine && theirs && o.field)
                detail::copy_field(*o.field, mine, theirs, refs, detail::direction::to_instance);
            break;
        }
        case override_kind::added_component:
            w.remove(o.target, type);
            break;
        case override_kind::enabled_flag:
            w.set_enabled(o.target, type, pw.is_enabled(node, type));
            break;
        case override_kind::removed_component:
            if (pw.copy_component(type, node, w, o.target)) {
                void* mine = w.try_get(o.target, type);
                if (mine) {
                    detail::copy_fields(*o.component, mine, pw.try_get(node, type), refs,
                                        detail::direction::to_instance);
                }
            }
            break;
    }
}

void revert_all(world& w, const prefab_instance& inst, const prefab& p,
                const component_table& table) {
    for (const prefab_override& o : list_overrides(w, inst, p, table)) revert(w, inst, p, o);
}

void apply_to_prefab(const world& w, const prefab_instance& inst, const prefab_override& o,
                     prefab& p) {
    const std::size_t i = p.node_of(o.node);
    if (i >= p.size() || !o.component || !w.alive(o.target)) return;
    world& pw = p.node_world();
    const entity node = p.nodes()[i];
    const detail::ref_map refs(inst, p);
    const type_id type = o.component->type;
    switch (o.kind) {
        case override_kind::field: {
            const void* mine = w.try_get(o.target, type);
            void* theirs = pw.try_get(node, type);
            if (mine && theirs && o.field)
                detail::copy_field(*o.field, theirs, mine, refs, detail::direction::to_prefab);
            break;
        }
        case override_kind::added_component:
            if (w.copy_component(type, o.target, pw, node)) {
                if (void* theirs = pw.try_get(node, type)) {
                    detail::copy_fields(*o.component, theirs, w.try_get(o.target, type), refs,
                                        detail::direction::to_prefab);
                }
            }
            break;
        case override_kind::removed_component:
            pw.remove(node, type);
            break;
        case override_kind::enabled_flag:
            pw.set_enabled(node, type, w.is_enabled(o.target, type));
            break;
    }
}

void apply_all_to_prefab(const world& w, const prefab_instance& inst, prefab& p,
                         const component_table& table) {
    for (const prefab_override& o : list_overrides(w, inst, p, table))
        apply_to_prefab(w, inst, o, p);
}

void unpack(world& w, const prefab_instance& inst) {
    for (const entity e : inst.members) {
        if (!e.is_null() && w.alive(e)) w.remove<PrefabInstance>(e);
    }
}

}  // namespace mosaic
