// Linked prefab instances: overrides listed, reverted and applied; a prefab's changes
// propagated to its instances (overridden values stay); nesting, variants and cycles;
// missing prefabs kept verbatim; unpack.
// Files (links + overrides in scenes, round trips, merges): prefab_link_file_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>

#include <mosaic/engine/runtime/game.hpp>

#include "prefab_link_fixture.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::test;

using PrefabLinkTest = prefab_link_fixture;

TEST_F(PrefabLinkTest, InstantiateLinksEveryEntityToItsNode) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    ASSERT_EQ(inst.members.size(), 5u);
    for (std::size_t i = 0; i < inst.members.size(); ++i) {
        const PrefabInstance* link = prefab_link_of(w, inst.members[i]);
        ASSERT_NE(link, nullptr);
        EXPECT_STREQ(link->prefab.path, tank_path);
        EXPECT_EQ(static_cast<std::uint64_t>(link->node), tank().id_of(i));
    }
    // Any member finds the whole instance.
    const prefab_instance found = find_instance(w, inst.members[2], tank());
    EXPECT_EQ(found.root, inst.root);
    EXPECT_EQ(found.members, inst.members);
    EXPECT_TRUE(list_overrides(w, inst, tank(), table).empty());
    EXPECT_EQ(instances_of(w, tank_path, tank()).size(), 1u);
}

TEST_F(PrefabLinkTest, OverridesAreFieldsAddedAndRemovedComponents) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    const entity hull = inst.members[0];
    const entity turret = inst.members[1];
    const entity barrel = inst.members[2];
    w.get<Health>(hull).current = 10;
    w.add<RigidBody>(turret);
    w.remove<Sprite>(barrel);

    const std::vector<prefab_override> list = list_overrides(w, inst, tank(), table);
    ASSERT_EQ(list.size(), 3u) << "hull Health.current, turret +RigidBody, barrel -Sprite";
    EXPECT_EQ(list[0].kind, override_kind::field);
    EXPECT_EQ(list[0].target, hull);
    EXPECT_EQ(list[0].component->name, "Health");
    EXPECT_EQ(list[0].field->name, "current");
    EXPECT_EQ(list[1].kind, override_kind::added_component);
    EXPECT_EQ(list[1].component->name, "RigidBody");
    EXPECT_EQ(list[2].kind, override_kind::removed_component);
    EXPECT_EQ(list[2].target, barrel);

    const component_info& health = *table.find<Health>();
    EXPECT_TRUE(is_overridden(w, inst, tank(), hull, health));
    EXPECT_TRUE(is_overridden(w, inst, tank(), hull, health, health.find_field("current")));
    EXPECT_FALSE(is_overridden(w, inst, tank(), hull, health, health.find_field("max")));
    EXPECT_FALSE(is_overridden(w, inst, tank(), hull, *table.find<Transform>()));
}

// A component switched off on one instance (its checkbox in the inspector) is an override:
// listed, marked, reverted, applied, and kept when the prefab changes; the others follow.
TEST_F(PrefabLinkTest, AComponentsEnabledFlagIsAnOverride) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    const prefab_instance other = instantiate(w, tank(), tank_path);
    const entity barrel = inst.members[2];
    const component_info& sprite = *table.find<Sprite>();
    w.set_enabled<Sprite>(barrel, false);

    const std::vector<prefab_override> list = list_overrides(w, inst, tank(), table);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].kind, override_kind::enabled_flag);
    EXPECT_EQ(list[0].target, barrel);
    EXPECT_EQ(list[0].component, &sprite);
    EXPECT_TRUE(is_overridden(w, inst, tank(), barrel, sprite));
    EXPECT_FALSE(is_overridden(w, inst, tank(), barrel, sprite, sprite.find_field("size")));

    revert(w, inst, tank(), list[0]);
    EXPECT_TRUE(w.is_enabled<Sprite>(barrel));
    EXPECT_TRUE(list_overrides(w, inst, tank(), table).empty());

    // Applied: the prefab's barrel sprite is off; the other instance follows, except when it
    // turned the flag itself.
    w.set_enabled<Sprite>(barrel, false);
    prefab before = tank();
    prefab after = tank();
    apply_to_prefab(w, inst, list_overrides(w, inst, tank(), table)[0], after);
    EXPECT_FALSE(after.contents().world.is_enabled<Sprite>(after.nodes()[2]));
    ASSERT_FALSE(lib.replace(tank_path, after));
    EXPECT_EQ(propagate(w, tank_path, before, after, table), 2u);
    EXPECT_FALSE(w.is_enabled<Sprite>(other.members[2])) << "the other instance follows";
    EXPECT_TRUE(list_overrides(w, inst, *lib.find(tank_path), table).empty());

    w.set_enabled<Sprite>(other.members[2], true);  // now its own choice
    before = *lib.find(tank_path);
    after = before;
    after.node_world().get<Sprite>(after.nodes()[2]).size = {2, 2};
    ASSERT_FALSE(lib.replace(tank_path, after));
    propagate(w, tank_path, before, after, table);
    EXPECT_TRUE(w.is_enabled<Sprite>(other.members[2])) << "an overridden flag stays";
    EXPECT_EQ(w.get<Sprite>(other.members[2]).size, glm::vec2(2, 2)) << "the rest follows";
}

