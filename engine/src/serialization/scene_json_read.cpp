// Reading scene files in JSON: the syntax here, the scene rules in the scene builder.
#include "mosaic/engine/scene/scene_json.hpp"

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "mosaic/engine/scene/scene_limits.hpp"
#include "scene_json_common.hpp"

namespace mosaic {

namespace {

using detail::member;
using detail::path_place;

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

void read_systems(const rapidjson::Value& v, detail::scene_builder& builder,
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
        path_place name_at(ctx, path + ".name");
        const auto* name = member(item, "name");
        if (!name || !name->IsString()) name_at.fail("expected the system's name (a string)");
        if (auto error = detail::over_limit(name->GetStringLength(), "bytes in the name",
                                            scene_limits::max_name_bytes))
            name_at.fail(std::move(*error));
        s.name.assign(name->GetString(), name->GetStringLength());
        if (const auto* enabled = member(item, "enabled")) {
            if (!enabled->IsBool())
                ctx.fail(path + ".enabled", "expected true or false, found " +
                                                std::string(detail::describe(*enabled)));
            s.enabled = enabled->GetBool();
        }
        // What is not a count or a number goes to the builder as an invalid one (0, NaN).
        if (const auto* ticks = member(item, "every_ticks")) {
            path_place at(ctx, path + ".every_ticks");
            s.rate =
                detail::scene_builder::ticks_rate(ticks->IsUint64() ? ticks->GetUint64() : 0, at);
        } else if (const auto* seconds = member(item, "every_seconds")) {
            path_place at(ctx, path + ".every_seconds");
            s.rate = detail::scene_builder::seconds_rate(
                seconds->IsNumber() ? seconds->GetDouble()
                                    : std::numeric_limits<double>::quiet_NaN(),
                at);
        }
        builder.add_system(std::move(s), name_at);
    }
}

struct scene_reader {
    const component_table& table;
    detail::read_context& ctx;
    detail::scene_builder& builder;
    std::uint32_t format_version = scene_format_version;
    std::string* prefab_name = nullptr;  // reading a prefab: its name goes here

    void read(const rapidjson::Value& root) {
        const char* what = prefab_name ? "prefab" : "scene";
        const char* tag = prefab_name ? detail::prefab_format_tag : detail::scene_format_tag;
        if (!root.IsObject())
            ctx.fail("", std::string("expected a ") + what + " object at the top, found " +
                             std::string(detail::describe(root)));
        const auto* format = member(root, "format");
        if (!format || !format->IsString() || std::string_view(format->GetString()) != tag) {
            ctx.fail("format", std::string("not a Mosaic ") + what + ": expected \"format\": \"" +
                                   tag + "\"");
        }
        const auto* version = member(root, "version");
        if (!version || !version->IsUint())
            ctx.fail("version", "expected the format version (a whole number)");
        format_version = version->GetUint();
        path_place version_place(ctx, "version");
        detail::scene_builder::check_format_version(format_version, scene_format_version,
                                                    version_place);
        if (prefab_name) {
            const auto* name = member(root, "name");
            if (!name || !name->IsString())
                ctx.fail("name", "expected the prefab's name (a string)");
            if (auto error = detail::over_limit(name->GetStringLength(), "bytes in the name",
                                                scene_limits::max_name_bytes))
                ctx.fail("name", std::move(*error));
            prefab_name->assign(name->GetString(), name->GetStringLength());
        }
        scene& out = builder.draft();
        if (prefab_name) {
            // A prefab is entities only: a scene's settings and systems are not its own.
            for (const char* key : {"settings", "systems"}) {
                if (member(root, key))
                    ctx.warn(key, std::string("a prefab has no ") + key + " (ignored)");
            }
        } else {
            if (const auto* settings = member(root, "settings"))
                read_settings(*settings, out.settings, ctx);
            if (const auto* systems = member(root, "systems")) read_systems(*systems, builder, ctx);
        }
        const auto* entities = member(root, "entities");
        if (!entities)
            ctx.fail("entities", std::string("the ") + what + " has no \"entities\" array");
        if (!entities->IsArray())
            ctx.fail("entities",
                     "expected an array, found " + std::string(detail::describe(*entities)));
        create_entities(*entities);
        for (rapidjson::SizeType i = 0; i < entities->Size(); ++i) {
            if ((i & 0xfff) == 0) ctx.progress(0.5 + 0.5 * i / entities->Size());
            fill_entity((*entities)[i], i);
        }
    }

    // Pass 1: every entity exists (with its file id) before any reference is read.
    void create_entities(const rapidjson::Value& entities) {
        if (auto error =
                detail::over_limit(entities.Size(), "entities", scene_limits::max_entities))
            ctx.fail("entities", std::move(*error));
        std::vector<std::uint64_t> ids;
        ids.reserve(entities.Size());
        for (rapidjson::SizeType i = 0; i < entities.Size(); ++i) {
            const std::string path = "entities[" + std::to_string(i) + "]";
            const auto& item = entities[i];
            if (!item.IsObject())
                ctx.fail(path,
                         "expected an entity object, found " + std::string(detail::describe(item)));
            const auto* id = member(item, "id");
            if (!id || !id->IsUint64())
                ctx.fail(path + ".id", "expected the entity's id (a whole number >= 1)");
            ids.push_back(id->GetUint64());
        }
        std::optional<path_place> place;
        builder.create_entities(std::move(ids), [&](std::size_t i) -> detail::file_place& {
            return place.emplace(ctx, "entities[" + std::to_string(i) + "].id");
        });
    }

