// clip and clip_json: evaluating tracks, mapping time into a clip, and *.clip.json files
// (round trip, sprite frames from a sheet, messages naming the file and the place).
#include <gtest/gtest.h>

#include <string>

#include <mosaic/engine/animation/clip.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>

namespace {

using namespace mosaic;

clip_track track_of(std::initializer_list<clip_key> keys) {
    clip_track t;
    t.component = "Transform";
    t.field = "position";
    t.element = "y";
    t.keys = keys;
    return t;
}

TEST(Clip, ConstantLinearAndEasedKeys) {
    const clip_track linear = track_of({{0, 0, key_interpolation::linear}, {2, 4}});
    EXPECT_DOUBLE_EQ(evaluate(linear, -1.0f), 0.0);
    EXPECT_DOUBLE_EQ(evaluate(linear, 0.5f), 1.0);
    EXPECT_DOUBLE_EQ(evaluate(linear, 3.0f), 4.0);
    const clip_track constant = track_of({{0, 1, key_interpolation::constant}, {1, 5}});
    EXPECT_DOUBLE_EQ(evaluate(constant, 0.99f), 1.0);
    EXPECT_DOUBLE_EQ(evaluate(constant, 1.0f), 5.0);
    const clip_track eased = track_of({{0, 0, key_interpolation::ease_in_out}, {1, 1}});
    EXPECT_LT(evaluate(eased, 0.25f), 0.25);  // slow start
    EXPECT_NEAR(evaluate(eased, 0.5f), 0.5, 1e-6);
    EXPECT_GT(evaluate(eased, 0.75f), 0.75);  // slow end
    const clip_track in = track_of({{0, 0, key_interpolation::ease_in}, {1, 1}});
    const clip_track out = track_of({{0, 0, key_interpolation::ease_out}, {1, 1}});
    EXPECT_LT(evaluate(in, 0.5f), 0.5);
    EXPECT_GT(evaluate(out, 0.5f), 0.5);
}

TEST(Clip, LoopOnceAndPingPongTime) {
    animation_clip clip;
    clip.length = 2.0f;
    clip.wrap = clip_wrap::loop;
    EXPECT_FLOAT_EQ(clip_local_time(clip, 2.5), 0.5f);
    clip.wrap = clip_wrap::once;
    EXPECT_FLOAT_EQ(clip_local_time(clip, 2.5), 2.0f);
    EXPECT_TRUE(clip_finished(clip, 2.5));
    clip.wrap = clip_wrap::ping_pong;
    EXPECT_FLOAT_EQ(clip_local_time(clip, 1.5), 1.5f);
    EXPECT_FLOAT_EQ(clip_local_time(clip, 2.5), 1.5f);  // on the way back
    EXPECT_FLOAT_EQ(clip_local_time(clip, 4.5), 0.5f);
}

constexpr const char* bob = R"({
  "version": 1,
  "wrap": "ping_pong",
  "tracks": [
    {"component": "Transform", "field": "position", "element": "y",
     "keys": [[0, 0, "ease_in_out"], [1, 2], [1.5, 1, "constant"]]},
    {"component": "Sprite", "field": "tint", "element": "a", "keys": [[0, 1]]}
  ],
  "events": [{"time": 1, "name": "top"}]
})";

TEST(ClipJson, ReadsTracksKeysWrapAndEvents) {
    const auto clip = read_clip_json(bob, "bob.clip.json");
    ASSERT_TRUE(clip) << clip.error;
    EXPECT_EQ(clip.value->wrap, clip_wrap::ping_pong);
    EXPECT_FLOAT_EQ(clip.value->length, 1.5f);  // the last key
    ASSERT_EQ(clip.value->tracks.size(), 2u);
    const clip_track& y = clip.value->tracks[0];
    EXPECT_EQ(y.label(), "Transform.position.y");
    ASSERT_EQ(y.keys.size(), 3u);
    EXPECT_EQ(y.keys[0].to_next, key_interpolation::ease_in_out);
    EXPECT_EQ(y.keys[1].to_next, key_interpolation::linear);
    EXPECT_EQ(y.keys[2].to_next, key_interpolation::constant);
    ASSERT_EQ(clip.value->events.size(), 1u);
    EXPECT_EQ(clip.value->events[0].name, "top");
}