TEST_F(PrefabLinkTest, ReferencesInsideTheInstanceAreNoOverride) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    // The hull aims at its own turret in the prefab; the copy aims at the copy's.
    EXPECT_EQ(w.get<Aim>(inst.members[0]).target, inst.members[1]);
    EXPECT_TRUE(list_overrides(w, inst, tank(), table).empty());
    w.get<Aim>(inst.members[0]).target = inst.members[2];
    const auto list = list_overrides(w, inst, tank(), table);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].field->name, "target");
}

TEST_F(PrefabLinkTest, RevertPutsThePrefabsValuesBack) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    w.get<Health>(inst.members[0]).current = 10;
    w.get<Aim>(inst.members[0]).target = null_entity;
    w.add<RigidBody>(inst.members[1]);
    w.remove<Sprite>(inst.members[2]);
    const auto list = list_overrides(w, inst, tank(), table);
    ASSERT_EQ(list.size(), 4u);
    const auto health = std::find_if(list.begin(), list.end(), [](const prefab_override& o) {
        return o.component->name == "Health";
    });
    ASSERT_NE(health, list.end());
    revert(w, inst, tank(), *health);
    EXPECT_EQ(w.get<Health>(inst.members[0]).current, 80);
    EXPECT_EQ(list_overrides(w, inst, tank(), table).size(), 3u);
    revert_all(w, inst, tank(), table);
    EXPECT_TRUE(list_overrides(w, inst, tank(), table).empty());
    EXPECT_EQ(w.get<Aim>(inst.members[0]).target, inst.members[1]);
    EXPECT_FALSE(w.has<RigidBody>(inst.members[1]));
    ASSERT_TRUE(w.has<Sprite>(inst.members[2]));
    EXPECT_FLOAT_EQ(w.get<Sprite>(inst.members[2]).size.x, 0.6f);
}

TEST_F(PrefabLinkTest, ApplyChangesThePrefabAndOtherInstancesFollow) {
    world w;
    const prefab_instance a = instantiate(w, tank(), tank_path);
    const prefab_instance b = instantiate(w, tank(), tank_path);
    w.get<Health>(a.members[0]).max = 250;
    w.add<RigidBody>(a.members[1], RigidBody{.damping = 0.5f});
    w.remove<Sprite>(a.members[2]);
    const prefab before = tank();
    prefab after = tank();
    apply_all_to_prefab(w, a, after, table);
    EXPECT_TRUE(list_overrides(w, a, after, table).empty());
    EXPECT_EQ(propagate(w, tank_path, before, after, table), 2u);
    EXPECT_EQ(w.get<Health>(b.members[0]).max, 250);
    ASSERT_TRUE(w.has<RigidBody>(b.members[1]));
    EXPECT_FLOAT_EQ(w.get<RigidBody>(b.members[1]).damping, 0.5f);
    EXPECT_FALSE(w.has<Sprite>(b.members[2]));
    EXPECT_TRUE(list_overrides(w, b, after, table).empty());
}

TEST_F(PrefabLinkTest, PropagationKeepsOverriddenValues) {
    world w;
    const prefab_instance a = instantiate(w, tank(), tank_path);
    const prefab_instance b = instantiate(w, tank(), tank_path);
    w.get<Health>(a.members[0]).current = 5;  // a overrides current, not max
    w.remove<Sprite>(a.members[2]);           // and removed the barrel's sprite
    prefab after = tank();
    after.node_world().get<Health>(after.nodes()[0]) = Health{.current = 60, .max = 60};
    after.node_world().get<Sprite>(after.nodes()[2]).size = {2, 2};
    propagate(w, tank_path, tank(), after, table);
    EXPECT_EQ(w.get<Health>(a.members[0]).current, 5);
    EXPECT_EQ(w.get<Health>(a.members[0]).max, 60);
    EXPECT_FALSE(w.has<Sprite>(a.members[2]));
    EXPECT_EQ(w.get<Health>(b.members[0]).current, 60);
    EXPECT_FLOAT_EQ(w.get<Sprite>(b.members[2]).size.x, 2);
}

