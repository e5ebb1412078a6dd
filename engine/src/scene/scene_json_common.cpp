#include "scene_json_common.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "mosaic/engine/scene/scene_limits.hpp"

namespace mosaic::detail {

cereal::JSONOutputArchive::Options scene_json_options() {
    return cereal::JSONOutputArchive::Options(324 /* rapidjson default: shortest round-trip form */,
                                              cereal::JSONOutputArchive::Options::IndentChar::space,
                                              2);
}

// --- writing ---------------------------------------------------------------------------------

void write_components(cereal::JSONOutputArchive& ar, std::vector<component_entry> entries,
                      const entity_id_fn& id_of) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.name < b.name; });
    begin_object(ar, "components");
    for (const component_entry& c : entries) {
        const std::string name(c.name);
        if (c.unknown) {
            rapidjson::Document doc;
            doc.Parse<json_parse_flags>(c.unknown->json.c_str());
            if (doc.HasParseError() || !doc.IsObject()) continue;  // never stored that way
            ar.setNextName(name.c_str());
            save_json_value(ar, doc);
            continue;
        }
        write_component(ar, name.c_str(), *c.info, c.value, c.enabled, id_of, c.only);
    }
    end_node(ar);
}

void unsaved_types::note(type_id type) {
    if (!seen.insert(type).second) return;
    const type_info* info = find_type(type);
    diagnostic d;
    d.severity = diagnostic::level::warning;
    d.message = "component type " + std::string(info ? info->name : "?") +
                " is not registered in the component table: it is not saved";
    out->push_back(std::move(d));
}

// --- reading ---------------------------------------------------------------------------------

void refuse_duplicate_keys(const rapidjson::Value& doc, read_context& ctx) {
    if (auto d = find_duplicate_key(doc)) {
        ctx.fail(
            d->path.empty() ? d->key : d->path + "." + d->key,
            "the key \"" + d->key + "\" appears twice in one object (the second would be lost)");
    }
}

void read_components(const rapidjson::Value& v, const component_table& table,
                     scene_builder& builder, read_context& ctx, const std::string& path,
                     bool versions_required, const components_target& target) {
    if (!v.IsObject())
        ctx.fail(path, "expected an object of components, found " + std::string(describe(v)));
    std::vector<std::byte> buffer;
    std::uint64_t unknown_count = 0;
    for (const auto& m : v.GetObject()) {
        const std::string name(m.name.GetString(), m.name.GetStringLength());
        std::string place_path = path;
        place_path += '.';
        place_path += name;
        path_place place(ctx, std::move(place_path));
        if (has_nul(m.name)) ctx.fail(path, "a component name contains a NUL character");
        const component_info* info = table.find(std::string_view(name));
        if (!info) {
            // JSON's own limits on kept text; what is kept is the builder's rule.
            if (!m.value.IsObject())
                place.fail("expected an object, found " + std::string(describe(m.value)));
            // Kept text must load again from either format; binary files refuse such keys.
            if (has_nul_key(m.value)) place.fail("a key in the component has a NUL character");
            if (auto error = over_limit(++unknown_count, "components of unknown types",
                                        scene_limits::max_unknown_per_entity))
                ctx.fail(path, std::move(*error));
            if (auto error = over_limit(name.size(), "bytes in the component's name",
                                        scene_limits::max_name_bytes))
                place.fail(std::move(*error));
            std::string json = to_json_text(m.value);
            if (auto error = over_limit(json.size(), "bytes of JSON (compact)",
                                        scene_limits::max_unknown_json_bytes))
                place.fail(std::move(*error));
            if (target.prototype) {
                builder.drop_unknown(name, place);
            } else {
                builder.keep_unknown(target.entity_index, name, std::move(json), place);
            }
            continue;
        }
        if (!scene_builder::is_stored(*info, target.prototype != nullptr)) {
            builder.skip_not_stored(*info, place);
            continue;
        }
        buffer.assign(info->prototype.begin(), info->prototype.end());
        const component_header header =
            read_component(m.value, *info, buffer.data(), ctx, place.path(), versions_required);
        const legacy_values legacy = json_legacy_values(m.value);
        if (target.prototype) {
            builder.upgrade(*info, buffer.data(), header.version, legacy, place);
            target.prototype->set(info->type, buffer.data(), header.enabled);
        } else {
            builder.add_component(target.scene_entity, *info, buffer.data(), header.enabled,
                                  header.version, legacy, place);
        }
    }
}

}  // namespace mosaic::detail
