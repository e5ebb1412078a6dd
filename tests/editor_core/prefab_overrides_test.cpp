// Overrides of linked prefab instances through the editor's actions: Revert and Apply to
// Prefab of a field, a component, all of an instance's; each one undo step (Apply's file
// included) that redo brings back; saving an opened prefab updates the scene's instances.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"
#include "prefab_test_support.hpp"

namespace prefab_overrides_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;
using mosaic::testing::scene_text;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string file_text(const fs::path& p) {
    return read_file(p).bytes;
}

// A Tank prefab (Tank > Turret) and two instances of it; the original is gone.
struct PrefabOverrides : mosaic::testing::PrefabProject {
    PrefabOverrides() : PrefabProject("prefab_overrides") {
        delete_entities(s, std::vector<entity>{make_tank_prefab(false)});
        first = instance_at({5, 0});
        second = instance_at({-5, 0});
        sprite = s.table().find(type_id_of<Sprite>());
        tint = sprite->find_field("tint");
        size = sprite->find_field("size");
    }

    // An edit of `e`'s Sprite field, as the inspector makes it (one undo step).
    template <class T>
    void set(entity e, const field_info* f, T value) {
        set_field(s, std::vector<entity>{e}, type_id_of<Sprite>(), *f, &value);
    }
    color tint_of(entity e) { return s.world().get<Sprite>(e).tint; }

    entity first, second;
    const component_info* sprite = nullptr;
    const field_info* tint = nullptr;
    const field_info* size = nullptr;
};

const color red{1, 0, 0, 1};
const color white{1, 1, 1, 1};

TEST_F(PrefabOverrides, AnEditedFieldIsAnOverrideOfItsComponentAndNothingElse) {
    EXPECT_FALSE(is_overridden(s, first, *sprite));
    set(first, tint, red);
    EXPECT_TRUE(is_overridden(s, first, *sprite));
    EXPECT_TRUE(is_overridden(s, first, *sprite, tint));
    EXPECT_FALSE(is_overridden(s, first, *sprite, size));
    EXPECT_FALSE(is_overridden(s, second, *sprite)) << "the other instance";
    // Runtime state the hierarchy system adds is not an override (files never save it).
    s.world().add_or_replace<WorldTransform>(first, WorldTransform{});
    EXPECT_FALSE(is_overridden(s, first, *s.table().find(type_id_of<WorldTransform>())));
    const auto inst = linked_instance_of(s, first);
    ASSERT_TRUE(inst);
    const std::vector<prefab_override> list = overrides_of(s, *inst);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].field, tint);
    EXPECT_EQ(list[0].target, first);
}

TEST_F(PrefabOverrides, RevertAFieldIsOneUndoStep) {
    set(first, tint, red);
    set(first, size, glm::vec2(3, 3));
    const std::size_t steps = s.history().undo_steps();
    ASSERT_TRUE(revert_overrides(s, {first, sprite, tint}));
    EXPECT_EQ(tint_of(first), white);
    EXPECT_EQ(s.world().get<Sprite>(first).size, glm::vec2(3, 3)) << "only that field";
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Revert Sprite.tint");
    EXPECT_FALSE(revert_overrides(s, {first, sprite, tint})) << "nothing left to revert";
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(tint_of(first), red);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(tint_of(first), white);
}

TEST_F(PrefabOverrides, RevertAComponentRemovesAnAddedOneAndBringsARemovedOneBack) {
    add_component(s, std::vector<entity>{first}, type_id_of<Collider>());
    const component_info* collider = s.table().find(type_id_of<Collider>());
    EXPECT_TRUE(is_overridden(s, first, *collider)) << "an added component";
    ASSERT_TRUE(revert_overrides(s, {first, collider, nullptr}));
    EXPECT_FALSE(s.world().has<Collider>(first));

    remove_component(s, std::vector<entity>{second}, type_id_of<Sprite>());
    ASSERT_TRUE(revert_overrides(s, {second, sprite, nullptr}));
    EXPECT_TRUE(s.world().has<Sprite>(second));
    EXPECT_EQ(s.history().undo_label(), "Revert Sprite");
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().has<Sprite>(second));
}

