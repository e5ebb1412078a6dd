// Field kinds the built-in components do not have, through a project component of the test's
// own: an entity reference (dropped from the hierarchy) and a fixed array.
#include <mosaic/engine/components.hpp>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

struct Follow {
    mosaic::entity target;
    float weights[3] = {1.0f, 2.0f, 3.0f};
};

void register_follow(component_table& table) {
    table.component<Follow>("Follow")
        .field("target", &Follow::target)
        .field("weights", &Follow::weights, {.speed = 0.1f});
}
void no_systems(scheduler&) {}

const project follow_project{"follow_test", "a component with a reference and an array",
                             &register_follow, &no_systems};

class FieldWidgetsTest : public ::testing::Test {
protected:
    FieldWidgetsTest() {
        ui.state().test.record_items = true;
        imgui.contents = [this] {
            ui.state().test.items.clear();
            ui.frame(state);
        };
    }
    ImVec2 at(const std::string& name) {
        const auto found = ui.state().test.items.find(name);
        EXPECT_NE(found, ui.state().test.items.end()) << name;
        return found == ui.state().test.items.end() ? ImVec2{} : found->second.center();
    }

    headless_imgui imgui;
    editor_state state{&follow_project};
    editor_ui ui;
};

TEST_F(FieldWidgetsTest, AnEntityDroppedFromTheHierarchySetsAReference) {
    const entity target = create_entity(state, "Target");
    const entity follower = create_entity(state, "Follower");
    const entity items[] = {follower};
    ASSERT_TRUE(add_component(state, items, type_id_of<Follow>()));
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    imgui.drag(at("hierarchy/row/Target"), at("inspector/Follow.target"), 12);
    imgui.frames(2);
    EXPECT_EQ(state.world().get<Follow>(follower).target, target);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_EQ(state.selection().active(), follower) << "dragging does not change the selection";
}

TEST_F(FieldWidgetsTest, FixedArraysShowOneWidgetPerElement) {
    const entity e = create_entity(state, "E");
    const entity items[] = {e};
    ASSERT_TRUE(add_component(state, items, type_id_of<Follow>()));
    imgui.frames(3);
    for (const char* name : {"inspector/Follow.weights[0]", "inspector/Follow.weights[1]",
                             "inspector/Follow.weights[2]"})
        EXPECT_TRUE(ui.state().test.items.contains(name)) << name;
    const ImVec2 from = at("inspector/Follow.weights[1]");
    imgui.drag(from, {from.x + 40.0f, from.y});
    imgui.frames(2);
    const Follow& f = state.world().get<Follow>(e);
    EXPECT_FLOAT_EQ(f.weights[0], 1.0f);
    EXPECT_GT(f.weights[1], 2.5f);
    EXPECT_FLOAT_EQ(f.weights[2], 3.0f);
}

}  // namespace
}  // namespace mosaic::testing
