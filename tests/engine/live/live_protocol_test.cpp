// The live link's protocol core (engine/include/mosaic/engine/live/live_protocol.hpp): each
// method against a game, and the error replies for malformed, oversized, unknown and
// out-of-order messages and for a missing token. No sockets: tools.live_link covers those.
// clang-format off
#include <cereal/archives/json.hpp>  // first: rapidjson's assertions as the engine has them
// clang-format on
#include <rapidjson/document.h>

#include <gtest/gtest.h>
#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/live/live_server.hpp>
#include <mosaic/engine/runtime/game.hpp>

namespace mosaic {
namespace {

using live::protocol;
using live::session;

struct LiveProtocol : ::testing::Test {
    LiveProtocol() {
        g.start(scene{});
        mover = g.world().create();
        g.world().add<Transform>(mover, Transform{{1.0f, 2.0f}, 0.0f, {1.0f, 1.0f}});
        g.world().add<Health>(mover, Health{50.0f, 50.0f});
        still = g.world().create();
        g.world().add<Transform>(still);
        g.world().add<Team>(still, Team{1});
        EXPECT_EQ(say("hello").HasMember("result"), true);
    }

    // Sends one request (params as JSON text) and parses the reply.
    rapidjson::Document say(const std::string& method, const std::string& params = "{}") {
        return parse(link.handle(
            s, R"({"jsonrpc":"2.0","id":7,"method":")" + method + R"(","params":)" + params + "}"));
    }
    static rapidjson::Document parse(const std::string& text) {
        rapidjson::Document doc;
        doc.Parse(text.c_str());
        EXPECT_FALSE(doc.HasParseError()) << text;
        return doc;
    }
    static int error_code(const rapidjson::Document& reply) {
        if (!reply.IsObject() || !reply.HasMember("error")) return 0;
        return reply["error"]["code"].GetInt();
    }
    std::string id(entity e) const { return std::to_string(live::entity_wire_id(e)); }

    game g;
    protocol link{g};
    session s;
    entity mover;
    entity still;
};

TEST_F(LiveProtocol, HelloTellsTheVersionAndTheComponents) {
    session fresh;
    const auto reply = parse(link.handle(fresh, R"({"jsonrpc":"2.0","id":"a","method":"hello"})"));
    EXPECT_STREQ(reply["id"].GetString(), "a");
    EXPECT_STREQ(reply["result"]["protocol"].GetString(), "mosaic-live");
    EXPECT_EQ(reply["result"]["version"].GetInt(), live::protocol_version);
    EXPECT_GT(reply["result"]["components"].Size(), 3u);
    EXPECT_TRUE(fresh.ready());
}

TEST_F(LiveProtocol, NothingButHelloBeforeHello) {
    session fresh;
    const auto reply =
        parse(link.handle(fresh, R"({"jsonrpc":"2.0","id":1,"method":"entities.list"})"));
    EXPECT_EQ(error_code(reply), live::not_ready);
    EXPECT_EQ(reply["id"].GetInt(), 1);
}

TEST_F(LiveProtocol, ANonLoopbackSessionNeedsTheToken) {
    session guarded({.token_required = true, .token = "s3cret", .max_token_failures = 5});
    const auto request = [&](const std::string& params) {
        return parse(link.handle(
            guarded, R"({"jsonrpc":"2.0","id":1,"method":"hello","params":)" + params + "}"));
    };
    EXPECT_EQ(error_code(request("{}")), live::not_ready);
    EXPECT_EQ(error_code(request(R"({"token":"s3cre"})")), live::not_ready);
    EXPECT_EQ(error_code(request(R"({"token":"s3cret!"})")), live::not_ready);
    EXPECT_FALSE(guarded.ready());
    EXPECT_EQ(error_code(request(R"({"token":"s3cret"})")), 0);
    EXPECT_TRUE(guarded.ready());
}

TEST_F(LiveProtocol, ASessionClosesAfterTooManyWrongTokens) {
    session guarded({.token_required = true, .token = "s3cret", .max_token_failures = 2});
    const auto hello = [&](const std::string& token) {
        return parse(link.handle(guarded, R"({"jsonrpc":"2.0","id":1,"method":"hello","params":)"
                                          R"({"token":")" +
                                              token + R"("}})"));
    };
    EXPECT_EQ(error_code(hello("a")), live::not_ready);
    EXPECT_FALSE(guarded.should_close());
    const auto second = hello("b");
    EXPECT_EQ(error_code(second), live::not_ready);
    EXPECT_NE(std::string(second["error"]["message"].GetString()).find("closing"),
              std::string::npos);
    EXPECT_TRUE(guarded.should_close());
    EXPECT_EQ(error_code(hello("s3cret")), live::not_ready);  // even the right one now
    EXPECT_FALSE(guarded.ready());
    EXPECT_EQ(guarded.token_failures(), 2u);
}

