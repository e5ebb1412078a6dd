// The live link's dispatcher: checks the JSON-RPC envelope, finds the method by name and runs
// it against the game, turning a refusal (rpc_error) into the error reply. The methods live
// in live_*_methods.cpp; values are read and written by component_json (live_values.cpp).
#include <mosaic/engine/live/live_protocol.hpp>

#include <algorithm>
#include <exception>
#include <iterator>

#include "live_methods.hpp"

namespace mosaic::live {

namespace internal {

namespace {

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
    {"mirror.pull", mirror_pull},
    {"mirror.reset", mirror_reset},
    {"input.set", input_set},
    {"input.get", input_get},
};

}  // namespace

const method* find_method(std::string_view name) {
    const auto* m = std::find_if(std::begin(methods), std::end(methods),
                                 [&](const method& x) { return x.name == name; });
    return m == std::end(methods) ? nullptr : m;
}

}  // namespace internal

using internal::error_text;

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
    const internal::method* m = internal::find_method(method_name);
    if (!m) return error_text(id, method_not_found, "no method '" + std::string(method_name) + "'");
    if (s.should_close()) return error_text(id, not_ready, "too many wrong tokens; closing");
    if (!s.state_.ready && m->name != "hello") {
        return error_text(id, not_ready, "say \"hello\" first");
    }
    rapidjson::StringBuffer result;
    try {
        internal::writer out(result);
        const internal::params p(object);
        m->run(internal::call{*game_, s.state_, p, out});
    } catch (const internal::rpc_error& e) {
        return error_text(id, e.code, e.message);
    } catch (const std::exception& e) {
        return error_text(id, refused, e.what());
    }
    if (!id) return {};  // a notification: no reply
    return internal::envelope(id, [&](internal::writer& w) {
        w.Key("result");
        w.RawValue(result.GetString(), result.GetSize(), rapidjson::kObjectType);
    });
}

std::vector<std::string> protocol::notifications(session& s) {
    std::vector<std::string> out;
    std::string changed = internal::changed_notification(*game_, s.state_);
    if (!changed.empty()) out.push_back(std::move(changed));
    return out;
}

}  // namespace mosaic::live
