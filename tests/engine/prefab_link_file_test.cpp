// Linked instances in scene files: a link plus overrides, not a copy; loading rebuilds the
// entities; unchanged scenes save the same bytes; older full copies still load; missing
// prefabs stay placeholders written back verbatim; the binary format round-trips instances;
// two edits of one instance merge field by field.
#include <gtest/gtest.h>

#include <sstream>

#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_merge.hpp>

#include "prefab_link_fixture.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::test;

struct PrefabLinkFileTest : prefab_link_fixture {
    // A scene: a plain entity, and two tanks: the first moved, hurt and without its barrel's
    // sprite, the second as the prefab has it; the plain entity aims at the first's turret.
    scene two_tanks() {
        scene s;
        s.prefabs = &lib;
        world& w = s.world;
        const entity plain = w.create();
        w.add<Name>(plain, named("Camera"));
        first = instantiate(w, tank(), tank_path);
        second = instantiate(w, tank(), tank_path);
        w.get<Transform>(first.root).position = {10, 20};
        w.get<Health>(first.root).current = 12;
        w.remove<Sprite>(first.members[2]);
        w.add<Aim>(plain, Aim{first.members[1], 5});
        s.assign_missing_ids();
        return s;
    }
    load_result<scene> load(const std::string& text, prefab_library* with) {
        load_result<scene> loaded = load_scene_json(text, table, "tanks.scene.json");
        if (loaded.ok() && with) {
            const auto resolved =
                resolve_prefab_instances(*loaded.value, *with, table, "tanks.scene.json");
            loaded.diagnostics.insert(loaded.diagnostics.end(), resolved.begin(), resolved.end());
        }
        return loaded;
    }
    entity by_id(const scene& s, std::uint64_t id) { return s.find(id); }

    prefab_instance first, second;
};

TEST_F(PrefabLinkFileTest, AnInstanceIsWrittenAsItsLinkAndOverrides) {
    scene s = two_tanks();
    const std::string text = saved(s);
    EXPECT_NE(text.find("\"prefab\": {"), std::string::npos) << text;
    EXPECT_NE(text.find("\"removed\": [\n        \"Sprite\"\n      ]"), std::string::npos) << text;
    // Only the overridden field of Health: "current", not "max".
    EXPECT_EQ(text.find("\"max\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"current\": 12"), std::string::npos) << text;
    // The unchanged second tank and the barrels' sprites are nowhere.
    EXPECT_EQ(text.find("\"Sprite\": {"), std::string::npos) << text;
}

// A component the instance switched off (or on, against a prefab that has it off) is saved
// as such and comes back so.
TEST_F(PrefabLinkFileTest, ASwitchedComponentIsSavedAndLoadedBack) {
    scene s = two_tanks();
    s.world.set_enabled<Health>(second.root, false);
    prefab off = tank();  // a prefab whose turret Transform is off: the first tank turns it on
    off.node_world().set_enabled<Transform>(off.nodes()[1], false);
    ASSERT_FALSE(lib.replace(tank_path, off));
    ASSERT_TRUE(s.world.is_enabled<Transform>(first.members[1]));
    s.world.set_enabled<Transform>(second.members[1], false);
    const std::string text = saved(s);
    load_result<scene> loaded = load(text, &lib);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const world& w = loaded.value->world;
    const auto id = [&](entity e) { return s.world.get<EntityId>(e).value; };
    EXPECT_FALSE(w.is_enabled<Health>(by_id(*loaded.value, id(second.root))));
    EXPECT_TRUE(w.is_enabled<Health>(by_id(*loaded.value, id(first.root))));
    EXPECT_TRUE(w.is_enabled<Transform>(by_id(*loaded.value, id(first.members[1]))));
    EXPECT_FALSE(w.is_enabled<Transform>(by_id(*loaded.value, id(second.members[1]))));
    EXPECT_EQ(saved(*loaded.value), text) << "saving again gives the same bytes";
}

