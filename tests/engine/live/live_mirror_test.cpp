// A local world kept equal to a game's over the live link (live_mirror.hpp, the protocol's
// mirror.pull): the first pass pairs entities by file id, values and references follow the
// game, destructions and new entities too, pages wait for the pass's last, and what is edited
// locally becomes the requests that make the game do the same. No sockets: the requests go
// straight to protocol::handle.
// clang-format off
#include <cereal/archives/json.hpp>  // first: rapidjson's assertions as the engine has them
// clang-format on
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <gtest/gtest.h>

#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/live/live_mirror.hpp>
#include <mosaic/engine/live/live_protocol.hpp>
#include <mosaic/engine/runtime/game.hpp>

namespace mosaic {
namespace {

using live::world_mirror;

struct LiveMirror : ::testing::Test {
    LiveMirror() {
        g.start(scene{});
        EXPECT_TRUE(say("hello").HasMember("result"));
        // The local world: the same scene made in another order (other handles), as the
        // editor's edit scene is before the game loads its copy from a file.
        (void)local.create();  // shifts the indices
        local_ship = with_file(local, local.create(), 1);
        local_turret = with_file(local, local.create(), 2);
        local_extra = with_file(local, local.create(), 99);  // the game does not have it
        local.add<Transform>(local_ship);
        local.add<Transform>(local_turret);

        world& w = g.world();
        ship = with_file(w, w.create(), 1);
        w.add<Transform>(ship, Transform{{3.0f, 4.0f}, 0.0f, {1.0f, 1.0f}});
        w.add<Health>(ship, Health{40.0f, 50.0f});
        turret = with_file(w, w.create(), 2);
        w.add<Transform>(turret);
        w.add<Parent>(turret, Parent{ship});
        spawned = w.create();  // no file id: made while playing
        w.add<Transform>(spawned, Transform{{-1.0f, 0.0f}, 0.0f, {1.0f, 1.0f}});
    }

    static entity with_file(world& w, entity e, std::uint64_t id) {
        w.add<EntityId>(e, EntityId{id});
        return e;
    }

    rapidjson::Document say(const std::string& method, const std::string& params = "{}") {
        rapidjson::Document doc;
        doc.Parse(link.handle(s, R"({"jsonrpc":"2.0","id":7,"method":")" + method +
                                     R"(","params":)" + params + "}")
                      .c_str());
        return doc;
    }
    static std::string text_of(const rapidjson::Value& v) {
        rapidjson::StringBuffer out;
        rapidjson::Writer<rapidjson::StringBuffer> w(out);
        v.Accept(w);
        return out.GetString();
    }
    /// Pulls until a pass is applied; the pages it took.
    int sync(std::size_t limit = live::max_mirror_page) {
        int pages = 0;
        do {
            const auto reply = say("mirror.pull", R"({"limit":)" + std::to_string(limit) + "}");
            EXPECT_TRUE(reply.HasMember("result")) << text_of(reply);
            if (!reply.HasMember("result")) return pages;
            EXPECT_EQ(mirror.take_page(text_of(reply["result"]), ++pulls), "");
            ++pages;
        } while (!mirror.pass_applied() && pages < 100);
        return pages;
    }
    /// Sends what was edited locally, as the editor does each frame.
    void send_edits() {
        for (const world_mirror::request& r : mirror.local_edits(pulls + 1)) {
            const auto reply = say(r.method, r.params);
            ASSERT_TRUE(reply.HasMember("result"))
                << r.method << " " << r.params << " -> " << text_of(reply);
            if (r.method == "entity.create")
                mirror.created(r.local, reply["result"]["id"].GetUint64());
        }
    }

    game g;
    live::protocol link{g};
    live::session s;
    world local;
    world_mirror mirror{local, g.table()};
    std::uint64_t pulls = 0;
    entity ship, turret, spawned;
    entity local_ship, local_turret, local_extra;
};