    // "prefab": {"path": ..., "node": N}, with "components" (overridden fields, added
    // components) and "removed" (component names) kept as they are until resolved.
    void read_prefab_link(const rapidjson::Value& item, const rapidjson::Value& link,
                          rapidjson::SizeType index, path_place& place) {
        if (!link.IsObject())
            place.fail("expected the prefab link (an object with \"path\" and \"node\"), found " +
                       std::string(detail::describe(link)));
        const auto* path = member(link, "path");
        if (!path || !path->IsString()) place.fail("expected the prefab's \"path\" (a string)");
        const auto* node = member(link, "node");
        if (!node || !node->IsUint64())
            place.fail("expected the prefab entity's \"node\" id (a whole number >= 1)");
        rapidjson::Document overrides(rapidjson::kObjectType);
        for (const char* key : {"components", "removed"}) {
            const auto* v = member(item, key);
            if (!v) continue;
            const std::string at = place.path().substr(0, place.path().rfind('.')) + "." + key;
            if (std::string_view(key) == "components" ? !v->IsObject() : !v->IsArray())
                ctx.fail(at,
                         std::string("expected ") +
                             (std::string_view(key) == "components" ? "an object" : "an array") +
                             ", found " + std::string(detail::describe(*v)));
            if (detail::has_nul_key(*v)) ctx.fail(at, "a key holds a NUL character");
            rapidjson::Value copy(*v, overrides.GetAllocator());
            overrides.AddMember(rapidjson::StringRef(key), copy, overrides.GetAllocator());
        }
        std::string text = overrides.MemberCount() ? detail::to_json_text(overrides) : "";
        if (auto error = detail::over_limit(text.size(), "bytes of overrides (compact JSON)",
                                            scene_limits::max_unknown_json_bytes))
            place.fail(std::move(*error));
        builder.set_prefab_link(index, {path->GetString(), path->GetStringLength()},
                                node->GetUint64(), std::move(text), place);
    }

    void fill_entity(const rapidjson::Value& item, rapidjson::SizeType index) {
        const std::string path = "entities[" + std::to_string(index) + "]";
        const entity e = builder.entity_at(index);
        for (const auto& m : item.GetObject()) {
            const std::string_view name(m.name.GetString(), m.name.GetStringLength());
            path_place place(ctx, path + "." + std::string(name));
            if (name == "id" || name == "components" || name == "removed") continue;
            if (name == "name") {
                if (!m.value.IsString())
                    place.fail("expected a string, found " +
                               std::string(detail::describe(m.value)));
                builder.set_name(e, {m.value.GetString(), m.value.GetStringLength()}, place);
            } else if (name == "enabled" || (name == "active" && format_version == 1)) {
                if (!m.value.IsBool())
                    place.fail("expected true or false, found " +
                               std::string(detail::describe(m.value)));
                builder.set_enabled(e, m.value.GetBool());
            } else if (name == "parent") {
                if (!m.value.IsUint64()) place.fail("expected the parent's id (a whole number)");
                builder.set_parent(e, m.value.GetUint64(), place);
            } else if (name == "prefab") {
                read_prefab_link(item, m.value, index, place);
            } else {
                place.warn("unknown entity key '" + std::string(name) + "' (ignored)", {});
            }
        }
        if (member(item, "prefab")) return;  // the link keeps the components as overrides
        if (member(item, "removed"))
            ctx.warn(path + ".removed",
                     "only an instance has removed "
                     "components (ignored)");
        if (const auto* components = member(item, "components")) {
            detail::components_target target;
            target.scene_entity = e;
            target.entity_index = index;
            detail::read_components(*components, table, builder, ctx, path + ".components",
                                    format_version >= 2, target);
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
        detail::refuse_duplicate_keys(doc, ctx);
        detail::scene_builder builder(ctx);
        scene_reader{table, ctx, builder}.read(doc);
        result.value.emplace(builder.finish());
    } catch (const detail::load_failed&) {
        // the error is in the diagnostics
    } catch (const std::exception& e) {
        // Our checks should leave nothing for rapidjson or cereal to complain about; if one
        // does, the user still gets a message and an untouched scene.
        result.diagnostics.push_back(detail::unexpected_error(file_name, "", e));
    }
    return result;
}

load_result<prefab> load_prefab_json(std::string_view text, const component_table& table,
                                     const std::string& file_name) {
    load_result<prefab> result;
    detail::read_context ctx(file_name, text, result.diagnostics);
    try {
        rapidjson::Document doc;
        if (auto failure = detail::parse_json(text, doc))
            ctx.fail_at(failure->offset, failure->message);
        detail::refuse_duplicate_keys(doc, ctx);
        detail::scene_builder builder(ctx);
        std::string name;
        scene_reader reader{table, ctx, builder};
        reader.prefab_name = &name;
        reader.read(doc);
        scene contents = builder.finish();
        prefab loaded;
        if (auto error = prefab::make(std::move(name), std::move(contents), table, loaded))
            ctx.fail("entities", std::move(*error));
        result.value.emplace(std::move(loaded));
    } catch (const detail::load_failed&) {
        // the error is in the diagnostics
    } catch (const std::exception& e) {
        result.diagnostics.push_back(detail::unexpected_error(file_name, "", e));
    }
    return result;
}

}  // namespace mosaic
