// Replays in the editor: File > Save Replay writes what this Play recorded (input of every
// tick, an edit made while paused) and File > Open Replay plays it back with the timeline.
// The platformer sample is driven by the keyboard (its module reads Input), so a replay that
// did not feed the recorded input would leave its player standing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/replay/replay_observers.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/replay_session.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

const fs::path platformer =
    fs::path(MOSAIC_REPO_DIR) / "projects" / "platformer" / "mosaic.project.json";

class EditorReplay : public ::testing::Test {
protected:
    EditorReplay() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-editor-replay-" + std::to_string(::getpid()) + "-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::create_directories(folder_);
    }
    ~EditorReplay() override { fs::remove_all(folder_); }

    /// `ticks` frames of one tick each, the right arrow held as the window would report it.
    static void run(editor_state& s, int ticks, bool right) {
        for (int i = 0; i < ticks; ++i) {
            s.world().resource<Input>().set(key::right, right);
            s.player().frame(1.0 / 60);
        }
    }
    static glm::vec2 player_at(editor_state& s) {
        const entity player = s.find_by_name("Player");
        EXPECT_FALSE(player.is_null());
        return player.is_null() ? glm::vec2{} : s.world().get<Transform>(player).position;
    }

    fs::path folder_;
};

TEST_F(EditorReplay, SaveReplayThenOpenReplayPlaysTheRecordedInput) {
    const fs::path file = folder_ / "run.mosaic-replay";
    glm::vec2 recorded_end;
    {
        editor_state s;
        ASSERT_TRUE(s.open_project(platformer));
        const glm::vec2 start = player_at(s);
        s.player().play();
        run(s, 40, true);
        run(s, 20, false);
        s.player().pause();
        recorded_end = player_at(s);
        ASSERT_GT(recorded_end.x, start.x + 0.5f) << "the right arrow moved the player";
        std::vector<diagnostic> errors;
        ASSERT_TRUE(s.timeline().save_replay(file, &errors)) << to_string(errors);
    }
    load_result<replay> saved = load_replay_file(file);
    ASSERT_TRUE(saved.ok()) << to_string(saved.diagnostics);
    EXPECT_EQ(saved.value->input.size(), 60u);
    EXPECT_EQ(saved.value->origin.project, "platformer");
    EXPECT_FALSE(saved.value->checkpoints.empty());

    editor_state s;
    ASSERT_TRUE(s.open_project(platformer));
    ASSERT_TRUE(s.open_replay(file));
    EXPECT_EQ(s.player().mode(), play_state::paused) << "waits at the replay's first tick";
    ASSERT_NE(s.timeline().opened_replay(), nullptr);
    s.player().play();
    run(s, 60, false);  // nobody presses anything: the replay does
    s.player().pause();
    EXPECT_EQ(player_at(s), recorded_end);
    EXPECT_TRUE(s.timeline().opened_replay()->finished(s.game()));

    // Back on the timeline, then Stop and Play: the replay plays again from its start.
    ASSERT_TRUE(s.timeline().seek(30));
    s.player().stop();
    s.player().play();
    run(s, 60, false);
    EXPECT_EQ(player_at(s), recorded_end);
}

// A replay saved in a later Play (which starts at tick 0 again) verifies in a
// fresh game, as `mosaic-run --replay FILE --verify` plays it.
TEST_F(EditorReplay, AReplayOfASecondPlayVerifiesInAFreshGame) {
    const fs::path file = folder_ / "second.mosaic-replay";
    editor_state s;
    ASSERT_TRUE(s.open_project(platformer));
    s.player().play();
    run(s, 10, false);
    s.player().stop();
    s.player().play();
    run(s, 45, true);
    s.player().pause();
    ASSERT_TRUE(s.timeline().save_replay(file));
    load_result<replay> saved = load_replay_file(file);
    ASSERT_TRUE(saved.ok()) << to_string(saved.diagnostics);
    EXPECT_EQ(saved.value->initial.tick, 0u) << "every Play starts at tick 0";
    // Saved outside the project: the scene's full path lets mosaic-run find the project.
    EXPECT_TRUE(fs::path(saved.value->origin.scene).is_absolute()) << saved.value->origin.scene;
    EXPECT_TRUE(fs::exists(saved.value->origin.scene)) << saved.value->origin.scene;

    game fresh(s.opened_project().module);
    (void)fresh.load_archetypes(s.opened_project().manifest->archetypes_folder());
    replay_player player(*saved.value, {.verify = true});
    ASSERT_TRUE(player.start(fresh).empty());
    fresh.set_observer(&player);
    while (!player.finished(fresh) && !player.divergence()) fresh.tick();
    EXPECT_FALSE(player.divergence().has_value()) << player.divergence()->to_string();
    EXPECT_GT(player.verified(), 0u);
}

TEST_F(EditorReplay, AnEditWhilePausedIsPartOfTheReplay) {
    const fs::path file = folder_ / "edited.mosaic-replay";
    glm::vec2 recorded_end;
    {
        editor_state s;
        ASSERT_TRUE(s.open_project(platformer));
        s.player().play();
        run(s, 20, true);
        s.player().pause();
        const entity player = s.find_by_name("Player");
        move_entities(s, std::vector{player}, {-3.0f, 1.0f});  // an edit at tick 20
        s.player().play();
        run(s, 20, true);
        s.player().pause();
        recorded_end = player_at(s);
        ASSERT_TRUE(s.timeline().save_replay(file));
    }
    load_result<replay> saved = load_replay_file(file);
    ASSERT_TRUE(saved.ok()) << to_string(saved.diagnostics);
    bool replaces = false;
    for (const replay_checkpoint& c : saved.value->checkpoints)
        replaces = replaces || (c.kind == checkpoint_kind::replace && c.tick == 20);
    EXPECT_TRUE(replaces) << "the edit is a state that replaces tick 20's";

    editor_state s;
    ASSERT_TRUE(s.open_project(platformer));
    ASSERT_TRUE(s.open_replay(file));
    s.player().play();
    run(s, 40, false);
    EXPECT_EQ(player_at(s), recorded_end);
}

TEST_F(EditorReplay, SavingNeedsAPausedRecording) {
    editor_state s;
    std::vector<diagnostic> errors;
    EXPECT_FALSE(s.timeline().save_replay(folder_ / "x.mosaic-replay", &errors));
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors.front().message.find("pause"), std::string::npos);
    EXPECT_FALSE(fs::exists(folder_ / "x.mosaic-replay"));
}

TEST_F(EditorReplay, ABrokenReplayFileLeavesTheSceneAsItWas) {
    const fs::path file = folder_ / "broken.mosaic-replay";
    std::ofstream(file, std::ios::binary) << "MOSAICRP\x01\x00\x00\x00 and then nonsense";
    editor_state s;
    const entity kept = create_entity(s, "Kept");
    std::vector<diagnostic> errors;
    EXPECT_FALSE(s.open_replay(file, &errors));
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors.front().file.find("broken.mosaic-replay"), std::string::npos)
        << to_string(errors);
    EXPECT_EQ(s.player().mode(), play_state::editing);
    EXPECT_TRUE(s.world().alive(kept));
    EXPECT_EQ(s.timeline().opened_replay(), nullptr);
}

}  // namespace