TEST_F(PrefabLinkFileTest, LoadingRebuildsTheEntitiesAndSavingAgainGivesTheSameBytes) {
    scene s = two_tanks();
    const std::string text = saved(s);
    load_result<scene> loaded = load(text, &lib);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.diagnostics.empty()) << to_string(loaded.diagnostics);
    scene& again = *loaded.value;
    const world& w = again.world;
    const auto id = [&](entity e) { return s.world.get<EntityId>(e).value; };
    const entity root = by_id(again, id(first.root));
    EXPECT_FLOAT_EQ(w.get<Transform>(root).position.x, 10);
    EXPECT_EQ(w.get<Health>(root).current, 12);
    EXPECT_EQ(w.get<Health>(root).max, 100);
    EXPECT_FALSE(w.has<Sprite>(by_id(again, id(first.members[2]))));
    EXPECT_FLOAT_EQ(w.get<Sprite>(by_id(again, id(second.members[2]))).size.x, 0.6f);
    // References: inside an instance (hull -> turret) and into one (camera -> turret).
    EXPECT_EQ(w.get<Aim>(root).target, by_id(again, id(first.members[1])));
    EXPECT_EQ(instances_of(w, tank_path, tank()).size(), 2u);
    EXPECT_EQ(saved(again), text);
}

TEST_F(PrefabLinkFileTest, ALoadedSceneFollowsThePrefabItsFileLinksTo) {
    scene s = two_tanks();
    const std::string text = saved(s);
    prefab heavier = tank();
    heavier.node_world().get<Health>(heavier.nodes()[0]) = Health{.current = 200, .max = 200};
    ASSERT_FALSE(lib.replace(tank_path, heavier));
    load_result<scene> loaded = load(text, &lib);
    ASSERT_TRUE(loaded.ok());
    const world& w = loaded.value->world;
    EXPECT_EQ(w.get<Health>(loaded.value->find(s.world.get<EntityId>(first.root).value)).current,
              12)
        << "overridden";
    EXPECT_EQ(w.get<Health>(loaded.value->find(s.world.get<EntityId>(second.root).value)).current,
              200)
        << "followed";
}

TEST_F(PrefabLinkFileTest, OlderFullCopiesStillLoadWithTheirLinks) {
    scene s = two_tanks();
    s.prefabs = nullptr;  // written as before links: every component in full
    const std::string text = saved(s);
    EXPECT_NE(text.find("\"PrefabInstance\""), std::string::npos);
    load_result<scene> loaded = load(text, &lib);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const world& w = loaded.value->world;
    const entity root = loaded.value->find(s.world.get<EntityId>(first.root).value);
    EXPECT_EQ(w.get<Health>(root).current, 12);
    ASSERT_NE(prefab_link_of(w, root), nullptr);
    EXPECT_EQ(instances_of(w, tank_path, tank()).size(), 2u);
    // Saved with the library, it becomes links.
    EXPECT_NE(saved(*loaded.value).find("\"prefab\": {"), std::string::npos);
}

TEST_F(PrefabLinkFileTest, AMissingPrefabLeavesAPlaceholderWrittenBackVerbatim) {
    scene s = two_tanks();
    const std::string text = saved(s);
    prefab_library empty(table, folder / "nowhere");
    load_result<scene> loaded = load(text, &empty);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const std::string warnings = to_string(loaded.diagnostics);
    EXPECT_NE(warnings.find("tanks.scene.json"), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("'Tank'"), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("tank.prefab.json"), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("placeholder"), std::string::npos) << warnings;
    const entity root = loaded.value->find(s.world.get<EntityId>(first.root).value);
    EXPECT_TRUE(is_missing_prefab(*loaded.value, root));
    EXPECT_FALSE(loaded.value->world.has<Health>(root));
    EXPECT_EQ(saved(*loaded.value), text) << "nothing is lost";
    // Nor through a binary file.
    std::ostringstream binary;
    ASSERT_TRUE(save_scene_binary(*loaded.value, table, binary).empty());
    load_result<scene> back = load_scene_binary(binary.str(), table, "tanks.scene.bin");
    ASSERT_TRUE(back.ok()) << to_string(back.diagnostics);
    EXPECT_TRUE(
        is_missing_prefab(*back.value, back.value->find(s.world.get<EntityId>(first.root).value)));
    EXPECT_EQ(saved(*back.value), text);
    // Once the prefab is back, the placeholder resolves.
    const auto resolved = resolve_prefab_instances(*loaded.value, lib, table);
    EXPECT_TRUE(resolved.empty()) << to_string(resolved);
    EXPECT_FALSE(is_missing_prefab(*loaded.value, root));
    EXPECT_EQ(loaded.value->world.get<Health>(root).current, 12);
}

