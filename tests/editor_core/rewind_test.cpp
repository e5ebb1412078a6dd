// Rewind in the editor: Play records; while paused, seek / step back / step forward put the
// world at any recorded tick exactly; Play or Step from a past tick drops the future; an edit
// in the past changes what follows; Stop still restores the edit-time scene.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/recording.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

// The played scene's bytes (a copy is saved: saving assigns ids) and the counters.
std::string state_of(editor_state& s) {
    scene copy = s.scene().clone();
    std::ostringstream binary;
    std::ostringstream json;
    EXPECT_TRUE(save_scene_binary(copy, s.table(), binary).empty());
    EXPECT_TRUE(save_scene_json(copy, s.table(), json).empty());
    return binary.str() + json.str() + " random " +
           std::to_string(s.world().resource<Random>().state) + " ticks " +
           std::to_string(s.game().systems().ticks()) + " clock " +
           std::to_string(s.game().clock().ticks());
}

std::string edit_time_text(editor_state& s) {
    std::ostringstream out;
    save_scene_json(s.scene(), s.table(), out);
    return out.str();
}

// Balls that fall and get random kicks every other tick (the Random state is world state).
void make_scene(editor_state& s) {
    for (int i = 0; i < 5; ++i) {
        const entity e = create_entity(s, "Ball " + std::to_string(i));
        add_component(s, std::vector{e}, type_id_of<RigidBody>());
        s.world().get<RigidBody>(e).gravity_scale = 1;
    }
    s.game()
        .systems()
        .add("kick",
             [](system_context& ctx) {
                 Random& random = ctx.resource<Random>();
                 ctx.view<RigidBody>().each(
                     [&](RigidBody& body) { body.velocity.x += random.range(-1.0f, 1.0f); });
             })
        .writes<RigidBody, Random>()
        .every(rate::every_n_ticks(2));
}

void run(editor_state& s, int ticks) {
    for (int i = 0; i < ticks; ++i) s.player().frame(1.0 / 60);
}

// A fresh editor that plays `ticks` ticks of the same scene, then pauses.
std::string fresh_run(int ticks) {
    editor_state s;
    make_scene(s);
    s.player().play();
    run(s, ticks);
    s.player().pause();
    return state_of(s);
}

TEST(Rewind, PlayRecordsAndScrubbingBackGivesAFreshRunsBytes) {
    editor_state s;
    make_scene(s);
    EXPECT_EQ(s.timeline().recording(), nullptr);
    s.player().play();
    ASSERT_NE(s.timeline().recording(), nullptr);
    run(s, 40);
    EXPECT_FALSE(s.timeline().seek(30));  // playing: no seek
    s.player().pause();
    const std::uint64_t start = s.timeline().recording()->first_tick();
    EXPECT_EQ(s.timeline().recording()->last_tick(), start + 40);
    for (const int back : {1, 9, 25, 40}) {
        ASSERT_TRUE(s.timeline().seek(start + 40 - static_cast<std::uint64_t>(back)));
        EXPECT_EQ(state_of(s), fresh_run(40 - back)) << back;
    }
    EXPECT_FALSE(s.timeline().seek(start + 41));
}

TEST(Rewind, StepBackThenForwardReturnsToTheSameBytes) {
    editor_state s;
    make_scene(s);
    s.player().play();
    run(s, 15);
    s.player().pause();
    const std::string at_end = state_of(s);
    ASSERT_TRUE(s.player().step_back());
    ASSERT_TRUE(s.player().step_back());
    const std::string two_back = state_of(s);
    EXPECT_EQ(two_back, fresh_run(13));
    ASSERT_TRUE(s.player().step_forward());
    ASSERT_TRUE(s.player().step_back());
    EXPECT_EQ(state_of(s), two_back);
    ASSERT_TRUE(s.player().step_forward());
    ASSERT_TRUE(s.player().step_forward());
    EXPECT_EQ(state_of(s), at_end);
    // At the end, Step Forward is a normal step: one new, recorded tick.
    const std::uint64_t last = s.timeline().recording()->last_tick();
    ASSERT_TRUE(s.player().step_forward());
    run(s, 1);
    EXPECT_EQ(s.timeline().recording()->last_tick(), last + 1);
}

TEST(Rewind, PlayOrStepFromAPastTickDropsTheRecordedFuture) {
    editor_state s;
    make_scene(s);
    s.player().play();
    run(s, 30);
    s.player().pause();
    const std::uint64_t start = s.timeline().recording()->first_tick();
    ASSERT_TRUE(s.timeline().seek(start + 10));
    s.player().step();
    EXPECT_EQ(s.timeline().recording()->last_tick(), start + 10);
    run(s, 1);
    EXPECT_EQ(s.timeline().recording()->last_tick(), start + 11);
    s.player().play();
    run(s, 4);
    EXPECT_EQ(s.timeline().recording()->last_tick(), start + 15);
    s.player().pause();
    EXPECT_EQ(state_of(s), fresh_run(15));
}

