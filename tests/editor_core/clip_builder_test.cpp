// The Clip Editor's model, headless: a clip built from a sheet's frames (add, remove, move,
// durations), loop / once / ping-pong as the preview plays them, events, the file it writes
// (read back by the engine's reader, frames by name), keyframe tracks kept, bad input as
// messages, and the script verb.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>

#include "../engine/assets/asset_test_support.hpp"
#include "core/clip_builder.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::write_text;
namespace fs = std::filesystem;

constexpr const char* hero_sheet = R"({"version": 1, "image": "hero.png", "image_size": [64, 16],
  "frames": [
    {"name": "run_0", "rect": [0, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 100},
    {"name": "run_1", "rect": [16, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 100},
    {"name": "run_2", "rect": [32, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 150},
    {"name": "jump", "rect": [48, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 100}]})";

struct ClipBuilder : ::testing::Test {
    fs::path folder = mosaic::testing::asset_temp_folder();
    ClipBuilder() { write_text(folder / "art/hero.sheet.json", hero_sheet); }

    asset_result<animation_clip> saved(const std::string& path, const fs::path& root) const {
        std::ifstream in(root / path);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        const clip_sheet_source sheets = [&](const std::string& sheet) {
            std::ifstream s(root / sheet);
            const std::string t((std::istreambuf_iterator<char>(s)), {});
            return read_sheet_json(t, sheet);
        };
        return read_clip_json(text, path, sheets);
    }
};

TEST_F(ClipBuilder, FramesAreAddedMovedAndTimedAndTheFileNamesThem) {
    EXPECT_EQ(clip_path_for(folder, "art/hero.sheet.json"), "art/hero.clip.json");
    clip_builder c;
    ASSERT_EQ(c.start(folder, "art/hero.sheet.json", "art/hero.clip.json"), "");
    EXPECT_NE(c.save(), "") << "no frames yet";
    ASSERT_EQ(c.add_range(0, 2), "");
    EXPECT_EQ(c.frames()[2].duration_ms, 150);  // the sheet's
    ASSERT_EQ(c.add_frame("jump", 0), "");
    EXPECT_EQ(c.frames()[0].name, "jump");
    c.move_frame(0, 3);
    EXPECT_EQ(c.frames()[3].name, "jump");
    EXPECT_NE(c.add_frame("fly"), "") << "a frame the sheet does not have";
    c.set_duration(1, 0);
    EXPECT_EQ(c.frames()[1].duration_ms, 1) << "at least 1 ms";
    c.set_all_durations(80);
    c.remove_frame(3);
    ASSERT_EQ(c.frames().size(), 3u);
    EXPECT_NEAR(c.frames_length(), 0.24f, 1e-6f);
    EXPECT_NEAR(c.start_of(2), 0.16f, 1e-6f);
    ASSERT_EQ(c.add_event(0.08f, "step"), "");
    EXPECT_NE(c.add_event(0.1f, ""), "");
    ASSERT_EQ(c.save(), "");
    EXPECT_FALSE(c.dirty());

    const auto read = saved("art/hero.clip.json", folder);
    ASSERT_TRUE(read) << read.error;
    ASSERT_TRUE(read.value->sprite);
    EXPECT_EQ(read.value->sprite->sheet, "art/hero.sheet.json");
    ASSERT_EQ(read.value->sprite->frames.size(), 3u);
    EXPECT_EQ(read.value->sprite->frames[2].name, "run_2");
    EXPECT_NEAR(read.value->length, 0.24f, 1e-6f);
    EXPECT_EQ(evaluate(read.value->tracks[0], 0.17f), 2.0);
    ASSERT_EQ(read.value->events.size(), 1u);
    EXPECT_EQ(read.value->events[0].name, "step");
    EXPECT_EQ(clip_path_for(folder, "art/hero.sheet.json"), "art/hero_2.clip.json");
}

TEST_F(ClipBuilder, ThePreviewPlaysLoopOnceAndPingPongAsTheGameDoes) {
    clip_builder c;
    ASSERT_EQ(c.start(folder, "art/hero.sheet.json", "art/a.clip.json"), "");
    ASSERT_EQ(c.add_range(0, 2), "");  // 100, 100, 150 ms
    EXPECT_EQ(c.frame_at(0.0), 0);
    EXPECT_EQ(c.frame_at(0.15), 1);
    EXPECT_EQ(c.frame_at(0.3), 2);
    EXPECT_EQ(c.frame_at(0.36), 0) << "loop: back to the start";
    c.set_wrap(clip_wrap::once);
    EXPECT_EQ(c.frame_at(5.0), 2) << "once: stays on the last frame";
    c.set_wrap(clip_wrap::ping_pong);
    EXPECT_EQ(c.frame_at(0.35 + 0.2), 1) << "ping-pong: on the way back";
    c.clear_frames();
    EXPECT_EQ(c.frame_at(0.1), -1);
}

TEST_F(ClipBuilder, AnExistingClipOpensWithItsFramesAndKeepsItsKeyframeTracks) {
    write_text(folder / "art/mixed.clip.json", R"({"version": 1, "wrap": "ping_pong",
  "sprite": {"sheet": "art/hero.sheet.json", "frames": ["run_1", {"name": "jump", "duration_ms": 40}]},
  "tracks": [{"component": "Transform", "field": "position", "element": "y",
              "keys": [[0, 0], [0.5, 2]]}],
  "events": [{"time": 0.1, "name": "top"}]})");
    clip_builder c;
    ASSERT_EQ(c.open(folder, "art/mixed.clip.json"), "");
    EXPECT_FALSE(c.dirty());
    EXPECT_EQ(c.wrap(), clip_wrap::ping_pong);
    ASSERT_EQ(c.frames().size(), 2u);
    EXPECT_EQ(c.frames()[1].duration_ms, 40);
    EXPECT_EQ(c.events().size(), 1u);
    ASSERT_EQ(c.add_frame("run_0"), "");
    ASSERT_EQ(c.save(), "");
    const auto read = saved("art/mixed.clip.json", folder);
    ASSERT_TRUE(read) << read.error;
    ASSERT_EQ(read.value->tracks.size(), 2u);
    EXPECT_EQ(read.value->tracks[0].label(), "Transform.position.y");  // the sprite's is last
    EXPECT_TRUE(read.value->tracks[1].from_sprite);
    EXPECT_NEAR(read.value->length, 0.5f, 1e-6f) << "the longer of frames and tracks";
    EXPECT_EQ(read.value->sprite->frames.size(), 3u);
}

TEST_F(ClipBuilder, BadInputIsAMessageAndNothingIsSaved) {
    clip_builder c;
    EXPECT_NE(c.start(folder, "art/hero.sheet.json", "../out.clip.json"), "");
    EXPECT_NE(c.start(folder, "art/hero.sheet.json", "art/out.json"), "");
    EXPECT_NE(c.start(folder, "art/gone.sheet.json", "art/out.clip.json"), "");
    EXPECT_FALSE(c.problems().empty()) << "the sheet does not load";
    EXPECT_NE(c.save(), "");
    EXPECT_FALSE(fs::exists(folder / "art/out.clip.json"));

    write_text(folder / "art/broken.clip.json", "{\"version\": 1, ");
    EXPECT_NE(c.open(folder, "art/broken.clip.json"), "");
    EXPECT_NE(c.open(folder, "art/none.clip.json"), "");

    ASSERT_EQ(c.start(folder, "art/hero.sheet.json", "art/out.clip.json"), "");
    ASSERT_EQ(c.add_frame("run_0"), "");
    ASSERT_EQ(c.add_event(0.5f, "late"), "");
    EXPECT_FALSE(c.problems().empty()) << "an event past the end";
    EXPECT_NE(c.save(), "");
    c.remove_event(0);
    // The sheet lost the frame meanwhile (renamed in the Sheet Editor).
    write_text(folder / "art/hero.sheet.json",
               R"({"version": 1, "image": "hero.png", "frames": [
    {"name": "idle", "rect": [0, 0, 16, 16], "pivot": [0.5, 0.5], "duration_ms": 100}]})");
    EXPECT_EQ(c.set_sheet("art/hero.sheet.json"), "");
    ASSERT_EQ(c.problems().size(), 1u);
    EXPECT_NE(c.problems()[0].find("has no frame 'run_0'"), std::string::npos);
    EXPECT_NE(c.save(), "");
}