// Where an instance stands (its root's position and rotation) is no override, for every call
// alike: the editor's marks, its Overrides list and Apply All rest on these.
TEST_F(PrefabLinkTest, TheRootsPlacementAndRuntimeStateAreNoOverrides) {
    world w;
    const prefab_instance a = instantiate(w, tank(), tank_path);
    const prefab_instance b = instantiate(w, tank(), tank_path);
    w.get<Transform>(a.root) = Transform{.position = {50, -7}, .rotation = 1.5f};
    w.get<Transform>(a.members[2]).position = {9, 9};  // a child's position is an override
    w.add<WorldTransform>(a.root);                     // runtime state, never saved
    const component_info& transform = *table.find<Transform>();
    const component_info& world_transform = *table.find<WorldTransform>();

    const std::vector<prefab_override> list = list_overrides(w, a, tank(), table);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].target, a.members[2]);
    EXPECT_FALSE(is_overridden(w, a, tank(), a.root, transform));
    EXPECT_FALSE(is_overridden(w, a, tank(), a.root, transform, transform.find_field("position")));
    EXPECT_FALSE(is_overridden(w, a, tank(), a.root, world_transform));
    EXPECT_TRUE(is_overridden(w, a, tank(), a.members[2], transform));
    // The root's scale is an override like any other value.
    w.get<Transform>(a.root).scale = {2, 2};
    EXPECT_TRUE(is_overridden(w, a, tank(), a.root, transform));
    EXPECT_TRUE(is_overridden(w, a, tank(), a.root, transform, transform.find_field("scale")));

    // Apply All leaves the prefab's root where it was; the other instance stays put.
    const prefab before = tank();
    prefab after = tank();
    apply_all_to_prefab(w, a, after, table);
    EXPECT_EQ(after.contents().world.get<Transform>(after.nodes()[0]).position, glm::vec2(3, 4));
    EXPECT_FLOAT_EQ(after.contents().world.get<Transform>(after.nodes()[0]).scale.x, 2);
    // A prefab whose root moved moves no instance (b stood where the prefab's root did).
    after.node_world().get<Transform>(after.nodes()[0]).position = {100, 100};
    propagate(w, tank_path, before, after, table);
    EXPECT_EQ(w.get<Transform>(b.root).position, glm::vec2(3, 4));
    EXPECT_FLOAT_EQ(w.get<Transform>(b.root).scale.x, 2) << "scale follows";
    // Revert All keeps it too.
    revert_all(w, a, after, table);
    EXPECT_EQ(w.get<Transform>(a.root).position, glm::vec2(50, -7));
    EXPECT_FLOAT_EQ(w.get<Transform>(a.root).rotation, 1.5f);
}

TEST_F(PrefabLinkTest, PropagationAddsAndRemovesNodes) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    // A child the instance added under its left track.
    const entity mud = w.create();
    w.add<Name>(mud, named("Mud"));
    set_parent(w, mud, inst.members[3]);
    // The prefab gains an antenna under the turret and loses its left track.
    scene contents = tank().contents().clone();
    world& pw = contents.world;
    const entity antenna = pw.create();
    pw.add<EntityId>(antenna, EntityId{9});
    pw.add<Name>(antenna, named("Antenna"));
    pw.add<Transform>(antenna, Transform{.position = {0, 1}});
    pw.add<Parent>(antenna, Parent{tank().nodes()[1]});
    pw.destroy(tank().nodes()[3]);
    prefab after;
    ASSERT_FALSE(prefab::make("tank", std::move(contents), table, after));

    propagate(w, tank_path, tank(), after, table);
    EXPECT_FALSE(w.alive(inst.members[3])) << "the left track went";
    ASSERT_TRUE(w.alive(mud));
    EXPECT_EQ(parent_of(w, mud), inst.root) << "the added child moved up";
    const prefab_instance now = find_instance(w, inst.root, after);
    ASSERT_EQ(now.members.size(), 5u);
    const entity made = now.members[after.node_of(9)];
    ASSERT_FALSE(made.is_null());
    EXPECT_EQ(name_of(w, made), "Antenna");
    EXPECT_EQ(parent_of(w, made), inst.members[1]);
    EXPECT_FLOAT_EQ(w.get<Transform>(made).position.y, 1);
    EXPECT_TRUE(list_overrides(w, now, after, table).empty());
}