TEST(Rewind, AnEditInThePastChangesTheContinuation) {
    editor_state s;
    make_scene(s);
    const entity ball = s.find_by_name("Ball 0");
    s.player().play();
    run(s, 30);
    s.player().pause();
    const std::uint64_t start = s.timeline().recording()->first_tick();
    ASSERT_TRUE(s.timeline().seek(start + 10));
    move_entities(s, std::vector{ball}, {100, 0});
    EXPECT_EQ(s.timeline().recording()->last_tick(), start + 10);  // the old future is gone
    const std::string edited = state_of(s);
    s.player().play();
    run(s, 5);
    s.player().pause();
    EXPECT_GT(s.world().get<Transform>(ball).position.x, 90.0f);
    ASSERT_TRUE(s.timeline().seek(start + 10));
    EXPECT_EQ(state_of(s), edited);  // going back finds the edit, not the recorded state
    ASSERT_TRUE(s.timeline().seek(start + 15));
    EXPECT_GT(s.world().get<Transform>(ball).position.x, 90.0f);
}

TEST(Rewind, TheSelectionFollowsWhatIsAliveAtTheTick) {
    editor_state s;
    make_scene(s);
    s.player().play();
    run(s, 10);
    s.player().pause();
    const std::uint64_t start = s.timeline().recording()->first_tick();
    const entity late = create_entity(s, "Made at tick 10");  // an edit: a keyframe
    s.player().play();
    run(s, 10);
    s.player().pause();
    s.selection().select(late);
    ASSERT_TRUE(s.timeline().seek(start + 5));
    EXPECT_FALSE(s.world().alive(late));
    EXPECT_TRUE(s.selection().empty());
    ASSERT_TRUE(s.timeline().seek(start + 15));
    EXPECT_EQ(s.selection().active(), late);  // the same handle, alive again
}

TEST(Rewind, StopRestoresTheEditTimeSceneAfterSeeking) {
    editor_state s;
    make_scene(s);
    const std::string before = edit_time_text(s);
    s.player().play();
    run(s, 20);
    s.player().pause();
    ASSERT_TRUE(s.timeline().seek(s.timeline().recording()->first_tick() + 3));
    s.player().stop();
    EXPECT_EQ(s.timeline().recording(), nullptr);
    EXPECT_EQ(edit_time_text(s), before);
    EXPECT_FALSE(s.timeline().seek(0));
    EXPECT_FALSE(s.player().step_back());
}

TEST(Rewind, FieldHistoryPlotsAFieldAndLeavesTheWorldAtItsTick) {
    editor_state s;
    make_scene(s);
    const entity ball = s.find_by_name("Ball 1");
    s.player().play();
    run(s, 60);
    s.player().pause();
    const std::uint64_t start = s.timeline().recording()->first_tick();
    ASSERT_TRUE(s.timeline().seek(start + 33));
    const std::string before = state_of(s);
    const component_info* body = s.table().find(type_id_of<Transform>());
    ASSERT_NE(body, nullptr);
    std::size_t position = body->fields.size();
    for (std::size_t i = 0; i < body->fields.size(); ++i)
        if (body->fields[i].name == "position") position = i;
    ASSERT_LT(position, body->fields.size());
    const std::vector<field_sample> ys =
        s.timeline().field_history(ball, type_id_of<Transform>(), position, 13, 1);
    ASSERT_EQ(ys.size(), 13u);
    EXPECT_EQ(ys.front().tick, start);
    EXPECT_EQ(ys.back().tick, start + 60);
    for (std::size_t i = 1; i < ys.size(); ++i) EXPECT_LT(ys[i].value, ys[i - 1].value);  // falls
    EXPECT_EQ(state_of(s), before);
    // The value at a tick is the one a seek shows there.
    ASSERT_TRUE(s.timeline().seek(ys[4].tick));
    EXPECT_EQ(static_cast<double>(s.world().get<Transform>(ball).position.y), ys[4].value);
}

TEST(Rewind, TheBudgetIsTheUsersAndKeepsTheNewestTicks) {
    editor_state s;
    make_scene(s);
    s.timeline().set_recording_budget(64 << 10);
    s.player().play();
    run(s, 300);
    s.player().pause();
    const mosaic::recording* r = s.timeline().recording();
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->budget(), std::size_t{64 << 10});
    EXPECT_EQ(r->current_tick(), r->last_tick());
    EXPECT_GT(r->first_tick(), 0u);
    EXPECT_GT(r->seconds_available(), 0.0);
    ASSERT_TRUE(r->profile_at(r->last_tick()).has_value());
}

}  // namespace
