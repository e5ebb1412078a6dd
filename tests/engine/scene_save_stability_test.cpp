// Ids and bytes stay stable across saves (#15 §3): saving a scene nobody changed gives the
// bytes it was loaded from, and an edit taken back gives the same bytes as before it, so the
// scene files' diffs and merges (scene_merge_test.cpp) see only real changes.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "scene_test_support.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

std::string saved(scene& s, const component_table& table) {
    std::ostringstream out;
    const auto diagnostics = save_scene_json(s, table, out);
    EXPECT_TRUE(diagnostics.empty()) << to_string(diagnostics);
    return out.str();
}

scene loaded(const std::string& text, const component_table& table) {
    load_result<scene> r = load_scene_json(text, table, "scene");
    EXPECT_TRUE(r.ok()) << to_string(r.diagnostics);
    return r.ok() ? std::move(*r.value) : scene{};
}

// The sample scenes, with the built-in types only: the projects' components are kept
// verbatim, which must not churn either.
TEST(SceneSaveStability, SavingAnUnchangedSampleGivesItsBytes) {
    component_table table;
    register_builtin_components(table);
    int files = 0;
    for (const auto& entry :
         fs::recursive_directory_iterator(fs::path(MOSAIC_REPO_DIR) / "projects")) {
        const std::string name = entry.path().filename().string();
        if (!name.ends_with(".scene.json") || name.starts_with("stress")) continue;
        ++files;
        const file_contents file = read_file(entry.path());
        ASSERT_TRUE(file.ok()) << file.message;
        scene s = loaded(file.bytes, table);
        EXPECT_EQ(saved(s, table), file.bytes) << entry.path();
    }
    EXPECT_GE(files, 3);
}

TEST(SceneSaveStability, EditsTakenBackGiveTheSameBytes) {
    component_table table;
    mosaic::testing::register_test_components(table);
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        scene original = mosaic::testing::random_scene(seed, table, 12);
        const std::string first = saved(original, table);
        scene s = loaded(first, table);
        ASSERT_EQ(saved(s, table), first) << "seed " << seed << ": load and save changed it";

        // Edit: move an entity, add a component, create an entity and save in between (it gets
        // an id); then take each edit back.
        entity some = null_entity;
        s.world.each([&](entity e) {
            if (some.is_null() && s.world.has<Transform>(e)) some = e;
        });
        Transform before{};
        if (!some.is_null()) {
            before = s.world.get<Transform>(some);
            s.world.get<Transform>(some).rotation += 10;
        }
        const entity made = s.world.create();
        s.world.add<Transform>(made);
        EXPECT_NE(saved(s, table), first);
        if (!some.is_null()) s.world.get<Transform>(some) = before;
        s.world.destroy(made);
        EXPECT_EQ(saved(s, table), first) << "seed " << seed;
        // And once more through a file round trip.
        scene again = loaded(saved(s, table), table);
        EXPECT_EQ(saved(again, table), first) << "seed " << seed;
    }
}

// A scene that lists no systems saves none while they keep their registered settings; one
// turned off is listed, and drops out again once turned back on. (The editor and mosaic-run
// once wrote every registered system into the first save of such a scene.)
TEST(SceneSaveStability, SystemsTheSceneDidNotListStayUnlisted) {
    game g;
    g.start(scene{});
    scene& s = g.current();
    s.capture_systems(g.systems(), g.system_defaults());
    EXPECT_TRUE(s.systems.empty());
    g.systems().find("gravity")->enabled(false);
    s.capture_systems(g.systems(), g.system_defaults());
    ASSERT_EQ(s.systems.size(), 1u);
    EXPECT_EQ(s.systems[0].name, "gravity");
    EXPECT_FALSE(s.systems[0].enabled);
    g.systems().find("gravity")->enabled(true);
    s.capture_systems(g.systems(), g.system_defaults());
    EXPECT_TRUE(s.systems.empty());

    // A system the file listed stays listed, whatever its settings.
    scene listed;
    listed.systems.push_back({"movement", true, rate::every_tick()});
    g.start(std::move(listed));
    g.current().capture_systems(g.systems(), g.system_defaults());
    ASSERT_EQ(g.current().systems.size(), 1u);
    EXPECT_EQ(g.current().systems[0].name, "movement");
}

}  // namespace
