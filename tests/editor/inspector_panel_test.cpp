// The inspector, driven through ImGui's io like a user: drags, typed values, multi-object
// editing, the Add Component popup (search, Enter, arrows).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <mosaic/engine/components.hpp>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class InspectorPanelTest : public EditorUiTest {};

TEST_F(InspectorPanelTest, ADragChangesTheFieldLiveAndIsOneUndoStep) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();

    // Drag the x part (left half) of Transform.position 40 pixels to the right.
    const ImVec2 from = at("inspector/Transform.position", 0.2f);
    imgui.move_to(from);
    imgui.press();
    for (int i = 1; i <= 8; ++i) imgui.move_to({from.x + 5.0f * static_cast<float>(i), from.y});
    const float during = state.world().get<Transform>(e).position.x;
    EXPECT_GT(during, 0.5f) << "the value changes while dragging";
    EXPECT_EQ(state.history().undo_steps(), steps) << "nothing recorded before the release";
    imgui.release();
    imgui.frames(2);

    const Transform& t = state.world().get<Transform>(e);
    EXPECT_FLOAT_EQ(t.position.x, during);
    EXPECT_FLOAT_EQ(t.position.y, 0.0f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1) << "a whole drag is one undo step";
    ASSERT_TRUE(state.undo());
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).position.x, 0.0f);
}

TEST_F(InspectorPanelTest, ATypedValueChangesTheField) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    type_into("inspector/Transform.rotation", "45");
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).rotation, 45.0f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
}

TEST_F(InspectorPanelTest, TypingTheNameRenamesTheEntity) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    imgui.click(at("inspector/name"));
    imgui.tap(key::a, true);
    imgui.type("Crate");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Name>(e).value, "Crate");
}

TEST_F(InspectorPanelTest, MultiObjectEditingShowsMixedValuesAndEditsAll) {
    const entity a = create_entity(state, "A");
    const entity b = create_entity(state, "B");
    state.world().get<Transform>(b).position = {5.0f, 7.0f};
    const entity both[] = {a, b};
    state.selection().set(both);
    imgui.frames(3);
    EXPECT_TRUE(ui.state().test.mixed.contains("Transform.position"));
    EXPECT_FALSE(ui.state().test.mixed.contains("Transform.rotation"));
    EXPECT_TRUE(has_item("inspector/Transform.scale"));

    const std::size_t steps = state.history().undo_steps();
    type_into("inspector/Transform.rotation", "30");
    EXPECT_FLOAT_EQ(state.world().get<Transform>(a).rotation, 30.0f);
    EXPECT_FLOAT_EQ(state.world().get<Transform>(b).rotation, 30.0f);
    EXPECT_EQ(state.history().undo_steps(), steps + 1) << "one step for all the entities";

    // Dragging x sets every x and keeps each y.
    const ImVec2 from = at("inspector/Transform.position", 0.2f);
    imgui.drag(from, {from.x + 30.0f, from.y});
    imgui.frames(2);
    const Transform& ta = state.world().get<Transform>(a);
    const Transform& tb = state.world().get<Transform>(b);
    EXPECT_FLOAT_EQ(ta.position.x, tb.position.x);
    EXPECT_GT(ta.position.x, 0.0f);
    EXPECT_FLOAT_EQ(ta.position.y, 0.0f);
    EXPECT_FLOAT_EQ(tb.position.y, 7.0f);
    EXPECT_FALSE(ui.state().test.mixed.contains("Transform.rotation"));
    ASSERT_TRUE(state.undo());
    EXPECT_FLOAT_EQ(state.world().get<Transform>(b).position.x, 5.0f);
}

TEST_F(InspectorPanelTest, TheAddComponentPopupAddsTheChosenType) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("inspector/Add Component"));
    imgui.frames(1);
    EXPECT_FALSE(has_item("add_component/Transform")) << "types the entity has are not offered";
    EXPECT_FALSE(has_item("add_component/Name")) << "hidden types are not offered";
    imgui.type("spr");
    EXPECT_FALSE(has_item("add_component/RigidBody")) << "the search filters the list";
    imgui.click(at("add_component/Sprite"));
    imgui.frames(2);
    EXPECT_TRUE(state.world().has<Sprite>(e));
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_TRUE(has_item("inspector/header/Sprite"));
    EXPECT_TRUE(has_item("inspector/Sprite.tint"));
}

TEST_F(InspectorPanelTest, AddComponentTakesEnterAndTheArrowKeys) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    imgui.click(at("inspector/Add Component"));
    imgui.frames(1);
    imgui.type("sprite");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_TRUE(state.world().has<Sprite>(e)) << "Enter adds the first match";
    EXPECT_FALSE(has_item("add_component/search")) << "and closes the list";

    // Arrows: the second match of an empty search.
    imgui.click(at("inspector/Add Component"));
    imgui.frames(1);
    std::vector<std::pair<float, std::string>> offered;
    for (const auto& [name, r] : ui.state().test.items)
        if (name.starts_with("add_component/") && name != "add_component/search")
            offered.emplace_back(r.min.y, name.substr(14));
    std::sort(offered.begin(), offered.end());
    ASSERT_GE(offered.size(), 3u);
    imgui.tap(key::down);
    imgui.tap(key::down);
    imgui.tap(key::up);
    imgui.tap(key::enter);
    imgui.frames(2);
    const component_info* second = state.table().find(offered[1].second);
    ASSERT_NE(second, nullptr);
    EXPECT_TRUE(state.world().has(e, second->type)) << offered[1].second;
    const component_info* third = state.table().find(offered[2].second);
    EXPECT_FALSE(state.world().has(e, third->type));
}

TEST_F(InspectorPanelTest, TheEnableCheckboxDisablesTheComponent) {
    const entity e = create_entity(state, "Box");
    imgui.frames(3);
    imgui.click(at("inspector/enabled/Transform"));
    imgui.frames(2);
    EXPECT_FALSE(state.world().is_enabled<Transform>(e));
    ASSERT_TRUE(state.undo());
    EXPECT_TRUE(state.world().is_enabled<Transform>(e));
}

struct NotInTheTable {
    int secret = 0;
};

TEST_F(InspectorPanelTest, AComponentTheTableDoesNotDescribeIsShownAsUnregistered) {
    const entity e = create_entity(state, "Box");
    state.world().add<NotInTheTable>(e);
    imgui.frames(3);
    bool shown = false;
    for (const auto& [label, rect] : ui.state().test.items) {
        if (label.starts_with("inspector/unregistered/") &&
            label.find("NotInTheTable") != std::string::npos) {
            shown = true;
        }
    }
    EXPECT_TRUE(shown);
    EXPECT_FALSE(has_item("inspector/header/NotInTheTable"));
}

// An entity made at run time without a Name: the same label in the hierarchy and the
// inspector (the inspector shows it as the name field's hint).
TEST_F(InspectorPanelTest, AnUnnamedEntityHasTheSameLabelInTheHierarchyAndInspector) {
    const entity e = state.world().create();
    state.world().add<Transform>(e);
    ui.state().events.post(scene_changed{});
    state.selection().select(e);
    imgui.frames(3);
    const std::string label = "Entity " + std::to_string(e.index);
    EXPECT_TRUE(has_item("hierarchy/row/" + label));
    EXPECT_EQ(ui.state().test.inspector_name, label);
}

}  // namespace
}  // namespace mosaic::testing
