// The Animation window's model (core/animation_editor.hpp, core/clip_edit.hpp), headless and
// through the anim_* script verbs: key edits keep a clip valid; Record turns an edit of an
// animated entity into keys at the playhead (new tracks as needed) as ONE undo step; Preview
// shows the clip at the playhead on every entity playing it and never reaches the saved
// scene; Play plays the edited clip; Save writes a clip file that reads back equal; a track
// on a field that does not exist is reported, never a crash.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/components.hpp>

#include "core/animation_editor.hpp"
#include "core/animation_events.hpp"
#include "core/clip_edit.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string run(editor_state& s, std::string_view text) {
    for (const script_line& line : parse_script(text)) {
        if (std::string error = run_script_line(s, line, script_host{}); !error.empty())
            return std::to_string(line.number) + ": " + error;
    }
    return {};
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// A scene saved in a fresh folder (the project folder of an untitled project), with one
// entity "Platform" selected.
struct animated_scene {
    fs::path folder;
    editor_state s;
    entity platform;

    animated_scene() {
        folder = fs::temp_directory_path() /
                 ("mosaic_anim_" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::remove_all(folder);
        fs::create_directories(folder / "assets");
        EXPECT_EQ(run(s, "create Platform\n"), "");
        platform = s.selection().active();
        EXPECT_TRUE(s.save_as(folder / "level.scene.json"));
    }
    ~animated_scene() { fs::remove_all(folder); }
    glm::vec2 position(entity e) { return s.world().get<Transform>(e).position; }
};

track_target x_of_position{"Transform", "position", "x", 0};

TEST(ClipEdit, SetKeyMakesTheTrackAndReplacesAKeyAtTheSameTime) {
    animation_clip clip;
    clip.length = 2.0f;
    const key_ref first = set_key(clip, x_of_position, 1.0f, 5.0);
    ASSERT_EQ(clip.tracks.size(), 1u);
    EXPECT_EQ(first, (key_ref{0, 0}));
    EXPECT_EQ(set_key(clip, x_of_position, 0.0f, 1.0), (key_ref{0, 0}));  // sorted before
    EXPECT_EQ(set_key(clip, x_of_position, 1.0f, 7.0), (key_ref{0, 1}));  // replaced
    ASSERT_EQ(clip.tracks[0].keys.size(), 2u);
    EXPECT_EQ(clip.tracks[0].keys[1].value, 7.0);
    (void)set_key(clip, x_of_position, 9.0f, 3.0);  // clamped to the length
    EXPECT_EQ(clip.tracks[0].keys.back().time, 2.0f);
}

TEST(ClipEdit, MovingKeysSortsThemAndDeletingTheLastKeyRemovesTheTrack) {
    animation_clip clip;
    clip.length = 3.0f;
    (void)set_key(clip, x_of_position, 0.0f, 0.0);
    (void)set_key(clip, x_of_position, 1.0f, 1.0);
    (void)set_key(clip, x_of_position, 2.0f, 2.0);
    const key_ref first{0, 0};
    const std::vector<key_ref> moved = move_keys(clip, std::span(&first, 1), 1.5f);
    ASSERT_EQ(moved.size(), 1u);
    EXPECT_EQ(moved[0], (key_ref{0, 1}));  // now between the other two
    EXPECT_EQ(clip.tracks[0].keys[1].time, 1.5f);
    EXPECT_EQ(clip.tracks[0].keys[1].value, 0.0);
    set_interpolation(clip, moved, key_interpolation::constant);
    EXPECT_EQ(clip.tracks[0].keys[1].to_next, key_interpolation::constant);
    const std::vector<key_ref> all{{0, 0}, {0, 1}, {0, 2}};
    delete_keys(clip, all);
    EXPECT_TRUE(clip.tracks.empty());
}

TEST(ClipEdit, AnimatableElementsFollowTheTable) {
    editor_state s;
    const component_info* transform = s.table().find<Transform>();
    ASSERT_NE(transform, nullptr);
    const std::vector<animatable_element> list = animatable_elements(*transform);
    // position x y, rotation, scale x y
    ASSERT_EQ(list.size(), 5u);
    EXPECT_EQ(list[0].target, x_of_position);
    EXPECT_EQ(list[2].target, (track_target{"Transform", "rotation", "", 0}));
    // A float reads as its shortest decimal (keys in files read 0.1, not 0.100000001490116).
    Transform t;
    t.position.x = 0.1f;
    EXPECT_EQ(list[0].read(reinterpret_cast<const std::byte*>(&t) + list[0].offset), 0.1);
    // Computed fields are not offered: the hierarchy system would overwrite them.
    EXPECT_TRUE(animatable_elements(*s.table().find<WorldTransform>()).empty());
}

TEST(AnimationEditor, RecordTurnsAnEditIntoKeysAsOneUndoStep) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_record on\n"
                  "anim_time 1\n"
                  "set Transform.position 5 3\n"),
              "");
    animation_editor& anim = s.animation();
    ASSERT_TRUE(anim.has_clip());
    ASSERT_EQ(anim.clip().tracks.size(), 2u);  // position.x and position.y; nothing else
    EXPECT_EQ(anim.clip().tracks[0].label(), "Transform.position.x");
    EXPECT_EQ(anim.clip().tracks[0].keys[0].time, 1.0f);
    EXPECT_EQ(anim.clip().tracks[0].keys[0].value, 5.0);
    EXPECT_EQ(anim.clip().tracks[1].keys[0].value, 3.0);
    // The scene shows the clip at the playhead...
    EXPECT_EQ(a.position(a.platform), glm::vec2(5, 3));
    // ...and its own value comes back when the preview ends.
    ASSERT_EQ(run(s, "anim_preview off\n"), "");
    EXPECT_EQ(a.position(a.platform), glm::vec2(0, 0));
    ASSERT_EQ(run(s, "anim_preview on\n"), "");
    EXPECT_EQ(a.position(a.platform), glm::vec2(5, 3));

    // A second edit at another time adds a key to the same tracks.
    ASSERT_EQ(run(s, "anim_time 0\nset Transform.position 1 3\n"), "");
    EXPECT_EQ(anim.clip().tracks[0].keys.size(), 2u);
    EXPECT_EQ(anim.clip().tracks[1].keys.size(), 1u);  // y did not change: no key
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(anim.clip().tracks[0].keys.size(), 1u);
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(anim.clip().tracks.empty());
    EXPECT_EQ(a.position(a.platform), glm::vec2(0, 0));
    ASSERT_TRUE(s.redo());
    ASSERT_EQ(anim.clip().tracks.size(), 2u);
    EXPECT_EQ(a.position(a.platform), glm::vec2(5, 3));  // previewed at the playhead (0)
}

