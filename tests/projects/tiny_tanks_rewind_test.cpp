// Rewinding Tiny Tanks' battle (the editor's timeline): a seek must not multiply the memory the
// recording holds (issue 33: 12 MiB recorded, 124 MiB after one seek).
#include <gtest/gtest.h>

#include <cstdio>

#include <mosaic/engine/input.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/recording.hpp>
#include <mosaic/engine/runtime/tick_input.hpp>

#include "project_test_support.hpp"

namespace mosaic::testing {
namespace {

// A player who drives, turns and fires in turn.
void play_battle(game& g, int ticks) {
    for (int t = 0; t < ticks; ++t) {
        tick_input in;
        const int phase = (t / 180) % 4;
        in.down[static_cast<std::size_t>(key::w)] = phase != 3 ? 1 : 0;
        in.down[static_cast<std::size_t>(key::a)] = phase == 1 ? 1 : 0;
        in.down[static_cast<std::size_t>(key::space)] = (t / 20) % 3 == 0 ? 1 : 0;
        in.apply_to(g.world().resource<Input>());
        g.tick();
    }
}

TEST(TinyTanksRewind, ASeekKeepsTheRecordingsMemoryBounded) {
    auto g = start_sample("tiny_tanks", "scenes/battle.scene.json");
    ASSERT_NE(g, nullptr);
    // The interval a release build picks on this scene (re-simulating 0.05 s of ticks of a
    // fraction of a millisecond); the sanitized test build would pick a few dozen ticks.
    recording rec({.keyframe_interval = 240});
    rec.attach(*g);
    play_battle(*g, 60 * 30);  // half a minute
    const std::size_t recorded = rec.memory_bytes();
    ASSERT_TRUE(rec.seek(*g, rec.last_tick() / 2));
    const std::size_t after_seek = rec.memory_bytes();
    std::printf("recorded %.1f MiB, after a seek %.1f MiB, interval %u ticks\n",
                static_cast<double>(recorded) / (1 << 20),
                static_cast<double>(after_seek) / (1 << 20), rec.keyframe_interval());
    EXPECT_LT(after_seek, recorded * 2);
    // Stepping back from there still re-simulates at most step_ticks() and gives the states.
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(rec.step_back(*g));
    EXPECT_LT(rec.memory_bytes(), recorded * 2);
    rec.detach(*g);
}

}  // namespace
}  // namespace mosaic::testing
