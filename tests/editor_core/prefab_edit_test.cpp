// A prefab opened for editing (the scene aside, its selection and history kept), saved and
// closed; Unpack. Each change is one undo step that redo brings back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"
#include "prefab_test_support.hpp"

namespace {

using namespace mosaic;
using mosaic::testing::scene_text;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::size_t plain_entities(const world& w) {
    std::size_t n = 0;
    w.each([&](entity e) { n += w.has<resource_entity>(e) ? 0 : 1; });
    return n;
}

// A Tank prefab (Tank > Turret > Barrel), the original and two instances in the scene.
struct PrefabEdit : mosaic::testing::PrefabProject {
    PrefabEdit() : PrefabProject("prefab_edit") {
        make_tank_prefab(true);
        first = instance_at({5, 0});
        second = instance_at({-5, 0});
    }
    entity first, second;
};

TEST_F(PrefabEdit, OpenShowsThePrefabAloneAndCloseBringsTheSceneBackAsItWas) {
    s.selection().set(std::vector<entity>{second});
    const std::string scene_before = scene_text(s);
    const std::size_t steps = s.history().undo_steps();
    const bool dirty = s.dirty();

    ASSERT_TRUE(s.open_prefab(file));
    ASSERT_NE(s.opened_prefab(), nullptr);
    EXPECT_EQ(*s.opened_prefab(), file);
    EXPECT_EQ(s.opened_prefab_name(), "Tank");
    EXPECT_EQ(plain_entities(s.world()), 3u) << "the prefab's entities alone";
    EXPECT_EQ(name_of(s.world(), s.selection().active()), "Tank") << "its root selected";
    EXPECT_EQ(s.history().undo_steps(), 0u) << "a history of its own";
    EXPECT_FALSE(s.dirty());
    EXPECT_NE(s.title().find("Tank.prefab.json (prefab)"), std::string::npos) << s.title();

    // The usual actions and undo work on it.
    const entity turret = s.find_by_name("Turret");
    ASSERT_TRUE(rename_entity(s, turret, "Cannon"));
    EXPECT_TRUE(s.dirty());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(name_of(s.world(), turret), "Turret");
    ASSERT_TRUE(s.redo());
    EXPECT_NE(s.title().find("Tank.prefab.json* (prefab)"), std::string::npos) << s.title();

    // Closing without saving drops the change: the file and the scene are as they were.
    s.close_asset();
    EXPECT_EQ(s.opened_prefab(), nullptr);
    EXPECT_EQ(scene_text(s), scene_before);
    EXPECT_EQ(s.history().undo_steps(), steps);
    EXPECT_EQ(s.dirty(), dirty);
    ASSERT_EQ(s.selection().items().size(), 1u);
    EXPECT_EQ(s.selection().active(), second);
    const auto reloaded = load_prefab_file(file, s.table());
    ASSERT_TRUE(reloaded.ok());
    EXPECT_NE(reloaded.value->contents().world.size(), 0u);
    bool has_cannon = false;
    reloaded.value->contents().world.each(
        [&](entity e) { has_cannon |= name_of(reloaded.value->contents().world, e) == "Cannon"; });
    EXPECT_FALSE(has_cannon) << "not saved";
    // The scene's history still undoes the scene's steps.
    EXPECT_EQ(s.history().undo_label(), "Instantiate Tank");
}

TEST_F(PrefabEdit, SaveWritesTheFileKeepingTheIdsTheInstancesNameAndSaveRoutesToIt) {
    ASSERT_TRUE(s.open_prefab(file));
    const entity root = s.selection().active();
    const std::uint64_t root_id = s.world().get<EntityId>(root).value;
    const entity barrel = s.find_by_name("Barrel");
    const std::uint64_t barrel_id = s.world().get<EntityId>(barrel).value;
    // A new child gets a fresh id; the existing ones keep theirs.
    const entity muzzle = create_entity(s, "Muzzle", barrel);
    ASSERT_TRUE(s.save()) << "File > Save saves the open prefab";
    EXPECT_FALSE(s.dirty());
    EXPECT_EQ(s.scene_path(), folder / "main.scene.json") << "the scene's file stays";

    const auto saved = load_prefab_file(file, s.table());
    ASSERT_TRUE(saved.ok()) << to_string(saved.diagnostics);
    const prefab& p = *saved.value;
    EXPECT_EQ(p.size(), 4u);
    EXPECT_EQ(p.id_of(0), root_id);
    EXPECT_LT(p.node_of(barrel_id), p.size());
    const std::uint64_t muzzle_id = s.world().get<EntityId>(muzzle).value;
    EXPECT_NE(muzzle_id, root_id);
    EXPECT_NE(muzzle_id, barrel_id);
    EXPECT_LT(p.node_of(muzzle_id), p.size());
    // The project's prefabs are the saved ones.
    const prefab* loaded = find_prefab(s, "Tank");
    ASSERT_NE(loaded, nullptr);
    EXPECT_EQ(loaded->size(), 4u);
    // Save As would write the prefab's entities as the scene: refused.
    EXPECT_FALSE(s.save_as(folder / "other.scene.json"));
    EXPECT_FALSE(fs::exists(folder / "other.scene.json"));
    s.close_asset();
}

TEST_F(PrefabEdit, APrefabWithTwoRootsIsNotSaved) {
    ASSERT_TRUE(s.open_prefab(file));
    const std::string before = [&] {
        std::ifstream in(file);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    create_entity(s, "Stray");
    EXPECT_FALSE(s.save_prefab());
    EXPECT_TRUE(s.dirty());
    std::ifstream in(file);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), before) << "file untouched";
    bool said = false;
    for (const auto& line : s.log().lines())
        said |= line.text.find("exactly one root") != std::string::npos &&
                line.text.find("Stray") != std::string::npos;
    EXPECT_TRUE(said) << "the console says why, naming the roots";
}

