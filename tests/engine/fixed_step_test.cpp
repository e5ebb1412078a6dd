// fixed_step_clock: real frame times in, whole fixed ticks out.
#include <gtest/gtest.h>

#include <limits>

#include <mosaic/engine/runtime/fixed_step.hpp>

namespace {

using mosaic::fixed_step_clock;

TEST(FixedStep, OneTickPerFrameAtTheTickRate) {
    fixed_step_clock clock;  // 60 Hz
    for (int frame = 0; frame < 600; ++frame) EXPECT_EQ(clock.advance(1.0 / 60), 1);
    EXPECT_EQ(clock.ticks(), 600u);
    EXPECT_NEAR(clock.game_seconds(), 10.0, 1e-9);
}

TEST(FixedStep, FastFramesAccumulateUntilATickIsDue) {
    fixed_step_clock clock;
    int ticks = 0;
    for (int frame = 0; frame < 240; ++frame) ticks += clock.advance(1.0 / 240);  // 240 fps
    EXPECT_EQ(ticks, 60);  // one second of game time, whatever the frame rate
}

TEST(FixedStep, SlowFramesRunSeveralTicks) {
    fixed_step_clock clock;
    EXPECT_EQ(clock.advance(3.0 / 60), 3);
    EXPECT_EQ(clock.advance(1.5 / 60), 1);  // half a tick carried over
    EXPECT_EQ(clock.advance(0.5 / 60), 1);
}

TEST(FixedStep, AStallIsCappedAndTheBacklogDropped) {
    fixed_step_clock clock({.tick_rate = 60, .max_ticks_per_frame = 5});
    EXPECT_EQ(clock.advance(2.0), 5);  // two seconds would be 120 ticks
    EXPECT_EQ(clock.dropped_ticks(), 115u);
    EXPECT_EQ(clock.advance(1.0 / 60), 1);  // no spiral: back to normal next frame
}

TEST(FixedStep, DroppedTicksAreGivenBackAndTheSpeedSaysSo) {
    fixed_step_clock clock;
    EXPECT_EQ(clock.speed(), 1.0);
    EXPECT_EQ(clock.advance(5.0 / 60), 5);
    clock.drop(3);  // only two ran: the tick budget ran out
    EXPECT_EQ(clock.ticks(), 2u);
    EXPECT_NEAR(clock.game_seconds(), 2.0 / 60, 1e-12);
    EXPECT_EQ(clock.dropped_ticks(), 3u);
    EXPECT_NEAR(clock.speed(), 0.4, 1e-12);
    clock.drop(100);  // never more than have run
    EXPECT_EQ(clock.ticks(), 0u);
    clock.reset();
    EXPECT_EQ(clock.speed(), 1.0);
}

TEST(FixedStep, TheSpeedFollowsTheLastSecondOrSo) {
    fixed_step_clock clock;
    for (int frame = 0; frame < 30; ++frame) {
        (void)clock.advance(2.0 / 60);
        clock.drop(1);  // half of every frame's ticks dropped
    }
    EXPECT_NEAR(clock.speed(), 0.5, 1e-9);
    for (int frame = 0; frame < 120; ++frame) (void)clock.advance(1.0 / 60);  // keeping up
    EXPECT_EQ(clock.speed(), 1.0);
}

TEST(FixedStep, PauseRunsNothingAndStepRunsExactlyOne) {
    fixed_step_clock clock;
    clock.pause();
    EXPECT_EQ(clock.advance(1.0), 0);
    clock.step();
    EXPECT_EQ(clock.advance(1.0), 1);
    EXPECT_EQ(clock.advance(1.0), 0);
    clock.resume();
    EXPECT_EQ(clock.advance(1.0 / 60), 1);  // time spent paused is not made up
    EXPECT_EQ(clock.ticks(), 2u);
}

TEST(FixedStep, TimeScaleSlowsAndStopsGameTime) {
    fixed_step_clock clock;
    clock.set_time_scale(0.5);
    int ticks = 0;
    for (int frame = 0; frame < 60; ++frame) ticks += clock.advance(1.0 / 60);
    EXPECT_EQ(ticks, 30);
    clock.set_time_scale(0.0);
    EXPECT_EQ(clock.advance(1.0), 0);
}

TEST(FixedStep, NonsenseInputIsIgnored) {
    fixed_step_clock clock;
    clock.set_tick_rate(-5);
    clock.set_tick_rate(std::numeric_limits<double>::quiet_NaN());
    clock.set_time_scale(-1);
    clock.set_max_ticks_per_frame(0);
    EXPECT_DOUBLE_EQ(clock.tick_seconds(), 1.0 / 60);
    EXPECT_EQ(clock.advance(-1.0), 0);
    EXPECT_EQ(clock.advance(std::numeric_limits<double>::infinity()), 0);
    EXPECT_EQ(clock.advance(1.0 / 60), 1);
}

TEST(FixedStep, TickRateIsConfigurable) {
    fixed_step_clock clock({.tick_rate = 120});
    EXPECT_EQ(clock.advance(1.0 / 60), 2);
    EXPECT_DOUBLE_EQ(clock.tick_seconds(), 1.0 / 120);
}

}  // namespace