TEST_F(LiveMirror, TheFirstPassPairsByFileIdCopiesValuesAndDropsWhatTheGameLacks) {
    EXPECT_EQ(sync(), 1);
    EXPECT_EQ(mirror.local_of(live::entity_wire_id(ship)), local_ship) << "paired by file id";
    EXPECT_EQ(mirror.local_of(live::entity_wire_id(turret)), local_turret);
    EXPECT_EQ(local.get<Transform>(local_ship).position, glm::vec2(3.0f, 4.0f));
    ASSERT_TRUE(local.has<Health>(local_ship)) << "a component the edit scene lacked";
    EXPECT_EQ(local.get<Health>(local_ship).current, 40.0f);
    ASSERT_TRUE(local.has<Parent>(local_turret));
    EXPECT_EQ(local.get<Parent>(local_turret).entity, local_ship) << "references translated";
    const entity made = mirror.local_of(live::entity_wire_id(spawned));
    ASSERT_TRUE(local.alive(made)) << "an entity without a file id gets a local one";
    EXPECT_EQ(local.get<Transform>(made).position, glm::vec2(-1.0f, 0.0f));
    EXPECT_FALSE(local.alive(local_extra)) << "not in the game: not in its mirror";
    EXPECT_EQ(mirror.remote_of(local_ship), live::entity_wire_id(ship));
    EXPECT_EQ(mirror.statistics().paired, 3u);
}

TEST_F(LiveMirror, LaterPassesCarryOnlyWhatChangedAndWhatWasDestroyed) {
    sync();
    sync();
    EXPECT_EQ(mirror.statistics().last_changed, 0u) << "nothing changed, nothing sent";
    g.world().get<Transform>(ship).position = {9.0f, 9.0f};
    g.world().remove<Health>(ship);
    g.world().destroy(spawned);
    const entity fresh = g.world().create();
    g.world().add<Team>(fresh, Team{3});
    const entity was_spawned = mirror.local_of(live::entity_wire_id(spawned));
    sync();
    EXPECT_EQ(mirror.statistics().last_changed, 2u) << "the ship and the new entity";
    EXPECT_EQ(local.get<Transform>(local_ship).position, glm::vec2(9.0f, 9.0f));
    EXPECT_FALSE(local.has<Health>(local_ship)) << "removed in the game, removed here";
    EXPECT_FALSE(local.alive(was_spawned));
    const entity made = mirror.local_of(live::entity_wire_id(fresh));
    ASSERT_TRUE(local.alive(made));
    EXPECT_EQ(local.get<Team>(made).id, 3);
}

TEST_F(LiveMirror, APassOfManyPagesIsAppliedWholeAtItsLastPage) {
    for (int i = 0; i < 25; ++i) g.world().add<Transform>(g.world().create());
    for (int i = 0; i < 2; ++i) {  // the last page names an entity of the first
        const entity child = g.world().create();
        g.world().add<Parent>(child, Parent{ship});
    }
    const std::size_t before = local.size();
    const auto first = say("mirror.pull", R"({"limit":10})");
    ASSERT_TRUE(first["result"]["more"].GetBool());
    EXPECT_EQ(mirror.take_page(text_of(first["result"]), ++pulls), "");
    EXPECT_FALSE(mirror.pass_applied());
    EXPECT_EQ(local.size(), before) << "nothing applied before the pass is whole";
    EXPECT_EQ(sync(10), 2);
    EXPECT_EQ(mirror.statistics().paired, 3u + 25 + 2);
    EXPECT_EQ(local.size(), 3u + 25 + 2) << "one for one";
    std::size_t children = 0;
    local.view<Parent>().each([&](entity, const Parent& p) { children += p.entity == local_ship; });
    EXPECT_EQ(children, 3u);
}

