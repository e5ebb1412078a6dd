// Archetype files in JSON (NAME.archetype.json): a name and components with prototype values.
#include "mosaic/engine/scene/scene_json.hpp"

#include <ostream>

#include "mosaic/engine/display_path.hpp"
#include "scene_json_common.hpp"

namespace mosaic {

std::vector<diagnostic> save_archetype_json(const archetype& a, const component_table& table,
                                            std::ostream& out) {
    std::vector<diagnostic> warnings;
    detail::unsaved_types unsaved{{}, &warnings};
    {
        cereal::JSONOutputArchive ar(out, detail::scene_json_options());
        detail::key(ar, "format");
        ar.saveValue(detail::archetype_format_tag);
        detail::key(ar, "version");
        ar.saveValue(scene_format_version);
        detail::key(ar, "name");
        ar.saveValue(a.name());
        std::vector<detail::component_entry> entries;
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
        detail::write_components(ar, entries, [](entity) -> std::uint64_t { return 0; });
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
        detail::refuse_duplicate_keys(doc, ctx);
        if (!doc.IsObject()) ctx.fail("", "expected an archetype object at the top");
        const auto* format = detail::member(doc, "format");
        if (!format || !format->IsString() ||
            std::string_view(format->GetString()) != detail::archetype_format_tag) {
            ctx.fail("format", std::string("not a Mosaic archetype: expected \"format\": \"") +
                                   detail::archetype_format_tag + "\"");
        }
        const auto* version = detail::member(doc, "version");
        if (!version || !version->IsUint() || version->GetUint() == 0 ||
            version->GetUint() > scene_format_version) {
            ctx.fail("version",
                     "expected a format version from 1 to " + std::to_string(scene_format_version));
        }
        const auto* name = detail::member(doc, "name");
        if (!name || !name->IsString())
            ctx.fail("name", "expected the archetype's name (a string)");
        // The name is used as a C string (a lookup key, ImGui): a NUL would cut it.
        const std::string_view full(name->GetString(), name->GetStringLength());
        if (full.find('\0') != std::string_view::npos) {
            ctx.warn("name", "the name contains a NUL character: cut to '" +
                                 display_path(full.substr(0, full.find('\0'))) + "'");
        }
        archetype loaded(name->GetString());
        if (const auto* components = detail::member(doc, "components")) {
            // Archetypes have no entities: the builder applies the component rules only.
            detail::scene_builder builder(ctx);
            detail::components_target target;
            target.prototype = &loaded;
            detail::read_components(*components, table, builder, ctx, "components",
                                    version->GetUint() >= 2, target);
        }
        ctx.finish();
        result.value.emplace(std::move(loaded));
    } catch (const detail::load_failed&) {
    } catch (const std::exception& e) {
        result.diagnostics.push_back(detail::unexpected_error(file_name, "", e));
    }
    return result;
}

}  // namespace mosaic