TEST(ClipJson, WritesOneKeyALineAndReadsItBackEqual) {
    const auto clip = read_clip_json(bob, "bob.clip.json");
    ASSERT_TRUE(clip);
    const std::string text = write_clip_json(*clip.value);
    EXPECT_NE(text.find("\n       [1, 2, \"linear\"]"), std::string::npos) << text;
    const auto again = read_clip_json(text, "again.clip.json");
    ASSERT_TRUE(again) << again.error;
    EXPECT_EQ(write_clip_json(*again.value), text);
    EXPECT_EQ(again.value->length, clip.value->length);
    EXPECT_EQ(again.value->tracks[0].keys[1].value, 2.0);
}

TEST(ClipJson, BadFilesAreRefusedWithTheFileAndThePlace) {
    const auto expect_error = [](const std::string& text, const std::string& part) {
        const auto clip = read_clip_json(text, "clips/bad.clip.json");
        ASSERT_FALSE(clip) << text;
        EXPECT_NE(clip.error.find("'clips/bad.clip.json'"), std::string::npos) << clip.error;
        EXPECT_NE(clip.error.find(part), std::string::npos) << clip.error;
    };
    expect_error("{", "line 1:");
    expect_error(R"({"version": 2, "tracks": []})", "version 2");
    expect_error(R"({"version": 1})", "no \"tracks\"");
    expect_error(
        R"({"version": 1, "tracks": [{"component": "A", "field": "b", "keys": [[1, 0], [0, 1]]}]})",
        "tracks[0].keys[1]: keys should be in time order");
    expect_error(
        R"({"version": 1, "tracks": [{"component": "A", "field": "b", "keys": [[0, 0, "bouncy"]]}]})",
        "tracks[0].keys[0][2] should be one of");
    expect_error(R"({"version": 1, "tracks": [{"component": "A", "field": "b", "keys": []}]})",
                 "at least one key");
    expect_error(R"({"version": 1, "tracks": [{"component": "A", "keys": [[0, 0]]}]})",
                 "tracks[0].field is missing");
    expect_error(R"({"version": 1, "sprite": {"sheet": "a.json", "tag": "run"}})",
                 "no sheets can be read here");
}

// A sheet with four frames and a tag, as Mosaic's *.sheet.json.
sprite_sheet hero_sheet() {
    sprite_sheet s;
    s.image = "hero.png";
    for (int i = 0; i < 4; ++i) {
        sheet_frame f;
        f.name = "run_" + std::to_string(i);
        f.x = 16 * i;
        f.w = 16;
        f.h = 16;
        f.duration_ms = 100 * (i + 1);
        s.frames.push_back(f);
    }
    s.tags.push_back({"run", 1, 3, sheet_tag::direction::pingpong});
    return s;
}