TEST_F(LiveMirror, LocalEditsBecomeRequestsAndTheGameDoesTheSame) {
    sync();
    EXPECT_TRUE(mirror.local_edits(pulls + 1).empty()) << "nothing edited yet";
    local.get<Transform>(local_ship).position = {7.0f, 8.0f};  // an Inspector edit
    local.add<Team>(local_turret, Team{2});
    local.remove<Health>(local_ship);
    local.destroy(mirror.local_of(live::entity_wire_id(spawned)));
    const entity pasted = local.create();
    local.add<Transform>(pasted, Transform{{5.0f, 5.0f}, 0.0f, {1.0f, 1.0f}});
    local.add<Parent>(pasted, Parent{local_turret});
    send_edits();
    EXPECT_EQ(g.world().get<Transform>(ship).position, glm::vec2(7.0f, 8.0f));
    EXPECT_FALSE(g.world().has<Health>(ship));
    ASSERT_TRUE(g.world().has<Team>(turret));
    EXPECT_EQ(g.world().get<Team>(turret).id, 2);
    EXPECT_FALSE(g.world().alive(spawned));
    const std::uint64_t made = mirror.remote_of(pasted);
    ASSERT_NE(made, 0u) << "the game made it and told its id";
    const entity in_game = live::entity_from_wire_id(made);
    EXPECT_EQ(g.world().get<Parent>(in_game).entity, turret) << "references translated back";
    EXPECT_TRUE(mirror.local_edits(pulls + 1).empty()) << "sent once";

    const std::size_t size = local.size();
    sync();
    EXPECT_EQ(local.size(), size) << "the game's new entity is the pasted one, not a second";
    EXPECT_EQ(local.get<Transform>(local_ship).position, glm::vec2(7.0f, 8.0f));
}

TEST_F(LiveMirror, APagePulledBeforeALocalEditDoesNotUndoIt) {
    sync();
    g.world().get<Transform>(ship).position = {1.0f, 1.0f};
    const auto stale = say("mirror.pull");  // the game's value before the edit reaches it
    const std::uint64_t stale_pull = ++pulls;
    local.get<Transform>(local_ship).position = {6.0f, 6.0f};
    send_edits();
    EXPECT_EQ(mirror.take_page(text_of(stale["result"]), stale_pull), "");
    ASSERT_TRUE(mirror.pass_applied());
    EXPECT_EQ(local.get<Transform>(local_ship).position, glm::vec2(6.0f, 6.0f));
    sync();
    EXPECT_EQ(local.get<Transform>(local_ship).position, glm::vec2(6.0f, 6.0f));
    EXPECT_EQ(g.world().get<Transform>(ship).position, glm::vec2(6.0f, 6.0f));
}

TEST_F(LiveMirror, ABadPageIsRefusedAndChangesNothing) {
    const std::size_t before = local.size();
    EXPECT_NE(mirror.take_page("not json", 1), "");
    EXPECT_NE(mirror.take_page(R"({"entities":[{"id":"x"}],"destroyed":[],"more":false})", 2), "");
    EXPECT_NE(mirror.take_page(R"({"entities":[],"more":false})", 3), "");
    EXPECT_FALSE(mirror.pass_applied());
    EXPECT_EQ(local.size(), before);
    EXPECT_TRUE(local.alive(local_extra));
    EXPECT_EQ(sync(), 1) << "the next pass starts fresh";
}

TEST_F(LiveMirror, TheProtocolRefusesAPageLargerThanItsLimitAndResetStartsOver) {
    const auto big = say("mirror.pull", R"({"limit":100000})");
    ASSERT_TRUE(big.HasMember("error"));
    EXPECT_EQ(big["error"]["code"].GetInt(), live::invalid_params);
    sync();
    EXPECT_EQ(say("mirror.pull")["result"]["entities"].Size(), 0u);
    EXPECT_TRUE(say("mirror.reset").HasMember("result"));
    EXPECT_EQ(say("mirror.pull")["result"]["entities"].Size(), 3u) << "everything again";
}

}  // namespace
}  // namespace mosaic
