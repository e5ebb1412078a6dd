// first_difference: where two world states part, named for a person (mosaic-run --verify).
// Entities are matched by file id; components are walked in table order and fields in
// declaration order, each value written as its JSON text by the scene files' one field
// walker (component_json), so every field kind prints the way scene files show it.
#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "../scene/component_json.hpp"
#include "../scene/identity.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/replay/world_state.hpp"

namespace mosaic {

namespace {

using id_map = std::map<std::uint64_t, entity>;

id_map ids_of(const scene& s) {
    id_map ids;
    s.world.each([&](entity e) {
        if (!detail::is_scene_entity(s.world, e)) return;
        if (const EntityId* id = s.world.try_get<EntityId>(e)) ids.emplace(id->value, e);
    });
    return ids;
}

std::uint64_t id_of(const world& w, entity e) {
    if (!w.alive(e)) return 0;
    const EntityId* id = w.try_get<EntityId>(e);
    return id ? id->value : 0;
}

std::string name_of(const world& w, entity e) {
    const Name* name = w.try_get<Name>(e);
    return name ? std::string(name->value, strnlen(name->value, sizeof name->value))
                : std::string();
}

std::string label(const world& w, entity e, std::uint64_t id) {
    const std::string name = name_of(w, e);
    return (name.empty() ? std::string() : "'" + name + "' ") + "(id " + std::to_string(id) + ")";
}

// The field's value as JSON text: the component written with that one field.
std::string field_text(const component_info& info, const field_info& f, const world& w,
                       const void* value) {
    component_info single;
    single.name = info.name;
    single.type = info.type;
    single.size = info.size;
    single.version = info.version;
    single.fields = {f};
    const std::string json =
        detail::component_json_text(single, value, true, [&](entity e) { return id_of(w, e); });
    const std::string key = "\"" + f.name + "\":";
    const std::size_t at = json.find(key);
    if (at == std::string::npos || json.size() < at + key.size() + 1) return json;
    return json.substr(at + key.size(), json.size() - 1 - (at + key.size()));
}

std::string floats(std::initializer_list<float> values) {
    std::ostringstream out;
    out << '[';
    bool first = true;
    for (const float v : values) {
        out << (first ? "" : ",") << v;
        first = false;
    }
    out << ']';
    return out.str();
}

std::string keys_down(const std::array<std::uint8_t, key_count>& keys) {
    std::string out = "[";
    for (int i = 0; i < key_count; ++i) {
        if (keys[static_cast<std::size_t>(i)] == 0) continue;
        out += (out.size() > 1 ? "," : "") + std::to_string(i);
    }
    return out + "]";
}

std::optional<state_difference> resources_difference(const resource_state& a,
                                                     const resource_state& b) {
    struct item {
        const char* component;
        const char* field;
        std::function<std::string(const resource_state&)> show;
    };
    const item items[] = {
        {"Random", "state", [](const resource_state& r) { return std::to_string(r.random); }},
        {"Physics", "gravity",
         [](const resource_state& r) {
             return floats({r.gravity.x, r.gravity.y});
         }},
        {"Input", "down", [](const resource_state& r) { return keys_down(r.input.down); }},
        {"Input", "pressed", [](const resource_state& r) { return keys_down(r.input.pressed); }},
        {"Input", "released", [](const resource_state& r) { return keys_down(r.input.released); }},
        {"Input", "previous", [](const resource_state& r) { return keys_down(r.input.previous); }},
        {"Input", "mouse_down",
         [](const resource_state& r) {
             return floats({static_cast<float>(r.input.mouse_down[0]),
                            static_cast<float>(r.input.mouse_down[1]),
                            static_cast<float>(r.input.mouse_down[2])});
         }},
        {"Input", "mouse_position",
         [](const resource_state& r) {
             return floats({r.input.mouse_position.x, r.input.mouse_position.y});
         }},
        {"Input", "mouse_pixels",
         [](const resource_state& r) {
             return floats({r.input.mouse_pixels.x, r.input.mouse_pixels.y});
         }},
        {"Input", "scroll", [](const resource_state& r) { return floats({r.input.scroll}); }},
        {"Contacts", "max_contacts",
         [](const resource_state& r) { return std::to_string(r.max_contacts); }},
        {"Contacts", "truncated",
         [](const resource_state& r) {
             return std::string(r.contacts_truncated ? "true" : "false");
         }},
        {"Contacts", "truncated_ticks",
         [](const resource_state& r) { return std::to_string(r.truncated_ticks); }},
        {"Contacts", "ignored_colliders",
         [](const resource_state& r) { return std::to_string(r.ignored_colliders); }},
    };
    for (const item& i : items) {
        std::string x = i.show(a), y = i.show(b);
        if (x != y) return state_difference{"", i.component, i.field, std::move(x), std::move(y)};
    }
    std::string ea, eb;
    encode_resources(a, ea);
    encode_resources(b, eb);
    if (ea != eb) return state_difference{"", "resources", "", "(bytes)", "(other bytes)"};
    return std::nullopt;
}

std::optional<state_difference> entity_difference(const scene& a, entity ea, const scene& b,
                                                  entity eb, std::uint64_t id,
                                                  const component_table& table) {
    const world& wa = a.world;
    const world& wb = b.world;
    const std::string who = label(wa, ea, id);
    if (name_of(wa, ea) != name_of(wb, eb))
        return state_difference{who, "", "name", name_of(wa, ea), name_of(wb, eb)};
    if (wa.is_active(ea) != wb.is_active(eb)) {
        return state_difference{who, "", "enabled", wa.is_active(ea) ? "true" : "false",
                                wb.is_active(eb) ? "true" : "false"};
    }
    const auto parent = [](const world& w, entity e) {
        const Parent* p = w.try_get<Parent>(e);
        return std::to_string(p ? id_of(w, p->entity) : 0);
    };
    if (parent(wa, ea) != parent(wb, eb))
        return state_difference{who, "", "parent", parent(wa, ea), parent(wb, eb)};
    for (const component_info* info : table.all()) {
        if (info->flags.not_saved || detail::is_identity_component(info->type)) continue;
        const void* va = wa.try_get(ea, info->type);
        const void* vb = wb.try_get(eb, info->type);
        if (!va && !vb) continue;
        if (!va || !vb) {
            return state_difference{who, info->name, "", va ? "present" : "absent",
                                    vb ? "present" : "absent"};
        }
        const bool on_a =
            wa.pool(info->type)->position(ea.index) < wa.pool(info->type)->enabled_size();
        const bool on_b =
            wb.pool(info->type)->position(eb.index) < wb.pool(info->type)->enabled_size();
        if (on_a != on_b) {
            return state_difference{who, info->name, "enabled", on_a ? "true" : "false",
                                    on_b ? "true" : "false"};
        }
        for (const field_info& f : info->fields) {
            std::string x = field_text(*info, f, wa, va), y = field_text(*info, f, wb, vb);
            if (x != y)
                return state_difference{who, info->name, f.name, std::move(x), std::move(y)};
        }
    }
    const auto unknown = [](const scene& s, std::uint64_t file_id) {
        const auto it = s.unknown.find(file_id);
        return it == s.unknown.end() ? std::vector<unknown_component>{} : it->second;
    };
    const std::vector<unknown_component> ua = unknown(a, id), ub = unknown(b, id);
    if (ua != ub) {
        std::string x, y;
        for (const unknown_component& u : ua) x += u.name + u.json;
        for (const unknown_component& u : ub) y += u.name + u.json;
        return state_difference{who, "(unknown components)", "", x, y};
    }
    return std::nullopt;
}

std::optional<state_difference> scene_difference(const scene& a, const scene& b,
                                                 const component_table& table) {
    const id_map ia = ids_of(a), ib = ids_of(b);
    std::set<std::uint64_t> all;
    for (const auto& [id, e] : ia) all.insert(id);
    for (const auto& [id, e] : ib) all.insert(id);
    for (const std::uint64_t id : all) {
        const auto at = ia.find(id), bt = ib.find(id);
        if (at == ia.end()) {
            return state_difference{label(b.world, bt->second, id), "", "", "absent", "present"};
        }
        if (bt == ib.end()) {
            return state_difference{label(a.world, at->second, id), "", "", "present", "absent"};
        }
        if (auto d = entity_difference(a, at->second, b, bt->second, id, table)) return d;
    }
    if (a.systems != b.systems)
        return state_difference{"", "systems", "", "(settings)", "(other settings)"};
    if (a.settings != b.settings) return state_difference{"", "scene settings", "", "", ""};
    return std::nullopt;
}

}  // namespace

std::string state_difference::to_string() const {
    std::string out;
    if (!entity.empty()) out += "entity " + entity;
    if (!component.empty())
        out += (out.empty() ? "" : ", ") + std::string("component ") + component;
    if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field ") + field;
    return out + ": recorded " + recorded + ", replay " + now;
}

std::optional<state_difference> first_difference(const world_state& recorded,
                                                 const world_state& now,
                                                 const component_table& table,
                                                 std::vector<diagnostic>& problems) {
    if (recorded.tick != now.tick) {
        return state_difference{"", "", "tick", std::to_string(recorded.tick),
                                std::to_string(now.tick)};
    }
    if (auto d = resources_difference(recorded.resources, now.resources)) return d;
    if (same_scene_bytes(recorded.scene, now.scene)) return std::nullopt;
    load_result<scene> a = restore_scene(recorded, table, {}, "recorded state");
    load_result<scene> b = restore_scene(now, table, {}, "replayed state");
    problems.insert(problems.end(), a.diagnostics.begin(), a.diagnostics.end());
    problems.insert(problems.end(), b.diagnostics.begin(), b.diagnostics.end());
    if (!a.ok() || !b.ok()) return std::nullopt;
    if (auto d = scene_difference(*a.value, *b.value, table)) return d;
    // Same content, other bytes (the order of something the comparison does not see).
    return state_difference{"", "scene", "", "(bytes)", "(other bytes, same content)"};
}

}  // namespace mosaic
