// The toolbar's timeline and the Field History window, driven as a user would: a drag on the
// timeline pauses the game at the tick under the mouse, comma / period and the arrow buttons
// step through the recording, a field's menu plots it and a click on the plot goes there.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include "core/replay_session.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/profiler_panel.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;

class TimelineTest : public EditorUiTest {
protected:
    /// A mover at 2 units/s, played for `ticks` ticks (one per frame).
    entity play_a_mover(int ticks) {
        mover_ = create_entity(state, "Mover");
        const entity items[] = {mover_};
        EXPECT_TRUE(add_component(state, items, type_id_of<RigidBody>()));
        state.world().get<RigidBody>(mover_).velocity = {2.0f, 0.0f};
        imgui.frames(2);
        imgui.click(at("toolbar/Play"));
        for (int i = 0; i < ticks; ++i) {
            state.player().frame(1.0 / 60.0);
            imgui.frame();
        }
        return mover_;
    }
    [[nodiscard]] std::uint64_t tick() { return state.game().systems().ticks(); }
    [[nodiscard]] float x() { return state.world().get<Transform>(mover_).position.x; }
    /// Where the mover is after `ticks` ticks: 2 units/s for ticks / 60 s.
    static float x_after(std::uint64_t ticks) { return 2.0f * static_cast<float>(ticks) / 60.0f; }

    entity mover_ = null_entity;
};

TEST_F(TimelineTest, EditingShowsAnEmptyTimelineWithAHint) {
    imgui.frames(2);
    EXPECT_EQ(state.timeline().recording(), nullptr);
    EXPECT_FALSE(has_item("toolbar/timeline")) << "nothing recorded yet";
    EXPECT_TRUE(has_item("toolbar/Step Back"));
}

TEST_F(TimelineTest, DraggingTheTimelinePausesAndShowsThatTick) {
    play_a_mover(120);
    ASSERT_NE(state.timeline().recording(), nullptr);
    ASSERT_EQ(state.timeline().recording()->last_tick(), 120u);
    ASSERT_TRUE(has_item("toolbar/timeline"));

    imgui.drag(at("toolbar/timeline", 0.9f), at("toolbar/timeline", 0.5f));
    EXPECT_EQ(state.player().mode(), play_state::paused) << "grabbing the timeline pauses";
    EXPECT_NEAR(static_cast<double>(tick()), 60.0, 2.0) << "the middle of 0..120";
    EXPECT_EQ(state.timeline().recording()->current_tick(), tick());
    EXPECT_NEAR(x(), x_after(tick()), 1e-4f) << "the world is at that tick";
    EXPECT_EQ(state.timeline().recording()->last_tick(), 120u) << "looking back keeps the future";
}

TEST_F(TimelineTest, CommaAndPeriodAndTheArrowsStepThroughTheRecording) {
    play_a_mover(30);
    imgui.click(at("toolbar/Pause"));
    ASSERT_EQ(tick(), 30u);
    const float at_30 = x();

    imgui.tap(key::comma);
    EXPECT_EQ(tick(), 29u);
    EXPECT_NEAR(x(), x_after(29), 1e-4f);
    imgui.click(at("toolbar/Step Back"));
    EXPECT_EQ(tick(), 28u);
    imgui.tap(key::period);
    imgui.click(at("toolbar/Step Forward"));
    EXPECT_EQ(tick(), 30u);
    EXPECT_EQ(x(), at_30) << "back and forth again: the same state, bit for bit";

    imgui.tap(key::period);  // past the end: Step, a new tick (recorded) the next frame
    state.player().frame(1.0 / 60.0);
    EXPECT_EQ(tick(), 31u);
    EXPECT_EQ(state.timeline().recording()->last_tick(), 31u);
}

TEST_F(TimelineTest, PlayFromAPastTickDropsTheRecordedFuture) {
    play_a_mover(60);
    imgui.drag(at("toolbar/timeline", 0.8f), at("toolbar/timeline", 0.25f));
    const std::uint64_t from = tick();
    ASSERT_LT(from, 30u);
    imgui.click(at("toolbar/Pause"));  // resumes (Play would stop)
    ASSERT_EQ(state.player().mode(), play_state::playing);
    state.player().frame(1.0 / 60.0);
    imgui.frame();
    ASSERT_NE(state.timeline().recording(), nullptr);
    EXPECT_EQ(state.timeline().recording()->last_tick(), from + 1) << "the old future is gone";
    EXPECT_NEAR(x(), x_after(from + 1), 1e-4f);
}

