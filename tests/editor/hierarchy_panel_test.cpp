// The hierarchy: search filter, Ctrl/Shift multi-select, drag-and-drop re-parenting, the row
// list for large scenes.
#include <algorithm>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class HierarchyPanelTest : public EditorUiTest {};

TEST_F(HierarchyPanelTest, TheSearchFilterHidesRowsThatDoNotMatch) {
    create_entity(state, "Tank");
    create_entity(state, "Bullet");
    create_entity(state, "Tank Turret");
    imgui.frames(3);
    EXPECT_TRUE(has_item("hierarchy/row/Bullet"));
    imgui.click(at("hierarchy/search"));
    imgui.type("TANK");
    imgui.frames(2);
    EXPECT_EQ(ui.hierarchy().rows().size(), 2u);
    EXPECT_TRUE(has_item("hierarchy/row/Tank"));
    EXPECT_TRUE(has_item("hierarchy/row/Tank Turret"));
    EXPECT_FALSE(has_item("hierarchy/row/Bullet"));
}

TEST_F(HierarchyPanelTest, CtrlClickTogglesAndShiftClickSelectsARange) {
    std::vector<entity> e;
    for (const char* name : {"A", "B", "C", "D", "E"}) e.push_back(create_entity(state, name));
    imgui.frames(3);
    imgui.click(at("hierarchy/row/A"));
    EXPECT_EQ(state.selection().size(), 1u);
    EXPECT_EQ(state.selection().active(), e[0]);

    imgui.modifiers(true);
    imgui.click(at("hierarchy/row/C"));
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 2u);
    EXPECT_TRUE(state.selection().contains(e[0]));
    EXPECT_TRUE(state.selection().contains(e[2]));

    imgui.click(at("hierarchy/row/B"));
    imgui.modifiers(false, true);
    imgui.click(at("hierarchy/row/D"));
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 3u);
    for (int i : {1, 2, 3}) EXPECT_TRUE(state.selection().contains(e[static_cast<std::size_t>(i)]));
    EXPECT_FALSE(state.selection().contains(e[0]));

    imgui.modifiers(true);
    imgui.click(at("hierarchy/row/C"));
    imgui.modifiers(false);
    EXPECT_EQ(state.selection().size(), 2u) << "Ctrl+click on a selected row deselects it";
}

TEST_F(HierarchyPanelTest, DraggingARowOntoAnotherReparentsItAndBelowTheRowsToTheRoot) {
    const entity parent = create_entity(state, "Parent");
    const entity child = create_entity(state, "Child");
    imgui.frames(3);
    imgui.drag(at("hierarchy/row/Child"), at("hierarchy/row/Parent"), 12);
    imgui.frames(2);
    EXPECT_EQ(parent_of(state.world(), child), parent);
    const auto& rows = ui.hierarchy().rows();
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.e == child; });
    ASSERT_NE(row, rows.end());
    EXPECT_EQ(row->depth, 1);
    ASSERT_NE(row, rows.begin());
    EXPECT_EQ((row - 1)->e, parent) << "children follow their parent";

    // A cycle is refused with a console message.
    const std::size_t warnings =
        state.log().count(log_level::warning) + state.log().count(log_level::error);
    imgui.drag(at("hierarchy/row/Parent"), at("hierarchy/row/Child"), 12);
    imgui.frames(2);
    EXPECT_TRUE(parent_of(state.world(), parent).is_null());
    EXPECT_GT(state.log().count(log_level::warning) + state.log().count(log_level::error),
              warnings);

    // Below the rows: back to the root.
    const editor::item_rect last = item("hierarchy/row/Child");
    imgui.drag(at("hierarchy/row/Child"), {last.center().x, last.max.y + 60.0f}, 12);
    imgui.frames(2);
    EXPECT_TRUE(parent_of(state.world(), child).is_null());
}

TEST_F(HierarchyPanelTest, ClosingANodeHidesItsChildren) {
    imgui.frames(1);
    const std::size_t base = ui.hierarchy().rows().size();  // the new scene's camera
    const entity parent = create_entity(state, "Parent");
    create_entity(state, "Child", parent);
    imgui.frames(3);
    EXPECT_TRUE(has_item("hierarchy/row/Child"));
    const editor::item_rect row = item("hierarchy/row/Parent");
    imgui.click({row.min.x + 6.0f, row.center().y});  // the arrow
    imgui.frames(2);
    EXPECT_FALSE(has_item("hierarchy/row/Child"));
    EXPECT_EQ(ui.hierarchy().rows().size(), base + 1);
}

TEST_F(HierarchyPanelTest, RowsAreRebuiltOnlyWhenTheSceneChanges) {
    imgui.frames(1);
    const std::size_t base = ui.hierarchy().rows().size();
    for (int i = 0; i < 1000; ++i) create_entity(state, "E" + std::to_string(i));
    imgui.frames(3);
    const std::uint64_t rebuilds = ui.hierarchy().rebuilds();
    imgui.frames(10);
    EXPECT_EQ(ui.hierarchy().rebuilds(), rebuilds);
    EXPECT_EQ(ui.hierarchy().rows().size(), base + 1000);
    create_entity(state, "New");
    imgui.frames(1);
    EXPECT_EQ(ui.hierarchy().rebuilds(), rebuilds + 1);
    EXPECT_EQ(ui.hierarchy().rows().size(), base + 1001);
}

TEST_F(HierarchyPanelTest, F2RenamesTheSelectedEntity) {
    const entity e = create_entity(state, "Old");
    imgui.frames(3);
    imgui.tap(key::f2);
    imgui.frames(1);
    imgui.tap(key::a, true);
    imgui.type("New Name");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Name>(e).value, "New Name");
}

}  // namespace
}  // namespace mosaic::testing
