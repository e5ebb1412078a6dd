// The live link's JSON-RPC envelope and params (live_rpc.hpp): written with rapidjson's
// writer, the library the scene files already use.
#include "live_rpc.hpp"

#include <utility>

namespace mosaic::live::internal {

void fail(error_code code, std::string message) {
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

const rapidjson::Value* params::find(const char* name) const {
    if (!object_) return nullptr;
    const rapidjson::Value& o = *object_;
    const auto m = o.FindMember(name);
    return m == o.MemberEnd() ? nullptr : &m->value;
}

std::uint64_t params::uint(const char* name, std::optional<std::uint64_t> fallback,
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

std::string_view params::text(const char* name, std::string_view fallback) const {
    const rapidjson::Value* v = find(name);
    if (!v) return fallback;
    if (!v->IsString()) {
        fail(invalid_params, std::string("\"") + name + "\": expected a string, found " +
                                 std::string(detail::describe(*v)));
    }
    return {v->GetString(), v->GetStringLength()};
}

std::vector<std::string_view> params::texts(const char* name) const {
    std::vector<std::string_view> out;
    const rapidjson::Value* v = find(name);
    if (!v) return out;
    if (!v->IsArray()) fail(invalid_params, std::string("\"") + name + "\": expected an array");
    for (const auto& e : v->GetArray()) {
        if (!e.IsString()) fail(invalid_params, std::string("\"") + name + "\": expected strings");
        out.emplace_back(e.GetString(), e.GetStringLength());
    }
    return out;
}

}  // namespace mosaic::live::internal
