// Play mode: a snapshot on Play, the game runs, Stop restores it exactly; edits while playing
// never reach the history. Files: a failed open leaves the scene untouched.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string snapshot_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

entity falling_body(editor_state& s) {
    const entity e = create_entity(s, "Ball");
    add_component(s, std::vector{e}, type_id_of<RigidBody>());
    s.world().get<RigidBody>(e).gravity_scale = 1;
    return e;
}

TEST(PlayMode, StopRestoresTheEditTimeSceneExactlyAndKeepsTheSelection) {
    editor_state s;
    const entity ball = falling_body(s);
    s.selection().select(ball);
    const std::string before = snapshot_text(s);
    const std::size_t steps = s.history().undo_steps();

    s.player().play();
    EXPECT_TRUE(s.playing());
    for (int i = 0; i < 120; ++i) s.player().frame(1.0 / 60);
    EXPECT_LT(s.world().get<Transform>(ball).position.y, -1.0f);  // the game ran
    move_entities(s, std::vector{ball}, {5, 0});                  // an edit while playing
    create_entity(s, "Spawned while playing");
    EXPECT_EQ(s.history().undo_steps(), steps);  // not recorded
    s.player().stop();

    EXPECT_FALSE(s.playing());
    EXPECT_EQ(snapshot_text(s), before);
    EXPECT_EQ(s.selection().active(), ball);
    EXPECT_EQ(s.world().get<Transform>(ball).position, glm::vec2(0, 0));
}

TEST(PlayMode, PauseFreezesAndStepAdvancesOneTick) {
    editor_state s;
    const entity ball = falling_body(s);
    s.player().play();
    s.player().frame(1.0 / 60);
    s.player().pause();
    const float y = s.world().get<Transform>(ball).position.y;
    EXPECT_EQ(s.player().frame(1.0), 0);
    EXPECT_EQ(s.world().get<Transform>(ball).position.y, y);
    s.player().step();
    EXPECT_EQ(s.player().frame(1.0 / 60), 1);
    EXPECT_LT(s.world().get<Transform>(ball).position.y, y);
    // Paused: the inspector still edits live data.
    s.world().get<Transform>(ball).position.x = 9;
    EXPECT_EQ(s.player().mode(), play_state::paused);
    s.player().play();
    EXPECT_EQ(s.player().mode(), play_state::playing);
    s.player().stop();
    EXPECT_EQ(s.world().get<Transform>(ball).position, glm::vec2(0, 0));
}

TEST(PlayMode, UndoIsRefusedWhilePlaying) {
    editor_state s;
    create_entity(s, "A");
    s.player().play();
    EXPECT_FALSE(s.undo());
    s.player().stop();
    EXPECT_TRUE(s.undo());
}

TEST(Files, SaveOpenRoundTripAndDirtyFlag) {
    const fs::path folder = fs::path(::testing::TempDir()) / "editor_files";
    fs::remove_all(folder);
    fs::create_directories(folder);
    editor_state s;
    EXPECT_FALSE(s.save());  // no file yet
    const entity e = create_entity(s, "Saved");
    s.world().get<Transform>(e).position = {1, 2};
    ASSERT_TRUE(s.save_as(folder / "a.scene.json"));
    EXPECT_FALSE(s.dirty());
    EXPECT_EQ(s.title(), "a.scene.json - Mosaic");
    const std::string saved = snapshot_text(s);

    editor_state other;
    ASSERT_TRUE(other.open(folder / "a.scene.json"));
    EXPECT_EQ(snapshot_text(other), saved);
    EXPECT_FALSE(other.dirty());
    EXPECT_EQ(other.recent_files().front().filename(), "a.scene.json");
}

TEST(Files, AFailedOpenLeavesTheSceneUntouchedAndLogsTheError) {
    const fs::path folder = fs::path(::testing::TempDir()) / "editor_bad_open";
    fs::remove_all(folder);
    fs::create_directories(folder);
    std::ofstream(folder / "bad.scene.json")
        << "{\"format\": \"mosaic.scene\", \"version\": 2,\n \"entities\": [ {\"id\": \"x\"} ]}";
    editor_state s;
    create_entity(s, "Mine");
    const std::string before = snapshot_text(s);
    std::vector<diagnostic> errors;
    EXPECT_FALSE(s.open(folder / "bad.scene.json", &errors));
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(to_string(errors).find("bad.scene.json"), std::string::npos);
    EXPECT_EQ(snapshot_text(s), before);
    EXPECT_TRUE(s.dirty());
    EXPECT_GE(s.log().count(log_level::error), 1u);
}

// An Untitled scene of a project whose manifest puts its archetypes in data/archetypes: an
// Animator added in the editor plays assets/run.clip.json from the project folder (issue 33:
// the game took the archetypes folder's parent, data/, for the project, and an Untitled scene
// had no clip cache at all, so nothing moved).
TEST(PlayMode, AnUntitledSceneOfAProjectPlaysTheProjectsClips) {
    const fs::path folder =
        fs::temp_directory_path() / ("mosaic_play_project_" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder / "assets");
    fs::create_directories(folder / "data" / "archetypes");
    std::ofstream(folder / "mosaic.project.json")
        << R"({"name": "elsewhere", "module": "", "archetypes": "data/archetypes"})";
    std::ofstream(folder / "assets" / "run.clip.json") << R"({"version": 1, "length": 1,
        "tracks": [{"component": "Transform", "field": "position", "element": "x",
                    "keys": [[0, 0], [1, 10]]}]})";
    editor_state s(load_project(folder));
    ASSERT_TRUE(s.opened_project().manifest);
    EXPECT_EQ(s.game().project_folder(), s.opened_project().manifest->folder);
    EXPECT_EQ(s.prefab_links().project_folder(), s.opened_project().manifest->folder);

    const entity runner = create_entity(s, "Runner");
    add_component(s, std::vector{runner}, type_id_of<Animator>());
    std::snprintf(s.world().get<Animator>(runner).clip.path,
                  sizeof s.world().get<Animator>(runner).clip.path, "%s", "assets/run.clip.json");
    s.player().play();
    for (int i = 0; i < 200 && s.game().systems().ticks() < 30; ++i)
        (void)s.player().frame(1.0 / 60.0);
    ASSERT_EQ(s.game().systems().ticks(), 30u);
    EXPECT_NEAR(s.world().get<Transform>(runner).position.x, 5.0f, 0.5f);
    for (const log_line& line : s.log().lines())
        EXPECT_EQ(line.text.find("run.clip"), std::string::npos) << line.text;
    s.player().stop();
    fs::remove_all(folder);
}

}  // namespace
