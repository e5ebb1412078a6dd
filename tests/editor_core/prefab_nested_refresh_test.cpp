// A change to a prefab reaches the instances of the prefabs containing it: a squad of tanks
// in the scene follows Apply to Prefab on a tank and Save in the tank's prefab mode, as part
// of the same undo step. And a menu acting on several selected entities is one undo step.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"
#include "prefab_test_support.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::scene_text;

// A Tank prefab, a Squad prefab holding two tank instances, and in the scene one tank and
// one squad instance.
struct NestedRefresh : mosaic::testing::PrefabProject {
    NestedRefresh() : PrefabProject("prefab_nested_refresh") {
        delete_entities(s, std::vector<entity>{make_tank_prefab(false)});
        const prefab& tank = *find_prefab(s, "Tank");
        const entity made = create_entity(s, "Squad");
        for (const float x : {-2.0f, 2.0f})
            instantiate_prefab(s, tank, file, glm::vec2(x, 0), made);
        squad_file = create_prefab(s, made).value_or(std::filesystem::path());
        delete_entities(s, std::vector<entity>{made});
        tank_alone = instance_at({5, 0});
        squad = instantiate_prefab(s, *find_prefab(s, "Squad"), squad_file, glm::vec2(0, 5));
        sprite = s.table().find(type_id_of<Sprite>());
        tint = sprite->find_field("tint");
    }

    // The tints of the squad's tanks in the scene.
    std::vector<color> squad_tints() {
        std::vector<color> out;
        for (const entity e : with_descendants(s.world(), std::vector<entity>{squad}))
            if (const Sprite* sp = s.world().try_get<Sprite>(e)) out.push_back(sp->tint);
        return out;
    }

    std::filesystem::path squad_file;
    entity tank_alone, squad;
    const component_info* sprite = nullptr;
    const field_info* tint = nullptr;
};

const color red{1, 0, 0, 1};
const color white{1, 1, 1, 1};
const std::vector<color> both_white{white, white};
const std::vector<color> both_red{red, red};

TEST_F(NestedRefresh, ApplyToATankUpdatesTheSquadsInTheSceneAsOneUndoStep) {
    ASSERT_FALSE(squad_file.empty());
    EXPECT_EQ(read_file(squad_file).bytes.find("Sprite"), std::string::npos)
        << "Create Prefab writes the tanks inside as links, not copies";
    ASSERT_EQ(squad_tints(), both_white);
    set_field(s, std::vector<entity>{tank_alone}, type_id_of<Sprite>(), *tint, &red);
    const std::size_t steps = s.history().undo_steps();
    ASSERT_TRUE(apply_overrides(s, {tank_alone, sprite, tint}));
    EXPECT_EQ(squad_tints(), both_red) << "the tanks in the squad follow the tank prefab";
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(squad_tints(), both_white);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(squad_tints(), both_red);

    // The squad prefab itself resolves the new tank: a new squad has red tanks.
    const entity another =
        instantiate_prefab(s, *find_prefab(s, "Squad"), squad_file, glm::vec2(0, -5));
    std::vector<color> tints;
    for (const entity e : with_descendants(s.world(), std::vector<entity>{another}))
        if (const Sprite* sp = s.world().try_get<Sprite>(e)) tints.push_back(sp->tint);
    EXPECT_EQ(tints, both_red);
}

TEST_F(NestedRefresh, SavingTheOpenedTankUpdatesTheSquadsInTheSceneAside) {
    ASSERT_TRUE(s.open_prefab(file));
    set_field(s, std::vector<entity>{s.selection().active()}, type_id_of<Sprite>(), *tint, &red);
    ASSERT_TRUE(s.save_prefab());
    s.close_asset();
    EXPECT_EQ(s.world().get<Sprite>(tank_alone).tint, red);
    EXPECT_EQ(squad_tints(), both_red);
    ASSERT_TRUE(s.undo()) << "Update instances of Tank";
    EXPECT_EQ(squad_tints(), both_white);
    EXPECT_EQ(s.world().get<Sprite>(tank_alone).tint, white);
}

TEST_F(NestedRefresh, RevertOnSeveralSelectedEntitiesIsOneUndoStep) {
    const entity other = instance_at({-5, 0});
    set_field(s, std::vector<entity>{tank_alone, other}, type_id_of<Sprite>(), *tint, &red);
    const std::string edited = scene_text(s);
    const std::size_t steps = s.history().undo_steps();
    {
        const step_group one_step(s);
        for (const entity e : {tank_alone, other})
            ASSERT_TRUE(revert_overrides(s, {e, sprite, tint}));
    }
    EXPECT_EQ(s.world().get<Sprite>(tank_alone).tint, white);
    EXPECT_EQ(s.world().get<Sprite>(other).tint, white);
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Revert Sprite.tint");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(scene_text(s), edited) << "both come back with one undo";
}

}  // namespace