TEST(AnimationEditor, PreviewNeverReachesTheSavedScene) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "set Transform.position 2 0\n"
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_record on\n"
                  "set Transform.position 9 0\n"
                  "set Transform.rotation 0.5\n"),
              "");
    EXPECT_EQ(a.position(a.platform).x, 9.0f);
    ASSERT_TRUE(s.save());
    const std::string text = read_file(a.folder / "level.scene.json");
    EXPECT_EQ(text.find("9.0"), std::string::npos) << text;
    EXPECT_EQ(a.position(a.platform).x, 9.0f);  // previewed again after the save
    // Record made rotation a track too; undoing it keeps the scene's own position (2).
    ASSERT_TRUE(s.undo());
    ASSERT_EQ(run(s, "anim_preview off\n"), "");
    EXPECT_EQ(a.position(a.platform).x, 2.0f);
    EXPECT_EQ(s.world().get<Transform>(a.platform).rotation, 0.0f);
}

TEST(AnimationEditor, WithoutRecordPreviewKeysOnlyAnimatedNumbers) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_key Transform.position.x 4\n"
                  "anim_preview on\n"
                  "set Transform.position 6 1\n"),
              "");
    animation_editor& anim = s.animation();
    ASSERT_EQ(anim.clip().tracks.size(), 1u);  // y is not animated and Record is off
    EXPECT_EQ(anim.clip().tracks[0].keys[0].value, 6.0);
    ASSERT_EQ(run(s, "anim_preview off\n"), "");
    EXPECT_EQ(a.position(a.platform), glm::vec2(0, 1));  // y was a scene edit
}