TEST_F(PrefabLinkFileTest, OverridesOfFieldsThatNoLongerExistAreSkippedWithAWarning) {
    scene s = two_tanks();
    std::string text = saved(s);
    const std::string current = "\"current\": 12";
    ASSERT_NE(text.find(current), std::string::npos);
    text.replace(text.find(current), current.size(), "\"current\": 12, \"armour\": 3");
    load_result<scene> loaded = load(text, &lib);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_NE(to_string(loaded.diagnostics).find("armour"), std::string::npos)
        << to_string(loaded.diagnostics);
    const entity root = loaded.value->find(s.world.get<EntityId>(first.root).value);
    EXPECT_EQ(loaded.value->world.get<Health>(root).current, 12);
}

TEST_F(PrefabLinkFileTest, TheBinaryFormatRoundTripsInstances) {
    scene s = two_tanks();
    std::ostringstream out;
    ASSERT_TRUE(save_scene_binary(s, table, out).empty());
    load_result<scene> loaded = load_scene_binary(out.str(), table, "tanks.scene.bin");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    ASSERT_TRUE(resolve_prefab_instances(*loaded.value, lib, table).empty());
    const world& w = loaded.value->world;
    const entity root = loaded.value->find(s.world.get<EntityId>(first.root).value);
    EXPECT_EQ(w.get<Health>(root).current, 12);
    EXPECT_EQ(instances_of(w, tank_path, tank()).size(), 2u);
    EXPECT_EQ(saved(*loaded.value), saved(s));
}

TEST_F(PrefabLinkFileTest, TwoEditsOfOneInstanceMergeFieldByField) {
    scene s = two_tanks();
    const std::string base = saved(s);
    const auto edit = [&](auto change) {
        load_result<scene> copy = load(base, &lib);
        change(*copy.value);
        return saved(*copy.value);
    };
    const std::uint64_t root_id = s.world.get<EntityId>(first.root).value;
    const std::uint64_t second_id = s.world.get<EntityId>(second.root).value;
    const std::string ours = edit([&](scene& c) {
        c.world.get<Transform>(c.find(root_id)).rotation = 45;  // a new override
    });
    const std::string theirs = edit([&](scene& c) {
        c.world.get<Health>(c.find(second_id)).max = 7;  // the other tank's first override
    });
    const merge_result merged =
        merge_scenes({base, "base"}, {ours, "ours"}, {theirs, "theirs"}, table);
    ASSERT_TRUE(merged.clean()) << to_string(merged.diagnostics);
    load_result<scene> result = load(*merged.bytes, &lib);
    ASSERT_TRUE(result.ok()) << to_string(result.diagnostics);
    const world& w = result.value->world;
    EXPECT_FLOAT_EQ(w.get<Transform>(result.value->find(root_id)).rotation, 45);
    EXPECT_FLOAT_EQ(w.get<Transform>(result.value->find(root_id)).position.x, 10);
    EXPECT_EQ(w.get<Health>(result.value->find(second_id)).max, 7);
    EXPECT_EQ(w.get<Health>(result.value->find(second_id)).current, 80);
}

}  // namespace
