// The editor's side of an attached game (remote_game.hpp): requests go out through
// live::client, each with what to do with its reply, and update() runs those as replies come
// back; "changed" pushes refresh the inspected entity.
// clang-format off
#include <cereal/archives/json.hpp>  // first, as in the engine: how rapidjson asserts
// clang-format on
#include "core/remote_game.hpp"

#include <mosaic/engine/live/live_protocol.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>
#include <utility>

namespace mosaic::editor {

namespace {

std::string json_of(const rapidjson::Value& v) {
    rapidjson::StringBuffer out;
    rapidjson::Writer<rapidjson::StringBuffer> w(out);
    v.Accept(w);
    return {out.GetString(), out.GetSize()};
}

std::string json_quoted(std::string_view text) {
    rapidjson::StringBuffer out;
    rapidjson::Writer<rapidjson::StringBuffer> w(out);
    w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return {out.GetString(), out.GetSize()};
}

std::string name_in(const rapidjson::Value& components) {
    if (!components.IsObject()) return {};
    const auto name = components.FindMember("Name");
    if (name == components.MemberEnd() || !name->value.IsObject()) return {};
    const auto value = name->value.FindMember("value");
    return value != name->value.MemberEnd() && value->value.IsString() ? value->value.GetString()
                                                                       : std::string();
}

}  // namespace

remote_game::remote_game() = default;
remote_game::~remote_game() = default;

std::string remote_game::attach(std::string_view address, std::string token) {
    std::string host = "127.0.0.1";
    std::string_view port = address;
    if (const std::size_t colon = address.rfind(':'); colon != std::string_view::npos) {
        host = std::string(address.substr(0, colon));
        port = address.substr(colon + 1);
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
            host = host.substr(1, host.size() - 2);
        }
    }
    unsigned number = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc{} || end != port.data() + port.size() || number == 0 ||
        number > 65535) {
        return "'" + std::string(address) + "': expected ADDR:PORT (e.g. 127.0.0.1:4000)";
    }
    detach();
    client_ = std::make_unique<live::client>();
    client_->connect(host, static_cast<std::uint16_t>(number));
    address_ = host + ":" + std::string(port);
    token_ = std::move(token);
    status_ = status::connecting;
    message_ = "connecting to " + address_;
    const std::string params = token_.empty() ? "{}" : R"({"token":)" + json_quoted(token_) + "}";
    request("hello", params, [this](const live::client_message& m) { hello_done(m); });
    return {};
}

void remote_game::detach() {
    client_.reset();  // closes the socket; the game goes on
    waiting_.clear();
    if (status_ != status::detached) message_ = "detached from " + address_;
    status_ = status::detached;
    rows_.clear();
    inspected_.clear();
    selected_ = 0;
    total_ = 0;
    page_pending_ = false;
}

void remote_game::request(std::string_view method, std::string params,
                          std::function<void(const live::client_message&)> then) {
    if (!client_) return;
    const std::uint64_t id = client_->request(method, params);
    waiting_[id] = then ? std::move(then) : [this](const live::client_message& m) {
        if (!m.error.empty()) message_ = m.error;
    };
}

void remote_game::hello_done(const live::client_message& m) {
    if (!m.error.empty()) {
        status_ = status::failed;
        message_ = "the game refused: " + m.error;
        return;
    }
    rapidjson::Document doc;
    doc.Parse(m.result.c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("protocol") ||
        !doc["protocol"].IsString() ||
        std::string_view(doc["protocol"].GetString()) != "mosaic-live") {
        status_ = status::failed;
        message_ = "not a Mosaic game (no mosaic-live hello)";
        return;
    }
    if (doc.HasMember("version") && doc["version"].IsInt() &&
        doc["version"].GetInt() != live::protocol_version) {
        status_ = status::failed;
        message_ = "the game speaks mosaic-live " + std::to_string(doc["version"].GetInt()) +
                   "; this editor " + std::to_string(live::protocol_version);
        return;
    }
    components_.clear();
    if (doc.HasMember("components") && doc["components"].IsArray()) {
        for (const auto& c : doc["components"].GetArray()) {
            if (!c.IsObject() || !c.HasMember("name") || !c["name"].IsString()) continue;
            std::vector<std::string>& fields = components_[c["name"].GetString()];
            if (c.HasMember("fields") && c["fields"].IsArray()) {
                for (const auto& f : c["fields"].GetArray()) {
                    if (f.IsString()) fields.emplace_back(f.GetString());
                }
            }
        }
    }
    if (doc.HasMember("tick") && doc["tick"].IsUint64()) tick_ = doc["tick"].GetUint64();
    if (doc.HasMember("paused") && doc["paused"].IsBool()) paused_ = doc["paused"].GetBool();
    status_ = status::attached;
    message_ = "attached to " + address_;
    show_page(0);
}

