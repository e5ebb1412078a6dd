// The inspector's marks and menus for overridden prefab values, headless: the bar (and bold,
// when the font is loaded) on an overridden field and its component, Revert and Apply to
// Prefab in a field's label menu and a component header's menu, the entity header's
// Overrides list with Apply All / Revert All. Each click is one undo step.
#include <unistd.h>

#include <filesystem>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"
#include "editor_ui_test_support.hpp"
#include "scene_in_folder.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

const color red{1, 0, 0, 1};
const color white{1, 1, 1, 1};

class PrefabOverridesUiTest : public SceneInFolderUiTest {
protected:
    PrefabOverridesUiTest() : SceneInFolderUiTest("prefab_overrides_ui") {
        const entity hull = create_entity(state, "Tank");
        create_entity(state, "Turret", hull);
        add_component(state, std::vector<entity>{hull}, type_id_of<Sprite>());
        file = create_prefab(state, hull).value_or(fs::path());
        delete_entities(state, std::vector<entity>{hull});
        first = instantiate_prefab(state, *find_prefab(state, "Tank"), file, glm::vec2(4, 0));
        second = instantiate_prefab(state, *find_prefab(state, "Tank"), file, glm::vec2(-4, 0));
        // The first instance's tint overridden, as an inspector edit makes it.
        const component_info* sprite = state.table().find(type_id_of<Sprite>());
        set_field(state, std::vector<entity>{first}, sprite->type, *sprite->find_field("tint"),
                  &red);
        state.selection().select(first);
        imgui.frames(3);
    }
    color tint_of(entity e) { return state.world().get<Sprite>(e).tint; }

    fs::path file;
    entity first, second;
};

TEST_F(PrefabOverridesUiTest, AnOverriddenFieldAndItsComponentAreMarked) {
    EXPECT_TRUE(has_item("inspector/override/Sprite.tint"));
    EXPECT_TRUE(has_item("inspector/override/Sprite"));
    EXPECT_FALSE(has_item("inspector/override/Sprite.size"));
    EXPECT_FALSE(has_item("inspector/override/Transform")) << "the root's place is not marked";
    // The other instance has no override.
    state.selection().select(second);
    imgui.frames(2);
    EXPECT_TRUE(has_item("inspector/Sprite.tint"));
    EXPECT_FALSE(has_item("inspector/override/Sprite.tint"));
    EXPECT_FALSE(has_item("inspector/override/Sprite"));
}

TEST_F(PrefabOverridesUiTest, RevertInTheFieldMenuIsOneUndoStep) {
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("inspector/label/Sprite.tint"), 1);
    imgui.frames(2);
    ASSERT_TRUE(has_item("field_menu/Revert"));
    EXPECT_TRUE(has_item("field_menu/Apply to Prefab"));
    imgui.click(at("field_menu/Revert"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(first), white);
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    EXPECT_FALSE(has_item("inspector/override/Sprite.tint"));
    ASSERT_TRUE(state.undo());
    imgui.frames(2);
    EXPECT_EQ(tint_of(first), red);
    EXPECT_TRUE(has_item("inspector/override/Sprite.tint"));
}

TEST_F(PrefabOverridesUiTest, ApplyInTheComponentMenuWritesThePrefabAndUpdatesTheOthers) {
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("inspector/header/Sprite"), 1);
    imgui.frames(2);
    ASSERT_TRUE(has_item("component_menu/Apply to Prefab"));
    imgui.click(at("component_menu/Apply to Prefab"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(second), red) << "every instance follows";
    EXPECT_EQ(state.history().undo_steps(), steps + 1);
    const auto saved = load_prefab_file(file, state.table());
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved.value->contents().world.get<Sprite>(saved.value->root()).tint, red);
    EXPECT_FALSE(has_item("inspector/override/Sprite"));
}

TEST_F(PrefabOverridesUiTest, TheOverridesListShowsThemWithRevertAllAndApplyAll) {
    imgui.click(at("inspector/prefab/Overrides"));
    imgui.frames(2);
    EXPECT_TRUE(has_item("overrides/Tank: Sprite.tint"));
    imgui.click(at("overrides/Revert All"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(first), white);
    EXPECT_EQ(state.history().undo_label(), "Revert All");
    ASSERT_TRUE(state.undo());
    imgui.frames(2);

    imgui.click(at("inspector/prefab/Overrides"));
    imgui.frames(2);
    imgui.click(at("overrides/Apply All"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(second), red);
    EXPECT_EQ(state.history().undo_label(), "Apply All to Tank");
}

TEST_F(PrefabOverridesUiTest, EachRowOfTheOverridesListHasItsOwnRevertAndApply) {
    imgui.click(at("inspector/prefab/Overrides"));
    imgui.frames(2);
    ASSERT_TRUE(has_item("overrides/Tank: Sprite.tint/Revert"));
    imgui.click(at("overrides/Tank: Sprite.tint/Revert"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(first), white);
    EXPECT_EQ(state.history().undo_label(), "Revert Sprite.tint");
    ASSERT_TRUE(state.undo());
    imgui.frames(2);

    imgui.click(at("inspector/prefab/Overrides"));
    imgui.frames(2);
    imgui.click(at("overrides/Tank: Sprite.tint/Apply"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(second), red);
    EXPECT_EQ(state.history().undo_label(), "Apply Sprite.tint to Tank");
}

TEST_F(PrefabOverridesUiTest, RevertWithTwoSelectedInstancesIsOneUndoStep) {
    const component_info* sprite = state.table().find(type_id_of<Sprite>());
    set_field(state, std::vector<entity>{second}, sprite->type, *sprite->find_field("tint"), &red);
    state.selection().set(std::vector<entity>{first, second});
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();
    imgui.click(at("inspector/header/Sprite"), 1);
    imgui.frames(2);
    ASSERT_TRUE(has_item("component_menu/Revert"));
    imgui.click(at("component_menu/Revert"));
    imgui.frames(2);
    EXPECT_EQ(tint_of(first), white);
    EXPECT_EQ(tint_of(second), white);
    EXPECT_EQ(state.history().undo_steps(), steps + 1) << "both entities: one step";
    ASSERT_TRUE(state.undo());
    EXPECT_EQ(tint_of(first), red);
    EXPECT_EQ(tint_of(second), red);
}

}  // namespace
}  // namespace mosaic::testing
