// Every Play starts at tick 0: a system gated on ctx.tick() behaves the same in the second
// Play as in the first (and as `mosaic-run` on the scene), and the toolbar's clock, the
// timeline's recorded range and a saved replay all number the ticks the way systems see them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

struct one_play {
    std::uint64_t first_system_tick = 0;
    std::uint64_t clock_ticks = 0;  // the toolbar and the timeline's handle
    std::uint64_t recorded_first = 0;
    std::uint64_t recorded_last = 0;
    std::uint64_t replay_initial = 0;
};

one_play play_once(editor_state& s, std::vector<std::uint64_t>& seen, const fs::path& replay_file) {
    seen.clear();
    s.player().play();
    for (int i = 0; i < 30; ++i) s.player().frame(1.0 / 60);
    s.player().pause();
    one_play p;
    EXPECT_FALSE(seen.empty());
    if (!seen.empty()) p.first_system_tick = seen.front();
    p.clock_ticks = s.game().clock().ticks();
    EXPECT_NE(s.timeline().recording(), nullptr);
    if (s.timeline().recording()) {
        p.recorded_first = s.timeline().recording()->first_tick();
        p.recorded_last = s.timeline().recording()->last_tick();
    }
    EXPECT_TRUE(s.timeline().save_replay(replay_file));
    load_result<replay> saved = load_replay_file(replay_file);
    EXPECT_TRUE(saved.ok());
    if (saved.ok()) p.replay_initial = saved.value->initial.tick;
    s.player().stop();
    return p;
}

TEST(PlayTicks, EveryPlayStartsAtTickZeroForSystemsTimelineRecordingAndReplay) {
    const fs::path folder =
        fs::temp_directory_path() / ("mosaic-play-ticks-test-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    editor_state s;
    std::vector<std::uint64_t> seen;
    s.game().systems().add("tick spy",
                           [&seen](system_context& ctx) { seen.push_back(ctx.tick()); });

    const one_play first = play_once(s, seen, folder / "first.mosaic-replay");
    const one_play second = play_once(s, seen, folder / "second.mosaic-replay");
    fs::remove_all(folder);

    for (const one_play& p : {first, second}) {
        EXPECT_EQ(p.first_system_tick, 0u) << "ctx.tick() of the first tick";
        EXPECT_EQ(p.recorded_first, 0u) << "the timeline's range starts at 0";
        // The timeline's handle (the clock) is inside the recorded range, at its end.
        EXPECT_EQ(p.recorded_last, p.clock_ticks);
        EXPECT_EQ(p.replay_initial, 0u) << "a replay starts at tick 0";
    }
    EXPECT_EQ(second.clock_ticks, first.clock_ticks);
    EXPECT_EQ(second.recorded_last, first.recorded_last);
}

}  // namespace