TEST_F(LiveProtocol, ListsEntitiesPagedAndFiltered) {
    const auto all = say("entities.list");
    EXPECT_EQ(all["result"]["total"].GetUint(), 2u);  // not the resource holder
    const auto page = say("entities.list", R"({"offset":1,"limit":1})");
    ASSERT_EQ(page["result"]["entities"].Size(), 1u);
    EXPECT_EQ(page["result"]["total"].GetUint(), 2u);
    const auto filtered = say("entities.list", R"({"filter":"Transform, !Team"})");
    ASSERT_EQ(filtered["result"]["entities"].Size(), 1u);
    EXPECT_EQ(filtered["result"]["entities"][0].GetUint64(), live::entity_wire_id(mover));
    EXPECT_EQ(error_code(say("entities.list", R"({"limit":100000})")), live::invalid_params);
}

TEST_F(LiveProtocol, QueryMatchesWithAndWithout) {
    const auto q = say("query", R"({"query":"Transform, !Health","values":true})");
    ASSERT_EQ(q["result"]["entities"].Size(), 1u);
    EXPECT_EQ(q["result"]["entities"][0]["id"].GetUint64(), live::entity_wire_id(still));
    EXPECT_EQ(q["result"]["entities"][0]["components"]["Team"]["id"].GetInt(), 1);
    EXPECT_EQ(error_code(say("query", R"({"query":"Transform, Nope"})")), live::invalid_params);
    EXPECT_EQ(error_code(say("query", R"({"query":"Transform,,"})")), live::invalid_params);
    EXPECT_EQ(error_code(say("query")), live::invalid_params);
}

TEST_F(LiveProtocol, GetsValuesInTheSceneFilesForm) {
    const auto reply = say("entity.get", R"({"id":)" + id(mover) + "}");
    const auto& t = reply["result"]["components"]["Transform"];
    EXPECT_EQ(t["version"].GetInt(), 1);
    EXPECT_EQ(t["position"][1].GetDouble(), 2.0);
    EXPECT_EQ(reply["result"]["components"]["Health"]["current"].GetDouble(), 50.0);
    const auto only = say("entity.get", R"({"id":)" + id(mover) + R"(,"components":["Health"]})");
    EXPECT_FALSE(only["result"]["components"].HasMember("Transform"));
    EXPECT_EQ(error_code(say("entity.get", R"({"id":12345})")), live::no_such_entity);
    EXPECT_EQ(error_code(say("entity.get", R"({"id":"x"})")), live::invalid_params);
    EXPECT_EQ(error_code(say("entity.get")), live::invalid_params);
}

