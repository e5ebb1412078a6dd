// Reading the schema table of a binary scene (layout: scene_binary.hpp): the component types
// the file holds, each field's name, kind and size, checked before anything is allocated.
#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "binary_loader.hpp"
#include "binary_runs.hpp"
#include "mosaic/ecs/field_kinds.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

namespace {

using limits = binary_scene_limits;

class schema_reader {
public:
    schema_reader(binary_reader& in, std::uint32_t version, const component_table& table, world& w)
        : in_(in), version_(version), table_(table), world_(w) {}

    std::vector<binary_type> read() {
        in_.where.at("schema");
        const auto n = in_.read_count<std::uint32_t>("schema type count", limits::max_schema_types,
                                                     min_type_bytes);
        types_.reserve(n);
        std::unordered_set<std::string> names;
        for (std::uint32_t i = 0; i < n; ++i) {
            in_.where.at("schema", i, "name");
            binary_type& type = types_.emplace_back();
            type.name = in_.read_string("component type name", limits::max_string_bytes);
            check_name(type.name, "component type");
            if (!names.insert(type.name).second) {
                in_.fail("corrupt: component type '" + type.name + "' is listed twice");
            }
            in_.where.member = "version";
            type.version = in_.read<std::uint32_t>("the component type's version");
            if (type.version == 0) in_.fail("corrupt: component version 0 (versions start at 1)");
            in_.where.member = "components";
            type.components = in_.read_count<std::uint32_t>("component count", limits::max_entities,
                                                            min_component_bytes);
            in_.where.member = "fields";
            const auto fields = in_.read_count<std::uint32_t>(
                "field count", limits::max_fields_per_type, min_field_bytes);
            type.fields.reserve(fields);
            for (std::uint32_t j = 0; j < fields; ++j) {
                in_.where.sub = j;
                read_field(type, type.fields.emplace_back());
            }
            reserve(type);
        }
        return std::move(types_);
    }

private:
    // Makes room for the type's components, but only as many as the rest of the file can
    // hold: never more memory than a valid file of this size could need.
    void reserve(binary_type& type) {
        in_.where.sub = no_index;
        in_.where.field = {};
        in_.where.member = "components";
        std::size_t data_bytes = 0;
        for (const binary_field& f : type.fields) {
            // Runs: at least one packet of two bytes (binary_runs.hpp).
            data_bytes += f.runs ? 2 : binary_min_element_bytes(f.kind) * f.count;
        }
        promised_bytes_ += std::uint64_t{type.components} * (min_component_bytes + data_bytes);
        if (promised_bytes_ > in_.left()) {
            in_.fail("truncated: " + std::to_string(type.components) + " components of " +
                     type.name + " need at least " +
                     std::to_string(std::uint64_t{type.components} *
                                    (min_component_bytes + data_bytes)) +
                     " more bytes, but the file ends at byte " + std::to_string(in_.size()));
        }
        map_type(type, table_);
        if (!type.info || type.dropped) return;
        if (sparse_set* pool = world_.assure(type.info->type)) pool->reserve(type.components);
    }

    // Names are JSON keys or read as C strings by the JSON loader: no NUL in them.
    void check_name(std::string_view name, const char* what) {
        if (name.empty()) in_.fail("corrupt: a " + std::string(what) + " without a name");
        if (name.find('\0') != std::string_view::npos) {
            in_.fail("corrupt: a " + std::string(what) + " name with a NUL character");
        }
    }

    void read_field(const binary_type& type, binary_field& f) {
        in_.where.field = "name";
        f.name = in_.read_string("field name", limits::max_string_bytes);
        check_name(f.name, "field");
        // A component's JSON object holds "version" and "enabled" beside its fields: a field
        // of that name could not be written back as JSON (the key would appear twice).
        if (f.name == "version" || f.name == "enabled")
            in_.fail("corrupt: a field named '" + f.name + "' (a reserved name) in " + type.name);
        for (std::size_t k = 0; k + 1 < type.fields.size(); ++k) {
            if (type.fields[k].name == f.name) {
                in_.fail("corrupt: field '" + f.name + "' of " + type.name + " is listed twice");
            }
        }
        in_.where.field = "kind";
        const auto kind = in_.read<std::uint8_t>("the field's kind");
        if (kind > static_cast<std::uint8_t>(last_field_kind)) {
            in_.fail("corrupt: unknown field kind " + std::to_string(kind));
        }
        f.kind = static_cast<field_kind>(kind);
        in_.where.field = "count";
        f.count = in_.read<std::uint32_t>("the field's element count");
        if (f.count == 0 || f.count > limits::max_array_count) {
            in_.fail("array count " + std::to_string(f.count) + " is outside 1 to " +
                     std::to_string(limits::max_array_count));
        }
        in_.where.field = "size";
        f.element_size = in_.read<std::uint32_t>("the field's element size");
        if (f.element_size == 0 || f.element_size > limits::max_element_bytes) {
            in_.fail("corrupt: element size " + std::to_string(f.element_size));
        }
        f.runs = stored_as_runs(f.kind, f.count, version_);
        if (f.kind != field_kind::enumeration) return;
        in_.where.field = "values";
        const auto n = in_.read_count<std::uint32_t>("enum value count", limits::max_enum_values,
                                                     min_enum_value_bytes);
        f.enum_values.reserve(n);
        for (std::uint32_t k = 0; k < n; ++k) {
            enum_entry& e = f.enum_values.emplace_back();
            e.name = in_.read_string("enum value name", limits::max_string_bytes);
            if (e.name.find('\0') != std::string::npos) {
                in_.fail("corrupt: an enum value name with a NUL character");
            }
            e.value = in_.read<std::int64_t>("an enum value");
        }
    }

    binary_reader& in_;
    std::uint32_t version_;  // the file's format version
    const component_table& table_;
    world& world_;
    std::vector<binary_type> types_;
    std::uint64_t promised_bytes_ = 0;  // what the schema's component counts need at least
};

}  // namespace

std::vector<binary_type> read_binary_schema(binary_reader& in, std::uint32_t version,
                                            const component_table& table, world& w) {
    return schema_reader(in, version, table, w).read();
}

}  // namespace mosaic::detail
