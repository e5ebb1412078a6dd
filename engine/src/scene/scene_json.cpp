// Scene and archetype files in JSON.
//
// Sections: 1. writing  2. reading (root, settings, systems, entities)  3. archetypes
#include "mosaic/engine/scene/scene_json.hpp"

#include <algorithm>
#include <cstring>
#include <ostream>
#include <set>
#include <unordered_map>

#include "capped_output.hpp"
#include "component_json.hpp"
#include "identity.hpp"
#include "json_support.hpp"
#include "mosaic/engine/components.hpp"
#include "read_context.hpp"

namespace mosaic {

namespace {

constexpr const char* scene_format_tag = "mosaic.scene";
constexpr const char* archetype_format_tag = "mosaic.archetype";

cereal::JSONOutputArchive::Options json_options() {
    return cereal::JSONOutputArchive::Options(324 /* rapidjson default: shortest round-trip form */,
                                              cereal::JSONOutputArchive::Options::IndentChar::space,
                                              2);
}

// --- 1. writing ------------------------------------------------------------------------------

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

// Writes the "components" object of an entity or archetype: registered components and kept
// unknown ones, together in name order.
struct component_entry {
    std::string_view name;
    const component_info* info = nullptr;  // registered ...
    const void* value = nullptr;
    bool enabled = true;
    const unknown_component* unknown = nullptr;  // ... or kept verbatim
};

void write_components(cereal::JSONOutputArchive& ar, std::vector<component_entry> entries,
                      const detail::entity_id_fn& id_of) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.name < b.name; });
    detail::begin_object(ar, "components");
    for (const component_entry& c : entries) {
        const std::string name(c.name);
        if (c.unknown) {
            rapidjson::Document doc;
            doc.Parse<detail::json_parse_flags>(c.unknown->json.c_str());
            if (doc.HasParseError() || !doc.IsObject()) continue;  // never stored that way
            ar.setNextName(name.c_str());
            detail::save_json_value(ar, doc);
            continue;
        }
        detail::write_component(ar, name.c_str(), *c.info, c.value, c.enabled, id_of);
    }
    detail::end_node(ar);
}

// Warns once per unregistered type per save.
struct unsaved_types {
    std::set<type_id> seen;
    std::vector<diagnostic>* out;
    void note(type_id type) {
        if (!seen.insert(type).second) return;
        const type_info* info = find_type(type);
        diagnostic d;
        d.severity = diagnostic::level::warning;
        d.message = "component type " + std::string(info ? info->name : "?") +
                    " is not registered in the component table: it is not saved";
        out->push_back(std::move(d));
    }
};

}  // namespace

std::vector<diagnostic> save_scene_json(scene& s, const component_table& table, std::ostream& out,
                                        std::size_t max_bytes) {
    std::vector<diagnostic> warnings = check_scene_limits(s);
    if (!warnings.empty()) return warnings;
    unsaved_types unsaved{{}, &warnings};
    s.assign_missing_ids();
    world& w = s.world;
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

    detail::capped_streambuf capped(out.rdbuf(), max_bytes);
    std::ostream limited(&capped);
    {
        cereal::JSONOutputArchive ar(limited, json_options());
        detail::key(ar, "format");
        ar.saveValue(scene_format_tag);
        detail::key(ar, "version");
        ar.saveValue(scene_format_version);
        write_settings(ar, s.settings);
        write_systems(ar, s.systems);

        detail::begin_array(ar, "entities");
        std::vector<component_entry> entries;
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
            write_components(ar, entries, id_of);
            detail::end_node(ar);
        }
        detail::end_node(ar);
    }
    limited << '\n';
    limited.flush();
    if (auto error = detail::write_failure(capped, limited, max_bytes, "JSON")) {
        warnings.push_back(std::move(*error));
        out.setstate(std::ios::badbit);
    }
    return warnings;
}

// --- 2. reading ------------------------------------------------------------------------------

