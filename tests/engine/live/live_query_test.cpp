// The query language shared by the live link and the editor's Query panel
// (engine/include/mosaic/engine/live/live_query.hpp): what each form matches, and that bad
// text gets an error naming its column and what was expected there.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <variant>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/live/live_query.hpp>
#include <mosaic/engine/runtime/game.hpp>

namespace mosaic {
namespace {

struct LiveQuery : ::testing::Test {
    LiveQuery() {
        g.start(scene{});
        world& w = g.world();
        hurt = w.create();
        w.add<Transform>(hurt, Transform{{-3.0f, 2.0f}, 0.0f, {1.0f, 1.0f}});
        w.add<Health>(hurt, Health{10.0f, 50.0f});
        w.add<Name>(hurt);
        std::snprintf(w.get<Name>(hurt).value, sizeof(Name::value), "%s", "Player \"one\"");
        healthy = w.create();
        w.add<Transform>(healthy, Transform{{4.0f, 0.0f}, 0.0f, {1.0f, 1.0f}});
        w.add<Health>(healthy, Health{90.0f, 100.0f});
        w.add<Team>(healthy, Team{2});
        w.add<Collider>(healthy, Collider{ColliderShape::box, {1.0f, 1.0f}, 1u, 1u});
        w.add<Sprite>(healthy);
        w.get<Sprite>(healthy).tint.a = 0.5f;
        bare = w.create();
        w.add<Transform>(bare);
    }

    live::entity_query parse(const std::string& text) {
        auto parsed = live::parse_query(g.table(), text);
        if (auto* error = std::get_if<live::query_error>(&parsed)) {
            ADD_FAILURE() << text << ": " << error->message;
            return {};
        }
        return std::get<live::entity_query>(parsed);
    }
    live::query_error error(const std::string& text) {
        auto parsed = live::parse_query(g.table(), text);
        if (auto* e = std::get_if<live::query_error>(&parsed)) return *e;
        ADD_FAILURE() << text << ": parsed";
        return {};
    }
    std::vector<entity> matches(const std::string& text) {
        return live::run_query(g.world(), parse(text), 0, 100).entities;
    }

    game g;
    entity hurt, healthy, bare;
};

TEST_F(LiveQuery, ComponentsWithAndWithout) {
    EXPECT_EQ(matches("Transform").size(), 3u);
    EXPECT_EQ(matches("Transform, Health, !Team"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("  Health ,!Team  "), std::vector<entity>{hurt});
    EXPECT_EQ(matches("!Health"), std::vector<entity>{bare});  // never the resource holder
    EXPECT_EQ(matches("").size(), 3u);
    EXPECT_EQ(matches("   ").size(), 3u);
}

TEST_F(LiveQuery, NumberConditions) {
    EXPECT_EQ(matches("Health.current < 20"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("Health.current<=10"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("Health.current > 10"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Health.current >= 10").size(), 2u);
    EXPECT_EQ(matches("Health.current == 90"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Health.current = 90"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Health.current != 90"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("Health.max > 1e1, Health.current < -1").size(), 0u);
    EXPECT_EQ(matches("Team.id == 2"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Health.current < 50, !Team"), std::vector<entity>{hurt});
}

TEST_F(LiveQuery, VectorPartsEnumsBooleansAndText) {
    EXPECT_EQ(matches("Transform.position.x < 0"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("Transform.position.y > 1"), std::vector<entity>{hurt});
    EXPECT_EQ(matches("Sprite.tint.a < 1"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Collider.shape == box"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Collider.shape == 1"), std::vector<entity>{healthy});
    EXPECT_EQ(matches("Collider.shape != circle"), std::vector<entity>{healthy});
    EXPECT_EQ(matches(R"(Name.value == "Player \"one\"")"), std::vector<entity>{hurt});
    EXPECT_EQ(matches(R"(Name.value != "x")"), std::vector<entity>{hurt});
    EXPECT_EQ(matches(R"(Sprite.texture == "")"), std::vector<entity>{healthy});
}

TEST_F(LiveQuery, PagesAndCountsMatchesAfterConditions) {
    const auto q = parse("Transform.position.x > -10");
    const auto page = live::run_query(g.world(), q, 1, 1);
    EXPECT_EQ(page.total, 3u);
    ASSERT_EQ(page.entities.size(), 1u);
    EXPECT_DOUBLE_EQ(live::condition_number(g.world(), q.conditions[0], hurt), -3.0);
}

TEST_F(LiveQuery, BadTextNamesTheColumnAndWhatWasExpected) {
    const auto e = error("Transform, Helth");
    EXPECT_EQ(e.column, 12u);
    EXPECT_EQ(e.message, "column 12: unknown component 'Helth'");
    EXPECT_EQ(error("Transform,,Health").column, 11u);
    EXPECT_NE(error("Transform,").message.find("empty term"), std::string::npos);
    EXPECT_NE(error("Health.curent < 2")
                  .message.find("Health has no field 'curent' (fields: "
                                "current, max)"),
              std::string::npos);
    EXPECT_EQ(error("Health.curent < 2").column, 8u);
    EXPECT_NE(error("Health.current 20").message.find("expected an operator"), std::string::npos);
    EXPECT_EQ(error("Health.current < ").column, 18u);
    EXPECT_NE(error("Health.current < abc").message.find("expected a number"), std::string::npos);
    EXPECT_NE(error("Transform.position < 1").message.find("compare one of .x, .y"),
              std::string::npos);
    EXPECT_NE(error("Transform.position.q < 1").message.find("expected one of .x, .y"),
              std::string::npos);
    EXPECT_NE(error("Collider.shape == hexagon").message.find("values: circle, box"),
              std::string::npos);
    EXPECT_NE(error("Name.value < \"a\"").message.find("compare it with == or !="),
              std::string::npos);
    EXPECT_NE(error("Name.value == \"open").message.find("unterminated"), std::string::npos);
    EXPECT_NE(error("Name.value == bob").message.find("double quotes"), std::string::npos);
    EXPECT_NE(error("!Health.current < 2").message.find("cannot be negated"), std::string::npos);
    EXPECT_EQ(error("!Health.current < 2").column, 1u);
    EXPECT_NE(error("Parent.entity == 1").message.find("entity reference"), std::string::npos);
    EXPECT_NE(error("Health Team").message.find("expected ','"), std::string::npos);
    EXPECT_NE(error("Health.current < 2 3").message.find("expected ','"), std::string::npos);
    EXPECT_NE(error("!").message.find("expected a component name"), std::string::npos);
    EXPECT_NE(error("Health.").message.find("has no field ''"), std::string::npos);
}

TEST_F(LiveQuery, HostileTextNeverCrashes) {
    for (const std::string& text :
         {std::string(5000, ','), std::string(5000, '!'),
          std::string("Health.current < ") + std::string(400, '9'), std::string("\"\\"),
          std::string("Health.current <= 1e999"), std::string("\0x", 2),
          std::string("Transform.position.x > nan")}) {
        (void)live::parse_query(g.table(), text);
    }
}

}  // namespace
}  // namespace mosaic
