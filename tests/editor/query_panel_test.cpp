// The Query tab (editor/ui/query_panel.hpp) driven as a user would: type a query, see the
// matching entities and their values, sort by a column, click to select, see a parse error
// with its column; and the rows follow the world as it changes.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <mosaic/engine/components.hpp>

#include "core/command_table.hpp"
#include "core/query_results.hpp"
#include "core/script.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/query_panel.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class QueryPanelTest : public EditorUiTest {
protected:
    QueryPanelTest() {
        world& w = state.world();
        for (const auto& [name, current] :
             {std::pair{"Ann", 80.0f}, {"Bob", 15.0f}, {"Cid", 40.0f}}) {
            const entity e = w.create();
            w.add<Name>(e);
            std::snprintf(w.get<Name>(e).value, sizeof(Name::value), "%s", name);
            w.add<Health>(e, Health{current, 100.0f});
            people.push_back(e);
        }
        w.add<Team>(people[2], Team{1});
        ui.state().events.post(show_panel{"query"});
        imgui.frames(3);
    }

    query_panel& panel() { return *static_cast<query_panel*>(ui.find_panel("query")); }
    void type_query(const std::string& text) {
        imgui.click(at("query/text"));
        imgui.tap(key::a, true);
        imgui.type(text);
        imgui.frames(2);
    }
    std::vector<std::string> names() {
        std::vector<std::string> out;
        for (const query_row& r : panel().results().rows()) out.push_back(r.name);
        return out;
    }

    std::vector<entity> people;
};

TEST_F(QueryPanelTest, ShowsTheMatchesWithTheirValues) {
    type_query("Health, !Team");
    EXPECT_EQ(panel().error(), "");
    EXPECT_EQ(panel().results().total(), 2u);
    ASSERT_TRUE(has_item("query/row/1"));
    EXPECT_FALSE(has_item("query/row/2"));
    EXPECT_TRUE(has_item("query/header/Health.current"));
    const query_row& bob = panel().results().rows()[1];
    EXPECT_EQ(bob.name, "Bob");
    ASSERT_EQ(panel().results().columns().size(), 2u);
    EXPECT_EQ(bob.cells[0].text.substr(0, 2), "15");
}

TEST_F(QueryPanelTest, FieldConditionsAndLiveRefresh) {
    type_query("Health.current < 50");
    EXPECT_EQ(names(), (std::vector<std::string>{"Bob", "Cid"}));
    state.world().get<Health>(people[0]).current = 10.0f;  // Ann is hurt now
    imgui.frames(static_cast<int>(query_panel::refresh_seconds * 60) + 2);
    EXPECT_EQ(names(), (std::vector<std::string>{"Ann", "Bob", "Cid"}));
}

TEST_F(QueryPanelTest, SortsByAClickedColumn) {
    type_query("Health");
    imgui.click(at("query/header/Health.current"));
    imgui.frames(1);
    EXPECT_EQ(names(), (std::vector<std::string>{"Bob", "Cid", "Ann"}));
    imgui.click(at("query/header/Health.current"));
    imgui.frames(1);
    EXPECT_EQ(names(), (std::vector<std::string>{"Ann", "Cid", "Bob"}));
    imgui.frames(static_cast<int>(query_panel::refresh_seconds * 60) + 2);  // kept on refresh
    EXPECT_EQ(names(), (std::vector<std::string>{"Ann", "Cid", "Bob"}));
}

TEST_F(QueryPanelTest, AClickSelectsTheEntity) {
    type_query("Health, Team");
    ASSERT_TRUE(has_item("query/row/0"));
    imgui.click(at("query/row/0", 0.6f));
    imgui.frames(1);
    EXPECT_TRUE(state.selection().contains(people[2]));
    EXPECT_EQ(state.selection().size(), 1u);
}

TEST_F(QueryPanelTest, BadTextShowsWhereAndKeepsTheRows) {
    type_query("Health");
    type_query("Health.curent < 5");
    EXPECT_EQ(panel().error(), "column 8: Health has no field 'curent' (fields: current, max)");
    EXPECT_TRUE(has_item("query/error"));
    EXPECT_EQ(panel().results().total(), 3u);  // the last good rows stay
}

TEST_F(QueryPanelTest, TheScriptVerbRunsAQueryInThePanel) {
    const command* q = editor_commands().find("view.query");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->verb, "query");
    // Headless (no window): the verb runs the query and logs the count.
    command_context headless{state};
    script_host host{};
    headless.host = &host;
    headless.line = "query Health, !Team";
    headless.verb = "query";
    EXPECT_EQ(command_table::run(*q, headless), "");
    EXPECT_NE(state.log().lines().back().text.find("2 entities match"), std::string::npos);
    headless.line = "query Nope";
    EXPECT_NE(command_table::run(*q, headless).find("unknown component 'Nope'"), std::string::npos);
}

}  // namespace
}  // namespace mosaic::testing