namespace {

using detail::has_nul;
using detail::has_nul_key;

// Two members with one key: readers would see only the first and lose the second silently.
void refuse_duplicate_keys(const rapidjson::Value& doc, detail::read_context& ctx) {
    if (auto d = detail::find_duplicate_key(doc)) {
        ctx.fail(
            d->path.empty() ? d->key : d->path + "." + d->key,
            "the key \"" + d->key + "\" appears twice in one object (the second would be lost)");
    }
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    const auto it = object.FindMember(name);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

void read_floats(const rapidjson::Value& v, float* out, int n, detail::read_context& ctx,
                 const std::string& path) {
    if (!v.IsArray() || v.Size() != static_cast<rapidjson::SizeType>(n)) {
        ctx.fail(path, "expected an array of " + std::to_string(n) + " numbers, found " +
                           std::string(detail::describe(v)));
    }
    for (int i = 0; i < n; ++i) {
        const auto& item = v[static_cast<rapidjson::SizeType>(i)];
        if (!item.IsNumber()) {
            ctx.fail(path + "[" + std::to_string(i) + "]",
                     "expected a number, found " + std::string(detail::describe(item)));
        }
        out[i] = static_cast<float>(item.GetDouble());
    }
}

void read_settings(const rapidjson::Value& v, scene_settings& s, detail::read_context& ctx) {
    if (!v.IsObject())
        ctx.fail("settings", "expected an object, found " + std::string(detail::describe(v)));
    for (const auto& m : v.GetObject()) {
        const std::string name = m.name.GetString();
        const std::string path = "settings." + name;
        if (name == "gravity") {
            read_floats(m.value, &s.gravity.x, 2, ctx, path);
        } else if (name == "background") {
            read_floats(m.value, &s.background.r, 4, ctx, path);
        } else if (name == "camera") {
            if (!m.value.IsObject())
                ctx.fail(path,
                         "expected an object, found " + std::string(detail::describe(m.value)));
            if (const auto* p = member(m.value, "position")) {
                read_floats(*p, &s.camera_position.x, 2, ctx, path + ".position");
            }
            if (const auto* z = member(m.value, "zoom")) {
                if (!z->IsNumber())
                    ctx.fail(path + ".zoom",
                             "expected a number, found " + std::string(detail::describe(*z)));
                s.camera_zoom = static_cast<float>(z->GetDouble());
            }
        } else {
            ctx.warn(path, "unknown setting '" + name + "' (ignored)");
        }
    }
}

void read_systems(const rapidjson::Value& v, std::vector<system_setting>& out,
                  detail::read_context& ctx) {
    if (!v.IsArray())
        ctx.fail("systems", "expected an array, found " + std::string(detail::describe(v)));
    if (auto error = detail::over_limit(v.Size(), "systems", scene_limits::max_systems))
        ctx.fail("systems", std::move(*error));
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
        const std::string path = "systems[" + std::to_string(i) + "]";
        const auto& item = v[i];
        if (!item.IsObject())
            ctx.fail(path, "expected an object, found " + std::string(detail::describe(item)));
        system_setting s;
        const auto* name = member(item, "name");
        if (!name || !name->IsString())
            ctx.fail(path + ".name", "expected the system's name (a string)");
        if (has_nul(*name)) ctx.fail(path + ".name", "the name contains a NUL character");
        if (auto error = detail::over_limit(name->GetStringLength(), "bytes in the name",
                                            scene_limits::max_name_bytes))
            ctx.fail(path + ".name", std::move(*error));
        s.name = name->GetString();
        if (const auto* enabled = member(item, "enabled")) {
            if (!enabled->IsBool())
                ctx.fail(path + ".enabled", "expected true or false, found " +
                                                std::string(detail::describe(*enabled)));
            s.enabled = enabled->GetBool();
        }
        if (const auto* ticks = member(item, "every_ticks")) {
            if (!ticks->IsUint() || ticks->GetUint() == 0)
                ctx.fail(path + ".every_ticks", "expected a whole number >= 1");
            s.rate = rate::every_n_ticks(ticks->GetUint());
        } else if (const auto* seconds = member(item, "every_seconds")) {
            if (!seconds->IsNumber() || !(seconds->GetDouble() > 0))
                ctx.fail(path + ".every_seconds", "expected a number of seconds > 0");
            s.rate = rate::interval(seconds->GetDouble());
        }
        out.push_back(std::move(s));
    }
}

// Which components a "components" object may hold: a scene stores its entities' names and
// parents as entity keys, an archetype (which has no entity keys) keeps its Name here.
enum class component_owner { scene_entity, archetype };

// Reads a "components" object into entity `e` (or, for archetypes, into `proto`).
template <class Store, class KeepUnknown>
void read_components(const rapidjson::Value& v, const component_table& table,
                     detail::read_context& ctx, const std::string& path, bool versions_required,
                     component_owner owner, Store&& store, KeepUnknown&& keep_unknown) {
    if (!v.IsObject())
        ctx.fail(path,
                 "expected an object of components, found " + std::string(detail::describe(v)));
    std::vector<std::byte> buffer;
    std::uint64_t unknown_count = 0;
    for (const auto& m : v.GetObject()) {
        const std::string name(m.name.GetString(), m.name.GetStringLength());
        const std::string component_path = path + "." + name;
        if (has_nul(m.name)) ctx.fail(path, "a component name contains a NUL character");
        const component_info* info = table.find(std::string_view(name));
        if (!info) {
            if (!m.value.IsObject())
                ctx.fail(component_path,
                         "expected an object, found " + std::string(detail::describe(m.value)));
            // Kept text must load again from either format; binary files refuse such keys.
            if (has_nul_key(m.value))
                ctx.fail(component_path, "a key in the component has a NUL character");
            if (auto error = detail::over_limit(++unknown_count, "components of unknown types",
                                                scene_limits::max_unknown_per_entity))
                ctx.fail(path, std::move(*error));
            if (auto error = detail::over_limit(name.size(), "bytes in the component's name",
                                                scene_limits::max_name_bytes))
                ctx.fail(component_path, std::move(*error));
            std::string json = detail::to_json_text(m.value);
            if (auto error = detail::over_limit(json.size(), "bytes of JSON (compact)",
                                                scene_limits::max_unknown_json_bytes))
                ctx.fail(component_path, std::move(*error));
            if (keep_unknown(unknown_component{name, std::move(json)})) {
                ctx.warn(component_path, "unknown component type '" + name +
                                             "': kept as it is and saved back, but not used");
            } else {
                ctx.warn(component_path, "unknown component type '" + name + "' (dropped)");
            }
            continue;
        }
        const bool archetype_name =
            owner == component_owner::archetype && info->type == type_id_of<Name>();
        if (info->flags.not_saved ||
            (detail::is_identity_component(info->type) && !archetype_name)) {
            ctx.warn(component_path,
                     "component '" + name + "' is not stored in scene files (ignored)");
            continue;
        }
        buffer.assign(info->prototype.begin(), info->prototype.end());
        const bool enabled = detail::read_component(m.value, *info, buffer.data(), ctx,
                                                    component_path, versions_required);
        store(*info, buffer.data(), enabled);
    }
}

struct scene_reader {
    const component_table& table;
    detail::read_context& ctx;
    scene& out;
    std::uint32_t format_version = scene_format_version;

