// Reading a binary scene.
//
// Sections: 1. header, settings, systems  2. schema  3. entities  4. components
#include "binary_loader.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <unordered_set>
#include <vector>

#include "component_json.hpp"
#include "identity.hpp"
#include "mosaic/ecs/field_kinds.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

namespace {

using limits = binary_scene_limits;

class scene_loader final : public decode_context {
public:
    scene_loader(binary_reader& in, const component_table& table, read_context& ctx, scene& out)
        : in_(in), table_(table), ctx_(ctx), out_(out) {}

    void read() {
        in_.open();
        in_.where.at("version");
        const auto version = in_.read<std::uint32_t>("the format version");
        if (version == 0 || version > binary_scene_format_version) {
            in_.fail("format version " + std::to_string(version) +
                     " is not one this build reads (1 to " +
                     std::to_string(binary_scene_format_version) + "); written by a newer Mosaic?");
        }
        read_settings();
        read_systems();
        read_schema();
        read_entities();
        in_.where.at("");
        if (in_.left() != 0) {
            in_.fail("corrupt: " + std::to_string(in_.left()) +
                     " unexpected bytes after the last entity");
        }
    }

    // decode_context: problems inside a component's field data.
    void raise(const binary_field* field, std::uint32_t element, std::string message) override {
        point_at(field, element);
        in_.fail_at(data_start_ + (data_ ? data_->consumed() : 0), std::move(message));
    }
    void warn(const binary_field* field, std::uint32_t element, std::string message) override {
        point_at(field, element);
        in_.warn(std::move(message));
    }
    entity resolve(std::uint64_t id, const binary_field& field, std::uint32_t element) override {
        if (id == 0) return null_entity;
        if (const entity found = find_entity(id); !found.is_null()) return found;
        point_at(&field, element);
        return ctx_.resolve(id, in_.where.path());  // warns
    }

private:
    void point_at(const binary_field* field, std::uint32_t element) {
        in_.where.field = field ? std::string_view(field->name) : std::string_view();
        in_.where.element = element;
    }

    // --- 1. header, settings, systems ----------------------------------------------------------

    void read_settings() {
        scene_settings& s = out_.settings;
        const auto floats = [&](const char* member, float* to, int n) {
            in_.where.at("settings", no_index, member);
            for (int i = 0; i < n; ++i) to[i] = in_.read<float>("a setting");
        };
        floats("gravity", &s.gravity.x, 2);
        floats("background", &s.background.r, 4);
        floats("camera.position", &s.camera_position.x, 2);
        floats("camera.zoom", &s.camera_zoom, 1);
    }

    bool read_flag(const char* what) {
        const auto byte = in_.read<std::uint8_t>(what);
        if (byte > 1) in_.fail("corrupt: " + std::string(what) + " is " + std::to_string(byte));
        return byte == 1;
    }

    void read_systems() {
        in_.where.at("systems");
        const auto n =
            in_.read_count<std::uint32_t>("system count", limits::max_systems, min_system_bytes);
        out_.systems.reserve(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            in_.where.at("systems", i, "name");
            system_setting s;
            s.name = in_.read_string("system name", limits::max_string_bytes);
            if (s.name.find('\0') != std::string::npos) {
                in_.fail("corrupt: a system name with a NUL character");
            }
            in_.where.member = "enabled";
            s.enabled = read_flag("the system's enabled flag");
            in_.where.member = "rate";
            const auto kind = in_.read<std::uint8_t>("the system's rate kind");
            const auto ticks = in_.read<std::uint32_t>("the system's rate in ticks");
            const auto seconds = in_.read<double>("the system's rate in seconds");
            switch (kind) {
                case static_cast<std::uint8_t>(rate::kind::every_tick):
                    s.rate = rate::every_tick();
                    break;
                case static_cast<std::uint8_t>(rate::kind::every_n_ticks):
                    if (ticks == 0) in_.fail("expected a whole number of ticks >= 1");
                    s.rate = rate::every_n_ticks(ticks);
                    break;
                case static_cast<std::uint8_t>(rate::kind::interval):
                    if (!(seconds > 0)) in_.fail("expected a number of seconds > 0");
                    s.rate = rate::interval(seconds);
                    break;
                default:
                    in_.fail("corrupt: rate kind " + std::to_string(kind) + " (expected 0 to 2)");
            }
            out_.systems.push_back(std::move(s));
        }
    }