TEST_F(PrefabEdit, OpenIsRefusedWhilePlayingAndPlayWhileAPrefabIsOpen) {
    s.player().play();
    EXPECT_FALSE(s.open_prefab(file));
    EXPECT_EQ(s.opened_prefab(), nullptr);
    s.player().stop();
    ASSERT_TRUE(s.open_prefab(file));
    s.player().play();
    EXPECT_FALSE(s.playing());
    EXPECT_FALSE(s.open_prefab(folder / "archetypes" / "Other.prefab.json"))
        << "one prefab at a time";
    s.close_asset();
}

TEST_F(PrefabEdit, AMissingPrefabFileDoesNotOpen) {
    const std::string before = scene_text(s);
    EXPECT_FALSE(s.open_prefab(folder / "archetypes" / "Nothing.prefab.json"));
    EXPECT_EQ(s.opened_prefab(), nullptr);
    EXPECT_EQ(scene_text(s), before);
}

TEST_F(PrefabEdit, UnpackIsOneUndoStepAndLeavesNestedLinksAlone) {
    world& w = s.world();
    const std::vector<entity> members = with_descendants(w, std::vector<entity>{first});
    ASSERT_EQ(members.size(), 3u);
    const std::string before = scene_text(s);
    const std::size_t steps = s.history().undo_steps();

    // From a child of the instance: the whole instance is unpacked.
    ASSERT_TRUE(unpack_instance(s, members[2]));
    EXPECT_EQ(s.history().undo_steps(), steps + 1);
    EXPECT_EQ(s.history().undo_label(), "Unpack Tank");
    for (const entity e : members) EXPECT_FALSE(w.has<PrefabInstance>(e));
    EXPECT_TRUE(w.has<PrefabInstance>(second)) << "the other instance stays linked";
    EXPECT_FALSE(unpack_instance(s, first)) << "no longer an instance";

    ASSERT_TRUE(s.undo());
    EXPECT_EQ(scene_text(s), before);
    ASSERT_TRUE(s.redo());
    for (const entity e : members) EXPECT_FALSE(w.has<PrefabInstance>(e));
}

TEST_F(PrefabEdit, TheLinkOfAnyMemberNamesTheInstanceRootAndItsPrefab) {
    const std::vector<entity> members = with_descendants(s.world(), std::vector<entity>{first});
    for (const entity e : members) {
        const auto link = linked_instance_of(s, e);
        ASSERT_TRUE(link);
        EXPECT_EQ(link->root, first);
        EXPECT_EQ(link->name, "Tank");
        EXPECT_NE(link->source, nullptr);
    }
    EXPECT_FALSE(linked_instance_of(s, s.find_by_name("Main Camera")));
    // The file gone (and the prefabs reloaded): the link says the prefab is missing.
    fs::remove(file);
    s.after_prefab_written(file);  // as the editor does after writing one
    const auto missing = linked_instance_of(s, members[1]);
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->source, nullptr);
    EXPECT_EQ(missing->file, file);
}

}  // namespace
