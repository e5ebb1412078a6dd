// Entities and component values of the live link (live_values.hpp): ids checked against
// the world, values read and written by component_json with wire ids for references.
#include "live_values.hpp"

#include <algorithm>
#include <cstring>

#include "serialization/component_json.hpp"
#include "serialization/read_context.hpp"

namespace mosaic::live::internal {

entity live_entity(const world& w, std::uint64_t id) {
    const entity e = entity_from_wire_id(id);
    if (e.is_null() || !w.alive(e) || w.has(e, type_id_of<resource_entity>())) {
        fail(no_such_entity, "no entity " + std::to_string(id));
    }
    return e;
}

entity entity_param(const world& w, const params& p) {
    return live_entity(w, p.uint("id", std::nullopt, UINT64_MAX));
}

const component_info& component_param(const component_table& table, std::string_view name) {
    const component_info* info = table.find(name);
    if (!info) fail(invalid_params, "unknown component '" + std::string(name) + "'");
    if (info->flags.opaque) {
        fail(invalid_params, "component '" + std::string(name) + "' is run-time data, no fields");
    }
    return *info;
}

namespace {

// Looks up wire ids while a value is read: references must name live entities.
class wire_lookup final : public detail::entity_lookup {
public:
    explicit wire_lookup(const world& w) : world_(&w) {}
    [[nodiscard]] entity find(std::uint64_t id) const override {
        const entity e = entity_from_wire_id(id);
        return world_->alive(e) ? e : null_entity;
    }

private:
    const world* world_;
};

bool shown(const component_info& info, const std::vector<std::string>& only) {
    return only.empty() || std::find(only.begin(), only.end(), info.name) != only.end();
}

}  // namespace

read_value read_component_value(const world& w, const component_info& info, const void* start,
                                const rapidjson::Value& object, bool current_enabled) {
    if (info.alignment > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
        fail(refused, "component '" + info.name + "' is over-aligned; not editable live");
    }
    read_value out{std::make_unique<std::byte[]>(info.size), current_enabled};
    std::memcpy(out.bytes.get(), start, info.size);
    std::vector<diagnostic> problems;
    detail::read_context ctx("", "", problems);
    const wire_lookup lookup(w);
    ctx.lookup = &lookup;
    detail::component_header header;
    try {
        header = detail::read_component(object, info, out.bytes.get(), ctx, info.name, false);
    } catch (const detail::load_failed&) {
    }
    if (!problems.empty()) {
        fail(invalid_params, problems.front().path + ": " + problems.front().message);
    }
    if (object.HasMember("version") && header.version != info.version) {
        fail(invalid_params, info.name + ": version " + std::to_string(header.version) +
                                 "; this game has version " + std::to_string(info.version));
    }
    if (object.HasMember("enabled")) out.enabled = header.enabled;
    return out;
}

void write_components(writer& out, const component_table& table, const world& w, entity e,
                      const std::vector<std::string>& only) {
    out.StartObject();
    const detail::entity_id_fn id_of = [](entity r) { return entity_wire_id(r); };
    for (const type_id t : w.components_of(e)) {
        const component_info* info = table.find(t);
        if (!info || info->flags.opaque || !shown(*info, only)) continue;
        write_text(out, info->name);
        const std::string value =
            detail::component_json_text(*info, w.try_get(e, t), w.is_enabled(e, t), id_of);
        out.RawValue(value.data(), value.size(), rapidjson::kObjectType);
    }
    out.EndObject();
}

void snapshot_into(const component_table& table, const world& w, entity e,
                   const std::vector<std::string>& only, std::vector<std::byte>& bytes) {
    bytes.clear();
    for (const type_id t : w.components_of(e)) {
        const component_info* info = table.find(t);
        if (!info || info->flags.opaque || !shown(*info, only)) continue;
        const auto* value = static_cast<const std::byte*>(w.try_get(e, t));
        const auto* type_bytes = reinterpret_cast<const std::byte*>(&t);
        bytes.insert(bytes.end(), type_bytes, type_bytes + sizeof t);
        bytes.push_back(std::byte{w.is_enabled(e, t)});
        bytes.insert(bytes.end(), value, value + info->size);
    }
}

std::vector<std::byte> snapshot(const component_table& table, const world& w, entity e,
                                const std::vector<std::string>& only) {
    std::vector<std::byte> bytes;
    snapshot_into(table, w, e, only, bytes);
    return bytes;
}

}  // namespace mosaic::live::internal