void remote_game::update(double now) {
    if (!client_) return;
    for (live::client_message& m : client_->poll()) {
        if (m.id == 0 && m.method == "changed") {
            rapidjson::Document doc;
            doc.Parse(m.params.c_str());
            if (doc.HasParseError() || !doc.IsObject()) continue;
            if (doc.HasMember("tick") && doc["tick"].IsUint64()) tick_ = doc["tick"].GetUint64();
            if (!doc.HasMember("entities") || !doc["entities"].IsArray()) continue;
            for (const auto& e : doc["entities"].GetArray()) {
                if (!e.IsObject() || !e.HasMember("id") || !e["id"].IsUint64() ||
                    e["id"].GetUint64() != selected_) {
                    continue;
                }
                if (e.HasMember("destroyed")) {
                    inspected_.clear();
                    selected_ = 0;
                } else {
                    read_inspected(json_of(e));
                }
            }
            continue;
        }
        const auto it = waiting_.find(m.id);
        if (it == waiting_.end()) continue;
        auto then = std::move(it->second);
        waiting_.erase(it);
        if (then) then(m);
    }
    if (client_ && client_->state() == live::client::status::closed && status_ != status::failed) {
        status_ = status::failed;
        message_ = client_->failure();
    }
    if (status_ == status::attached && !page_pending_ && now - last_refresh_ >= refresh_seconds) {
        last_refresh_ = now;
        show_page(offset_);
    }
}

void remote_game::show_page(std::size_t offset) {
    offset_ = offset;
    page_pending_ = true;
    request("query",
            R"({"query":"","values":true,"offset":)" + std::to_string(offset) + R"(,"limit":)" +
                std::to_string(page_size) + "}",
            [this](const live::client_message& m) {
                page_pending_ = false;
                if (!m.error.empty()) {
                    message_ = m.error;
                    return;
                }
                read_page(m.result);
            });
    request("systems.timings", "{}", [this](const live::client_message& m) {
        rapidjson::Document doc;
        doc.Parse(m.result.c_str());
        if (doc.HasParseError() || !doc.IsObject()) return;
        if (doc.HasMember("tick") && doc["tick"].IsUint64()) tick_ = doc["tick"].GetUint64();
        if (doc.HasMember("paused") && doc["paused"].IsBool()) paused_ = doc["paused"].GetBool();
    });
}

void remote_game::read_page(const std::string& result) {
    rapidjson::Document doc;
    doc.Parse(result.c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("entities") ||
        !doc["entities"].IsArray()) {
        return;
    }
    total_ = doc.HasMember("total") && doc["total"].IsUint64() ? doc["total"].GetUint64() : 0;
    ++pages_received_;
    rows_.clear();
    for (const auto& e : doc["entities"].GetArray()) {
        if (!e.IsObject() || !e.HasMember("id") || !e["id"].IsUint64()) continue;
        row r{e["id"].GetUint64(), {}};
        if (e.HasMember("components")) r.name = name_in(e["components"]);
        if (r.name.empty()) r.name = "Entity " + std::to_string(r.id);
        rows_.push_back(std::move(r));
    }
}

void remote_game::read_inspected(const std::string& entity_json) {
    rapidjson::Document doc;
    doc.Parse(entity_json.c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("components") ||
        !doc["components"].IsObject()) {
        return;
    }
    inspected_.clear();
    for (const auto& c : doc["components"].GetObject()) {
        component_value v{c.name.GetString(), {}};
        if (c.value.IsObject()) {
            for (const auto& f : c.value.GetObject()) {
                const std::string_view name = f.name.GetString();
                if (name == "version") continue;
                v.fields.push_back({std::string(name), json_of(f.value)});
            }
        }
        inspected_.push_back(std::move(v));
    }
}

void remote_game::select(std::uint64_t id) {
    if (status_ != status::attached) return;
    if (selected_ != 0) request("unsubscribe", "{}");
    selected_ = id;
    inspected_.clear();
    request("entity.get", R"({"id":)" + std::to_string(id) + "}",
            [this, id](const live::client_message& m) {
                if (id != selected_) return;
                if (!m.error.empty()) {
                    message_ = m.error;
                    return;
                }
                read_inspected(m.result);
            });
    request("subscribe", R"({"ids":[)" + std::to_string(id) + "]}");
}

std::string remote_game::set_field(std::string_view component, std::string_view field,
                                   std::string_view json) {
    if (status_ != status::attached) return "not attached to a game";
    if (!allow_edits) return "read-only: turn on Allow Edits to change the game";
    if (selected_ == 0) return "no entity selected";
    rapidjson::Document value;
    value.Parse(json.data(), json.size());
    if (value.HasParseError()) {
        return std::string(field) + ": '" + std::string(json) +
               "' is not a value (a number, [x, y], true, \"text\")";
    }
    request("component.set",
            R"({"id":)" + std::to_string(selected_) + R"(,"component":)" + json_quoted(component) +
                R"(,"value":{)" + json_quoted(field) + ":" + json_of(value) + "}}",
            [this](const live::client_message& m) {
                message_ = m.error.empty() ? "set" : "the game refused: " + m.error;
            });
    return {};
}

void remote_game::pause() {
    request("game.pause", "{}", [this](const live::client_message& m) {
        if (m.error.empty()) paused_ = true;
    });
}

void remote_game::resume() {
    request("game.resume", "{}", [this](const live::client_message& m) {
        if (m.error.empty()) paused_ = false;
    });
}

void remote_game::step() {
    request("game.step", "{}", [this](const live::client_message& m) {
        if (!m.error.empty()) message_ = m.error;
    });
}

void remote_game::query(std::string_view text,
                        std::function<void(const std::string&, const std::string&)> done) {
    if (status_ != status::attached) {
        done({}, "not attached to a game");
        return;
    }
    request("query", R"({"query":)" + json_quoted(text) + R"(,"values":true,"limit":1000})",
            [done = std::move(done)](const live::client_message& m) { done(m.result, m.error); });
}

}  // namespace mosaic::editor
