// Prefabs: entity trees made from a world, saved and read back byte for byte, refused with a
// precise message when a file is wrong, and spawned whole (in one call, parents right).
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <mosaic/ecs/command_buffer.hpp>
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "tank_tree.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

using test::name_of;
using test::named;

struct PrefabTest : ::testing::Test {
    PrefabTest() { register_builtin_components(table); }

    // A tank (tank_tree.hpp).
    static entity build_tank(world& w) { return test::build_tank(w); }

    std::string saved(const prefab& p) {
        std::ostringstream out;
        const auto warnings = save_prefab_json(p, table, out);
        EXPECT_TRUE(warnings.empty()) << to_string(warnings);
        return out.str();
    }

    component_table table;
};

TEST_F(PrefabTest, MadeFromATreeInSpawnOrderWithIdsFromOne) {
    world w;
    const entity stranger = w.create();
    w.add<Name>(stranger, named("Stranger"));
    const entity hull = build_tank(w);
    const prefab p = make_prefab("tank", w, hull, table);
    ASSERT_EQ(p.size(), 5u);
    const world& in = p.contents().world;
    const char* expected[] = {"Tank", "Turret", "Barrel", "Left track", "Right track"};
    for (std::size_t i = 0; i < p.size(); ++i) {
        EXPECT_EQ(name_of(in, p.nodes()[i]), expected[i]);
        EXPECT_EQ(p.id_of(i), i + 1);
        EXPECT_EQ(p.node_of(i + 1), i);
    }
    EXPECT_TRUE(parent_of(in, p.root()).is_null());
    EXPECT_EQ(parent_of(in, p.nodes()[2]), p.nodes()[1]);
    EXPECT_FALSE(in.has<WorldTransform>(p.nodes()[0]));  // run-time state stays out
}

TEST_F(PrefabTest, SavesLoadsAndSavesTheSameBytes) {
    world w;
    const prefab p = make_prefab("tank", w, build_tank(w), table);
    const std::string first = saved(p);
    EXPECT_NE(first.find("\"format\": \"mosaic.prefab\""), std::string::npos);
    EXPECT_NE(first.find("\"parent\": 2"), std::string::npos);  // the barrel under the turret

    const load_result<prefab> loaded = load_prefab_json(first, table, "tank.prefab.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.diagnostics.empty()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->name(), "tank");
    ASSERT_EQ(loaded.value->size(), 5u);
    EXPECT_EQ(saved(*loaded.value), first);

    // A copy (the Prefabs resource copies) saves the same too.
    const prefab copy = *loaded.value;
    EXPECT_EQ(saved(copy), first);
}

TEST_F(PrefabTest, FileOrderDoesNotMatterAndChildrenComeAfterParents) {
    // The child is listed first, its id lower than its parent's.
    const char* text = R"({"format": "mosaic.prefab", "version": 2, "name": "pair",
        "entities": [
          {"id": 1, "name": "Child", "parent": 7, "components": {}},
          {"id": 7, "name": "Root", "components": {"Transform": {"version": 1,
            "position": [1.0, 2.0], "rotation": 0.0, "scale": [1.0, 1.0]}}}]})";
    const load_result<prefab> loaded = load_prefab_json(text, table, "pair.prefab.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const prefab& p = *loaded.value;
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p.id_of(0), 7u);
    EXPECT_EQ(p.id_of(1), 1u);

    world w;
    const std::vector<entity> made = spawn(w, p);
    ASSERT_EQ(made.size(), 2u);
    EXPECT_EQ(name_of(w, made[0]), "Root");
    EXPECT_EQ(parent_of(w, made[1]), made[0]);
    EXPECT_FALSE(w.has<EntityId>(made[0]));  // a scene gives its own ids
}

struct hostile_case {
    const char* text;
    const char* message;  // a part of the one error
};

TEST_F(PrefabTest, HostileFilesAreRefusedWithAPreciseMessage) {
    const hostile_case cases[] = {
        {"", "JSON"},
        {"[]", "expected a prefab object"},
        {R"({"format": "mosaic.scene", "version": 2, "entities": []})", "not a Mosaic prefab"},
        {R"({"format": "mosaic.prefab", "version": 99, "name": "x", "entities": []})", "version"},
        {R"({"format": "mosaic.prefab", "version": 2, "entities": []})", "prefab's name"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": 5, "entities": []})",
         "prefab's name"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x"})", "no \"entities\""},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x", "entities": []})",
         "no entities"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x",
             "entities": [{"id": 1}, {"id": 2}]})",
         "2 root entities"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x",
             "entities": [{"id": 1}, {"id": 1}]})",
         "1"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x",
             "entities": [{"id": 0}]})",
         "id"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x",
             "entities": [{"id": 1}, {"id": 2, "parent": 3}, {"id": 3, "parent": 2}]})",
         "2 root entities"},  // the loop is broken (a warning), leaving a second root
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x",
             "entities": [{"id": 1, "components": {"Transform": {"version": 1,
             "position": "here"}}}]})",
         "position"},
        {R"({"format": "mosaic.prefab", "version": 2, "name": "x", "name": "y",
             "entities": [{"id": 1}]})",
         "name"},
    };
    for (const hostile_case& c : cases) {
        const load_result<prefab> loaded = load_prefab_json(c.text, table, "bad.prefab.json");
        EXPECT_FALSE(loaded.ok()) << c.text;
        bool found = false;
        for (const diagnostic& d : loaded.diagnostics) {
            if (d.severity == diagnostic::level::error &&
                d.to_string().find(c.message) != std::string::npos) {
                found = true;
                EXPECT_EQ(d.file, "bad.prefab.json");
            }
        }
        EXPECT_TRUE(found) << c.text << "\n" << to_string(loaded.diagnostics);
    }
}

