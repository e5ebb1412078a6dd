// resolve_prefab_instances(): after a load, the instances a file stored as links plus
// overrides become full entities again (their prefab's values, then their overrides).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>

#include "mosaic/engine/hierarchy.hpp"
#include "mosaic/engine/scene/prefab_link.hpp"
#include "mosaic/engine/scene/scene_limits.hpp"
#include "prefab_values.hpp"
#include "serialization/component_json.hpp"
#include "serialization/json_support.hpp"
#include "serialization/read_context.hpp"
#include "serialization/scene_builder.hpp"

namespace mosaic {

namespace {

using detail::link_path;

class id_lookup final : public detail::entity_lookup {
public:
    explicit id_lookup(const world& w) {
        w.view<const EntityId>(exclude<>, include_disabled).each([&](entity e, const EntityId& id) {
            by_id_.emplace(id.value, e);
        });
    }
    [[nodiscard]] entity find(std::uint64_t id) const override {
        const auto it = by_id_.find(id);
        return it == by_id_.end() ? null_entity : it->second;
    }

private:
    std::unordered_map<std::uint64_t, entity> by_id_;
};

std::string entity_label(const world& w, entity e, std::uint64_t id) {
    std::string label = "entity";
    if (const Name* name = w.try_get<Name>(e))
        label += " '" + std::string(name->value, strnlen(name->value, sizeof name->value)) + "'";
    return label + " (id " + std::to_string(id) + ")";
}

diagnostic warning(const std::string& file, std::string message) {
    diagnostic d;
    d.severity = diagnostic::level::warning;
    d.file = file;
    d.message = std::move(message);
    return d;
}

diagnostic error(const std::string& file, std::string message) {
    diagnostic d = warning(file, std::move(message));
    d.severity = diagnostic::level::error;
    return d;
}

using stub_list = std::vector<std::pair<std::uint64_t, entity>>;

// Whether `e` starts an instance of `path` (its parent is no stub of the same prefab).
bool is_top_stub(const world& w, entity e, std::string_view path) {
    const PrefabInstance* up = prefab_link_of(w, parent_of(w, e));
    return !up || link_path(*up) != path;
}

// The most entities the stubs expand to: each instance at most its prefab's size. Saturates.
std::size_t expansion_of(const world& w, const std::map<std::string, stub_list>& by_path,
                         const std::map<std::string, const prefab*>& found) {
    std::size_t total = 0;
    for (const auto& [path, stubs] : by_path) {
        const prefab* p = found.at(path);
        if (!p) continue;
        for (const auto& [id, e] : stubs) {
            if (!is_top_stub(w, e, path)) continue;
            total = p->size() > SIZE_MAX - total ? SIZE_MAX : total + p->size();
        }
    }
    return total;
}

// Applies one entity's stored overrides ({"components": {...}, "removed": [...]}) onto its
// prefab values. Throws detail::load_failed (the error in `out`) when they do not read.
void apply_overrides(scene& s, entity e, std::uint64_t id, const std::string& text,
                     const component_table& table, const id_lookup& lookup,
                     const std::string& file_name, std::vector<diagnostic>& out) {
    if (text.empty()) return;
    detail::read_context ctx(file_name, text, out);
    ctx.lookup = &lookup;
    const std::string at = "entity " + std::to_string(id);
    rapidjson::Document doc;
    if (auto failure = detail::parse_json(text, doc)) ctx.fail(at, failure->message);
    if (!doc.IsObject()) ctx.fail(at, "expected the instance's overrides (an object)");
    world& w = s.world;
    // Read through a const view: clang rejects the non-const iterators' == under C++20
    // (ambiguous reversed operator).
    const rapidjson::Value& root = doc;
    if (const auto it = root.FindMember("removed"); it != root.MemberEnd()) {
        if (!it->value.IsArray()) ctx.fail(at + ".removed", "expected an array of names");
        for (const auto& name : it->value.GetArray()) {
            if (!name.IsString()) ctx.fail(at + ".removed", "expected a component's name");
            const component_info* info =
                table.find(std::string_view(name.GetString(), name.GetStringLength()));
            if (detail::is_overridable(info)) w.remove(e, info->type);
        }
    }
    const auto components = root.FindMember("components");
    if (components == root.MemberEnd()) return;
    if (!components->value.IsObject()) ctx.fail(at + ".components", "expected an object");
    std::vector<std::byte> buffer;
    for (const auto& m : components->value.GetObject()) {
        const std::string name(m.name.GetString(), m.name.GetStringLength());
        const std::string path = at + ".components." + name;
        const component_info* info = table.find(std::string_view(name));
        if (!info) {
            // A type this build does not know: kept verbatim, as in any scene.
            if (!m.value.IsObject()) ctx.fail(path, "expected an object");
            // What a scene file can hold, as for unknown components outside instances: a scene
            // that loads must save again (scene_limits).
            std::vector<unknown_component>& kept = s.unknown[id];
            if (auto over = detail::over_limit(kept.size() + 1, "components of unknown types",
                                               scene_limits::max_unknown_per_entity))
                ctx.fail(path, std::move(*over));
            if (auto over = detail::over_limit(name.size(), "bytes in the component's name",
                                               scene_limits::max_name_bytes))
                ctx.fail(path, std::move(*over));
            std::string json = detail::to_json_text(m.value);
            if (auto over = detail::over_limit(json.size(), "bytes of JSON (compact)",
                                               scene_limits::max_unknown_json_bytes))
                ctx.fail(path, std::move(*over));
            kept.push_back({name, std::move(json)});
            continue;
        }
        if (!detail::is_overridable(info)) continue;
        const void* current = w.try_get(e, info->type);
        buffer.assign(info->prototype.begin(), info->prototype.end());
        if (current) std::memcpy(buffer.data(), current, info->size);
        const detail::component_header header =
            detail::read_component(m.value, *info, buffer.data(), ctx, path, false);
        if (auto newer = detail::upgrade_component(*info, buffer.data(), header.version,
                                                   detail::json_legacy_values(m.value)))
            ctx.warn(path, std::move(*newer));
        w.set_copy(e, info->type, buffer.data());
        w.set_enabled(e, info->type, header.enabled);
    }
    ctx.finish();
}

// Gives the stub `e` its node's components (references to the prefab's nodes pointed at
// the instance's entities).
void fill_from_prefab(world& w, entity e, const prefab& p, std::size_t node,
                      const prefab_instance& inst, const component_table& table) {
    const world& pw = p.contents().world;
    const detail::ref_map refs(inst, p);
    for (const type_id type : pw.components_of(p.nodes()[node])) {
        const component_info* info = table.find(type);
        if (!detail::is_overridable(info)) continue;
        if (!pw.copy_component(type, p.nodes()[node], w, e)) continue;
        if (void* v = w.try_get(e, type))
            detail::copy_fields(*info, v, v, refs, detail::direction::to_instance);
    }
}

// Removes what a failed fill left: the stub is a placeholder again.
void back_to_placeholder(world& w, entity e, const component_table& table) {
    for (const type_id type : w.components_of(e)) {
        if (detail::is_overridable(table.find(type))) w.remove(e, type);
    }
}

// Stubs of a prefab that loaded but that no instance took: a node claimed twice in one
// instance, or a node linked with no entity above it linking the prefab's root. They stay
// placeholders (saved back as they are), with a warning saying why.
void warn_unresolved(const scene& s, const stub_list& stubs, const std::string& path,
                     const prefab& p, const std::string& file_name, std::vector<diagnostic>& out) {
    const world& w = s.world;
    for (const auto& [id, e] : stubs) {
        if (!s.prefab_overrides.contains(id) || !w.alive(e)) continue;
        const auto node = w.get<PrefabInstance>(e).node;
        if (p.node_of(static_cast<std::uint64_t>(node)) >= p.size()) continue;  // gone: said
        const prefab_instance inst = find_instance(w, e, p);
        std::string why;
        if (inst.root.is_null()) {
            why = "links node " + std::to_string(node) + " of " + path +
                  " but no entity above it links that prefab's root (node " +
                  std::to_string(p.id_of(0)) + ")";
        } else {
            const entity holder = inst.members[p.node_of(static_cast<std::uint64_t>(node))];
            const EntityId* holder_id = w.try_get<EntityId>(holder);
            why = "claims node " + std::to_string(node) + " of " + path + ", which " +
                  entity_label(w, holder, holder_id ? holder_id->value : 0) +
                  " holds in the same instance";
        }
        out.push_back(warning(file_name, entity_label(w, e, id) + ": " + why +
                                             ": kept as a placeholder, saved back as it is"));
    }
}

}  // namespace

std::vector<diagnostic> resolve_prefab_instances(scene& s, prefab_library& lib,
                                                 const component_table& table,
                                                 const std::string& file_name) {
    s.prefabs = &lib;
    std::vector<diagnostic> out;
    if (s.prefab_overrides.empty()) return out;  // full copies (older files) need nothing
    world& w = s.world;
    const id_lookup lookup(w);

    // The stubs by prefab.
    std::map<std::string, stub_list> by_path;
    for (const auto& [id, text] : s.prefab_overrides) {
        const entity e = lookup.find(id);
        const PrefabInstance* link = w.alive(e) ? w.try_get<PrefabInstance>(e) : nullptr;
        if (link) by_path[std::string(link_path(*link))].emplace_back(id, e);
    }
    // Every prefab first: one past a limit, or instances that would expand past the limit of
    // entities, fail the whole file before any entity is made.
    std::map<std::string, const prefab*> found;
    for (const auto& [path, stubs] : by_path) {
        found[path] = lib.find(path);
        if (found[path] || !lib.over_limit(path)) continue;
        const auto& [id, e] = stubs.front();
        out.push_back(error(file_name, entity_label(w, e, id) + ": its prefab " + path +
                                           " cannot be loaded: " + lib.problem(path)));
    }
    if (!out.empty()) return out;
    if (const std::size_t expands = expansion_of(w, by_path, found);
        expands > lib.limits().entities) {
        std::string biggest;
        std::size_t most = 0;
        for (const auto& [path, p] : found) {
            if (p && p->size() >= most) {
                most = p->size();
                biggest = path;
            }
        }
        out.push_back(
            error(file_name,
                  "its prefab instances expand to " +
                      (expands == SIZE_MAX ? std::string("too many") : std::to_string(expands)) +
                      " entities, more than the limit of " + std::to_string(lib.limits().entities) +
                      " (the largest prefab used: " + biggest + ", " + std::to_string(most) +
                      " entities)"));
        return out;
    }
    std::vector<std::pair<std::uint64_t, entity>> gone;  // stubs of nodes the prefab lost
    bool created = false;  // entities for nodes the prefab gained: ids given at the end
    for (const auto& [path, stubs] : by_path) {
        const prefab* p = found[path];
        if (!p) {
            // One warning per instance: for the stubs whose parent is not a stub of it.
            for (const auto& [id, e] : stubs) {
                const PrefabInstance* up = prefab_link_of(w, parent_of(w, e));
                if (up && link_path(*up) == path) continue;
                out.push_back(
                    warning(file_name, entity_label(w, e, id) + ": its prefab " + path +
                                           " is missing or broken (" + lib.problem(path) +
                                           "): kept as a missing-prefab placeholder, its overrides "
                                           "saved back as they are"));
            }
            continue;
        }
        for (const auto& [id, e] : stubs) {
            const PrefabInstance* link = w.try_get<PrefabInstance>(e);
            if (p->node_of(static_cast<std::uint64_t>(link->node)) >= p->size())
                gone.emplace_back(id, e);
        }
        for (prefab_instance& inst : instances_of(w, path, *p)) {
            // Nodes the prefab gained since the file was saved: created, parents first.
            PrefabInstance link = *w.try_get<PrefabInstance>(inst.root);
            std::vector<bool> fresh(p->size(), false);
            for (std::size_t j = 1; j < p->size(); ++j) {
                const std::size_t up = p->parent_index(j);
                if (!inst.members[j].is_null() || up >= p->size() || inst.members[up].is_null())
                    continue;
                const entity made = w.create();
                link.node = static_cast<std::int64_t>(p->id_of(j));
                w.add<PrefabInstance>(made, link);
                if (const Name* name = p->contents().world.try_get<Name>(p->nodes()[j]))
                    w.add_or_replace<Name>(made, *name);
                set_parent(w, made, inst.members[up]);
                inst.members[j] = made;
                fresh[j] = true;
                created = true;
            }
            for (std::size_t j = 0; j < p->size(); ++j) {
                const entity e = inst.members[j];
                if (e.is_null()) continue;
                if (fresh[j]) {
                    fill_from_prefab(w, e, *p, j, inst, table);
                    continue;
                }
                const std::uint64_t id = w.get<EntityId>(e).value;
                const auto stored = s.prefab_overrides.find(id);
                if (stored == s.prefab_overrides.end()) continue;  // a full copy
                std::vector<diagnostic> problems;
                const std::size_t unknown_before =
                    s.unknown.contains(id) ? s.unknown.at(id).size() : 0;
                try {
                    fill_from_prefab(w, e, *p, j, inst, table);
                    apply_overrides(s, e, id, stored->second, table, lookup, file_name, problems);
                    s.prefab_overrides.erase(stored);
                } catch (const detail::load_failed&) {
                    // The instance keeps loading: what stopped this entity is a warning.
                    for (diagnostic& d : problems) d.severity = diagnostic::level::warning;
                    back_to_placeholder(w, e, table);
                    // Its unknown components stay in the overrides saved back, not twice.
                    if (const auto kept = s.unknown.find(id); kept != s.unknown.end()) {
                        kept->second.resize(unknown_before);
                        if (kept->second.empty()) s.unknown.erase(kept);
                    }
                    out.push_back(warning(file_name, entity_label(w, e, id) +
                                                         ": its overrides of " + path +
                                                         " do not read: kept as they are"));
                }
                out.insert(out.end(), problems.begin(), problems.end());
            }
        }
        warn_unresolved(s, stubs, path, *p, file_name, out);
    }
    for (const auto& [id, gone_entity] : gone) {
        const entity e = gone_entity;  // a lambda below uses it (clang 14: no bindings there)
        out.push_back(warning(file_name, entity_label(w, e, id) + ": its prefab has no entity " +
                                             std::to_string(w.get<PrefabInstance>(e).node) +
                                             " any more: removed"));
        const entity up = parent_of(w, e);
        w.view<Parent>(exclude<>, include_disabled).each([&](entity, Parent& parent) {
            if (parent.entity == e) parent.entity = up;
        });
        s.prefab_overrides.erase(id);
        w.destroy(e);
    }
    if (created) s.assign_missing_ids();
    return out;
}

bool is_missing_prefab(const scene& s, entity e) {
    const EntityId* id = s.world.alive(e) ? s.world.try_get<EntityId>(e) : nullptr;
    return id && s.world.has<PrefabInstance>(e) && s.prefab_overrides.contains(id->value);
}

}  // namespace mosaic