TEST_F(LiveProtocol, SetsFieldsByNameAndRefusesBadValuesWhole) {
    EXPECT_EQ(
        error_code(say("component.set", R"({"id":)" + id(mover) +
                                            R"(,"component":"Health","value":{"current":7}})")),
        0);
    EXPECT_EQ(g.world().get<Health>(mover).current, 7.0f);
    EXPECT_EQ(g.world().get<Health>(mover).max, 50.0f);
    // An unknown field, a wrong type: nothing changes.
    EXPECT_EQ(error_code(say("component.set",
                             R"({"id":)" + id(mover) +
                                 R"(,"component":"Health","value":{"current":1,"nope":2}})")),
              live::invalid_params);
    EXPECT_EQ(
        error_code(say("component.set", R"({"id":)" + id(mover) +
                                            R"(,"component":"Health","value":{"current":"x"}})")),
        live::invalid_params);
    EXPECT_EQ(g.world().get<Health>(mover).current, 7.0f);
    EXPECT_EQ(error_code(say("component.set",
                             R"({"id":)" + id(still) + R"(,"component":"Health","value":{}})")),
              live::refused);
    EXPECT_EQ(error_code(say("component.set",
                             R"({"id":)" + id(mover) + R"(,"component":"Nope","value":{}})")),
              live::invalid_params);
}

TEST_F(LiveProtocol, AddsAndRemovesComponents) {
    EXPECT_EQ(error_code(say("component.add", R"({"id":)" + id(still) +
                                                  R"(,"component":"Health","value":{"max":9}})")),
              0);
    ASSERT_TRUE(g.world().has<Health>(still));
    EXPECT_EQ(g.world().get<Health>(still).max, 9.0f);
    EXPECT_EQ(
        error_code(say("component.add", R"({"id":)" + id(still) + R"(,"component":"Health"})")),
        live::refused);
    EXPECT_EQ(
        error_code(say("component.remove", R"({"id":)" + id(still) + R"(,"component":"Health"})")),
        0);
    EXPECT_FALSE(g.world().has<Health>(still));
    EXPECT_EQ(
        error_code(say("component.remove", R"({"id":)" + id(still) + R"(,"component":"Health"})")),
        live::refused);
}

TEST_F(LiveProtocol, CreatesAndDestroysEntities) {
    const auto made = say("entity.create", R"({"components":{"Health":{"current":3}}})");
    const entity e = live::entity_from_wire_id(made["result"]["id"].GetUint64());
    ASSERT_TRUE(g.world().alive(e));
    EXPECT_EQ(g.world().get<Health>(e).current, 3.0f);
    const std::size_t before = g.world().size();
    EXPECT_EQ(error_code(say("entity.create", R"({"components":{"Health":{"current":"x"}}})")),
              live::invalid_params);
    EXPECT_EQ(g.world().size(), before);  // a bad value creates nothing
    EXPECT_EQ(error_code(say("entity.destroy", R"({"id":)" + id(e) + "}")), 0);
    EXPECT_FALSE(g.world().alive(e));
    EXPECT_EQ(error_code(say("entity.destroy", R"({"id":)" + id(e) + "}")), live::no_such_entity);
}

TEST_F(LiveProtocol, PausesStepsAndResumes) {
    EXPECT_EQ(error_code(say("game.step")), live::refused);  // running
    EXPECT_TRUE(say("game.pause")["result"]["paused"].GetBool());
    EXPECT_EQ(g.frame(1.0), 0);
    EXPECT_EQ(error_code(say("game.step")), 0);
    EXPECT_EQ(g.frame(0.0), 1);
    EXPECT_FALSE(say("game.resume")["result"]["paused"].GetBool());
}

TEST_F(LiveProtocol, ReadsTheSystemsTimings) {
    g.tick();
    const auto reply = say("systems.timings");
    ASSERT_GT(reply["result"]["systems"].Size(), 0u);
    EXPECT_TRUE(reply["result"]["systems"][0].HasMember("mean_ms"));
    EXPECT_EQ(reply["result"]["systems"][0]["calls"].GetUint(), 1u);
}