TEST_F(PrefabTest, AScenesSettingsAndSystemsAreIgnoredWithAWarning) {
    const char* text = R"({"format": "mosaic.prefab", "version": 2, "name": "x",
        "settings": {"gravity": "down"}, "entities": [{"id": 1}]})";
    const load_result<prefab> loaded = load_prefab_json(text, table, "x.prefab.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_NE(loaded.diagnostics[0].message.find("a prefab has no settings"), std::string::npos);
}

TEST_F(PrefabTest, AParentLoopIsBrokenWithAWarningLikeInScenes) {
    const char* text = R"({"format": "mosaic.prefab", "version": 2, "name": "x",
        "entities": [{"id": 1, "parent": 2}, {"id": 2, "parent": 1}]})";
    const load_result<prefab> loaded = load_prefab_json(text, table, "loop.prefab.json");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_NE(loaded.diagnostics[0].message.find("own ancestor"), std::string::npos);
    EXPECT_EQ(loaded.value->size(), 2u);
}

TEST_F(PrefabTest, OneCommandBufferCallSpawnsTheWholeTree) {
    world source;
    const prefab p = make_prefab("tank", source, build_tank(source), table);

    world w;
    command_buffer commands;
    const entity root = spawn(commands, p);
    commands.add_or_replace<Transform>(root, Transform{.position = {10, 20}});
    const entity second = spawn(commands, p);
    EXPECT_EQ(w.size(), 0u);
    commands.apply(w);
    ASSERT_EQ(w.size(), 10u);
    const entity tank = commands.created()[0];
    EXPECT_EQ(name_of(w, tank), "Tank");
    EXPECT_EQ(w.get<Transform>(tank).position, glm::vec2(10, 20));
    EXPECT_FLOAT_EQ(w.get<Health>(tank).current, 80.0f);
    int children = 0;
    w.view<const Parent>().each([&](entity e, const Parent& link) {
        const std::string n = name_of(w, e);
        if (n == "Barrel") {
            EXPECT_EQ(name_of(w, link.entity), "Turret");
        } else {
            EXPECT_EQ(name_of(w, link.entity), "Tank");
        }
        ++children;
    });
    EXPECT_EQ(children, 8);
    (void)second;
}

TEST_F(PrefabTest, ReferencesInsideThePrefabPointAtTheCopies) {
    world w;
    const entity hull = build_tank(w);
    const entity outside = w.create();
    // Parent is an entity field like any other: the turret's copy must point at the hull's.
    const prefab p = make_prefab("tank", w, hull, table);
    world target;
    (void)target.create();  // ids differ from the source's
    const std::vector<entity> made = spawn(target, p);
    for (std::size_t i = 1; i < made.size(); ++i) {
        const entity up = parent_of(target, made[i]);
        EXPECT_TRUE(target.alive(up));
        EXPECT_NE(std::find(made.begin(), made.end(), up), made.end());
    }
    (void)outside;
}

TEST_F(PrefabTest, FilesOnDiskAndOldArchetypeFilesLoad) {
    const fs::path dir =
        fs::temp_directory_path() / ("mosaic_prefab_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    world w;
    const prefab p = make_prefab("tank", w, build_tank(w), table);
    EXPECT_TRUE(save_prefab_file(p, table, dir / "tank.prefab.json").empty());
    const auto loaded = load_prefab_file(dir / "tank.prefab.json", table);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->size(), 5u);
    EXPECT_FALSE(save_prefab_file(p, table, dir / "tank.json").empty());  // wrong name

    archetype bullet{"bullet"};
    bullet.set(Lifetime{2.0f});
    EXPECT_TRUE(save_archetype_file(bullet, table, dir / "bullet.archetype.json").empty());
    const auto old = load_prefab_file(dir / "bullet.archetype.json", table);
    ASSERT_TRUE(old.ok()) << to_string(old.diagnostics);
    ASSERT_EQ(old.value->size(), 1u);
    world spawned;
    const std::vector<entity> made = spawn(spawned, *old.value);
    EXPECT_FLOAT_EQ(spawned.get<Lifetime>(made[0]).seconds, 2.0f);
    EXPECT_EQ(name_of(spawned, made[0]), "bullet");
    // And archetype files still load as archetypes.
    EXPECT_TRUE(load_archetype_file(dir / "bullet.archetype.json", table).ok());
    fs::remove_all(dir);
}

}  // namespace