TEST_F(TimelineTest, PlotHistoryFromAFieldsMenuAndAClickOnThePlotGoesThere) {
    play_a_mover(90);
    imgui.click(at("toolbar/Pause"));
    state.selection().select(mover_);
    imgui.frames(2);

    imgui.click(at("inspector/label/Transform.position"), 1);  // the field's label
    imgui.frames(1);
    ASSERT_TRUE(has_item("field_menu/Plot History"));
    imgui.click(at("field_menu/Plot History"));
    imgui.frames(1);

    const field_history_view& view = ui.state().history;
    ASSERT_TRUE(view.open);
    EXPECT_NE(view.title.find("Mover / Transform.position"), std::string::npos) << view.title;
    ASSERT_EQ(view.series.size(), 2u) << "x and y";
    EXPECT_TRUE(has_item("field_history/legend/x")) << "a legend says which line is x";
    EXPECT_TRUE(has_item("field_history/legend/y"));
    ASSERT_GE(view.series[0].size(), 90u);
    for (const field_sample& p : view.series[0])
        EXPECT_NEAR(p.value, x_after(p.tick), 1e-4) << "tick " << p.tick;
    EXPECT_EQ(tick(), 90u) << "plotting leaves the world where it was";

    imgui.click(at("field_history/plot", 0.25f));
    EXPECT_NEAR(static_cast<double>(tick()), 22.5, 2.0);
    EXPECT_NEAR(x(), x_after(tick()), 1e-4f);
}

// Paused on the timeline, the Profiler shows what the systems took in the tick looked at.
TEST_F(TimelineTest, TheProfilerShowsTheRecordedFiguresOfTheTickLookedAt) {
    play_a_mover(20);
    ui.state().events.post(show_panel{"profiler"});
    imgui.frames(2);
    EXPECT_FALSE(has_item("profiler/at_tick")) << "playing: the live figures";
    imgui.tap(key::comma);  // pauses, one tick back
    imgui.frames(1);
    EXPECT_TRUE(has_item("profiler/at_tick"));
    ASSERT_TRUE(state.timeline().recording()->profile_at(tick()).has_value());
}

// The Profiler's plots are the play's: moving on the timeline (a re-simulation) adds no point.
TEST_F(TimelineTest, SeekingAddsNoPointToTheProfilersPlots) {
    play_a_mover(20);
    profiler_panel profiler;
    const panel_context ctx(state, ui.state());
    profiler.sample(ctx, 1.0f / 60.0f);
    state.player().frame(1.0 / 60.0);  // a played tick: a point
    profiler.sample(ctx, 1.0f / 60.0f);
    EXPECT_GT(profiler.newest_sample("movement"), 0.0f);
    imgui.tap(key::comma);  // pauses, one tick back
    ASSERT_LT(tick(), 21u);
    profiler.sample(ctx, 1.0f / 60.0f);
    EXPECT_EQ(profiler.newest_sample("movement"), 0.0f) << "the step back ran no played tick";
    imgui.click(at("toolbar/timeline", 0.3f));
    profiler.sample(ctx, 1.0f / 60.0f);
    EXPECT_EQ(profiler.newest_sample("movement"), 0.0f) << "nor did the seek";
}

// File > Save Replay (paused) and File > Open Replay, through the file dialog.
TEST_F(TimelineTest, SaveReplayAndOpenReplayFromTheFileMenu) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("mosaic-timeline-test-" + std::to_string(::getpid()) + ".mosaic-replay");
    std::filesystem::remove(file);
    play_a_mover(30);
    file_dialog& dialog = ui.state().files.dialog;

    imgui.click(at("menu/File"));
    imgui.click(at("menu/Save Replay"));
    EXPECT_FALSE(dialog.is_open()) << "playing: Save Replay waits for a pause";
    imgui.tap(key::escape);  // closes the menu
    imgui.click(at("toolbar/Pause"));
    ASSERT_EQ(state.player().mode(), play_state::paused);
    imgui.click(at("menu/File"));
    imgui.click(at("menu/Save Replay"));
    imgui.frames(1);
    ASSERT_TRUE(dialog.is_open());
    EXPECT_EQ(dialog.current_purpose(), file_dialog::purpose::save_replay);
    ASSERT_TRUE(dialog.submit(file.string()));
    imgui.frames(2);
    ASSERT_TRUE(std::filesystem::exists(file));

    imgui.click(at("menu/File"));
    imgui.click(at("menu/Open Replay"));
    imgui.frames(1);
    ASSERT_TRUE(dialog.is_open());
    ASSERT_TRUE(dialog.submit(file.string()));
    imgui.frames(2);
    ASSERT_NE(state.timeline().opened_replay(), nullptr);
    EXPECT_EQ(state.player().mode(), play_state::paused);
    EXPECT_EQ(state.timeline().opened_replay()->data().input.size(), 30u);
    std::filesystem::remove(file);
}

TEST_F(TimelineTest, TheBudgetSettingReachesTheRecording) {
    ui.state().settings.recording_budget_mib = 64;
    play_a_mover(5);
    EXPECT_EQ(state.timeline().recording()->budget(), std::size_t{64} << 20);
}

}  // namespace
}  // namespace mosaic::testing
