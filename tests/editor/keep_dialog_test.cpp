// Keep after Stop through the UI: the component menu and the hierarchy's entity menu mark,
// the inspector shows the marks, and Stop's dialog lists entity / component / field with the
// edit-time and play values, applies the ticked rows as one undo step.
#include <mosaic/engine/components.hpp>

#include "core/play_keeps.hpp"
#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class KeepDialogTest : public EditorUiTest {
protected:
    void right_click(const std::string& name) {
        imgui.click(at(name), 1);
        imgui.frames(2);
    }
    void click(const std::string& name) {
        imgui.click(at(name));
        imgui.frames(2);
    }
};

TEST_F(KeepDialogTest, TheComponentMenuKeepsAFieldAndTheDialogAppliesItAsOneUndoStep) {
    const entity box = create_entity(state, "Box");
    imgui.frames(3);
    EXPECT_FALSE(has_item("inspector/keep_entity")) << "editing: nothing to keep";
    click("toolbar/Play");
    state.world().get<Transform>(box).position = {2.5f, -4};
    right_click("inspector/header/Transform");
    click("component_menu/Keep after Stop");
    EXPECT_TRUE(state.player().keeps().kept(box, *state.table().find(type_id_of<Transform>())));
    EXPECT_TRUE(has_item("inspector/kept/Transform")) << "the marker";
    EXPECT_FALSE(has_item("inspector/kept/Sprite"));

    click("toolbar/Stop");
    EXPECT_EQ(state.world().get<Transform>(box).position, glm::vec2(0, 0));
    imgui.frames(2);
    // One row a changed field: entity | component | field | edit-time value -> play value.
    EXPECT_TRUE(has_item("keep/row/Box | Transform | position | 0 0 -> 2.5 -4"));
    EXPECT_FALSE(has_item("keep/row/Box | Transform | rotation | 0 -> 0")) << "unchanged";
    ASSERT_TRUE(has_item("keep/Box/Transform"));

    const std::size_t steps = state.history().undo_steps();
    click("keep/Apply");
    EXPECT_FALSE(state.player().keeps().has_pending());
    EXPECT_FALSE(has_item("keep/Apply")) << "the dialog closed";
    EXPECT_EQ(state.world().get<Transform>(box).position, glm::vec2(2.5f, -4));
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    imgui.tap(key::z, true);  // Ctrl+Z
    imgui.frames(2);
    EXPECT_EQ(state.world().get<Transform>(box).position, glm::vec2(0, 0));
}

TEST_F(KeepDialogTest, TheEntityMenuKeepsTheWholeEntityAndAnUntickedRowIsNotApplied) {
    const entity box = create_entity(state, "Box");
    imgui.frames(3);
    click("toolbar/Play");
    right_click("hierarchy/row/Box");
    click("hierarchy/menu/Keep Whole Entity");
    EXPECT_TRUE(state.player().keeps().entity_kept(box));
    state.world().get<Transform>(box).rotation = 30;
    state.world().get<Name>(box) = Name{"Crate"};
    EXPECT_TRUE(has_item("inspector/kept/Transform"));
    EXPECT_FALSE(has_item("inspector/kept/WorldTransform")) << "runtime state is not kept";
    click("toolbar/Stop");
    imgui.frames(2);
    ASSERT_TRUE(has_item("keep/Crate/Name"));
    click("keep/Crate/Name");  // untick the rename
    click("keep/Apply");
    EXPECT_EQ(state.world().get<Transform>(box).rotation, 30.0f);
    EXPECT_STREQ(state.world().get<Name>(box).value, "Box");
}

TEST_F(KeepDialogTest, AKeptEntityDestroyedDuringPlayIsReportedInTheDialog) {
    const entity box = create_entity(state, "Box");
    imgui.frames(3);
    click("toolbar/Play");
    click("inspector/keep_entity");
    EXPECT_TRUE(state.player().keeps().entity_kept(box));
    state.world().destroy(box);
    imgui.frames(2);
    click("toolbar/Stop");
    imgui.frames(2);
    EXPECT_TRUE(has_item(
        "keep/problem/Box / the whole entity: the entity was destroyed during play; nothing to "
        "keep"));
    EXPECT_FALSE(has_item("keep/Apply")) << "nothing to apply: only OK";
    click("keep/OK");
    EXPECT_FALSE(state.player().keeps().has_pending());
    EXPECT_TRUE(state.world().alive(box));
}

}  // namespace
}  // namespace mosaic::testing
