// The hierarchy: search filter, Ctrl/Shift multi-select, keys (arrows, Ctrl+A, Enter),
// drag-and-drop re-parenting (auto-scroll, the root zone), the row list for large scenes.
#include <algorithm>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "editor_ui_test_support.hpp"
#include "ui/commands.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class HierarchyPanelTest : public EditorUiTest {};

// A tilemap's tiles live in chunk entities under the map (engine/README.md, "Tilemaps"): the
// Hierarchy names each by the cell of its first tile (and its layer), not "Entity 7".
TEST_F(HierarchyPanelTest, TileChunksAreLabelledByWhereTheyAreInTheirMap) {
    const entity map = create_entity(state, "Level");
    state.world().add<Tilemap>(map, Tilemap{.width = 64, .height = 32});
    tile_access tiles(state.world(), map);
    tiles.set(3, 4, 1);
    tiles.set(40, 0, 2);
    tiles.set(0, 0, 3, 1);
    imgui.frames(3);
    EXPECT_TRUE(has_item("hierarchy/row/Level"));
    EXPECT_TRUE(has_item("hierarchy/row/Tile chunk (0, 0)"));
    EXPECT_TRUE(has_item("hierarchy/row/Tile chunk (32, 0)"));
    EXPECT_TRUE(has_item("hierarchy/row/Tile chunk (0, 0), layer 1"));
    for (const auto& row : ui.hierarchy().rows()) {
        if (row.e == map) continue;
        EXPECT_FALSE(has_item("hierarchy/row/Entity " + std::to_string(row.e.index)))
            << "a chunk shows as an unnamed entity";
    }
}

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

TEST_F(HierarchyPanelTest, UpAndDownMoveTheSelectionAndCtrlASelectsAll) {
    std::vector<entity> e;
    for (const char* name : {"A", "B", "C"}) e.push_back(create_entity(state, name));
    imgui.frames(3);
    imgui.click(at("hierarchy/row/A"));
    imgui.tap(key::down);
    EXPECT_EQ(state.selection().active(), e[1]);
    imgui.tap(key::down);
    imgui.tap(key::down);
    EXPECT_EQ(state.selection().active(), e[2]) << "stops at the last row";
    imgui.tap(key::up);
    EXPECT_EQ(state.selection().active(), e[1]);
    EXPECT_EQ(state.selection().size(), 1u);
    imgui.tap(key::a, true);
    EXPECT_EQ(state.selection().size(), ui.hierarchy().rows().size());
    EXPECT_GE(state.selection().size(), 3u);
}

TEST_F(HierarchyPanelTest, LeftAndRightFoldAndWalkTheTree) {
    const entity parent = create_entity(state, "Parent");
    const entity child = create_entity(state, "Child", parent);
    imgui.frames(3);
    imgui.click(at("hierarchy/row/Parent"));
    const std::size_t rows = ui.hierarchy().rows().size();
    imgui.tap(key::left);
    imgui.frames(1);
    EXPECT_EQ(ui.hierarchy().rows().size(), rows - 1) << "Left folds";
    imgui.tap(key::right);
    imgui.frames(1);
    EXPECT_EQ(ui.hierarchy().rows().size(), rows) << "Right unfolds";
    imgui.tap(key::right);
    EXPECT_EQ(state.selection().active(), child) << "Right on an open node: its first child";
    imgui.tap(key::left);
    EXPECT_EQ(state.selection().active(), parent) << "Left on a leaf: its parent";
}

TEST_F(HierarchyPanelTest, EnterRenamesAndANewEntityStartsRenaming) {
    const entity e = create_entity(state, "Old");
    imgui.frames(3);
    imgui.click(at("hierarchy/row/Old"));
    imgui.tap(key::enter);
    imgui.frames(1);
    imgui.tap(key::a, true);
    imgui.type("Renamed");
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Name>(e).value, "Renamed");

    command_create_empty(state, ui.state());
    imgui.frames(2);
    const entity created = state.selection().active();
    imgui.type("Hero");  // the name field starts with its text selected
    imgui.tap(key::enter);
    imgui.frames(2);
    EXPECT_STREQ(state.world().get<Name>(created).value, "Hero");
}

class HierarchyDragTest : public HierarchyPanelTest {
protected:
    entity parent, child;
    void SetUp() override {
        parent = create_entity(state, "Parent");
        child = create_entity(state, "Child", parent);
        for (int i = 0; i < 300; ++i) create_entity(state, "Filler " + std::to_string(i));
        state.selection().clear();
        imgui.frames(3);
    }
    /// Presses on `row` and moves far enough to start dragging it.
    void start_drag(const std::string& row) {
        const ImVec2 p = at(row);
        imgui.move_to(p);
        imgui.press();
        imgui.move_to({p.x + 10, p.y + 4});
        imgui.move_to({p.x + 20, p.y + 8});
    }
};

