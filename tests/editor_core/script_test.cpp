// Editor scripts: each command through the same actions as the UI; errors name the line.
#include <gtest/gtest.h>

#include <filesystem>

#include <mosaic/engine/components.hpp>

#include "core/editor_state.hpp"
#include "core/field_text.hpp"
#include "core/script.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

// Runs every line; returns "LINE: error" of the first failure, or "".
std::string run(editor_state& s, std::string_view text, script_host host = {}) {
    for (const script_line& line : parse_script(text)) {
        if (std::string error = run_script_line(s, line, host); !error.empty()) {
            return std::to_string(line.number) + ": " + error;
        }
    }
    return {};
}

TEST(Script, CreatesEditsAndChecksThroughActions) {
    editor_state s;
    const std::string error = run(s, R"(
# a comment
create Player
add Sprite
set Transform.position 1.5 -2
set Sprite.tint 1 0 0 1
set Sprite.layer 3
expect Transform.position 1.5 -2
expect Sprite.layer 3
rename "Big Player"
select "Big Player"
expect_selected 1
expect_entities 2
undo
select Player
redo
select "Big Player"
)");
    EXPECT_EQ(error, "");
    const entity e = s.find_by_name("Big Player");
    ASSERT_FALSE(e.is_null());
    EXPECT_EQ(s.world().get<Transform>(e).position, glm::vec2(1.5f, -2));
    EXPECT_EQ(s.world().get<Sprite>(e).layer, 3);
}

TEST(Script, KeepAfterStopAppliesTheMarkedValuesAsOneStep) {
    editor_state s;
    EXPECT_EQ(run(s, "create Ball\nkeep Health"), "2: keep: only while playing or paused");
    EXPECT_EQ(run(s, "add Health\nplay\nkeep Nothing"),
              "3: keep: no component type named 'Nothing'");
    EXPECT_EQ(run(s, R"(
set Health.current 12
set Transform.rotation 30
keep Health
stop
expect Health.current 100
apply_keeps
expect Health.current 12
expect Transform.rotation 0
undo
expect Health.current 100
apply_keeps
)"),
              "12: apply_keeps: Stop found nothing to keep");
}

TEST(Script, PlayStepStopRestores) {
    // Run in parts, looking at the ball between them: before, a Play that ran nothing (or a
    // Stop that restored nothing because nothing changed) passed too. This catches a `play`
    // that does not start the game, a `pause` that lets it run on, a `step` that does not
    // tick while paused, and a `stop` that keeps the played values.
    editor_state s;
    ASSERT_EQ(run(s, R"(
create Ball
add RigidBody
set RigidBody.gravity_scale 1
play
wait 30
)"),
              "");
    const auto y = [&] { return s.world().get<Transform>(s.find_by_name("Ball")).position.y; };
    const float fallen = y();
    EXPECT_LT(fallen, -0.5f) << "30 frames of play with gravity -9.81 should drop the ball";
    ASSERT_EQ(run(s, "pause\nwait 10"), "");
    EXPECT_EQ(y(), fallen) << "paused: frames must not tick";
    ASSERT_EQ(run(s, "step 2"), "");
    const float stepped = y();
    EXPECT_LT(stepped, fallen) << "step ticks while paused";
    EXPECT_EQ(run(s, "wait 10"), "");
    EXPECT_EQ(y(), stepped) << "after a step the game stays paused";
    EXPECT_EQ(run(s, "stop\nexpect Transform.position 0 0\nexpect RigidBody.velocity 0 0"), "");
}

TEST(Script, ErrorsNameTheLineAndTheProblem) {
    editor_state s;
    EXPECT_EQ(run(s, "create A\nset Transform.nope 1"), "2: set: Transform has no field 'nope'");
    EXPECT_EQ(run(s, "select Nobody"), "1: select: no entity named 'Nobody'");
    EXPECT_EQ(run(s, "frobnicate"), "1: unknown command 'frobnicate'");
    EXPECT_EQ(run(s, "create B\nexpect Transform.position 1 1"),
              "2: expect Transform.position: expected 1 1, found 0 0");
    EXPECT_EQ(run(s, "create C\nset Transform.position x y"),
              "2: set: 'x y' for position (vec2): expected numbers");
    EXPECT_EQ(run(s, "screenshot out.png"),
              "1: screenshot: needs the editor window (not available here)");
    EXPECT_EQ(run(s, "new\nundo"), "2: undo: nothing to undo");
}

TEST(Script, AFailedSaveSaysWhyNotSeeTheConsole) {
    // A script run shows no Console: the error must carry the reason (issue 33: a script's
    // `save` said only "save failed (see the console)").
    editor_state s;
    EXPECT_EQ(run(s, "create A\nsave"), "2: save: the scene has no file yet; use Save As");
    const std::string error = run(s, "save_as /proc/no/such/folder/a.scene.json");
    EXPECT_EQ(error.rfind("1: save_as /proc/no/such/folder/a.scene.json failed: ", 0), 0u) << error;
    EXPECT_EQ(error.find("see the console"), std::string::npos) << error;
}

TEST(Script, ScreenshotAndWaitGoThroughTheHost) {
    editor_state s;
    int frames = 0;
    std::string shot;
    script_host host{[&](int n) { frames += n; },
                     [&](const std::string& path) {
                         shot = path;
                         return std::string();
                     }};
    EXPECT_EQ(run(s, "wait 5\nscreenshot a.png", host), "");
    EXPECT_EQ(frames, 5);
    EXPECT_EQ(shot, "a.png");
}

TEST(FieldText, EveryKindRoundTrips) {
    editor_state s;
    const component_info& collider = *s.table().find("Collider");
    Collider c;
    ASSERT_EQ(parse_field(*collider.find_field("shape"), "box", &c, s.world()), "");
    EXPECT_EQ(c.shape, ColliderShape::box);
    EXPECT_EQ(format_field(*collider.find_field("shape"), &c, s.world()), "box");
    EXPECT_NE(parse_field(*collider.find_field("shape"), "triangle", &c, s.world()), "");
    ASSERT_EQ(parse_field(*collider.find_field("mask"), "12", &c, s.world()), "");
    EXPECT_EQ(c.mask, 12u);
    EXPECT_NE(parse_field(*collider.find_field("mask"), "-1", &c, s.world()), "");

    const component_info& camera = *s.table().find("Camera");
    Camera cam;
    ASSERT_EQ(parse_field(*camera.find_field("primary"), "false", &cam, s.world()), "");
    EXPECT_FALSE(cam.primary);

    const component_info& parent = *s.table().find("Parent");
    Parent p;
    const entity camera_entity = s.find_by_name("Main Camera");
    ASSERT_EQ(parse_field(*parent.find_field("entity"), "Main Camera", &p, s.world()), "");
    EXPECT_EQ(p.entity, camera_entity);
    EXPECT_EQ(format_field(*parent.find_field("entity"), &p, s.world()), "Main Camera");
    ASSERT_EQ(parse_field(*parent.find_field("entity"), "null", &p, s.world()), "");
    EXPECT_TRUE(p.entity.is_null());

    const component_info& name = *s.table().find("Name");
    Name n;
    ASSERT_EQ(parse_field(*name.find_field("value"), "Hello world", &n, s.world()), "");
    EXPECT_STREQ(n.value, "Hello world");
}

}  // namespace