TEST_F(LiveProtocol, SubscriptionsPushChangesAndDestruction) {
    EXPECT_TRUE(link.notifications(s).empty());
    EXPECT_EQ(say("subscribe",
                  R"({"ids":[)" + id(mover) + R"(],"components":["Health"]})")["result"]["watching"]
                  .GetUint(),
              1u);
    auto first = link.notifications(s);  // the current values
    ASSERT_EQ(first.size(), 1u);
    EXPECT_TRUE(link.notifications(s).empty());         // nothing changed since
    g.world().get<Transform>(mover).position.x = 9.0f;  // not watched
    EXPECT_TRUE(link.notifications(s).empty());
    g.world().get<Health>(mover).current = 1.0f;
    auto changed = link.notifications(s);
    ASSERT_EQ(changed.size(), 1u);
    const auto note = parse(changed[0]);
    EXPECT_STREQ(note["method"].GetString(), "changed");
    EXPECT_FALSE(note.HasMember("id"));
    EXPECT_EQ(note["params"]["entities"][0]["components"]["Health"]["current"].GetDouble(), 1.0);
    g.world().destroy(mover);
    const auto gone = parse(link.notifications(s).at(0));
    EXPECT_TRUE(gone["params"]["entities"][0]["destroyed"].GetBool());
    EXPECT_EQ(s.watched(), 0u);
    EXPECT_EQ(error_code(say("subscribe", R"({"ids":[99999]})")), live::no_such_entity);
}

// input.set: the keys and buttons a client holds become the game's Input (the "input" system
// makes the edges at the next tick); input.get reads it back; a bad code changes nothing.
TEST_F(LiveProtocol, InputSetHoldsTheKeysTheClientHolds) {
    const auto set =
        say("input.set", R"({"down": [65, 262], "mouse_down": [0], "mouse_position": [1.5, -2]})");
    ASSERT_TRUE(set.HasMember("result"));
    const Input& in = g.world().resource<Input>();
    EXPECT_TRUE(in.held(key::a));
    EXPECT_TRUE(in.held(key::right));
    EXPECT_FALSE(in.held(key::left));
    EXPECT_EQ(in.mouse_down[0], 1);
    EXPECT_EQ(in.mouse_position, glm::vec2(1.5f, -2.0f));
    g.clock().pause();
    g.clock().step();
    (void)g.frame(1.0 / 60);
    EXPECT_TRUE(g.world().resource<Input>().just_pressed(key::a)) << "edges at the next tick";

    EXPECT_EQ(error_code(say("input.set", R"({"down": [65, 100000]})")), live::invalid_params);
    EXPECT_EQ(error_code(say("input.set", R"({"down": "a"})")), live::invalid_params);
    EXPECT_EQ(error_code(say("input.set", R"({"down": [], "mouse_position": [1]})")),
              live::invalid_params);
    EXPECT_TRUE(g.world().resource<Input>().held(key::right))
        << "a refused request changes nothing";

    const auto got = say("input.get");
    ASSERT_TRUE(got.HasMember("result"));
    EXPECT_EQ(got["result"]["down"].Size(), 2u);
    EXPECT_TRUE(say("input.set", R"({"down": []})").HasMember("result"));
    EXPECT_FALSE(g.world().resource<Input>().held(key::a)) << "released";
}

TEST_F(LiveProtocol, MalformedMessagesGetErrorReplies) {
    const auto code = [&](const std::string& line) {
        return error_code(parse(link.handle(s, line)));
    };
    EXPECT_EQ(code("not json"), live::parse_error);
    EXPECT_EQ(code(""), live::parse_error);
    EXPECT_EQ(code(std::string(100, '[')), live::parse_error);  // deeper than the cap
    EXPECT_EQ(code("[1,2]"), live::invalid_request);            // batches
    EXPECT_EQ(code("42"), live::invalid_request);
    EXPECT_EQ(code(R"({"id":1,"method":"hello"})"), live::invalid_request);  // no jsonrpc
    EXPECT_EQ(code(R"({"jsonrpc":"2.0","id":1})"), live::invalid_request);   // no method
    EXPECT_EQ(code(R"({"jsonrpc":"2.0","id":{},"method":"hello"})"), live::invalid_request);
    EXPECT_EQ(code(R"({"jsonrpc":"2.0","id":1,"method":"x.y"})"), live::method_not_found);
    EXPECT_EQ(code(R"({"jsonrpc":"2.0","id":1,"method":"query","params":[1]})"),
              live::invalid_params);
    EXPECT_EQ(code(std::string(live::max_message_bytes + 1, ' ')), live::too_large);
    // A request without an id that succeeds gets no reply.
    EXPECT_EQ(link.handle(s, R"({"jsonrpc":"2.0","method":"game.pause"})"), "");
}