    void read(const rapidjson::Value& root) {
        if (!root.IsObject())
            ctx.fail("", "expected a scene object at the top, found " +
                             std::string(detail::describe(root)));
        const auto* format = member(root, "format");
        if (!format || !format->IsString() ||
            std::string_view(format->GetString()) != scene_format_tag) {
            ctx.fail("format", std::string("not a Mosaic scene: expected \"format\": \"") +
                                   scene_format_tag + "\"");
        }
        const auto* version = member(root, "version");
        if (!version || !version->IsUint())
            ctx.fail("version", "expected the format version (a whole number)");
        format_version = version->GetUint();
        if (format_version == 0 || format_version > scene_format_version) {
            ctx.fail("version", "format version " + std::to_string(format_version) +
                                    " is not one this build reads (1 to " +
                                    std::to_string(scene_format_version) +
                                    "); written by a newer Mosaic?");
        }
        if (const auto* settings = member(root, "settings"))
            read_settings(*settings, out.settings, ctx);
        if (const auto* systems = member(root, "systems")) read_systems(*systems, out.systems, ctx);
        const auto* entities = member(root, "entities");
        if (!entities) ctx.fail("entities", "the scene has no \"entities\" array");
        if (!entities->IsArray())
            ctx.fail("entities",
                     "expected an array, found " + std::string(detail::describe(*entities)));
        create_entities(*entities);
        for (rapidjson::SizeType i = 0; i < entities->Size(); ++i) {
            if ((i & 0xfff) == 0) ctx.progress(0.5 + 0.5 * i / entities->Size());
            fill_entity((*entities)[i], i);
        }
        detail::break_parent_cycles(out.world, ctx);
    }

