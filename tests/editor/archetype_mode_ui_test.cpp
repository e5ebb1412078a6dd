// An archetype edited in place through the editor's panels, headless: the Project panel's
// archetype row menu (Edit Archetype, Create Entity), the banner over the scene view, the
// Inspector's Add Component on the archetype's one entity, Close's question and its Save; a
// double-click on the row still creates an entity, as it does for a prefab.
#include <filesystem>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "asset_ui_fixture.hpp"
#include "core/archetype_actions.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class ArchetypeModeUiTest : public AssetUiTest {
protected:
    ArchetypeModeUiTest() : AssetUiTest("archetype_mode_ui") {
        const entity hunter = create_entity(state, "Hunter");
        add_component(state, std::vector<entity>{hunter}, type_id_of<RigidBody>());
        file = create_archetype(state, hunter).value_or(fs::path());
        show_project();
    }
    std::size_t named_hunter() {
        std::size_t n = 0;
        state.world().each([&](entity e) {
            const Name* name = state.world().try_get<Name>(e);
            n += name != nullptr && std::string_view(name->value) == "Hunter" ? 1 : 0;
        });
        return n;
    }

    fs::path file;
};

TEST_F(ArchetypeModeUiTest, EditFromTheRowMenuAddAComponentCloseAsksAndSaveWritesIt) {
    ASSERT_TRUE(has_item("project/archetype/Hunter"));
    imgui.click(at("project/archetype/Hunter"), 1);  // right click: the row's menu
    imgui.frames(2);
    ASSERT_TRUE(has_item("project/archetype_menu/Create Entity"));
    imgui.click(at("project/archetype_menu/Edit Archetype"));
    imgui.frames(3);
    ASSERT_NE(state.opened_archetype(), nullptr);
    EXPECT_EQ(*state.opened_archetype(), file);
    EXPECT_TRUE(has_item("prefab/banner")) << "the banner names it, with Save and Close";
    EXPECT_TRUE(has_item("hierarchy/row/Hunter"));
    EXPECT_FALSE(has_item("hierarchy/row/Main Camera")) << "its one entity alone";

    imgui.click(at("inspector/Add Component"));
    imgui.frames(2);
    imgui.click(at("add_component/Collider"));
    imgui.frames(2);
    const entity e = state.selection().active();
    ASSERT_TRUE(state.world().has<Collider>(e));
    EXPECT_EQ(state.history().undo_steps(), 1u);

    imgui.click(at("prefab/Close"));
    imgui.frames(2);
    ASSERT_TRUE(has_item("prefab_close/Save")) << "unsaved changes: the question";
    imgui.click(at("prefab_close/Save"));
    imgui.frames(3);
    EXPECT_EQ(state.opened_asset(), nullptr) << "saved, then back to the scene";
    EXPECT_TRUE(has_item("hierarchy/row/Main Camera"));
    const load_result<archetype> saved = load_archetype_file(file, state.table());
    ASSERT_TRUE(saved.ok());
    EXPECT_TRUE(saved.value->has<Collider>());
    ASSERT_EQ(state.game().archetypes().size(), 1u);
    EXPECT_TRUE(state.game().archetypes()[0].has<Collider>()) << "the project has it now";
}

// Each row has its own menu: with two archetypes, Edit on the first opens the first.
TEST_F(ArchetypeModeUiTest, EachRowsMenuEditsItsOwnArchetype) {
    const entity alpha = create_entity(state, "Alpha");
    ASSERT_TRUE(create_archetype(state, alpha).has_value());
    imgui.frames(2);
    ASSERT_TRUE(has_item("project/archetype/Alpha"));
    ASSERT_TRUE(has_item("project/archetype/Hunter"));
    imgui.click(at("project/archetype/Alpha"), 1);
    imgui.frames(2);
    imgui.click(at("project/archetype_menu/Edit Archetype"));
    imgui.frames(3);
    ASSERT_NE(state.opened_archetype(), nullptr);
    EXPECT_EQ(state.opened_archetype()->filename(), "Alpha.archetype.json");
}

TEST_F(ArchetypeModeUiTest, DoubleClickAndCreateEntityMakeOneInTheScene) {
    const std::size_t before = named_hunter();
    double_click("project/archetype/Hunter");
    EXPECT_EQ(named_hunter(), before + 1);
    EXPECT_EQ(state.opened_asset(), nullptr) << "double-click creates, as for a prefab";
    imgui.frames(30);  // past the double-click time
    imgui.click(at("project/archetype/Hunter"), 1);
    imgui.frames(2);
    imgui.click(at("project/archetype_menu/Create Entity"));
    imgui.frames(2);
    EXPECT_EQ(named_hunter(), before + 2);
}

TEST_F(ArchetypeModeUiTest, TheAssetTileMenuEditsItToo) {
    enter_folder("archetypes");
    imgui.click(at("project/asset/archetypes/Hunter.archetype.json"), 1);
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Edit Archetype"));
    imgui.frames(3);
    ASSERT_NE(state.opened_archetype(), nullptr);
    EXPECT_EQ(fs::canonical(*state.opened_archetype()), fs::canonical(file));
}

TEST_F(ArchetypeModeUiTest, AFileThatDoesNotLoadSaysWhereInADialogAndOpensNothing) {
    const std::string text =
        R"({"format": "mosaic.archetype", "version": 2, "name": "Broken",
  "components": {"Transform": {"version": 1, "position": "left"}}}
)";
    write_text(folder / "archetypes/Broken.archetype.json", text);
    imgui.click(at("project/Refresh"));
    imgui.frames(2);
    enter_folder("archetypes");
    imgui.click(at("project/asset/archetypes/Broken.archetype.json"), 1);
    imgui.frames(2);
    imgui.click(at("project/asset_menu/Edit Archetype"));
    imgui.frames(2);
    EXPECT_EQ(state.opened_asset(), nullptr);
    ASSERT_FALSE(state.alerts().empty());
    const std::string& why = state.alerts().back().text;
    EXPECT_NE(why.find("Broken.archetype.json:2:"), std::string::npos) << why;
    EXPECT_NE(why.find("components.Transform.position"), std::string::npos) << why;
    EXPECT_TRUE(has_item("hierarchy/row/Main Camera")) << "the scene stays";
}

}  // namespace
}  // namespace mosaic::testing
