// game: a scene being played, with resources, the fixed-step clock and archetype files.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/tick_input.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

scene falling_ball() {
    scene s;
    s.settings.gravity = {0, -10};
    const entity ball = s.world.create();
    s.world.add<Transform>(ball);
    s.world.add<RigidBody>(ball, RigidBody{.gravity_scale = 1});
    return s;
}

// A tick budget (the editor's) stops a frame's ticks once another would overrun it: the
// game falls behind real time instead of the frame growing.
TEST(Game, TheTickBudgetStopsAFramesTicksAndDropsTheRest) {
    const auto slow_ticks = [](double budget) {
        game g(nullptr, {.clock = {.max_tick_seconds = budget}});
        g.systems().add("slow", [](system_context&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        });
        g.start(scene{});
        const int ran = g.frame(5.0 / 60);  // five ticks due
        EXPECT_EQ(g.clock().ticks(), static_cast<std::uint64_t>(ran));
        EXPECT_EQ(g.clock().dropped_ticks(), static_cast<std::uint64_t>(5 - ran));
        return ran;
    };
    EXPECT_EQ(slow_ticks(0.0), 5);  // no budget: every due tick
    // 12 ms: a second 5 ms tick still fits (10 ms), a third would not (15 ms); on a loaded
    // machine a tick may take longer, so fewer may run, never none.
    const int ran = slow_ticks(0.012);
    EXPECT_GE(ran, 1);
    EXPECT_LE(ran, 2);
}

TEST(Game, StartGivesTheWorldItsResourcesFromTheScene) {
    game g(nullptr, {.seed = 42});
    g.start(falling_ball());
    world& w = g.world();
    ASSERT_NE(w.try_resource<Physics>(), nullptr);
    EXPECT_EQ(w.try_resource<Physics>()->gravity, glm::vec2(0, -10));
    ASSERT_NE(w.try_resource<Random>(), nullptr);
    EXPECT_EQ(w.try_resource<Random>()->state, 42u);
    EXPECT_NE(w.try_resource<Input>(), nullptr);
    EXPECT_NE(w.try_resource<Contacts>(), nullptr);
}

TEST(Game, FramesRunFixedTicksOfTheBuiltInSystems) {
    game g;
    g.start(falling_ball());
    EXPECT_EQ(g.frame(0.5), 5);  // capped at five ticks per frame
    EXPECT_EQ(g.frame(1.0 / 60), 1);
    float y = 0;
    g.world().view<const Transform, const RigidBody>().each(
        [&](const Transform& t, const RigidBody&) { y = t.position.y; });
    EXPECT_LT(y, 0.0f);  // gravity and movement ran
    g.clock().pause();
    EXPECT_EQ(g.frame(1.0), 0);
    g.clock().step();
    EXPECT_EQ(g.frame(1.0), 1);
}

// The observer sees every tick, frame() or tick(), before and after its systems; what it
// writes into Input before a tick is what that tick's systems read (replays rely on it).
TEST(Game, TheObserverWatchesEveryTickAndCanSetItsInput) {
    struct watcher : tick_observer {
        std::vector<std::string> seen;
        void before_tick(game& g) override {
            seen.push_back("before " + std::to_string(g.systems().ticks()));
            tick_input in;
            in.down[static_cast<std::size_t>(key::space)] = 1;
            in.apply_to(g.world().resource<Input>());
        }
        void after_tick(game& g) override {
            seen.push_back("after " + std::to_string(g.systems().ticks()));
        }
    } w;
    game g;
    bool space_seen = false;
    g.systems()
        .add(
            "reader",
            [&](system_context& ctx) { space_seen = ctx.resource<const Input>().held(key::space); })
        .reads<Input>();
    g.start(scene{});
    g.set_observer(&w);
    g.tick();
    g.frame(1.0 / 60);
    EXPECT_TRUE(space_seen);
    EXPECT_EQ(w.seen, (std::vector<std::string>{"before 0", "after 1", "before 1", "after 2"}));
    g.set_observer(nullptr);
    g.tick();
    EXPECT_EQ(w.seen.size(), 4u);
}

TEST(Game, TickInputCarriesTheDeviceStateOnly) {
    Input input;
    input.set(key::a, true);
    input.begin_tick();  // pressed[a] = 1: an edge, not device state
    input.mouse_position = {3, 4};
    const tick_input t = tick_input::of(input);
    Input other;
    t.apply_to(other);
    EXPECT_TRUE(other.held(key::a));
    EXPECT_FALSE(other.just_pressed(key::a));
    EXPECT_EQ(other.mouse_position, glm::vec2(3, 4));
    EXPECT_EQ(tick_input::of(other), t);
}