TEST_F(ClipBuilder, TheScriptVerbWritesAClip) {
    editor_state st;
    fs::create_directories(folder / "scenes");
    ASSERT_TRUE(st.save_as(folder / "scenes/main.scene.json"));
    const fs::path project = folder / "scenes";
    write_text(project / "art/hero.sheet.json", hero_sheet);
    const command* c = editor_commands().find_verb("make_clip");
    ASSERT_NE(c, nullptr);
    command_context ctx{.state = st,
                        .args = {"art/run.clip.json", "art/hero.sheet.json", "ping_pong", "run_0",
                                 "run_1:60", "run_2"}};
    EXPECT_EQ(command_table::run(*c, ctx), "");
    const auto read = saved("art/run.clip.json", project);
    ASSERT_TRUE(read) << read.error;
    EXPECT_EQ(read.value->wrap, clip_wrap::ping_pong);
    EXPECT_EQ(read.value->sprite->frames[1].duration_ms, 60);
    command_context bad{.state = st,
                        .args = {"art/run.clip.json", "art/hero.sheet.json", "sideways", "run_0"}};
    EXPECT_NE(command_table::run(*c, bad), "");
    command_context missing{.state = st,
                            .args = {"art/run.clip.json", "art/hero.sheet.json", "loop", "fly"}};
    EXPECT_NE(command_table::run(*c, missing).find("no frame 'fly'"), std::string::npos);
}

}  // namespace