TEST_F(PrefabOverrides, AComponentSwitchedOffIsAnOverrideToRevertOrApply) {
    set_component_enabled(s, std::vector<entity>{first}, type_id_of<Sprite>(), false);
    EXPECT_TRUE(is_overridden(s, first, *sprite)) << "the component header is marked";
    EXPECT_FALSE(is_overridden(s, first, *sprite, tint)) << "not its fields";
    const auto inst = linked_instance_of(s, first);
    ASSERT_TRUE(inst);
    const std::vector<prefab_override> list = overrides_of(s, *inst);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].kind, override_kind::enabled_flag);

    ASSERT_TRUE(revert_overrides(s, {first, sprite, nullptr}));
    EXPECT_TRUE(s.world().is_enabled<Sprite>(first));
    EXPECT_EQ(s.history().undo_label(), "Revert Sprite");
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().is_enabled<Sprite>(first));

    ASSERT_TRUE(apply_overrides(s, {first, sprite, nullptr}));
    EXPECT_FALSE(s.world().is_enabled<Sprite>(second)) << "the other instance follows";
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(s.world().is_enabled<Sprite>(second));
}

TEST_F(PrefabOverrides, ApplyAFieldWritesThePrefabAndTheOtherInstancesFollowAsOneUndoStep) {
    set(second, size, glm::vec2(2, 2));  // the other instance's own size stays
    set(first, tint, red);
    set(first, size, glm::vec2(4, 4));
    const std::string file_before = file_text(file);
    const std::size_t steps = s.history().undo_steps();

    ASSERT_TRUE(apply_overrides(s, {first, sprite, tint}));
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Apply Sprite.tint to Tank");
    EXPECT_NE(file_text(file), file_before) << "the file is written";
    const auto saved = load_prefab_file(file, s.table());
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved.value->contents().world.get<Sprite>(saved.value->root()).tint, red);
    EXPECT_EQ(tint_of(second), red) << "the other instance follows";
    EXPECT_EQ(s.world().get<Sprite>(second).size, glm::vec2(2, 2)) << "its override stays";
    EXPECT_FALSE(is_overridden(s, first, *sprite, tint));
    EXPECT_TRUE(is_overridden(s, first, *sprite, size)) << "not applied";

    ASSERT_TRUE(s.undo());
    EXPECT_EQ(file_text(file), file_before) << "undo writes the file back";
    EXPECT_EQ(tint_of(second), white);
    EXPECT_EQ(tint_of(first), red);
    EXPECT_TRUE(is_overridden(s, first, *sprite, tint)) << "against the prefab as it was";
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(tint_of(second), red);
    EXPECT_FALSE(is_overridden(s, first, *sprite, tint));
}

TEST_F(PrefabOverrides, ApplyAllAndRevertAllTakeEveryOverrideOfTheInstance) {
    set(first, tint, red);
    add_component(s, std::vector<entity>{first}, type_id_of<Collider>());
    const auto inst = linked_instance_of(s, first);
    ASSERT_TRUE(inst);
    EXPECT_EQ(overrides_of(s, *inst).size(), 2u);
    const std::string before = scene_text(s);
    ASSERT_TRUE(revert_overrides(s, {first, nullptr, nullptr}));
    EXPECT_TRUE(overrides_of(s, *linked_instance_of(s, first)).empty());
    EXPECT_EQ(s.history().undo_label(), "Revert All");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(scene_text(s), before);

    // From a child of the instance: the same instance.
    const entity turret = with_descendants(s.world(), std::vector<entity>{first})[1];
    ASSERT_TRUE(apply_overrides(s, {turret, nullptr, nullptr}));
    EXPECT_EQ(s.history().undo_label(), "Apply All to Tank");
    EXPECT_TRUE(s.world().has<Collider>(second)) << "the added component reached the other";
    EXPECT_EQ(tint_of(second), red);
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(s.world().has<Collider>(second));
    EXPECT_EQ(scene_text(s), before);
}

TEST_F(PrefabOverrides, SavingAnOpenedPrefabUpdatesTheInstancesExceptTheirOverrides) {
    set(second, tint, red);
    ASSERT_TRUE(s.open_prefab(file));
    const entity root = s.selection().active();
    const glm::vec2 big{6, 6};
    const color blue{0, 0, 1, 1};
    set_field(s, std::vector<entity>{root}, type_id_of<Sprite>(), *size, &big);
    set_field(s, std::vector<entity>{root}, type_id_of<Sprite>(), *tint, &blue);
    ASSERT_TRUE(s.save_prefab());
    s.close_asset();
    EXPECT_EQ(s.world().get<Sprite>(first).size, big);
    EXPECT_EQ(tint_of(first), blue);
    EXPECT_EQ(s.world().get<Sprite>(second).size, big);
    EXPECT_EQ(tint_of(second), red) << "an overridden value stays";
    EXPECT_EQ(s.history().undo_label(), "Update instances of Tank");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.world().get<Sprite>(first).size, glm::vec2(1, 1));
}