TEST(AnimationEditor, KeyEditsAreUndoSteps) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_time 0\nanim_key Transform.position.x 0\n"
                  "anim_time 1\nanim_key Transform.position.x 4\n"
                  "anim_select Transform.position.x 1\n"
                  "anim_move 0.5\n"
                  "anim_interp constant\n"),
              "");
    const animation_editor& anim = s.animation();
    EXPECT_EQ(anim.clip().tracks[0].keys[1].time, 1.5f);
    EXPECT_EQ(anim.clip().tracks[0].keys[1].to_next, key_interpolation::constant);
    ASSERT_TRUE(s.undo());  // interpolation
    ASSERT_TRUE(s.undo());  // move
    EXPECT_EQ(anim.clip().tracks[0].keys[1].time, 1.0f);
    ASSERT_EQ(run(s,
                  "anim_select 0 0\nanim_delete\nanim_expect_keys Transform.position.x 1\n"
                  "anim_length 4\nanim_wrap ping_pong\n"),
              "");
    EXPECT_EQ(anim.clip().length, 4.0f);
    EXPECT_EQ(anim.clip().wrap, clip_wrap::ping_pong);
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(s.undo());
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(run(s, "anim_expect_keys Transform.position.x 2\n"), "");
    EXPECT_NE(run(s, "anim_interp bouncy\n"), "");
}

TEST(AnimationEditor, PlayPlaysTheEditedClipAndSaveWritesIt) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_wrap once\n"
                  "anim_time 0\nanim_key Transform.position.x 0\n"
                  "anim_time 2\nanim_key Transform.position.x 4\n"
                  "anim_record on\n"),
              "");
    EXPECT_EQ(a.position(a.platform).x, 4.0f);  // previewed at 2 s
    s.player().play();
    EXPECT_EQ(a.position(a.platform).x, 0.0f);  // Play starts from the scene's own value
    for (int i = 0; i < 60; ++i) s.player().frame(1.0 / 60);
    EXPECT_NEAR(a.position(a.platform).x, 2.0f, 0.1f);  // 1 s into 0 -> 4 over 2 s
    s.player().stop();
    EXPECT_EQ(a.position(a.platform).x, 4.0f);  // previewed again

    EXPECT_TRUE(s.animation().dirty());
    ASSERT_EQ(run(s, "anim_save\n"), "");
    EXPECT_FALSE(s.animation().dirty());
    const std::string text = read_file(a.folder / "assets/slide.clip.json");
    const asset_result<animation_clip> back = read_clip_json(text, "slide.clip.json");
    ASSERT_TRUE(back) << back.error;
    EXPECT_TRUE(same_clip(*back.value, s.animation().clip()));
    EXPECT_NE(text.find("\"wrap\": \"once\""), std::string::npos);
}

TEST(AnimationEditor, TheSameClipDrivesSeveralEntities) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s, "create Second\n"), "");
    const entity second = s.selection().active();
    s.selection().set(std::vector<entity>{a.platform, second});
    ASSERT_EQ(run(s,
                  "anim_new assets/slide.clip.json 2\n"
                  "anim_key Transform.position.y 0\n"
                  "anim_time 1\nanim_key Transform.position.y 3\n"
                  "anim_time 0.5\nanim_preview on\n"),
              "");
    EXPECT_EQ(s.animation().players(s).size(), 2u);
    EXPECT_NEAR(a.position(a.platform).y, 1.5f, 1e-5f);
    EXPECT_NEAR(a.position(second).y, 1.5f, 1e-5f);
}

TEST(AnimationEditor, ATrackOnAMissingFieldIsReportedNotPlayed) {
    animated_scene a;
    editor_state& s = a.s;
    std::ofstream(a.folder / "assets/broken.clip.json") << R"({"version": 1, "length": 1,
  "tracks": [
    {"component": "Gone", "field": "radius", "keys": [[0, 1], [1, 2]]},
    {"component": "Transform", "field": "position", "element": "x", "keys": [[0, 7]]}
  ]})";
    ASSERT_EQ(run(s, "anim_open assets/broken.clip.json\n"), "");
    animation_editor& anim = s.animation();
    EXPECT_NE(anim.track_problem(s, 0).find("Gone"), std::string::npos);
    EXPECT_EQ(anim.track_problem(s, 1), "");
    bool reported = false;
    for (const auto& line : s.log().lines())
        reported = reported || line.text.find("track Gone.radius") != std::string::npos;
    EXPECT_TRUE(reported);
    // Previewing it on an entity playing it: the good track plays, the broken one is skipped.
    Animator player;
    std::strncpy(player.clip.path, "assets/broken.clip.json", sizeof player.clip.path - 1);
    s.world().add<Animator>(a.platform, player);
    ASSERT_EQ(run(s, "anim_preview on\n"), "");
    EXPECT_EQ(a.position(a.platform).x, 7.0f);
    // Keys can still be edited, and a bad path says what is wrong.
    ASSERT_EQ(run(s, "anim_select 0 0\nanim_delete\n"), "");
    EXPECT_EQ(anim.clip().tracks[0].label(), "Gone.radius");
    EXPECT_NE(run(s, "anim_open assets/none.clip.json\n"), "");
}

}  // namespace

