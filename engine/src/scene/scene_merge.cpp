// Merging scene files: each input read by the loader and written in canonical JSON, the three
// documents merged (json_merge.cpp), the result loaded again and written canonically.
#include "mosaic/engine/scene/scene_merge.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

#include "json_merge.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"
#include "scene_json_common.hpp"

namespace mosaic {

namespace {

// A name as JSON writes it, so a quote or a new line in it cannot garble the report.
std::string json_quoted(std::string_view text) {
    return detail::to_json_text(rapidjson::Value(
        rapidjson::StringRef(text.data(), static_cast<rapidjson::SizeType>(text.size()))));
}

diagnostic error(const std::string& file, std::string message) {
    return {diagnostic::level::error, file, "", 0, 0, std::move(message)};
}

void append(std::vector<diagnostic>& to, std::vector<diagnostic> from, const std::string& file) {
    for (diagnostic& d : from) {
        if (d.file.empty()) d.file = file;
        to.push_back(std::move(d));
    }
}

load_result<scene> load_any(std::string_view bytes, const component_table& table,
                            const std::string& label) {
    return bytes.starts_with(binary_scene_magic) ? load_scene_binary(bytes, table, label)
                                                 : load_scene_json(bytes, table, label);
}

// One input as the engine would save it, parsed. False, with the loader's messages, when it
// does not load.
bool canonical_document(const merge_input& in, const component_table& table,
                        rapidjson::Document& doc, std::vector<diagnostic>& diagnostics) {
    load_result<scene> loaded = load_any(in.bytes, table, in.label);
    if (!loaded.ok()) {
        append(diagnostics, std::move(loaded.diagnostics), in.label);
        return false;
    }
    std::ostringstream out(std::ios::out | std::ios::binary);
    std::vector<diagnostic> saved = save_scene_json(*loaded.value, table, out);
    if (has_error(saved)) {
        append(diagnostics, std::move(saved), in.label);
        return false;
    }
    const std::string text = std::move(out).str();
    if (const auto failure = detail::parse_json(text, doc)) {
        diagnostics.push_back(error(
            in.label, "internal error: its canonical form does not parse: " + failure->message));
        return false;
    }
    return true;
}

// The document as the scene writer lays it out (the same archive and options).
std::string write_document(const rapidjson::Value& doc) {
    std::ostringstream out(std::ios::out | std::ios::binary);
    {
        cereal::JSONOutputArchive ar(out, detail::scene_json_options());
        for (const auto& m : doc.GetObject()) {
            ar.setNextName(m.name.GetString());
            detail::save_json_value(ar, m.value);
        }
    }
    out << '\n';
    return std::move(out).str();
}

}  // namespace

std::string merge_conflict::to_string(std::string_view file) const {
    std::string s(file);
    s += ": conflict: ";
    if (entity_id) {
        s += "entity " + json_quoted(entity_name) + " (id " + std::to_string(entity_id) + ")";
        if (!component.empty()) s += ", component " + component;
        if (!field.empty()) s += ", field " + field;
    } else {
        s += "scene " + field;
    }
    s += ": base " + base + ", ours " + ours + ", theirs " + theirs + "; kept " + kept;
    return s;
}

std::string renumbered_entity::to_string(std::string_view file) const {
    return std::string(file) + ": entity " + json_quoted(name) + " was added on both sides as id " +
           std::to_string(from) + ": theirs is now id " + std::to_string(to);
}

merge_result merge_scenes(const merge_input& base, const merge_input& ours,
                          const merge_input& theirs, const component_table& table,
                          scene_file_format output) {
    merge_result result;
    rapidjson::Document docs[3];
    const merge_input* inputs[3] = {&base, &ours, &theirs};
    for (int i = 0; i < 3; ++i) {
        if (!canonical_document(*inputs[i], table, docs[i], result.diagnostics)) return result;
    }

    const detail::entity_reference_fn is_reference = [&](std::string_view component,
                                                         std::string_view field) {
        const component_info* info = table.find(component);
        const field_info* f = info ? info->find_field(field) : nullptr;
        return f && f->kind == field_kind::entity_ref;
    };
    if (auto full = detail::renumber_entities_added_twice(docs[0], docs[1], docs[2], is_reference,
                                                          result.renumbered)) {
        result.diagnostics.push_back(error(theirs.label, *full + "; nothing was written"));
        return result;
    }
    rapidjson::Document merged;
    detail::merge_documents(docs[0], docs[1], docs[2], merged, result.conflicts);
    detail::undo_parent_cycles(docs[0], docs[1], docs[2], merged, result.conflicts);

    // The merged document must be a scene: load it as one, and write what loaded.
    const std::string text = write_document(merged);
    const std::string label = ours.label + " (merged)";
    load_result<scene> loaded = load_scene_json(text, table, label);
    if (!loaded.ok()) {
        result.diagnostics.push_back(error(ours.label, "the merged scene does not load (" +
                                                           std::to_string(result.conflicts.size()) +
                                                           " conflicts); nothing was written:"));
        append(result.diagnostics, std::move(loaded.diagnostics), label);
        return result;
    }
    std::ostringstream out(std::ios::out | std::ios::binary);
    std::vector<diagnostic> saved = output == scene_file_format::json
                                        ? save_scene_json(*loaded.value, table, out)
                                        : save_scene_binary(*loaded.value, table, out);
    append(result.diagnostics, std::move(loaded.diagnostics), label);
    const bool failed = has_error(saved);
    append(result.diagnostics, std::move(saved), label);
    if (!failed) result.bytes = std::move(out).str();
    return result;
}

}  // namespace mosaic
