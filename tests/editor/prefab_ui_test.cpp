// Prefabs through the editor's panels, headless: "Create Prefab" in a row's menu, an entity
// dragged onto the Project panel, a prefab dragged into the Scene view and the Hierarchy.
#include <unistd.h>

#include <filesystem>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab.hpp>

#include "editor_ui_test_support.hpp"
#include "scene_in_folder.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class PrefabUiTest : public SceneInFolderUiTest {
protected:
    PrefabUiTest() : SceneInFolderUiTest("prefab_ui") {
        hull = create_entity(state, "Tank");
        const entity turret = create_entity(state, "Turret", hull);
        create_entity(state, "Barrel", turret);
        holder = create_entity(state, "Holder");
        imgui.frames(2);
        imgui.click(at("tab/Project"));
        imgui.frames(2);
    }
    std::size_t instances() { return state.world().count<PrefabInstance>(); }

    entity hull, holder;
};

TEST_F(PrefabUiTest, CreatePrefabInTheRowMenuWritesTheFileAndListsIt) {
    EXPECT_FALSE(has_item("project/prefab/Tank"));
    imgui.click(at("hierarchy/row/Tank"), 1);  // right click: the row's menu
    imgui.frames(2);
    imgui.click(at("hierarchy/menu/Create Prefab"));
    imgui.frames(2);
    EXPECT_TRUE(fs::exists(folder / "archetypes" / "Tank.prefab.json"));
    EXPECT_TRUE(has_item("project/prefab/Tank"));
    ASSERT_EQ(state.game().prefabs().size(), 1u);
    EXPECT_EQ(state.game().prefabs()[0].size(), 3u);  // with its children
}

TEST_F(PrefabUiTest, CreatePrefabLinksTheSourceAndItsChildCannotBeDeletedWhichTheMenuSays) {
    imgui.click(at("hierarchy/row/Tank"), 1);
    imgui.frames(2);
    imgui.click(at("hierarchy/menu/Create Prefab"));
    imgui.frames(2);
    EXPECT_EQ(instances(), 3u) << "the Tank and its children are now an instance of it";
    EXPECT_EQ(state.selection().active(), hull);

    imgui.click(at("hierarchy/row/Turret"));  // select it, then its menu
    imgui.click(at("hierarchy/row/Turret"), 1);
    imgui.frames(2);
    ASSERT_TRUE(has_item("hierarchy/menu/Delete"));
    EXPECT_TRUE(has_item("hierarchy/menu/Delete refused")) << "the reason, in the menu";
    imgui.click(at("hierarchy/menu/Delete"));  // off: nothing happens
    imgui.frames(2);
    EXPECT_FALSE(state.find_by_name("Turret").is_null());
}

TEST_F(PrefabUiTest, DraggingARowOntoTheProjectPanelMakesAPrefab) {
    imgui.drag(at("hierarchy/row/Tank"), at("project/drop"), 12);
    imgui.frames(2);
    EXPECT_TRUE(fs::exists(folder / "archetypes" / "Tank.prefab.json"));
    EXPECT_TRUE(has_item("project/prefab/Tank"));
    EXPECT_EQ(parent_of(state.world(), hull), null_entity) << "not re-parented on the way";
}

TEST_F(PrefabUiTest, DraggingAPrefabIntoTheSceneViewOrTheHierarchyInstantiatesIt) {
    imgui.drag(at("hierarchy/row/Tank"), at("project/drop"), 12);
    imgui.frames(2);
    ASSERT_TRUE(has_item("project/prefab/Tank"));
    const std::size_t before = state.world().size();
    const std::size_t linked = instances();  // the source Tank is an instance of its prefab
    ASSERT_EQ(linked, 3u);

    // Into the scene view: one undo step, the root where it was dropped.
    const item_rect view = item("scene/view");
    const ImVec2 drop{view.min.x + (view.max.x - view.min.x) * 0.75f, view.center().y};
    imgui.drag(at("project/prefab/Tank"), drop, 12);
    imgui.frames(2);
    EXPECT_EQ(state.world().size(), before + 3);
    EXPECT_EQ(instances(), linked + 3);
    EXPECT_EQ(state.history().undo_label(), "Instantiate Tank");
    const entity placed = state.selection().active();
    ASSERT_TRUE(state.world().alive(placed));
    EXPECT_GT(state.world().get<Transform>(placed).position.x, 0.1f) << "right of the centre";
    EXPECT_NEAR(state.world().get<Transform>(placed).position.y, 0.0f, 0.5f);
    ASSERT_TRUE(state.undo());
    EXPECT_EQ(state.world().size(), before);
    EXPECT_EQ(instances(), linked);

    // Onto a row of the hierarchy: a child of that row's entity. (Half a second later: two
    // presses on the prefab within the double-click time would also instantiate it.)
    imgui.frames(30);
    const std::size_t steps = state.history().undo_steps();
    imgui.drag(at("project/prefab/Tank"), at("hierarchy/row/Holder"), 12);
    imgui.frames(2);
    const entity child = state.selection().active();
    ASSERT_TRUE(state.world().alive(child));
    EXPECT_EQ(parent_of(state.world(), child), holder);
    EXPECT_EQ(instances(), linked + 3);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
}

}  // namespace
}  // namespace mosaic::testing
