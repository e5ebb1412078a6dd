// libFuzzer target for the live link's message parser and dispatcher (issue #30,
// tests/fuzz/README.md): each line of the input is one message to protocol::handle, against
// a game with a few entities, with a tick and the subscription pushes after every line.
// Properties: every message gets a reply that is a JSON-RPC 2.0 object carrying a result or
// an error (or, for a request without id that succeeded, nothing), every push is a "changed"
// notification, and nothing crashes, leaks or trips the sanitizers. The editor's side of a
// mirror (live::world_mirror) reads every line too, as if a game had sent it as a page, and
// every mirror.pull result, then says what was edited: a hostile or broken game cannot take
// the editor down either.
// clang-format off
#include <cereal/archives/json.hpp>  // first: rapidjson's assertions as the engine has them
// clang-format on
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/live/live_mirror.hpp>
#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/runtime/game.hpp>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "property broken: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

void check_reply(const std::string& reply, bool push) {
    rapidjson::Document doc;
    doc.Parse(reply.c_str(), reply.size());
    if (doc.HasParseError() || !doc.IsObject()) broken("a reply is not a JSON object", reply);
    const rapidjson::Value& root = doc;  // const iterators compare unambiguously under clang
    const auto version = root.FindMember("jsonrpc");
    if (version == root.MemberEnd() || !version->value.IsString() ||
        std::string_view(version->value.GetString()) != "2.0") {
        broken("a reply without \"jsonrpc\": \"2.0\"", reply);
    }
    if (push) {
        if (!doc.HasMember("method") || doc.HasMember("id"))
            broken("a push is no notification", reply);
        return;
    }
    if (doc.HasMember("result") == doc.HasMember("error")) {
        broken("a reply needs exactly one of result and error", reply);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static mosaic::game g;
    g.start(mosaic::scene{});
    mosaic::world& w = g.world();
    for (int i = 0; i < 4; ++i) {
        const mosaic::entity e = w.create();
        w.add<mosaic::Transform>(e);
        if (i % 2 == 0) w.add<mosaic::Health>(e);
        if (i == 3) w.add<mosaic::Team>(e);
    }
    mosaic::live::protocol link(g);
    mosaic::live::session s;
    mosaic::world mirrored;
    mosaic::live::world_mirror mirror(mirrored, g.table());
    std::uint64_t pulls = 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t start = 0;
    while (start < input.size()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(start, end - start);
        const std::string reply = link.handle(s, line);
        if (!reply.empty()) check_reply(reply, false);
        (void)mirror.take_page(line, ++pulls);  // any bytes, as a page
        rapidjson::Document answer;
        answer.Parse(reply.c_str(), reply.size());
        if (!answer.HasParseError() && answer.IsObject() && answer.HasMember("result")) {
            rapidjson::StringBuffer text;
            rapidjson::Writer<rapidjson::StringBuffer> out(text);
            answer["result"].Accept(out);
            (void)mirror.take_page({text.GetString(), text.GetSize()}, ++pulls);
        }
        (void)mirror.local_edits(pulls + 1);
        try {
            g.frame(1.0 / 60);
        } catch (const std::exception&) {
            // A system failing on values the client set is the game's business, not the link's.
        }
        for (const std::string& push : link.notifications(s)) check_reply(push, true);
        start = end + 1;
    }
    return 0;
}
