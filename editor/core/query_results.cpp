// The Query panel's rows (query_results.hpp): cells come from format_field for the editor's
// world and from the reply's scene-form JSON for a game over the live link, so both tables
// read the same.
// clang-format off
#include <cereal/archives/json.hpp>  // first, as in the engine: how rapidjson asserts
// clang-format on
#include "core/query_results.hpp"

#include <rapidjson/document.h>

#include <algorithm>
#include <charconv>
#include <variant>

#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/live/live_query.hpp>

#include "core/entity_names.hpp"
#include "core/field_text.hpp"

namespace mosaic::editor {

namespace {

// The first number in `text` ("1 2.5" -> 1), for sorting.
bool leading_number(std::string_view text, double& out) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end != text.data();
}

query_cell cell_of(std::string text) {
    query_cell c;
    c.numeric = leading_number(text, c.number);
    if (!c.numeric && (text == "true" || text == "false")) {
        c.numeric = true;
        c.number = text == "true" ? 1 : 0;
    }
    c.text = std::move(text);
    return c;
}

// A scene-form JSON value as the inspector would write it: numbers, arrays spaced out.
std::string json_text(const rapidjson::Value& v) {
    if (v.IsString()) return {v.GetString(), v.GetStringLength()};
    if (v.IsBool()) return v.GetBool() ? "true" : "false";
    if (v.IsInt64()) return std::to_string(v.GetInt64());
    if (v.IsUint64()) return std::to_string(v.GetUint64());
    if (v.IsNumber()) {
        char buffer[32];
        const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v.GetDouble());
        return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
    }
    if (v.IsArray()) {
        std::string out;
        for (const auto& e : v.GetArray()) out += (out.empty() ? "" : " ") + json_text(e);
        return out;
    }
    if (v.IsNull()) return "";
    return "{...}";
}

}  // namespace

std::string query_results::set_columns(const component_table& table, std::string_view text) {
    auto parsed = live::parse_query(table, text);
    if (auto* error = std::get_if<live::query_error>(&parsed)) return error->message;
    const live::entity_query& q = std::get<live::entity_query>(parsed);
    columns_.clear();
    sources_.clear();
    std::vector<type_id> seen;
    for (const type_id t : q.with) {
        if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
        seen.push_back(t);
        const component_info* info = table.find(t);
        if (!info || info->flags.opaque) continue;
        for (std::size_t f = 0; f < info->fields.size() && columns_.size() < max_columns; ++f) {
            columns_.push_back(info->name + "." + info->fields[f].name);
            sources_.push_back({t, info->name, f});
        }
    }
    return {};
}

std::string query_results::run_local(const world& w, const component_table& table,
                                     std::string_view text, std::size_t limit) {
    auto parsed = live::parse_query(table, text);
    if (auto* error = std::get_if<live::query_error>(&parsed)) return error->message;
    if (std::string error = set_columns(table, text); !error.empty()) return error;
    const live::query_page page =
        live::run_query(w, std::get<live::entity_query>(parsed), 0, limit);
    total_ = page.total;
    rows_.clear();
    rows_.reserve(page.entities.size());
    for (const entity e : page.entities) {
        query_row row{e, live::entity_wire_id(e), name_of(w, e), {}};
        if (row.name.empty()) row.name = "Entity " + std::to_string(e.index);
        for (const column_source& c : sources_) {
            const component_info* info = table.find(c.component);
            const void* value = w.try_get(e, c.component);
            row.cells.push_back(info && value
                                    ? cell_of(format_field(info->fields[c.field], value, w))
                                    : query_cell{});
        }
        rows_.push_back(std::move(row));
    }
    if (sorted_) sort(sort_column_, ascending_);
    return {};
}

std::string query_results::fill_from_reply(const component_table& table, std::string_view text,
                                           std::string_view result_json) {
    if (std::string error = set_columns(table, text); !error.empty()) return error;
    rapidjson::Document doc;
    doc.Parse(result_json.data(), result_json.size());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("entities") ||
        !doc["entities"].IsArray() || !doc.HasMember("total") || !doc["total"].IsUint64()) {
        return "the game's reply is not a query result";
    }
    total_ = doc["total"].GetUint64();
    rows_.clear();
    for (const auto& match : doc["entities"].GetArray()) {
        if (!match.IsObject() || !match.HasMember("id") || !match["id"].IsUint64()) continue;
        query_row row{null_entity, match["id"].GetUint64(), {}, {}};
        const rapidjson::Value* components =
            match.HasMember("components") && match["components"].IsObject() ? &match["components"]
                                                                            : nullptr;
        const auto field_of = [&](const std::string& component,
                                  const std::string& field) -> const rapidjson::Value* {
            if (!components) return nullptr;
            const auto c = components->FindMember(component.c_str());
            if (c == components->MemberEnd() || !c->value.IsObject()) return nullptr;
            const auto f = c->value.FindMember(field.c_str());
            return f == c->value.MemberEnd() ? nullptr : &f->value;
        };
        if (const rapidjson::Value* name = field_of("Name", "value"); name && name->IsString()) {
            row.name = name->GetString();
        }
        if (row.name.empty()) row.name = "Entity " + std::to_string(row.id);
        for (const column_source& c : sources_) {
            const component_info* info = table.find(c.component);
            const rapidjson::Value* v =
                info ? field_of(c.component_name, info->fields[c.field].name) : nullptr;
            row.cells.push_back(v ? cell_of(json_text(*v)) : query_cell{});
        }
        rows_.push_back(std::move(row));
    }
    if (sorted_) sort(sort_column_, ascending_);
    return {};
}

void query_results::sort(std::size_t column, bool ascending) {
    sort_column_ = column;
    ascending_ = ascending;
    sorted_ = true;
    const auto less = [&](const query_row& a, const query_row& b) {
        if (column == 0 || column > columns_.size()) return a.name < b.name;
        const query_cell& x = a.cells[column - 1];
        const query_cell& y = b.cells[column - 1];
        if (x.numeric && y.numeric && x.number != y.number) return x.number < y.number;
        if (x.numeric != y.numeric) return x.numeric;  // numbers before text
        return x.text < y.text;
    };
    std::stable_sort(rows_.begin(), rows_.end(), [&](const query_row& a, const query_row& b) {
        return ascending ? less(a, b) : less(b, a);
    });
}

}  // namespace mosaic::editor
