// Writing scene files in JSON. Reading: scene_json_read.cpp; archetypes: archetype_json.cpp.
#include "mosaic/engine/scene/scene_json.hpp"

#include <algorithm>
#include <cstring>
#include <ostream>

#include "capped_output.hpp"
#include "instance_json.hpp"
#include "mosaic/engine/components.hpp"
#include "scene/identity.hpp"
#include "scene_json_common.hpp"

namespace mosaic {

namespace {

void write_floats(cereal::JSONOutputArchive& ar, const char* name, const float* v, int n) {
    detail::begin_array(ar, name);
    for (int i = 0; i < n; ++i) {
        ar.writeName();
        detail::save_float(ar, v[i]);
    }
    detail::end_node(ar);
}

void write_settings(cereal::JSONOutputArchive& ar, const scene_settings& s) {
    detail::begin_object(ar, "settings");
    write_floats(ar, "gravity", &s.gravity.x, 2);
    write_floats(ar, "background", &s.background.r, 4);
    detail::begin_object(ar, "camera");
    write_floats(ar, "position", &s.camera_position.x, 2);
    detail::key(ar, "zoom");
    detail::save_float(ar, s.camera_zoom);
    detail::end_node(ar);
    detail::end_node(ar);
}

void write_systems(cereal::JSONOutputArchive& ar, std::vector<system_setting> systems) {
    std::stable_sort(systems.begin(), systems.end(),
                     [](const auto& a, const auto& b) { return a.name < b.name; });
    detail::begin_array(ar, "systems");
    for (const system_setting& s : systems) {
        detail::begin_object(ar, nullptr);
        detail::key(ar, "name");
        ar.saveValue(s.name);
        detail::key(ar, "enabled");
        ar.saveValue(s.enabled);
        if (s.rate.type == rate::kind::every_n_ticks) {
            detail::key(ar, "every_ticks");
            ar.saveValue(s.rate.ticks);
        } else if (s.rate.type == rate::kind::interval) {
            detail::key(ar, "every_seconds");
            ar.saveValue(s.rate.seconds);
        }
        detail::end_node(ar);
    }
    detail::end_node(ar);
}

// The "entities" array, in file id order (every entity has one by now). Instances' entities
// are written as links plus overrides when `prefabs` resolves them.
void write_entities(cereal::JSONOutputArchive& ar, const scene& s, const component_table& table,
                    detail::unsaved_types& unsaved, prefab_library* prefabs) {
    const world& w = s.world;
    const auto id_of = [&](entity e) -> std::uint64_t {
        const EntityId* id = w.try_get<EntityId>(e);
        return id ? id->value : 0;
    };

    std::vector<std::pair<std::uint64_t, entity>> order;
    order.reserve(w.size());
    w.each([&](entity e) {
        if (detail::is_scene_entity(w, e)) order.emplace_back(id_of(e), e);
    });
    std::sort(order.begin(), order.end());

    const detail::instance_writer instances(s, table, prefabs);
    detail::begin_array(ar, "entities");
    std::vector<detail::component_entry> entries;
    for (const auto& [id, e] : order) {
        detail::begin_object(ar, nullptr);
        detail::key(ar, "id");
        ar.saveValue(id);
        if (const Name* name = w.try_get<Name>(e)) {
            detail::key(ar, "name");
            ar.saveValue(std::string(name->value, strnlen(name->value, sizeof name->value)));
        }
        detail::key(ar, "enabled");
        ar.saveValue(w.is_active(e));
        if (const Parent* parent = w.try_get<Parent>(e); parent && id_of(parent->entity)) {
            detail::key(ar, "parent");
            ar.saveValue(id_of(parent->entity));
        }
        if (instances.write(ar, e, id, id_of)) {
            detail::end_node(ar);
            continue;
        }
        entries.clear();
        for (const type_id type : w.components_of(e)) {
            if (detail::is_identity_component(type)) continue;
            const component_info* info = table.find(type);
            if (!info) {
                unsaved.note(type);
                continue;
            }
            if (info->flags.not_saved) continue;
            entries.push_back(
                {info->name, info, w.try_get(e, type), w.is_enabled(e, type), nullptr});
        }
        if (const auto it = s.unknown.find(id); it != s.unknown.end()) {
            for (const unknown_component& u : it->second) {
                entries.push_back({u.name, nullptr, nullptr, true, &u});
            }
        }
        detail::write_components(ar, entries, id_of);
        detail::end_node(ar);
    }
    detail::end_node(ar);
}

}  // namespace

std::vector<diagnostic> save_scene_json(scene& s, const component_table& table, std::ostream& out,
                                        std::size_t max_bytes) {
    std::vector<diagnostic> warnings = check_scene_limits(s);
    if (!warnings.empty()) return warnings;
    detail::unsaved_types unsaved{{}, &warnings};
    s.assign_missing_ids();

    detail::capped_streambuf capped(out.rdbuf(), max_bytes);
    std::ostream limited(&capped);
    {
        cereal::JSONOutputArchive ar(limited, detail::scene_json_options());
        detail::key(ar, "format");
        ar.saveValue(detail::scene_format_tag);
        detail::key(ar, "version");
        ar.saveValue(scene_format_version);
        write_settings(ar, s.settings);
        write_systems(ar, s.systems);
        write_entities(ar, s, table, unsaved, s.prefabs);
    }
    limited << '\n';
    limited.flush();
    if (auto error = detail::write_failure(capped, limited, max_bytes, "JSON")) {
        warnings.push_back(std::move(*error));
        out.setstate(std::ios::badbit);
    }
    return warnings;
}

std::vector<diagnostic> save_prefab_json(const prefab& p, const component_table& table,
                                         std::ostream& out, prefab_library* prefabs) {
    std::vector<diagnostic> warnings = check_scene_limits(p.contents());
    if (!warnings.empty()) return warnings;
    detail::unsaved_types unsaved{{}, &warnings};
    {
        cereal::JSONOutputArchive ar(out, detail::scene_json_options());
        detail::key(ar, "format");
        ar.saveValue(detail::prefab_format_tag);
        detail::key(ar, "version");
        ar.saveValue(scene_format_version);
        detail::key(ar, "name");
        ar.saveValue(p.name());
        write_entities(ar, p.contents(), table, unsaved, prefabs ? prefabs : p.contents().prefabs);
    }
    out << '\n';
    return warnings;
}

}  // namespace mosaic