    // Pass 1: every entity exists (with its file id) before any reference is read.
    void create_entities(const rapidjson::Value& entities) {
        if (auto error =
                detail::over_limit(entities.Size(), "entities", scene_limits::max_entities))
            ctx.fail("entities", std::move(*error));
        std::unordered_map<std::uint64_t, rapidjson::SizeType> first_use;
        for (rapidjson::SizeType i = 0; i < entities.Size(); ++i) {
            const std::string path = "entities[" + std::to_string(i) + "]";
            const auto& item = entities[i];
            if (!item.IsObject())
                ctx.fail(path,
                         "expected an entity object, found " + std::string(detail::describe(item)));
            const auto* id = member(item, "id");
            if (!id || !id->IsUint64() || id->GetUint64() == 0) {
                ctx.fail(path + ".id", "expected the entity's id (a whole number >= 1)");
            }
            const std::uint64_t value = id->GetUint64();
            if (const auto [it, fresh] = first_use.emplace(value, i); !fresh) {
                ctx.fail(path + ".id", "id " + std::to_string(value) +
                                           " is used twice (also by entities[" +
                                           std::to_string(it->second) + "])");
            }
            const entity e = out.world.create();
            out.world.add<EntityId>(e, value);
            ctx.entities.emplace(value, e);
        }
    }

    void fill_entity(const rapidjson::Value& item, rapidjson::SizeType index) {
        const std::string path = "entities[" + std::to_string(index) + "]";
        const std::uint64_t id = member(item, "id")->GetUint64();
        const entity e = ctx.entities.at(id);
        for (const auto& m : item.GetObject()) {
            const std::string_view name(m.name.GetString(), m.name.GetStringLength());
            const std::string member_path = path + "." + std::string(name);
            if (name == "id" || name == "components") continue;
            if (name == "name") {
                if (!m.value.IsString())
                    ctx.fail(member_path,
                             "expected a string, found " + std::string(detail::describe(m.value)));
                Name n;
                const std::string_view text(m.value.GetString(), m.value.GetStringLength());
                if (text.find('\0') != std::string_view::npos)
                    ctx.fail(member_path, "the name contains a NUL character");
                if (text.size() >= sizeof n.value)
                    ctx.warn(member_path,
                             "name cut to " + std::to_string(sizeof n.value - 1) + " bytes");
                std::memcpy(n.value, text.data(), std::min(text.size(), sizeof n.value - 1));
                out.world.add_or_replace<Name>(e, n);
            } else if (name == "enabled" || (name == "active" && format_version == 1)) {
                if (!m.value.IsBool())
                    ctx.fail(member_path, "expected true or false, found " +
                                              std::string(detail::describe(m.value)));
                out.world.set_active(e, m.value.GetBool());
            } else if (name == "parent") {
                if (!m.value.IsUint64())
                    ctx.fail(member_path, "expected the parent's id (a whole number)");
                const entity parent = ctx.resolve(m.value.GetUint64(), member_path);
                if (parent == e) {
                    ctx.warn(member_path,
                             "an entity cannot be its own parent; the link is dropped");
                } else if (!parent.is_null()) {
                    out.world.add_or_replace<Parent>(e, parent);
                }
            } else {
                ctx.warn(member_path, "unknown entity key '" + std::string(name) + "' (ignored)");
            }
        }
        if (const auto* components = member(item, "components")) {
            read_components(
                *components, table, ctx, path + ".components", format_version >= 2,
                component_owner::scene_entity,
                [&](const component_info& info, const void* value, bool enabled) {
                    out.world.set_copy(e, info.type, value);  // a repeated key: last wins
                    out.world.set_enabled(e, info.type, enabled);
                },
                [&](unknown_component u) {
                    out.unknown[id].push_back(std::move(u));
                    return true;
                });
        }
    }
};

}  // namespace

