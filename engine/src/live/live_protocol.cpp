// The live link's dispatcher: checks the JSON-RPC envelope, runs one method against the
// game and writes the reply. A method validates everything before it changes the world, so
// a refused request leaves it as it was. Values are read and written by component_json (the
// scene files' encoder); only the envelope is built here.
//
// Sections: 1. replies and params  2. entity values  3. methods  4. handle, notifications
#include <mosaic/engine/live/live_protocol.hpp>

#include <algorithm>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include <mosaic/engine/runtime/game.hpp>

#include "../scene/component_json.hpp"
#include "../scene/json_support.hpp"
#include "../scene/read_context.hpp"
#include "live_query.hpp"

namespace mosaic::live {

namespace {

using writer = rapidjson::Writer<rapidjson::StringBuffer>;

// --- 1. replies and params -------------------------------------------------------------------

struct rpc_error {
    error_code code;
    std::string message;
};

[[noreturn]] void fail(error_code code, std::string message) {
    throw rpc_error{code, std::move(message)};
}

void write_text(writer& w, std::string_view s) {
    w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

std::string envelope(const rapidjson::Value* id, const std::function<void(writer&)>& body) {
    rapidjson::StringBuffer out;
    writer w(out);
    w.StartObject();
    w.Key("jsonrpc");
    w.String("2.0");
    w.Key("id");
    if (id) {
        id->Accept(w);
    } else {
        w.Null();
    }
    body(w);
    w.EndObject();
    return {out.GetString(), out.GetSize()};
}

std::string error_text(const rapidjson::Value* id, error_code code, std::string_view message) {
    return envelope(id, [&](writer& w) {
        w.Key("error");
        w.StartObject();
        w.Key("code");
        w.Int(code);
        w.Key("message");
        write_text(w, message);
        w.EndObject();
    });
}

// The request's params (an object; absent means none).
class params {
public:
    explicit params(const rapidjson::Value* object) : object_(object) {}

    [[nodiscard]] const rapidjson::Value* find(const char* name) const {
        if (!object_) return nullptr;
        const rapidjson::Value& o = *object_;
        const auto m = o.FindMember(name);
        return m == o.MemberEnd() ? nullptr : &m->value;
    }
    [[nodiscard]] std::uint64_t uint(const char* name, std::optional<std::uint64_t> fallback,
                                     std::uint64_t max) const {
        const rapidjson::Value* v = find(name);
        if (!v) {
            if (!fallback) fail(invalid_params, std::string("missing \"") + name + "\"");
            return *fallback;
        }
        if (!v->IsUint64() || v->GetUint64() > max) {
            fail(invalid_params, std::string("\"") + name + "\": expected a whole number up to " +
                                     std::to_string(max) + ", found " +
                                     std::string(detail::describe(*v)));
        }
        return v->GetUint64();
    }
    [[nodiscard]] std::string_view text(const char* name, std::string_view fallback) const {
        const rapidjson::Value* v = find(name);
        if (!v) return fallback;
        if (!v->IsString()) {
            fail(invalid_params, std::string("\"") + name + "\": expected a string, found " +
                                     std::string(detail::describe(*v)));
        }
        return {v->GetString(), v->GetStringLength()};
    }
    [[nodiscard]] std::vector<std::string_view> texts(const char* name) const {
        std::vector<std::string_view> out;
        const rapidjson::Value* v = find(name);
        if (!v) return out;
        if (!v->IsArray()) fail(invalid_params, std::string("\"") + name + "\": expected an array");
        for (const auto& e : v->GetArray()) {
            if (!e.IsString()) {
                fail(invalid_params, std::string("\"") + name + "\": expected strings");
            }
            out.emplace_back(e.GetString(), e.GetStringLength());
        }
        return out;
    }

private:
    const rapidjson::Value* object_;
};

// --- 2. entity values ------------------------------------------------------------------------

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

// A component value read from its scene form on top of `start` (the current value or the
// prototype). Any warning (an unknown field, a reference to no entity) refuses it.
struct read_value {
    std::unique_ptr<std::byte[]> bytes;
    bool enabled = true;
};

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

// {"Name": {scene form}, ...} of `e`'s components (only `only`'s when not empty).
void write_components(writer& out, const component_table& table, const world& w, entity e,
                      const std::vector<std::string>& only) {
    out.StartObject();
    const detail::entity_id_fn id_of = [](entity r) { return entity_wire_id(r); };
    for (const type_id t : w.components_of(e)) {
        const component_info* info = table.find(t);
        if (!info || info->flags.opaque) continue;
        if (!only.empty() && std::find(only.begin(), only.end(), info->name) == only.end()) {
            continue;
        }
        write_text(out, info->name);
        const std::string value =
            detail::component_json_text(*info, w.try_get(e, t), w.is_enabled(e, t), id_of);
        out.RawValue(value.data(), value.size(), rapidjson::kObjectType);
    }
    out.EndObject();
}

// The bytes a watch compares: each shown component's type, enabled flag and value.
std::vector<std::byte> snapshot(const component_table& table, const world& w, entity e,
                                const std::vector<std::string>& only) {
    std::vector<std::byte> bytes;
    for (const type_id t : w.components_of(e)) {
        const component_info* info = table.find(t);
        if (!info || info->flags.opaque) continue;
        if (!only.empty() && std::find(only.begin(), only.end(), info->name) == only.end()) {
            continue;
        }
        const auto* value = static_cast<const std::byte*>(w.try_get(e, t));
        const auto* type_bytes = reinterpret_cast<const std::byte*>(&t);
        bytes.insert(bytes.end(), type_bytes, type_bytes + sizeof t);
        bytes.push_back(std::byte{w.is_enabled(e, t)});
        bytes.insert(bytes.end(), value, value + info->size);
    }
    return bytes;
}

// --- 3. methods ------------------------------------------------------------------------------
// Each writes its result (one JSON value) to `out` after every check has passed.

struct call {
    game& g;
    internal::session_state& s;
    const params& p;
    writer& out;

    [[nodiscard]] world& w() const { return g.world(); }
    [[nodiscard]] const component_table& table() const { return g.table(); }
};

void write_state(const call& c) {
    c.out.Key("tick");
    c.out.Uint64(c.g.systems().ticks());
    c.out.Key("paused");
    c.out.Bool(c.g.clock().paused());
}

void hello(const call& c) {
    if (c.s.options.token_required) {
        const std::string_view token = c.p.text("token", "");
        const std::string& expected = c.s.options.token;
        // Compared in full whatever the first difference, so timing tells nothing.
        bool same = token.size() == expected.size() && !expected.empty();
        unsigned char diff = 0;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            diff |= static_cast<unsigned char>(expected[i] ^ (i < token.size() ? token[i] : 0));
        }
        if (!same || diff != 0) fail(not_ready, "wrong or missing token");
    }
    c.s.ready = true;
    c.out.StartObject();
    c.out.Key("protocol");
    c.out.String("mosaic-live");
    c.out.Key("version");
    c.out.Int(protocol_version);
    write_state(c);
    c.out.Key("components");
    c.out.StartArray();
    for (const component_info* info : c.table().all()) {
        if (info->flags.opaque) continue;
        c.out.StartObject();
        c.out.Key("name");
        write_text(c.out, info->name);
        c.out.Key("fields");
        c.out.StartArray();
        for (const field_info& f : info->fields) write_text(c.out, f.name);
        c.out.EndArray();
        c.out.EndObject();
    }
    c.out.EndArray();
    c.out.EndObject();
}

// entities.list {filter?, offset?, limit?} and query {query, offset?, limit?, values?}.
void list_matches(const call& c, std::string_view text, bool values) {
    auto parsed = internal::parse_query(c.table(), text);
    if (auto* message = std::get_if<std::string>(&parsed)) fail(invalid_params, *message);
    const std::size_t offset = c.p.uint("offset", 0, UINT32_MAX);
    const std::size_t limit = c.p.uint("limit", 100, max_page);
    const internal::query_page page =
        internal::run_query(c.w(), std::get<internal::query_terms>(parsed), offset, limit);
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

void entities_list(const call& c) {
    list_matches(c, c.p.text("filter", ""), false);
}

void query(const call& c) {
    if (!c.p.find("query")) fail(invalid_params, "missing \"query\"");
    const rapidjson::Value* values = c.p.find("values");
    if (values && !values->IsBool()) fail(invalid_params, "\"values\": expected true or false");
    list_matches(c, c.p.text("query", ""), values && values->GetBool());
}

std::vector<std::string> component_names(const call& c) {
    std::vector<std::string> names;
    for (const std::string_view n : c.p.texts("components")) {
        names.emplace_back(component_param(c.table(), n).name);
    }
    return names;
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

void write_state_object(const call& c) {
    c.out.StartObject();
    write_state(c);
    c.out.EndObject();
}

void game_pause(const call& c) {
    c.g.clock().pause();
    write_state_object(c);
}

void game_resume(const call& c) {
    c.g.clock().resume();
    write_state_object(c);
}

void game_step(const call& c) {
    if (!c.g.clock().paused()) fail(refused, "the game is running: pause it before stepping");
    c.g.clock().step();  // the run loop's next frame runs exactly one tick
    write_state_object(c);
}

void systems_timings(const call& c) {
    c.out.StartObject();
    write_state(c);
    c.out.Key("systems");
    c.out.StartArray();
    for (const system* s : c.g.systems().ordered()) {
        const system_timing t = s->timing();
        c.out.StartObject();
        c.out.Key("name");
        write_text(c.out, s->name());
        c.out.Key("enabled");
        c.out.Bool(s->enabled());
        c.out.Key("last_ms");
        c.out.Double(t.last_ms);
        c.out.Key("mean_ms");
        c.out.Double(t.mean_ms);
        c.out.Key("max_ms");
        c.out.Double(t.max_ms);
        c.out.Key("calls");
        c.out.Uint64(t.calls);
        c.out.EndObject();
    }
    c.out.EndArray();
    c.out.EndObject();
}

std::vector<entity> ids_param(const call& c, bool required) {
    std::vector<entity> out;
    const rapidjson::Value* ids = c.p.find("ids");
    if (!ids) {
        if (required) fail(invalid_params, "missing \"ids\"");
        return out;
    }
    if (!ids->IsArray()) fail(invalid_params, "\"ids\": expected an array of entity ids");
    if (ids->Size() > max_watched) {
        fail(too_large, "more than " + std::to_string(max_watched) + " ids");
    }
    for (const auto& id : ids->GetArray()) {
        if (!id.IsUint64()) fail(invalid_params, "\"ids\": expected entity ids (numbers)");
        out.push_back(live_entity(c.w(), id.GetUint64()));
    }
    return out;
}

void subscribe(const call& c) {
    const std::vector<entity> ids = ids_param(c, true);
    const std::vector<std::string> only = component_names(c);
    std::size_t added = 0;
    for (const entity e : ids) added += c.s.watched.count(entity_wire_id(e)) ? 0 : 1;
    if (c.s.watched.size() + added > max_watched) {
        fail(too_large, "a session watches at most " + std::to_string(max_watched) + " entities");
    }
    for (const entity e : ids)
        c.s.watched[entity_wire_id(e)] = internal::session_state::watch{{}, false, only};
    c.out.StartObject();
    c.out.Key("watching");
    c.out.Uint64(c.s.watched.size());
    c.out.EndObject();
}

void unsubscribe(const call& c) {
    const rapidjson::Value* ids = c.p.find("ids");
    if (!ids) {
        c.s.watched.clear();
    } else {
        if (!ids->IsArray()) fail(invalid_params, "\"ids\": expected an array of entity ids");
        for (const auto& id : ids->GetArray()) {
            if (!id.IsUint64()) fail(invalid_params, "\"ids\": expected entity ids (numbers)");
            c.s.watched.erase(id.GetUint64());
        }
    }
    c.out.StartObject();
    c.out.Key("watching");
    c.out.Uint64(c.s.watched.size());
    c.out.EndObject();
}

struct method {
    std::string_view name;
    void (*run)(const call&);
};

constexpr method methods[] = {
    {"hello", hello},
    {"entities.list", entities_list},
    {"entity.get", entity_get},
    {"entity.create", entity_create},
    {"entity.destroy", entity_destroy},
    {"component.set", component_set},
    {"component.add", component_add},
    {"component.remove", component_remove},
    {"query", query},
    {"game.pause", game_pause},
    {"game.resume", game_resume},
    {"game.step", game_step},
    {"systems.timings", systems_timings},
    {"subscribe", subscribe},
    {"unsubscribe", unsubscribe},
};

}  // namespace

// --- 4. handle, notifications ----------------------------------------------------------------

std::string protocol::error_reply(error_code code, std::string_view message) {
    return error_text(nullptr, code, message);
}

std::string protocol::handle(session& s, std::string_view line) {
    if (line.size() > max_message_bytes) {
        return error_text(nullptr, too_large,
                          "message of " + std::to_string(line.size()) + " bytes; at most " +
                              std::to_string(max_message_bytes));
    }
    rapidjson::Document doc;
    try {
        if (auto failure = detail::parse_json(line, doc)) {
            return error_text(
                nullptr, parse_error,
                "at byte " + std::to_string(failure->offset) + ": " + failure->message);
        }
    } catch (const std::exception& e) {
        return error_text(nullptr, parse_error, e.what());
    }
    const rapidjson::Value& request = doc;
    if (request.IsArray()) return error_text(nullptr, invalid_request, "batches are not supported");
    if (!request.IsObject()) return error_text(nullptr, invalid_request, "expected an object");
    const auto id_member = request.FindMember("id");
    const rapidjson::Value* id = id_member == request.MemberEnd() ? nullptr : &id_member->value;
    if (id && !id->IsNull() && !id->IsString() && !id->IsInt64() && !id->IsUint64()) {
        return error_text(nullptr, invalid_request, "\"id\": expected a number or a string");
    }
    const auto version = request.FindMember("jsonrpc");
    if (version == request.MemberEnd() || !version->value.IsString() ||
        std::string_view(version->value.GetString()) != "2.0") {
        return error_text(id, invalid_request, "expected \"jsonrpc\": \"2.0\"");
    }
    const auto name = request.FindMember("method");
    if (name == request.MemberEnd() || !name->value.IsString()) {
        return error_text(id, invalid_request, "expected \"method\": a string");
    }
    const std::string_view method_name(name->value.GetString(), name->value.GetStringLength());
    const auto given = request.FindMember("params");
    const rapidjson::Value* object = given == request.MemberEnd() ? nullptr : &given->value;
    if (object && !object->IsObject()) {
        return error_text(id, invalid_params, "\"params\": expected an object (by name)");
    }
    const auto* m = std::find_if(std::begin(methods), std::end(methods),
                                 [&](const method& x) { return x.name == method_name; });
    if (m == std::end(methods)) {
        return error_text(id, method_not_found, "no method '" + std::string(method_name) + "'");
    }
    if (!s.state_.ready && m->name != "hello") {
        return error_text(id, not_ready, "say \"hello\" first");
    }
    rapidjson::StringBuffer result;
    try {
        writer out(result);
        const params p(object);
        m->run(call{*game_, s.state_, p, out});
    } catch (const rpc_error& e) {
        return error_text(id, e.code, e.message);
    } catch (const std::exception& e) {
        return error_text(id, refused, e.what());
    }
    if (!id) return {};  // a notification: no reply
    return envelope(id, [&](writer& w) {
        w.Key("result");
        w.RawValue(result.GetString(), result.GetSize(), rapidjson::kObjectType);
    });
}

std::vector<std::string> protocol::notifications(session& s) {
    std::vector<std::string> out;
    auto& watched = s.state_.watched;
    if (watched.empty()) return out;
    const world& w = game_->world();
    const component_table& table = game_->table();
    rapidjson::StringBuffer text;
    writer list(text);
    list.StartObject();
    list.Key("jsonrpc");
    list.String("2.0");
    list.Key("method");
    list.String("changed");
    list.Key("params");
    list.StartObject();
    list.Key("tick");
    list.Uint64(game_->systems().ticks());
    list.Key("entities");
    list.StartArray();
    bool any = false;
    for (auto it = watched.begin(); it != watched.end();) {
        const entity e = entity_from_wire_id(it->first);
        if (!w.alive(e)) {
            list.StartObject();
            list.Key("id");
            list.Uint64(it->first);
            list.Key("destroyed");
            list.Bool(true);
            list.EndObject();
            any = true;
            it = watched.erase(it);
            continue;
        }
        std::vector<std::byte> now = snapshot(table, w, e, it->second.components);
        if (!it->second.sent || now != it->second.last) {
            list.StartObject();
            list.Key("id");
            list.Uint64(it->first);
            list.Key("components");
            write_components(list, table, w, e, it->second.components);
            list.EndObject();
            it->second.last = std::move(now);
            it->second.sent = true;
            any = true;
        }
        ++it;
    }
    list.EndArray();
    list.EndObject();
    list.EndObject();
    if (any) out.emplace_back(text.GetString(), text.GetSize());
    return out;
}

}  // namespace mosaic::live
