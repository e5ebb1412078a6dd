// Opening a scene in the background (editor_state::begin_open / poll_open): the editor keeps
// running while a large file loads, a cancelled or failed load leaves the open scene as it
// was, and the code is not reloaded under a running load.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

class BackgroundOpen : public ::testing::Test {
protected:
    void SetUp() override {
        folder =
            fs::temp_directory_path() / ("mosaic_background_open_" + std::to_string(::getpid()));
        fs::create_directories(folder);
        big_file = folder / "big.scene.bin";
        // Large enough that loading (under the sanitizers) takes a good while: many progress
        // reports, so a cancel is seen long before the end.
        scene big;
        for (int i = 0; i < 100'000; ++i) {
            const entity e = big.world.create();
            big.world.add<Transform>(e, Transform{{float(i), 0}, 0, {1, 1}});
        }
        editor_state s;
        ASSERT_TRUE(save_scene_file(big, s.table(), big_file).empty());
    }
    void TearDown() override { fs::remove_all(folder); }

    static editor_state::open_outcome wait(editor_state& s) {
        for (;;) {
            const auto outcome = s.poll_open();
            if (outcome != editor_state::open_outcome::loading) return outcome;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    fs::path folder;
    fs::path big_file;
};

TEST_F(BackgroundOpen, TheSceneComesInWhenItsLoadIsDone) {
    editor_state s;
    ASSERT_TRUE(s.begin_open(big_file));
    ASSERT_NE(s.opening(), nullptr);
    EXPECT_EQ(s.opening()->path(), big_file);
    EXPECT_TRUE(s.scene_path().empty()) << "nothing changes before the load is over";
    EXPECT_EQ(wait(s), editor_state::open_outcome::opened);
    EXPECT_EQ(s.opening(), nullptr);
    EXPECT_EQ(s.scene_path(), big_file);
    EXPECT_EQ(s.world().size(), 100'000u + 1);  // and the editor's camera
}

TEST_F(BackgroundOpen, CancellingLeavesTheOpenSceneAsItWas) {
    editor_state s;
    const entity kept = create_entity(s, "Kept");
    const std::size_t before = s.world().size();
    ASSERT_TRUE(s.begin_open(big_file));
    s.cancel_open();
    EXPECT_EQ(wait(s), editor_state::open_outcome::cancelled);
    EXPECT_EQ(s.world().size(), before);
    EXPECT_TRUE(s.world().alive(kept));
    EXPECT_TRUE(s.scene_path().empty());
    for (const auto& line : s.log().lines())
        EXPECT_NE(line.level, log_level::error) << "a cancel is not an error: " << line.text;
}

TEST_F(BackgroundOpen, AFailedLoadReportsItsErrorAndChangesNothing) {
    editor_state s;
    const fs::path broken = folder / "broken.scene.json";
    { std::ofstream(broken) << "{ not json"; }
    std::vector<diagnostic> errors;
    ASSERT_TRUE(s.begin_open(broken, &errors));
    std::vector<diagnostic> reported;
    editor_state::open_outcome outcome;
    while ((outcome = s.poll_open(&reported)) == editor_state::open_outcome::loading)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(outcome, editor_state::open_outcome::failed);
    ASSERT_FALSE(reported.empty());
    EXPECT_NE(reported.front().to_string().find("broken.scene.json:1:"), std::string::npos)
        << reported.front().to_string();
    EXPECT_TRUE(s.scene_path().empty());
}

TEST_F(BackgroundOpen, NoCodeReloadWhileASceneLoads) {
    editor_state s;
    ASSERT_TRUE(s.begin_open(big_file));
    EXPECT_FALSE(s.reload_code());
    EXPECT_NE(s.log().lines().back().text.find("a scene is loading"), std::string::npos)
        << s.log().lines().back().text;
    s.cancel_open();
    (void)wait(s);
}

}  // namespace
