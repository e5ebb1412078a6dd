// Reading a binary scene.
//
// Sections: 1. header, settings, systems  2. schema  3. entities  4. components
#include "binary_loader.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "component_json.hpp"
#include "mosaic/ecs/field_kinds.hpp"
#include "mosaic/engine/scene/scene_binary.hpp"

namespace mosaic::detail {

namespace {

using limits = binary_scene_limits;

class scene_loader final : public decode_context, public file_place {
public:
    scene_loader(binary_reader& in, const component_table& table, read_context& ctx,
                 scene_builder& builder)
        : in_(in), table_(table), ctx_(ctx), builder_(builder), out_(builder.draft()) {}

    void read() {
        in_.open();
        in_.where.at("version");
        const auto version = in_.read<std::uint32_t>("the format version");
        scene_builder::check_format_version(version, binary_scene_format_version, *this);
        read_settings();
        read_systems();
        read_schema(version);
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
        if (const entity found = builder_.find(id); !found.is_null()) return found;
        point_at(&field, element);
        return builder_.resolve(id, *this);  // warns
    }

    // file_place: where the builder's messages point, with the byte offset for errors.
    void warn(std::string message, std::string_view member) override {
        const std::string_view field = in_.where.field;
        if (!member.empty()) in_.where.field = member;
        in_.warn(std::move(message));
        in_.where.field = field;
    }
    [[nodiscard]] std::string path() const override { return in_.where.path(); }

private:
    // Inside an entity record, the offset is the record reader's.
    void raise(std::string message) override {
        if (record_) {
            record_->fail(std::move(message));
        } else {
            in_.fail(std::move(message));
        }
    }

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
                    in_.where.member = "every_ticks";  // as the JSON form names it
                    s.rate = scene_builder::ticks_rate(ticks, *this);
                    break;
                case static_cast<std::uint8_t>(rate::kind::interval):
                    in_.where.member = "every_seconds";
                    s.rate = scene_builder::seconds_rate(seconds, *this);
                    break;
                default:
                    in_.fail("corrupt: rate kind " + std::to_string(kind) + " (expected 0 to 2)");
            }
            in_.where.member = "name";
            builder_.add_system(std::move(s), *this);
        }
    }

    // --- 2. schema -----------------------------------------------------------------------------

    void read_schema(std::uint32_t version) {
        types_ = read_binary_schema(in_, version, table_, out_.world);
        std::size_t largest = 0;
        for (const binary_type& t : types_) {
            if (t.info) largest = std::max(largest, t.info->size);
        }
        component_value_.resize(largest);
    }

    // --- 3. entities ---------------------------------------------------------------------------

    // The id table first: every entity exists before any reference is read.
    void read_entities() {
        in_.where.at("entities");
        const auto n =
            in_.read_count<std::uint64_t>("entity count", limits::max_entities, min_entity_bytes);
        std::vector<std::uint8_t> bytes(n * 8);
        in_.read_bytes(bytes.data(), bytes.size(), "the entity id table");
        std::vector<std::uint64_t> ids(n);
        for (std::size_t i = 0; i < n; ++i) ids[i] = load_le<std::uint64_t>(bytes.data() + i * 8);
        builder_.create_entities(std::move(ids), [&](std::size_t i) -> file_place& {
            in_.where.at("entities", i, "id");
            return *this;
        });
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
            record_bytes_.resize(std::max<std::size_t>(record_bytes_.size(), size));
            const std::size_t start = in_.offset();
            in_.read_bytes(record_bytes_.data(), size, "the entity record");
            record_reader record(in_, record_bytes_.data(), size, start);
            record_ = &record;
            read_entity(record, i, builder_.entity_at(i));
            record_ = nullptr;
        }
    }

    void read_entity(record_reader& in, std::size_t index, entity e) {
        in_.where.member = "enabled";
        const auto flags = in.read<std::uint8_t>("the entity's flags");
        if (flags & ~(entity_active | entity_named)) {
            in.fail("corrupt: entity flags " + std::to_string(flags));
        }
        if (!(flags & entity_active)) builder_.set_enabled(e, false);
        if (flags & entity_named) {
            in_.where.member = "name";
            builder_.set_name(e, in.read_string("entity name", limits::max_string_bytes), *this);
        }
        in_.where.member = "parent";
        const auto parent_id = in.read<std::uint64_t>("the entity's parent id");
        if (parent_id != 0) builder_.set_parent(e, parent_id, *this);
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
            decode_context::fail(&type.fields[*type.mismatch_field], no_element, type.mismatch);
        if (!type.info) {
            std::string json = fields_to_json(data, type, enabled, *this);
            point_at(nullptr, no_element);
            builder_.keep_unknown(index, type.name, std::move(json), *this);
        } else if (type.dropped) {
            point_at(nullptr, no_element);
            builder_.skip_not_stored(*type.info, *this);
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
        point_at(nullptr, no_element);
        // The hook reads the file's values only for older versions: no need to decode them
        // again for every component of the current one.
        if (type.version < info.version) {
            builder_.add_component(e, info, value, enabled, type.version,
                                   binary_legacy_values(start, type, *this), *this);
        } else {
            builder_.add_component(e, info, value, enabled, type.version, legacy_values(), *this);
        }
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
        if (name == binary_prefab_overrides_key) {
            builder_.keep_prefab_overrides(index, doc.MemberCount() ? to_json_text(doc) : "",
                                           *this);
            return;
        }
        const component_info* info = table_.find(std::string_view(name));
        if (!info) {
            builder_.keep_unknown(index, name, to_json_text(doc), *this);
            return;
        }
        // Registered since the file was written: read it as the JSON loader would.
        if (!scene_builder::is_stored(*info)) {
            builder_.skip_not_stored(*info, *this);
            return;
        }
        std::vector<std::byte> value(info->prototype.begin(), info->prototype.end());
        const component_header header =
            read_component(doc, *info, value.data(), ctx_, in_.where.path(), true);
        builder_.add_component(e, *info, value.data(), header.enabled, header.version,
                               json_legacy_values(doc), *this);
    }

    binary_reader& in_;
    const component_table& table_;
    read_context& ctx_;
    scene_builder& builder_;
    scene& out_;  // the builder's draft: settings, systems, pools to reserve
    std::vector<binary_type> types_;
    std::vector<std::uint8_t> record_bytes_;  // the entity record being read ...
    record_reader* record_ = nullptr;         // ... and its reader, while it is read
    std::vector<std::byte> component_value_;  // one component, as the table lays it out
    const byte_cursor* data_ = nullptr;       // a component's field data, while decoding it
    std::size_t data_start_ = 0;              // its file offset
};

}  // namespace

void load_binary_scene(binary_reader& in, const component_table& table, read_context& ctx,
                       scene_builder& builder) {
    scene_loader(in, table, ctx, builder).read();
}

}  // namespace mosaic::detail