load_result<scene> load_scene_json(std::string_view text, const component_table& table,
                                   const std::string& file_name, const load_progress& progress) {
    load_result<scene> result;
    detail::read_context ctx(file_name, text, result.diagnostics);
    ctx.report_progress_to(&progress);
    try {
        rapidjson::Document doc;
        // Parsing is the first half of the work, reading the document the second.
        const auto parse_progress = [&](double parsed) { return ctx.keep_going(parsed / 2); };
        if (auto failure = detail::parse_json(text, doc, parse_progress)) {
            if (failure->cancelled) ctx.fail("", failure->message);
            ctx.fail_at(failure->offset, failure->message);
        }
        refuse_duplicate_keys(doc, ctx);
        scene loaded;
        scene_reader{table, ctx, loaded}.read(doc);
        ctx.finish();
        result.value.emplace(std::move(loaded));
    } catch (const detail::load_failed&) {
        // the error is in the diagnostics
    } catch (const std::exception& e) {
        // Our checks should leave nothing for rapidjson or cereal to complain about; if one
        // does, the user still gets a message and an untouched scene.
        result.diagnostics.push_back({diagnostic::level::error, file_name, "", 0, 0,
                                      std::string("could not read the file: ") + e.what()});
    }
    return result;
}

// --- 3. archetypes ---------------------------------------------------------------------------

std::vector<diagnostic> save_archetype_json(const archetype& a, const component_table& table,
                                            std::ostream& out) {
    std::vector<diagnostic> warnings;
    unsaved_types unsaved{{}, &warnings};
    {
        cereal::JSONOutputArchive ar(out, json_options());
        detail::key(ar, "format");
        ar.saveValue(archetype_format_tag);
        detail::key(ar, "version");
        ar.saveValue(scene_format_version);
        detail::key(ar, "name");
        ar.saveValue(a.name());
        std::vector<component_entry> entries;
        for (const type_id type : a.types()) {
            const component_info* info = table.find(type);
            if (!info) {
                unsaved.note(type);
                continue;
            }
            if (info->flags.not_saved) continue;
            entries.push_back({info->name, info, a.find(type), a.is_enabled(type), nullptr});
        }
        // Prototypes cannot refer to particular entities: references are saved as none.
        write_components(ar, entries, [](entity) -> std::uint64_t { return 0; });
    }
    out << '\n';
    return warnings;
}

load_result<archetype> load_archetype_json(std::string_view text, const component_table& table,
                                           const std::string& file_name) {
    load_result<archetype> result;
    detail::read_context ctx(file_name, text, result.diagnostics);
    try {
        rapidjson::Document doc;
        if (auto failure = detail::parse_json(text, doc))
            ctx.fail_at(failure->offset, failure->message);
        refuse_duplicate_keys(doc, ctx);
        if (!doc.IsObject()) ctx.fail("", "expected an archetype object at the top");
        const auto* format = member(doc, "format");
        if (!format || !format->IsString() ||
            std::string_view(format->GetString()) != archetype_format_tag) {
            ctx.fail("format", std::string("not a Mosaic archetype: expected \"format\": \"") +
                                   archetype_format_tag + "\"");
        }
        const auto* version = member(doc, "version");
        if (!version || !version->IsUint() || version->GetUint() == 0 ||
            version->GetUint() > scene_format_version) {
            ctx.fail("version",
                     "expected a format version from 1 to " + std::to_string(scene_format_version));
        }
        const auto* name = member(doc, "name");
        if (!name || !name->IsString())
            ctx.fail("name", "expected the archetype's name (a string)");
        archetype loaded(name->GetString());
        if (const auto* components = member(doc, "components")) {
            read_components(
                *components, table, ctx, "components", version->GetUint() >= 2,
                component_owner::archetype,
                [&](const component_info& info, const void* value, bool enabled) {
                    loaded.set(info.type, value, enabled);
                },
                [](const unknown_component&) { return false; });  // archetypes keep none
        }
        ctx.finish();
        result.value.emplace(std::move(loaded));
    } catch (const detail::load_failed&) {
    } catch (const std::exception& e) {
        result.diagnostics.push_back({diagnostic::level::error, file_name, "", 0, 0,
                                      std::string("could not read the file: ") + e.what()});
    }
    return result;
}

}  // namespace mosaic