// A property clip's events are edited in the Animation window as in the Clip Editor, through
// the anim_event* verbs the window's Events row runs: each edit one undo step; events stay in
// time order; bad ones are refused with why; Save writes them.
TEST(AnimationEditor, EventsAreEditedOneUndoStepEach) {
    animated_scene a;
    editor_state& s = a.s;
    ASSERT_EQ(run(s,
                  "anim_new assets/door.clip.json 2\n"
                  "anim_time 0\nanim_key Transform.position.x 0\n"
                  "anim_time 1.5\nanim_event foot step\n"
                  "anim_event 0.5 open\n"),
              "");
    const animation_editor& anim = s.animation();
    const auto events = [&] {
        std::string out;
        for (const clip_event& e : anim.clip().events)
            out += e.name + "@" + std::to_string(e.time).substr(0, 4) + " ";
        return out;
    };
    EXPECT_EQ(events(), "open@0.50 foot step@1.50 ");
    const std::size_t steps = s.history().undo_steps();
    ASSERT_EQ(run(s, "anim_event_move 0 1.75\n"), "");
    EXPECT_EQ(events(), "foot step@1.50 open@1.75 ");
    ASSERT_EQ(run(s, "anim_event_rename 0 land hard\n"), "");
    EXPECT_EQ(events(), "land hard@1.50 open@1.75 ");
    ASSERT_EQ(run(s, "anim_event_remove 1\n"), "");
    EXPECT_EQ(events(), "land hard@1.50 ");
    EXPECT_EQ(s.history().undo_steps(), steps + 3);
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(events(), "land hard@1.50 open@1.75 ");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(events(), "foot step@1.50 open@1.75 ");
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(events(), "open@0.50 foot step@1.50 ");
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(events(), "foot step@1.50 open@1.75 ");
    // Refused, with why, and nothing recorded.
    const std::size_t before = s.history().undo_steps();
    EXPECT_NE(run(s, "anim_event 3 late\n").find("from 0 to the clip's length"), std::string::npos);
    EXPECT_NE(run(s, "anim_event_remove 7\n").find("no event '7'"), std::string::npos);
    EXPECT_NE(run(s, "anim_event_move 0 -1\n").find("from 0 to the clip's length"),
              std::string::npos);
    EXPECT_NE(run(s, "anim_event\n"), "");
    EXPECT_EQ(s.history().undo_steps(), before);
    // Saved with the clip.
    ASSERT_EQ(run(s, "anim_save\n"), "");
    const auto back =
        read_clip_json(::read_file(a.folder / "assets/door.clip.json"), "door.clip.json");
    ASSERT_TRUE(back) << back.error;
    ASSERT_EQ(back.value->events.size(), 2u);
    EXPECT_EQ(back.value->events[0].name, "foot step");
    EXPECT_EQ(back.value->events[1].name, "open");
}

// Which window a clip file opens in: property tracks the Animation window, frames of a sheet
// the Clip Editor (as do files that do not read).
TEST(AnimationEditor, PropertyClipsOpenInTheAnimationWindowSpriteClipsInTheClipEditor) {
    animated_scene a;
    std::ofstream(a.folder / "assets/bob.clip.json") << R"({"version": 1, "tracks": [
      {"component": "Transform", "field": "position", "element": "y", "keys": [[0, 0], [1, 2]]}]})";
    std::ofstream(a.folder / "assets/run.clip.json")
        << R"({"version": 1, "sprite": {"sheet": "assets/hero.json", "frames": ["run_0"]}})";
    std::ofstream(a.folder / "assets/broken.clip.json") << "{\"version\": 1, \"tracks\": [";
    EXPECT_EQ(window_for_clip(a.folder / "assets/bob.clip.json"), clip_window::animation);
    EXPECT_EQ(window_for_clip(a.folder / "assets/run.clip.json"), clip_window::clip_editor);
    EXPECT_EQ(window_for_clip(a.folder / "assets/broken.clip.json"), clip_window::clip_editor);
    EXPECT_EQ(window_for_clip(a.folder / "assets/none.clip.json"), clip_window::clip_editor);
}
