// The live link's methods on entities and their components: list and query (paged), get,
// create and destroy, set / add / remove a component. Each validates everything (ids, names,
// the whole value) before it changes the world.
#include <utility>

#include <mosaic/engine/live/live_query.hpp>

#include "live_methods.hpp"
#include "live_values.hpp"

namespace mosaic::live::internal {

namespace {

// entities.list {filter?, offset?, limit?} and query {query, offset?, limit?, values?}.
void list_matches(const call& c, std::string_view text, bool values) {
    auto parsed = parse_query(c.table(), text);
    if (auto* error = std::get_if<query_error>(&parsed)) fail(invalid_params, error->message);
    const std::size_t offset = c.p.uint("offset", 0, UINT32_MAX);
    const std::size_t limit = c.p.uint("limit", 100, max_page);
    const query_page page = run_query(c.w(), std::get<entity_query>(parsed), offset, limit);
    c.out.StartObject();
    c.out.Key("total");
    c.out.Uint64(page.total);
    c.out.Key("entities");
    c.out.StartArray();
    for (const entity e : page.entities) {
        if (!values) {
            c.out.Uint64(entity_wire_id(e));
            continue;
        }
        c.out.StartObject();
        c.out.Key("id");
        c.out.Uint64(entity_wire_id(e));
        c.out.Key("components");
        write_components(c.out, c.table(), c.w(), e, {});
        c.out.EndObject();
    }
    c.out.EndArray();
    c.out.EndObject();
}

std::vector<std::string> component_names(const call& c) {
    std::vector<std::string> names;
    for (const std::string_view n : c.p.texts("components")) {
        names.emplace_back(component_param(c.table(), n).name);
    }
    return names;
}

const rapidjson::Value& value_param(const call& c, bool required) {
    static const rapidjson::Value empty(rapidjson::kObjectType);
    const rapidjson::Value* v = c.p.find("value");
    if (!v) {
        if (required) fail(invalid_params, "missing \"value\"");
        return empty;
    }
    if (!v->IsObject()) fail(invalid_params, "\"value\": expected an object of fields");
    return *v;
}

void write_ok(const call& c) {
    c.out.StartObject();
    c.out.Key("ok");
    c.out.Bool(true);
    c.out.EndObject();
}

}  // namespace

void entities_list(const call& c) {
    list_matches(c, c.p.text("filter", ""), false);
}

void query(const call& c) {
    if (!c.p.find("query")) fail(invalid_params, "missing \"query\"");
    const rapidjson::Value* values = c.p.find("values");
    if (values && !values->IsBool()) fail(invalid_params, "\"values\": expected true or false");
    list_matches(c, c.p.text("query", ""), values && values->GetBool());
}

void entity_get(const call& c) {
    const entity e = entity_param(c.w(), c.p);
    const std::vector<std::string> only = component_names(c);
    c.out.StartObject();
    c.out.Key("id");
    c.out.Uint64(entity_wire_id(e));
    c.out.Key("components");
    write_components(c.out, c.table(), c.w(), e, only);
    c.out.EndObject();
}

void component_set(const call& c) {
    const entity e = entity_param(c.w(), c.p);
    const component_info& info = component_param(c.table(), c.p.text("component", ""));
    const void* current = c.w().try_get(e, info.type);
    if (!current) fail(refused, "entity has no " + info.name + " (component.add adds one)");
    const read_value v = read_component_value(c.w(), info, current, value_param(c, true),
                                              c.w().is_enabled(e, info.type));
    c.w().set_copy(e, info.type, v.bytes.get());
    c.w().set_enabled(e, info.type, v.enabled);
    write_ok(c);
}

void component_add(const call& c) {
    const entity e = entity_param(c.w(), c.p);
    const component_info& info = component_param(c.table(), c.p.text("component", ""));
    if (c.w().has(e, info.type)) fail(refused, "entity already has " + info.name);
    const read_value v =
        read_component_value(c.w(), info, info.prototype_data(), value_param(c, false), true);
    if (!c.w().add_copy(e, info.type, v.bytes.get())) {
        fail(refused, "this world cannot hold " + info.name + " yet");
    }
    c.w().set_enabled(e, info.type, v.enabled);
    write_ok(c);
}

void component_remove(const call& c) {
    const entity e = entity_param(c.w(), c.p);
    const component_info& info = component_param(c.table(), c.p.text("component", ""));
    if (!c.w().remove(e, info.type)) fail(refused, "entity has no " + info.name);
    write_ok(c);
}

void entity_create(const call& c) {
    // Every value is read before the entity exists: a bad one creates nothing.
    std::vector<std::pair<const component_info*, read_value>> values;
    if (const rapidjson::Value* components = c.p.find("components")) {
        if (!components->IsObject()) fail(invalid_params, "\"components\": expected an object");
        for (const auto& m : components->GetObject()) {
            const component_info& info =
                component_param(c.table(), {m.name.GetString(), m.name.GetStringLength()});
            if (!m.value.IsObject()) fail(invalid_params, info.name + ": expected an object");
            for (const auto& [other, ignored] : values) {
                if (other == &info) fail(invalid_params, info.name + " given twice");
            }
            values.emplace_back(
                &info, read_component_value(c.w(), info, info.prototype_data(), m.value, true));
        }
    }
    const entity e = c.w().create();
    for (const auto& [info, v] : values) {
        if (!c.w().add_copy(e, info->type, v.bytes.get())) {
            c.w().destroy(e);
            fail(refused, "this world cannot hold " + info->name + " yet");
        }
        c.w().set_enabled(e, info->type, v.enabled);
    }
    c.out.StartObject();
    c.out.Key("id");
    c.out.Uint64(entity_wire_id(e));
    c.out.EndObject();
}

void entity_destroy(const call& c) {
    c.w().destroy(entity_param(c.w(), c.p));
    write_ok(c);
}

}  // namespace mosaic::live::internal
