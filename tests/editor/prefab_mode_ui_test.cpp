// Linked prefab instances through the editor's panels, headless: the entity header (the
// prefab's name, Select, Open, Unpack), the prefab opened for editing (banner, Save, Close
// and its question), Unpack in the Hierarchy's menu, no PrefabInstance to add by hand.
#include <unistd.h>

#include <filesystem>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab.hpp>

#include "core/entity_names.hpp"
#include "core/prefab_actions.hpp"
#include "editor_ui_test_support.hpp"
#include "scene_in_folder.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class PrefabModeUiTest : public SceneInFolderUiTest {
protected:
    PrefabModeUiTest() : SceneInFolderUiTest("prefab_mode_ui") {
        const entity hull = create_entity(state, "Tank");
        const entity turret = create_entity(state, "Turret", hull);
        create_entity(state, "Barrel", turret);
        add_component(state, std::vector<entity>{hull}, type_id_of<Sprite>());
        file = create_prefab(state, hull).value_or(fs::path());
        const prefab* p = find_prefab(state, "Tank");
        EXPECT_NE(p, nullptr);
        instance = instantiate_prefab(state, *p, file, glm::vec2(4, 0));
        imgui.frames(3);
    }

    fs::path file;
    entity instance;
};

TEST_F(PrefabModeUiTest, TheHeaderOfAnInstanceNamesItsPrefabAndSelectShowsItInTheProject) {
    ASSERT_TRUE(has_item("inspector/prefab/name"));
    EXPECT_FALSE(has_item("inspector/header/PrefabInstance")) << "the link is the header's";
    EXPECT_FALSE(has_item("inspector/prefab/missing"));
    imgui.click(at("inspector/prefab/Select"));
    imgui.frames(3);
    EXPECT_TRUE(has_item("project/highlighted/Tank")) << "the Project tab shows it, highlighted";

    // A plain entity has no prefab line.
    state.selection().select(state.find_by_name("Main Camera"));
    imgui.frames(2);
    EXPECT_FALSE(has_item("inspector/prefab/name"));
}

TEST_F(PrefabModeUiTest, AMissingPrefabShowsAsSuchAndTheInstanceStays) {
    fs::remove(file);
    state.after_prefab_written(file);
    imgui.frames(2);
    EXPECT_TRUE(has_item("inspector/prefab/missing"));
    EXPECT_FALSE(has_item("inspector/prefab/name"));
    EXPECT_TRUE(state.world().has<PrefabInstance>(instance));
}

TEST_F(PrefabModeUiTest, AddComponentDoesNotOfferThePrefabLink) {
    state.selection().select(state.find_by_name("Main Camera"));
    imgui.frames(2);
    imgui.click(at("inspector/Add Component"));
    imgui.frames(1);
    EXPECT_TRUE(has_item("add_component/Sprite"));
    EXPECT_FALSE(has_item("add_component/PrefabInstance"));
}

TEST_F(PrefabModeUiTest, OpenShowsTheBannerAndCloseGoesBackToTheSceneAndItsSelection) {
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("inspector/prefab/Open"));
    imgui.frames(3);
    ASSERT_NE(state.opened_prefab(), nullptr);
    EXPECT_TRUE(has_item("prefab/banner"));
    EXPECT_TRUE(has_item("hierarchy/row/Turret"));
    EXPECT_FALSE(has_item("hierarchy/row/Main Camera")) << "the prefab alone";
    imgui.click(at("prefab/Close"));
    imgui.frames(3);
    EXPECT_EQ(state.opened_prefab(), nullptr) << "nothing unsaved: closes at once";
    EXPECT_FALSE(has_item("prefab/banner"));
    EXPECT_TRUE(has_item("hierarchy/row/Main Camera"));
    EXPECT_EQ(state.selection().active(), instance);
    EXPECT_EQ(state.history().undo_steps(), steps);
}

TEST_F(PrefabModeUiTest, CloseWithUnsavedChangesAsksAndCancelSaveAndDiscardDoWhatTheySay) {
    ASSERT_TRUE(state.open_prefab(file));
    imgui.frames(2);
    ASSERT_TRUE(rename_entity(state, state.find_by_name("Turret"), "Cannon"));
    imgui.frames(2);

    imgui.click(at("prefab/Close"));
    imgui.frames(2);
    ASSERT_TRUE(has_item("prefab_close/Cancel")) << "the question";
    imgui.click(at("prefab_close/Cancel"));
    imgui.frames(2);
    EXPECT_NE(state.opened_prefab(), nullptr) << "Cancel: still editing";

    imgui.click(at("prefab/Close"));
    imgui.frames(2);
    imgui.click(at("prefab_close/Save"));
    imgui.frames(2);
    EXPECT_EQ(state.opened_prefab(), nullptr);
    const prefab* saved = find_prefab(state, "Tank");
    ASSERT_NE(saved, nullptr);
    bool cannon = false;
    saved->contents().world.each(
        [&](entity e) { cannon |= name_of(saved->contents().world, e) == "Cannon"; });
    EXPECT_TRUE(cannon) << "Save wrote the file before closing";

    ASSERT_TRUE(state.open_prefab(file));
    imgui.frames(2);
    ASSERT_TRUE(rename_entity(state, state.find_by_name("Cannon"), "Gun"));
    imgui.click(at("prefab/Close"));
    imgui.frames(2);
    imgui.click(at("prefab_close/Discard"));
    imgui.frames(2);
    EXPECT_EQ(state.opened_prefab(), nullptr);
    saved = find_prefab(state, "Tank");
    ASSERT_NE(saved, nullptr);
    bool gun = false;
    saved->contents().world.each(
        [&](entity e) { gun |= name_of(saved->contents().world, e) == "Gun"; });
    EXPECT_FALSE(gun) << "Discard wrote nothing";
}

TEST_F(PrefabModeUiTest, OpenIsDisabledWhilePlayingAndPlayWhileAPrefabIsOpen) {
    imgui.click(at("toolbar/Play"));
    imgui.frames(2);
    ASSERT_TRUE(state.playing());
    imgui.click(at("inspector/prefab/Open"));
    imgui.frames(2);
    EXPECT_EQ(state.opened_prefab(), nullptr);
    imgui.click(at("toolbar/Play"));  // Stop
    imgui.frames(2);
    ASSERT_FALSE(state.playing());

    imgui.click(at("inspector/prefab/Open"));
    imgui.frames(2);
    ASSERT_NE(state.opened_prefab(), nullptr);
    imgui.click(at("toolbar/Play"));
    imgui.frames(2);
    EXPECT_FALSE(state.playing());
}

TEST_F(PrefabModeUiTest, UnpackInTheRowMenuAndTheHeaderIsOneUndoStep) {
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("hierarchy/row/Turret"), 1);
    imgui.frames(2);
    imgui.click(at("hierarchy/menu/Unpack Prefab"));
    imgui.frames(2);
    EXPECT_FALSE(state.world().has<PrefabInstance>(instance));
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    ASSERT_TRUE(state.undo());
    EXPECT_TRUE(state.world().has<PrefabInstance>(instance));

    state.selection().select(instance);
    imgui.frames(2);
    imgui.click(at("inspector/prefab/Unpack"));
    imgui.frames(2);
    EXPECT_FALSE(state.world().has<PrefabInstance>(instance));
    EXPECT_FALSE(has_item("inspector/prefab/name"));
    EXPECT_EQ(state.history().undo_label(), "Unpack Tank");
}

}  // namespace
}  // namespace mosaic::testing