TEST(ClipJson, SpriteClipsFromATagOrAListOfFrames) {
    const clip_sheet_source sheets = [](const std::string& path) {
        if (path != "hero.sheet.json")
            return asset_result<sprite_sheet>::failure(path, "the file does not exist");
        return asset_result<sprite_sheet>::success(hero_sheet());
    };
    const auto tag =
        read_clip_json(R"({"version": 1, "sprite": {"sheet": "hero.sheet.json", "tag": "run"}})",
                       "run.clip.json", sheets);
    ASSERT_TRUE(tag) << tag.error;
    EXPECT_EQ(tag.value->wrap, clip_wrap::ping_pong);  // the tag's direction
    EXPECT_NEAR(tag.value->length, 0.2 + 0.3 + 0.4, 1e-5);
    ASSERT_EQ(tag.value->tracks.size(), 1u);
    EXPECT_EQ(tag.value->tracks[0].label(), "Sprite.frame");
    EXPECT_EQ(evaluate(tag.value->tracks[0], 0.1f), 1.0);
    EXPECT_EQ(evaluate(tag.value->tracks[0], 0.25f), 2.0);
    EXPECT_EQ(evaluate(tag.value->tracks[0], 0.6f), 3.0);

    const auto listed = read_clip_json(
        R"({"version": 1, "wrap": "once", "sprite": {"sheet": "hero.sheet.json",
            "frames": ["run_3", {"name": "run_0", "duration_ms": 50}]}})",
        "two.clip.json", sheets);
    ASSERT_TRUE(listed) << listed.error;
    EXPECT_EQ(listed.value->wrap, clip_wrap::once);
    EXPECT_NEAR(listed.value->length, 0.45, 1e-5);
    EXPECT_EQ(evaluate(listed.value->tracks[0], 0.41f), 0.0);

    const auto missing = read_clip_json(
        R"({"version": 1, "sprite": {"sheet": "hero.sheet.json", "frames": ["jump_9"]}})",
        "bad.clip.json", sheets);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error.find("sprite.frames[0]: the sheet 'hero.sheet.json' has no frame "
                                 "\"jump_9\""),
              std::string::npos)
        << missing.error;
    const auto no_tag =
        read_clip_json(R"({"version": 1, "sprite": {"sheet": "hero.sheet.json", "tag": "fly"}})",
                       "bad.clip.json", sheets);
    ASSERT_FALSE(no_tag);
    EXPECT_NE(no_tag.error.find("has no tag \"fly\""), std::string::npos) << no_tag.error;
}

TEST(ClipJson, SpriteFramesAreWrittenBackByName) {
    const clip_sheet_source sheets = [](const std::string&) {
        return asset_result<sprite_sheet>::success(hero_sheet());
    };
    const auto read = read_clip_json(
        R"({"version": 1, "wrap": "once", "sprite": {"sheet": "hero.sheet.json",
            "frames": ["run_3", {"name": "run_0", "duration_ms": 50}]},
            "events": [{"time": 0.4, "name": "land"}]})",
        "two.clip.json", sheets);
    ASSERT_TRUE(read) << read.error;
    ASSERT_TRUE(read.value->sprite);
    EXPECT_EQ(read.value->sprite->sheet, "hero.sheet.json");
    ASSERT_EQ(read.value->sprite->frames.size(), 2u);
    EXPECT_EQ(read.value->sprite->frames[0].name, "run_3");
    EXPECT_EQ(read.value->sprite->frames[0].duration_ms, 400);  // the sheet's
    EXPECT_EQ(read.value->sprite->frames[1].duration_ms, 50);
    EXPECT_TRUE(read.value->tracks[0].from_sprite);

    // Written with the frames' names, not as keys of frame numbers: a diff shows names, and
    // the sheet's frames may be renumbered without breaking the clip.
    const std::string text = write_clip_json(*read.value);
    EXPECT_NE(text.find(R"("sprite": {"sheet": "hero.sheet.json", "frames": [)"), std::string::npos)
        << text;
    EXPECT_NE(text.find(R"({"name": "run_0", "duration_ms": 50})"), std::string::npos) << text;
    EXPECT_EQ(text.find("\"Sprite\""), std::string::npos) << text;
    const auto again = read_clip_json(text, "two.clip.json", sheets);
    ASSERT_TRUE(again) << again.error;
    EXPECT_EQ(again.value->wrap, clip_wrap::once);
    EXPECT_NEAR(again.value->length, 0.45, 1e-5);
    ASSERT_EQ(again.value->tracks.size(), 1u);
    EXPECT_EQ(evaluate(again.value->tracks[0], 0.41f), 0.0);
    ASSERT_EQ(again.value->events.size(), 1u);

    // A tag stays a tag.
    const auto tag =
        read_clip_json(R"({"version": 1, "sprite": {"sheet": "hero.sheet.json", "tag": "run"}})",
                       "run.clip.json", sheets);
    ASSERT_TRUE(tag) << tag.error;
    EXPECT_EQ(tag.value->sprite->tag, "run");
    EXPECT_EQ(tag.value->sprite->frames.size(), 3u);
    EXPECT_NE(write_clip_json(*tag.value).find(R"("tag": "run")"), std::string::npos);
}

}  // namespace