TEST_F(PrefabLinkTest, UnpackDropsTheLinksAndKeepsTheValues) {
    world w;
    const prefab_instance inst = instantiate(w, tank(), tank_path);
    w.get<Health>(inst.members[0]).current = 3;
    unpack(w, inst);
    for (const entity e : inst.members) EXPECT_EQ(prefab_link_of(w, e), nullptr);
    EXPECT_EQ(w.get<Health>(inst.members[0]).current, 3);
    EXPECT_TRUE(instances_of(w, tank_path, tank()).empty());
    prefab after = tank();
    after.node_world().get<Health>(after.nodes()[0]).max = 1;
    EXPECT_EQ(propagate(w, tank_path, tank(), after, table), 0u);
    EXPECT_EQ(w.get<Health>(inst.members[0]).max, 100);
}

TEST_F(PrefabLinkTest, NestedPrefabsResolveFromFiles) {
    save_tank_file();
    // A squad: a root and two tanks, the second with more health.
    world w;
    const entity squad = w.create();
    w.add<Name>(squad, named("Squad"));
    w.add<Transform>(squad);
    for (int i = 0; i < 2; ++i) {
        const prefab_instance t = instantiate(w, tank(), tank_path);
        set_parent(w, t.root, squad);
        w.get<Transform>(t.root).position = {float(i * 3), 0};
        if (i == 1) w.get<Health>(t.root).current = 99;
    }
    const prefab made = make_prefab("squad", w, squad, table);
    write_prefab(made, "squad.prefab.json");
    EXPECT_EQ(read_text("squad.prefab.json").find("Sprite"), std::string::npos)
        << "the tanks are links plus overrides, not copies:\n"
        << read_text("squad.prefab.json");

    // The tank gets heavier: a fresh library's squad has heavier tanks.
    prefab heavier = tank();
    heavier.node_world().get<Health>(heavier.nodes()[0]).max = 300;
    write_prefab(heavier, tank_path);
    prefab_library fresh(table, folder);
    const prefab* loaded = fresh.find("squad.prefab.json");
    ASSERT_NE(loaded, nullptr) << fresh.problem("squad.prefab.json");
    ASSERT_EQ(loaded->size(), 11u);
    world out;
    const prefab_instance inst = instantiate(out, *loaded, "squad.prefab.json");
    std::vector<float> max, current;
    for (const entity e : inst.members) {
        if (const Health* h = out.try_get<Health>(e)) {
            max.push_back(h->max);
            current.push_back(h->current);
        }
    }
    EXPECT_EQ(max, (std::vector<float>{300, 300}));
    std::sort(current.begin(), current.end());
    EXPECT_EQ(current, (std::vector<float>{80, 99}));
}

TEST_F(PrefabLinkTest, AVariantStoresOnlyItsOverridesAndFollowsItsBase) {
    save_tank_file();
    world w;
    const prefab_instance base = instantiate(w, tank(), tank_path);
    w.get<Health>(base.root).current = 150;  // the heavy tank: more health
    w.get<Health>(base.root).max = 150;
    write_prefab(make_prefab("heavy tank", w, base.root, table), "heavy.prefab.json");
    const std::string text = read_text("heavy.prefab.json");
    EXPECT_NE(text.find("\"path\": \"tank.prefab.json\""), std::string::npos) << text;
    EXPECT_EQ(text.find("Sprite"), std::string::npos) << text;

    prefab renamed = tank();  // the base's barrel grows
    renamed.node_world().get<Sprite>(renamed.nodes()[2]).size = {1.5f, 0.1f};
    write_prefab(renamed, tank_path);
    prefab_library fresh(table, folder);
    const prefab* heavy = fresh.find("heavy.prefab.json");
    ASSERT_NE(heavy, nullptr) << fresh.problem("heavy.prefab.json");
    const world& hw = heavy->contents().world;
    EXPECT_EQ(hw.get<Health>(heavy->nodes()[0]).max, 150);
    EXPECT_FLOAT_EQ(hw.get<Sprite>(heavy->nodes()[2]).size.x, 1.5f);
}