TEST(LiveServer, ParsesListenAddresses) {
    const auto port_only = live::parse_listen_address("4000");
    ASSERT_TRUE(std::holds_alternative<live::listen_address>(port_only));
    EXPECT_EQ(std::get<live::listen_address>(port_only).host, "127.0.0.1");
    EXPECT_EQ(std::get<live::listen_address>(port_only).port, 4000);
    EXPECT_EQ(std::get<live::listen_address>(live::parse_listen_address("0.0.0.0:1")).host,
              "0.0.0.0");
    EXPECT_EQ(std::get<live::listen_address>(live::parse_listen_address("[::1]:5")).host, "::1");
    EXPECT_TRUE(std::holds_alternative<std::string>(live::parse_listen_address("70000")));
    EXPECT_TRUE(std::holds_alternative<std::string>(live::parse_listen_address("host:1")));
    EXPECT_TRUE(std::holds_alternative<std::string>(live::parse_listen_address(":1")));
    EXPECT_TRUE(std::holds_alternative<std::string>(live::parse_listen_address("")));
}

TEST(LiveServer, ANonLoopbackAddressMakesUpATokenAndLoopbackNeedsNone) {
    live::server_options loopback;
    loopback.address = {.host = "127.0.0.1", .port = 0};
    live::server local(loopback);
    EXPECT_FALSE(local.token_required());
    EXPECT_NE(local.port(), 0);
    live::server_options any;
    any.address = {.host = "0.0.0.0", .port = 0};
    live::server open(any);
    EXPECT_TRUE(open.token_required());
    EXPECT_EQ(open.token().size(), 32u);
}

// A blocking line client for the server tests.
struct line_client {
    explicit line_client(std::uint16_t port) : socket(io) {
        socket.connect({asio::ip::make_address("127.0.0.1"), port});
    }
    void send(const std::string& line) { asio::write(socket, asio::buffer(line + "\n")); }
    // The next line, or "" when the server closed the connection.
    std::string read() {
        asio::error_code ec;
        const std::size_t n = asio::read_until(socket, asio::dynamic_buffer(buffer), '\n', ec);
        if (ec) return {};
        std::string line = buffer.substr(0, n - 1);
        buffer.erase(0, n);
        return line;
    }
    asio::io_context io;
    asio::ip::tcp::socket socket;
    std::string buffer;
};

TEST(LiveServer, WrongTokensAreSlowThenCloseTheConnectionAndLockTheAddressOut) {
    game g;
    g.start(scene{});
    protocol p(g);
    live::server_options options;
    options.address = {.host = "0.0.0.0", .port = 0};  // not loopback: a token is required
    options.token = "s3cret";
    options.max_token_failures = 2;
    options.token_failure_delay = std::chrono::milliseconds(150);
    options.token_lockout = std::chrono::seconds(30);
    live::server link(options);
    std::atomic<bool> stop{false};
    std::thread game_thread([&] {
        while (!stop) {
            link.poll(p);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    const std::string wrong = R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"token":"x"}})";
    {
        line_client c(link.port());
        const auto start = std::chrono::steady_clock::now();
        c.send(wrong);
        EXPECT_NE(c.read().find("wrong or missing token"), std::string::npos);
        EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(150));
        c.send(wrong);
        EXPECT_NE(c.read().find("closing"), std::string::npos);
        EXPECT_EQ(c.read(), "");  // closed by the server
    }
    {
        line_client again(link.port());  // the address is locked out now, right token or not
        const std::string refusal = again.read();
        EXPECT_NE(refusal.find("too many wrong tokens"), std::string::npos) << refusal;
        EXPECT_EQ(again.read(), "");
    }
    stop = true;
    game_thread.join();
}

}  // namespace
}  // namespace mosaic
