// The live link's subscriptions: a session watches up to max_watched entities (optionally
// only some of their components); after each tick it is sent one "changed" notification
// listing those whose bytes differ from what it was last sent, pushed rather than polled.
#include <utility>

#include "live_methods.hpp"
#include "live_values.hpp"

namespace mosaic::live::internal {

namespace {

std::vector<entity> ids_param(const call& c) {
    std::vector<entity> out;
    const rapidjson::Value* ids = c.p.find("ids");
    if (!ids) fail(invalid_params, "missing \"ids\"");
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

void write_watching(const call& c) {
    c.out.StartObject();
    c.out.Key("watching");
    c.out.Uint64(c.s.watched.size());
    c.out.EndObject();
}

}  // namespace

void subscribe(const call& c) {
    const std::vector<entity> ids = ids_param(c);
    std::vector<std::string> only;
    for (const std::string_view n : c.p.texts("components")) {
        only.emplace_back(component_param(c.table(), n).name);
    }
    std::size_t added = 0;
    for (const entity e : ids) added += c.s.watched.count(entity_wire_id(e)) ? 0 : 1;
    if (c.s.watched.size() + added > max_watched) {
        fail(too_large, "a session watches at most " + std::to_string(max_watched) + " entities");
    }
    for (const entity e : ids)
        c.s.watched[entity_wire_id(e)] = session_state::watch{{}, false, only};
    write_watching(c);
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
    write_watching(c);
}

std::string changed_notification(game& g, session_state& s) {
    auto& watched = s.watched;
    if (watched.empty()) return {};
    const world& w = g.world();
    const component_table& table = g.table();
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
    list.Uint64(g.systems().ticks());
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
    if (!any) return {};
    return {text.GetString(), text.GetSize()};
}

}  // namespace mosaic::live::internal