TEST_F(PrefabLinkTest, ForgettingAPrefabForgetsThePrefabsThatContainIt) {
    save_tank_file();
    world w;
    const entity squad = w.create();
    w.add<Name>(squad, named("Squad"));
    set_parent(w, instantiate(w, tank(), tank_path).root, squad);
    write_prefab(make_prefab("squad", w, squad, table), "squad.prefab.json");
    write_text("platoon.prefab.json", linked_prefab_text("platoon", "squad.prefab.json"));
    write_text("heavy.prefab.json", linked_prefab_text("heavy", tank_path));
    write_text("other.prefab.json", linked_prefab_text("other", "nowhere.prefab.json"));
    for (const char* p : {"platoon.prefab.json", "heavy.prefab.json"})
        ASSERT_NE(lib.find(p), nullptr) << lib.problem(p);
    (void)lib.find("other.prefab.json");

    std::vector<std::string> dependents = lib.dependents(tank_path);
    std::sort(dependents.begin(), dependents.end());
    EXPECT_EQ(dependents, (std::vector<std::string>{"heavy.prefab.json", "platoon.prefab.json",
                                                    "squad.prefab.json"}));
    EXPECT_EQ(lib.dependents("squad.prefab.json"),
              (std::vector<std::string>{"platoon.prefab.json"}));
    EXPECT_TRUE(lib.dependents("platoon.prefab.json").empty());

    // The tank file changes: the squad, the platoon and the variant are read again with it.
    prefab heavier = tank();
    heavier.node_world().get<Health>(heavier.nodes()[0]).max = 300;
    write_prefab(heavier, tank_path);
    lib.forget(tank_path);
    for (const char* p : {"squad.prefab.json", "platoon.prefab.json", "heavy.prefab.json"}) {
        const prefab* outer = lib.find(p);
        ASSERT_NE(outer, nullptr) << lib.problem(p);
        float max = 0;
        for (const entity e : outer->nodes())
            if (const Health* h = outer->contents().world.try_get<Health>(e)) max = h->max;
        EXPECT_EQ(max, 300) << p << " still holds the old tank";
    }

    // Replacing it in memory forgets them too.
    prefab lighter = *lib.find(tank_path);
    lighter.node_world().get<Health>(lighter.nodes()[0]).max = 50;
    ASSERT_FALSE(lib.replace(tank_path, lighter));
    EXPECT_TRUE(lib.dependents(tank_path).empty()) << "the containing prefabs were forgotten";
}

TEST_F(PrefabLinkTest, ACycleIsRefusedNamingTheChainOfFiles) {
    write_text("a.prefab.json", linked_prefab_text("a", "b.prefab.json"));
    write_text("b.prefab.json", linked_prefab_text("b", "c.prefab.json"));
    write_text("c.prefab.json", linked_prefab_text("c", "a.prefab.json"));
    prefab_library fresh(table, folder);
    EXPECT_EQ(fresh.find("a.prefab.json"), nullptr);
    EXPECT_NE(fresh.problem("a.prefab.json")
                  .find("a.prefab.json -> b.prefab.json -> c.prefab.json -> a.prefab.json"),
              std::string::npos)
        << fresh.problem("a.prefab.json");
    EXPECT_EQ(fresh.find("b.prefab.json"), nullptr);
    EXPECT_NE(fresh.problem("b.prefab.json").find("prefab cycle"), std::string::npos);

    // Made in memory: a tank holding an instance of the tank.
    world w;
    const entity root = w.create();
    set_parent(w, instantiate(w, tank(), tank_path).root, root);
    const auto refused = lib.replace(tank_path, make_prefab("tank", w, root, table));
    ASSERT_TRUE(refused.has_value());
    EXPECT_NE(refused->find("tank.prefab.json -> tank.prefab.json"), std::string::npos) << *refused;
    EXPECT_EQ(lib.find(tank_path)->size(), 5u) << "the old prefab stays";
}

TEST_F(PrefabLinkTest, TheGameGivesSystemsNestedPrefabsResolved) {
    ASSERT_FALSE(lib.replace("archetypes/tank.prefab.json", tank()));
    std::filesystem::create_directories(folder / "archetypes");
    write_prefab(tank(), "archetypes/tank.prefab.json");
    world w;
    const entity squad = w.create();
    w.add<Name>(squad, named("Squad"));
    set_parent(w, instantiate(w, tank(), "archetypes/tank.prefab.json").root, squad);
    write_prefab(make_prefab("squad", w, squad, table), "archetypes/squad.prefab.json");

    game g;
    (void)g.load_archetypes(folder / "archetypes");
    const auto found = std::find_if(g.prefabs().begin(), g.prefabs().end(),
                                    [](const prefab& p) { return p.name() == "squad"; });
    ASSERT_NE(found, g.prefabs().end());
    ASSERT_EQ(found->size(), 6u);
    world out;
    const std::vector<entity> made = spawn(out, *found);
    ASSERT_NE(out.try_get<Health>(made[1]), nullptr) << "the nested tank is whole";
    EXPECT_EQ(out.get<Health>(made[1]).current, 80);
    EXPECT_FLOAT_EQ(out.get<Sprite>(made[3]).size.x, 0.6f);
}

}  // namespace