    // --- 2. schema -----------------------------------------------------------------------------

    void read_schema() {
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
        std::size_t largest = 0;
        for (const binary_type& t : types_) {
            if (t.info) largest = std::max(largest, t.info->size);
        }
        component_value_.resize(largest);
    }

    // Makes room for the type's components, but only as many as the rest of the file can
    // hold: never more memory than a valid file of this size could need.
    void reserve(binary_type& type) {
        in_.where.sub = no_index;
        in_.where.field = {};
        in_.where.member = "components";
        std::size_t data_bytes = 0;
        for (const binary_field& f : type.fields) {
            data_bytes += binary_min_element_bytes(f.kind) * f.count;
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
        if (sparse_set* pool = out_.world.assure(type.info->type)) pool->reserve(type.components);
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

    // --- 3. entities ---------------------------------------------------------------------------

    // The id table first: every entity exists before any reference is read.
    void read_entities() {
        in_.where.at("entities");
        const auto n =
            in_.read_count<std::uint64_t>("entity count", limits::max_entities, min_entity_bytes);
        std::vector<std::uint8_t> ids(n * 8);
        in_.read_bytes(ids.data(), ids.size(), "the entity id table");
        created_.resize(n);
        out_.world.create(created_);
        out_.world.assure<EntityId>().reserve(n);
        file_ids_.resize(n);
        dense_ = sorted_ = true;
        for (std::size_t i = 0; i < n; ++i) {
            const auto id = load_le<std::uint64_t>(ids.data() + i * 8);
            if (id == 0) {
                in_.where.at("entities", i, "id");
                in_.fail("expected the entity's id (a whole number >= 1), found 0");
            }
            file_ids_[i] = id;
            dense_ = dense_ && id == i + 1;
            sorted_ = sorted_ && (i == 0 || id > file_ids_[i - 1]);
            out_.world.add<EntityId>(created_[i], id);
        }
        if (!sorted_) fill_entity_map();  // and find ids used twice
        for (std::size_t i = 0; i < n; ++i) {
            if ((i & 0xfff) == 0) ctx_.progress(static_cast<double>(i) / static_cast<double>(n));
            in_.where.at("entities", i);
            const auto size = in_.read<std::uint32_t>("the entity record's size");
            if (size > limits::max_entity_bytes) {
                in_.fail("entity record size " + std::to_string(size) +
                         " is more than the limit of " + std::to_string(limits::max_entity_bytes) +
                         " bytes");
            }
            in_.need(size, "the entity record");  // before allocating
            record_.resize(std::max<std::size_t>(record_.size(), size));
            const std::size_t start = in_.offset();
            in_.read_bytes(record_.data(), size, "the entity record");
            record_reader record(in_, record_.data(), size, start);
            read_entity(record, i, created_[i]);
        }
    }

    // File id -> entity. Ids written by save_scene_binary are sorted, usually 1..n: those
    // need no hash map. read_context::entities is filled only for ids in another order, or
    // when the JSON reader needs it (components kept as JSON text).
    [[nodiscard]] entity find_entity(std::uint64_t id) const {
        if (dense_) return id >= 1 && id <= created_.size() ? created_[id - 1] : null_entity;
        if (sorted_) {
            const auto it = std::lower_bound(file_ids_.begin(), file_ids_.end(), id);
            return it != file_ids_.end() && *it == id ? created_[it - file_ids_.begin()]
                                                      : null_entity;
        }
        const auto it = ctx_.entities.find(id);
        return it == ctx_.entities.end() ? null_entity : it->second;
    }
    void fill_entity_map() {
        if (!ctx_.entities.empty() || file_ids_.empty()) return;
        ctx_.entities.reserve(file_ids_.size());
        for (std::size_t i = 0; i < file_ids_.size(); ++i) {
            if (const auto [it, fresh] = ctx_.entities.emplace(file_ids_[i], created_[i]); !fresh) {
                in_.where.at("entities", i, "id");
                in_.fail("id " + std::to_string(file_ids_[i]) + " is used twice");
            }
        }
    }

    void read_entity(record_reader& in, std::size_t index, entity e) {
        in_.where.member = "enabled";
        const auto flags = in.read<std::uint8_t>("the entity's flags");
        if (flags & ~(entity_active | entity_named)) {
            in.fail("corrupt: entity flags " + std::to_string(flags));
        }
        if (!(flags & entity_active)) out_.world.set_active(e, false);
        if (flags & entity_named) {
            in_.where.member = "name";
            const std::string_view text = in.read_string("entity name", limits::max_string_bytes);
            Name n;
            if (text.size() >= sizeof n.value) {
                in_.warn("name cut to " + std::to_string(sizeof n.value - 1) + " bytes");
            }
            std::memcpy(n.value, text.data(), std::min(text.size(), sizeof n.value - 1));
            out_.world.add<Name>(e, n);
        }
        in_.where.member = "parent";
        const auto parent_id = in.read<std::uint64_t>("the entity's parent id");
        if (parent_id != 0) {
            entity parent = find_entity(parent_id);
            if (parent.is_null()) parent = ctx_.resolve(parent_id, in_.where.path());  // warns
            if (parent == e) {
                in_.warn("an entity cannot be its own parent; the link is dropped");
            } else if (!parent.is_null()) {
                out_.world.add<Parent>(e, parent);
            }
        }
        in_.where.member = "components";
        const auto n =
            in.read_count<std::uint32_t>("component count", types_.size(), min_component_bytes);
        for (std::uint32_t j = 0; j < n; ++j) {
            in_.where.at("entities", index, "components");
            in_.where.sub = j;
            read_entity_component(in, index, e);
        }
        in_.where.at("entities", index, "unknown");
        const auto unknown = in.read_count<std::uint32_t>(
            "unknown component count", limits::max_unknown_per_entity, min_unknown_bytes);
        for (std::uint32_t j = 0; j < unknown; ++j) {
            in_.where.at("entities", index, "unknown");
            in_.where.sub = j;
            read_unknown(in, index, e);
        }
        in_.where.at("entities", index);  // read_unknown pointed `where` at a local name
        if (in.left() != 0) {
            in.fail("corrupt: " + std::to_string(in.left()) +
                    " bytes are left over at the end of the entity record");
        }
    }

    // --- 4. components -------------------------------------------------------------------------

    void read_entity_component(record_reader& in, std::size_t index, entity e) {
        const auto k = in.read<std::uint32_t>("a component's schema index");
        if (k >= types_.size()) {
            in.fail("corrupt: schema index " + std::to_string(k) + " (the schema has " +
                    std::to_string(types_.size()) + " types)");
        }
        binary_type& type = types_[k];
        in_.where.sub = no_index;
        in_.where.component = type.name;
        const auto enabled_byte = in.read<std::uint8_t>("the component's enabled flag");
        if (enabled_byte > 1) in.fail("corrupt: enabled flag " + std::to_string(enabled_byte));
        const bool enabled = enabled_byte == 1;
        const auto size = in.read<std::uint32_t>("the component's data size");
        if (!type.variable && size != type.fixed_size) {
            in.fail("corrupt: " + std::to_string(size) + " bytes of field data; the schema of " +
                    type.name + " says " + std::to_string(type.fixed_size));
        }
        data_start_ = in.offset();
        byte_cursor data = in.take(size, "the component's field data");
        data_ = &data;

        if (type.mismatch_field)
            fail(&type.fields[*type.mismatch_field], no_element, type.mismatch);
        if (!type.info) {
            warn_once(type, "unknown component type '" + type.name +
                                "': kept as it is and saved back, but not used");
            keep_unknown(in, index, type.name, fields_to_json(data, type, enabled, *this));
        } else if (type.dropped) {
            warn_once(type, "component '" + type.name + "' is not stored in scene files (ignored)");
        } else {
            store(type, data, e, enabled);
        }
        data_ = nullptr;
    }

    void store(binary_type& type, byte_cursor& data, entity e, bool enabled) {
        const component_info& info = *type.info;
        void* value = component_value_.data();
        const byte_cursor start = data;
        if (!type.covers_all) info.reset(value);
        decode_fields(data, type, value, *this);
        if (type.version > info.version) {
            warn_once(type, "written by a newer version (" + std::to_string(type.version) +
                                ") of " + info.name + " than this build knows (" +
                                std::to_string(info.version) + "); read as far as possible");
        } else if (type.version < info.version) {
            const binary_legacy_fields legacy(start, type, *this);
            info.upgrade(value, type.version, legacy);
        }
        if (!out_.world.add_copy(e, info.type, value)) {
            point_at(nullptr, no_element);
            in_.fail("corrupt: the entity has two " + info.name + " components");
        }
        if (!enabled) out_.world.set_enabled(e, info.type, false);
    }

    void warn_once(binary_type& type, std::string message) {
        if (type.warned) return;
        type.warned = true;
        point_at(nullptr, no_element);
        in_.warn(std::move(message));
    }

    // Keeps a component of a type the table does not know, refusing a second one of the same
    // name on the entity: JSON could not hold both (a key twice in one object), and the JSON
    // loader refuses that too.
    void keep_unknown(record_reader& in, std::size_t index, const std::string& name,
                      std::string json) {
        std::vector<unknown_component>& kept = out_.unknown[file_ids_[index]];
        for (const unknown_component& other : kept) {
            if (other.name == name)
                in.fail("corrupt: the entity has two components named '" + name + "'");
        }
        kept.push_back({name, std::move(json)});
    }

    // A component kept as JSON text (its type was unknown when the file was written).
    void read_unknown(record_reader& in, std::size_t index, entity e) {
        const std::string name(in.read_string("unknown component name", limits::max_string_bytes));
        if (name.find('\0') != std::string::npos) {
            in.fail("corrupt: a component type name with a NUL character");
        }
        const std::string_view json =
            in.read_string("unknown component JSON", limits::max_unknown_json_bytes);
        in_.where.sub = no_index;
        in_.where.member = "components";
        in_.where.component = name;
        rapidjson::Document doc;
        if (auto failure = parse_json(json, doc)) {
            in.fail("corrupt: the kept JSON of the component is not valid (" + failure->message +
                    " at its byte " + std::to_string(failure->offset) + ")");
        }
        if (!doc.IsObject()) in.fail("corrupt: the kept JSON of the component is not an object");
        if (detail::has_nul_key(doc))
            in.fail("corrupt: a key in the kept JSON has a NUL character");
        const component_info* info = table_.find(std::string_view(name));
        if (!info) {
            if (warned_unknown_.insert(name).second) {
                in_.warn("unknown component type '" + name +
                         "': kept as it is and saved back, but not used");
            }
            keep_unknown(in, index, name, to_json_text(doc));
            return;
        }
        // Registered since the file was written: read it as the JSON loader would.
        if (info->flags.not_saved || is_identity_component(info->type)) {
            in_.warn("component '" + name + "' is not stored in scene files (ignored)");
            return;
        }
        fill_entity_map();  // the JSON reader resolves references through it
        std::vector<std::byte> value(info->prototype.begin(), info->prototype.end());
        const bool enabled = read_component(doc, *info, value.data(), ctx_, in_.where.path(), true);
        if (!out_.world.add_copy(e, info->type, value.data())) {
            in.fail("corrupt: the entity has two " + info->name + " components");
        }
        if (!enabled) out_.world.set_enabled(e, info->type, false);
    }

    binary_reader& in_;
    const component_table& table_;
    read_context& ctx_;
    scene& out_;
    std::vector<binary_type> types_;
    std::vector<std::uint64_t> file_ids_;     // by entity index in the file
    std::vector<entity> created_;             // likewise
    bool dense_ = false;                      // file_ids_[i] == i + 1
    bool sorted_ = false;                     // file_ids_ strictly increasing
    std::vector<std::uint8_t> record_;        // the entity record being read
    std::vector<std::byte> component_value_;  // one component, as the table lays it out
    const byte_cursor* data_ = nullptr;       // a component's field data, while decoding it
    std::size_t data_start_ = 0;              // its file offset
    std::set<std::string, std::less<>> warned_unknown_;
    std::uint64_t promised_bytes_ = 0;  // what the schema's component counts need at least
};

}  // namespace

void load_binary_scene(binary_reader& in, const component_table& table, read_context& ctx,
                       scene& out) {
    scene_loader(in, table, ctx, out).read();
}

}  // namespace mosaic::detail