TEST_F(HierarchyDragTest, AFullListStillHasARootZoneAndTheDraggedRowIsSelected) {
    EXPECT_FALSE(has_item("hierarchy/root_zone")) << "shown only while dragging";
    start_drag("hierarchy/row/Child");
    ASSERT_TRUE(has_item("hierarchy/root_zone"));
    const item_rect zone = item("hierarchy/root_zone");
    EXPECT_GE(zone.max.y - zone.min.y, ImGui::GetFrameHeight());
    imgui.move_to(zone.center());
    imgui.move_to({zone.center().x + 2, zone.center().y});
    imgui.release();
    imgui.frames(2);
    EXPECT_TRUE(parent_of(state.world(), child).is_null());
    EXPECT_EQ(state.selection().active(), child);
    EXPECT_EQ(state.selection().size(), 1u);
}

TEST_F(HierarchyDragTest, DraggingNearTheBottomEdgeScrollsTheList) {
    EXPECT_FALSE(has_item("hierarchy/row/Filler 40"));
    start_drag("hierarchy/row/Parent");
    const item_rect zone = item("hierarchy/root_zone");
    imgui.move_to({zone.center().x, zone.min.y - 4});  // the bottom edge of the rows
    imgui.frames(60);
    EXPECT_TRUE(has_item("hierarchy/row/Filler 40")) << "the list scrolled down";
    EXPECT_FALSE(has_item("hierarchy/row/Filler 5"));
    imgui.move_to({zone.center().x, zone.min.y - 200});
    imgui.frames(2);
    ImGui::GetIO().MouseDown[0] = false;
    imgui.frames(2);
}

TEST_F(HierarchyDragTest, ADragStartedAtTheBottomOfAListScrolledToTheEndDoesNotJump) {
    // Scroll to the end with the wheel over the rows.
    imgui.move_to(at("hierarchy/row/Filler 3"));
    for (int i = 0; i < 20; ++i) {  // well past the end
        ImGui::GetIO().MouseWheel = -10.0f;
        imgui.frame();
    }
    ASSERT_TRUE(has_item("hierarchy/row/Filler 299"));
    imgui.frames(2);
    ASSERT_TRUE(has_item("hierarchy/row/Filler 290"));
    const float before = item("hierarchy/row/Filler 290").min.y;
    start_drag("hierarchy/row/Filler 299");  // the root zone appears under the rows
    imgui.frames(5);
    ASSERT_TRUE(has_item("hierarchy/root_zone"));
    ASSERT_TRUE(has_item("hierarchy/row/Filler 290"));
    EXPECT_NEAR(item("hierarchy/row/Filler 290").min.y, before, 2.0f)
        << "the rows moved under the mouse as the drag started";
    ImGui::GetIO().MouseDown[0] = false;
    imgui.frames(2);
}

TEST_F(HierarchyDragTest, CtrlDPutsTheCopyRightUnderItsOriginalSelectedAndInView) {
    const entity original = state.find_by_name("Filler 250");
    ASSERT_FALSE(original.is_null());
    state.selection().select(original);  // picked in the scene view: its row is out of view
    EXPECT_FALSE(has_item("hierarchy/row/Filler 250"));
    imgui.tap(key::d, true);
    imgui.frames(3);
    const entity copy = state.selection().active();
    ASSERT_NE(copy, original);
    EXPECT_STREQ(state.world().get<Name>(copy).value, "Filler 250 (1)");
    const auto& rows = ui.hierarchy().rows();
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.e == original; });
    ASSERT_NE(row, rows.end());
    ASSERT_NE(row + 1, rows.end());
    EXPECT_EQ((row + 1)->e, copy) << "right under the original, not at the end";
    EXPECT_TRUE(has_item("hierarchy/row/Filler 250 (1)")) << "scrolled into view";

    // A second copy of the original goes right under it too; the first copy follows.
    state.selection().select(original);
    imgui.tap(key::d, true);
    imgui.frames(3);
    const entity second = state.selection().active();
    EXPECT_STREQ(state.world().get<Name>(second).value, "Filler 250 (2)");
    const auto& after = ui.hierarchy().rows();
    const auto at_original =
        std::find_if(after.begin(), after.end(), [&](const auto& r) { return r.e == original; });
    ASSERT_LT(at_original + 2, after.end());
    EXPECT_EQ((at_original + 1)->e, second);
    EXPECT_EQ((at_original + 2)->e, copy);
}

TEST_F(HierarchyPanelTest, ASelectedRowStaysHighlightedUnderTheMouse) {
    create_entity(state, "A");
    imgui.frames(3);
    imgui.click(at("hierarchy/row/A"));
    imgui.move_to(at("hierarchy/row/A", 0.7f));
    imgui.frames(2);
    const item_rect row = item("hierarchy/row/A");
    const ImU32 selected = ImGui::GetColorU32(ImGuiCol_HeaderActive);
    bool highlighted = false;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l)
        for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer)
            if (v.col == selected && v.pos.y >= row.min.y - 1 && v.pos.y <= row.max.y + 1)
                highlighted = true;
    EXPECT_TRUE(highlighted);
}

}  // namespace
}  // namespace mosaic::testing