TEST_F(PrefabOverrides, AMissingPrefabHasNoOverridesToActOnAndIsNotUnpacked) {
    set(first, tint, red);
    fs::remove(file);
    s.after_prefab_written(file);
    const auto inst = linked_instance_of(s, first);
    ASSERT_TRUE(inst);
    EXPECT_EQ(inst->source, nullptr);
    EXPECT_FALSE(inst->problem.empty());
    EXPECT_FALSE(revert_overrides(s, {first, nullptr, nullptr}));
    EXPECT_FALSE(apply_overrides(s, {first, nullptr, nullptr}));
    EXPECT_FALSE(unpack_instance(s, first));
    EXPECT_EQ(tint_of(first), red) << "nothing lost";
}

TEST_F(PrefabOverrides, AChildOfAnInstanceIsNotDeletedAndTheConsoleSaysWhy) {
    entity turret = null_entity;
    s.world().view<const Parent>().each([&](entity e, const Parent& p) {
        if (p.entity == first) turret = e;
    });
    ASSERT_FALSE(turret.is_null());
    const std::string before = scene_text(s);
    const std::size_t steps = s.history().undo_steps();
    delete_entities(s, std::vector<entity>{turret});
    EXPECT_TRUE(s.world().alive(turret)) << "a removed member would come back on load";
    EXPECT_EQ(s.history().undo_steps(), steps);
    EXPECT_EQ(scene_text(s), before);
    ASSERT_FALSE(s.log().lines().empty());
    EXPECT_NE(s.log().lines().back().text.find("is a child of a prefab instance"),
              std::string::npos)
        << s.log().lines().back().text;
    // The whole instance goes; so does the child once unpacked.
    delete_entities(s, std::vector<entity>{first, turret});
    EXPECT_FALSE(s.world().alive(turret));
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(unpack_instance(s, first));
    delete_entities(s, std::vector<entity>{turret});
    EXPECT_FALSE(s.world().alive(turret));
}

// A scene whose prefab file is gone loads its instances as placeholders: their overrides wait,
// verbatim, in scene::prefab_overrides. Delete, Undo, Redo and Duplicate keep them.
struct MissingPrefab : PrefabOverrides {
    MissingPrefab() {
        set(first, tint, red);
        EXPECT_TRUE(s.save());
        fs::remove(file);
        s.after_prefab_written(file);  // the library forgets it
        EXPECT_TRUE(s.open(folder / "main.scene.json"));
        // The root of the instance whose tint was red.
        s.world().view<const PrefabInstance>().each([&](entity e, const PrefabInstance&) {
            const std::string* text = stored(e);
            if (!s.world().has<Parent>(e) && text && text->find("tint") != std::string::npos)
                placeholder = e;
        });
    }
    const std::string* stored(entity e) {
        const EntityId* id = s.world().try_get<EntityId>(e);
        if (!id) return nullptr;
        const auto it = s.scene().prefab_overrides.find(id->value);
        return it == s.scene().prefab_overrides.end() ? nullptr : &it->second;
    }
    entity placeholder = null_entity;
};

TEST_F(MissingPrefab, DeleteAndUndoKeepThePlaceholdersOverrides) {
    ASSERT_TRUE(is_missing_prefab(s.scene(), placeholder));
    ASSERT_NE(stored(placeholder), nullptr);
    const std::string overrides = *stored(placeholder);
    const std::string before = scene_text(s);
    const std::uint64_t id = s.world().get<EntityId>(placeholder).value;

    delete_entities(s, std::vector<entity>{placeholder});
    EXPECT_FALSE(s.scene().prefab_overrides.contains(id)) << "a deleted entity keeps nothing";
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(is_missing_prefab(s.scene(), placeholder));
    EXPECT_EQ(*stored(placeholder), overrides);
    EXPECT_EQ(scene_text(s), before);
    ASSERT_TRUE(s.redo());
    EXPECT_FALSE(s.scene().prefab_overrides.contains(id));
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(scene_text(s), before) << "nothing lost";
}

TEST_F(MissingPrefab, ADuplicateOfAPlaceholderIsOneTooWithTheSameOverrides) {
    const std::size_t kept = s.scene().prefab_overrides.size();
    const std::vector<entity> copies = duplicate_entities(s, std::vector<entity>{placeholder});
    ASSERT_EQ(copies.size(), 1u);
    ASSERT_TRUE(is_missing_prefab(s.scene(), copies[0]));
    ASSERT_NE(stored(copies[0]), nullptr);
    EXPECT_EQ(*stored(copies[0]), *stored(placeholder));
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.scene().prefab_overrides.size(), kept) << "the copies' (hull and turret) went";
}

}  // namespace

}  // namespace prefab_overrides_test