TEST(Game, SameSeedSameRandomNumbers) {
    game a(nullptr, {.seed = 3});
    game b(nullptr, {.seed = 3});
    game c(nullptr, {.seed = 4});
    a.start(scene{});
    b.start(scene{});
    c.start(scene{});
    const auto first = a.world().resource<Random>().next();
    EXPECT_EQ(first, b.world().resource<Random>().next());
    EXPECT_NE(first, c.world().resource<Random>().next());
}

TEST(Game, ResourcesAreNotSavedInSceneFiles) {
    game g;
    g.start(falling_ball());
    std::ostringstream out;
    const auto warnings = save_scene_json(g.current(), g.table(), out);
    EXPECT_TRUE(warnings.empty()) << to_string(warnings);
    const auto loaded = load_scene_json(out.str(), g.table());
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_EQ(loaded.value->world.size(), 1u);  // the ball, not the resource entity
}

TEST(Game, LoadsArchetypeFilesForSystemsToSpawn) {
    const fs::path folder = fs::path(::testing::TempDir()) / "game_test_archetypes";
    fs::remove_all(folder);
    fs::create_directories(folder);
    archetype bullet{"bullet"};
    bullet.set(Lifetime{3});
    game g;
    ASSERT_TRUE(save_archetype_file(bullet, g.table(), folder / "bullet.archetype.json").empty());
    std::ofstream(folder / "broken.archetype.json") << "{ not json";
    const auto diagnostics = g.load_archetypes(folder);
    ASSERT_FALSE(diagnostics.empty());  // the broken file is reported, by name
    EXPECT_NE(to_string(diagnostics).find("broken.archetype.json"), std::string::npos);
    g.start(scene{});
    const Archetypes& library = g.world().resource<Archetypes>();
    ASSERT_NE(library.find("bullet"), nullptr);
    EXPECT_EQ(library.find("nope"), nullptr);
    EXPECT_TRUE(g.load_archetypes(folder / "missing").empty());
}

// A project whose manifest puts its archetypes in data/archetypes: clips (and prefab links)
// are relative to the project folder the game is told, not to the archetypes folder's parent
// (issue 33: the game took data/ for the project and found no assets/run.clip.json).
fs::path project_with_archetypes_elsewhere(const char* name) {
    const fs::path folder = fs::path(::testing::TempDir()) / name;
    fs::remove_all(folder);
    fs::create_directories(folder / "assets");
    fs::create_directories(folder / "data" / "archetypes");
    std::ofstream(folder / "assets" / "run.clip.json") << R"({"version": 1, "length": 1,
        "tracks": [{"component": "Transform", "field": "position", "element": "x",
                    "keys": [[0, 0], [1, 10]]}]})";
    return folder;
}

entity add_runner(world& w) {
    const entity e = w.create();
    w.add<Transform>(e);
    Animator& a = w.add<Animator>(e);
    std::snprintf(a.clip.path, sizeof a.clip.path, "%s", "assets/run.clip.json");
    return e;
}

std::string game_log(game& g) {
    std::string all;
    for (const std::string& line : g.world().resource<GameLog>().take()) all += line + "\n";
    return all;
}

TEST(Game, ReadsClipsFromTheProjectFolderItIsToldNotTheArchetypesParent) {
    const fs::path folder = project_with_archetypes_elsewhere("game_test_project_folder");
    game g;
    g.set_project_folder(folder);
    EXPECT_TRUE(g.load_archetypes(folder / "data" / "archetypes").empty());
    EXPECT_EQ(g.project_folder(), folder);
    EXPECT_EQ(g.prefab_links().project_folder(), folder);
    scene s;
    const entity runner = add_runner(s.world);
    g.start(std::move(s));
    for (int i = 0; i < 30; ++i) g.tick();  // half a second at 60 ticks a second
    EXPECT_EQ(game_log(g), "");
    EXPECT_NEAR(g.world().get<Transform>(runner).position.x, 5.0f, 0.5f);
}

// The editor's Untitled scene: started empty, its Animator added later. The first tick gives
// the world the clip cache on the project folder it was told (not the archetypes' parent).
TEST(Game, AnAnimatorAddedAfterStartReadsClipsFromTheProjectFolder) {
    const fs::path folder = project_with_archetypes_elsewhere("game_test_late_animator");
    game g;
    g.set_project_folder(folder);
    (void)g.load_archetypes(folder / "data" / "archetypes");
    g.start(scene{});
    const entity runner = add_runner(g.world());
    for (int i = 0; i < 30; ++i) g.tick();
    EXPECT_EQ(game_log(g), "");
    EXPECT_NEAR(g.world().get<Transform>(runner).position.x, 5.0f, 0.5f);
}

}  // namespace
