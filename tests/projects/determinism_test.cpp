// Determinism: every sample scene, played twice with the same seed, or on one thread and on
// two, saves to identical bytes; and the seed matters where the game draws random numbers.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>

#include <mosaic/engine/input.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>

#include "project_test_support.hpp"

namespace determinism_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;

struct sample_run {
    const char* project;
    const char* scene;
    int ticks;
    bool binary;       // compare the binary save (the 100k scene: its JSON is 125 MB)
    bool uses_random;  // a different seed must give a different result
    void (*drive)(game&, int tick) = nullptr;  // scripted input, applied before each tick
};

// How ctest names the cases (otherwise the parameter's bytes).
void PrintTo(const sample_run& run, std::ostream* out) {
    *out << run.project << '/' << run.scene << ", " << run.ticks << " ticks";
}

// The platformer's player runs right and jumps now and then, so the run has more in it than
// a fall.
void run_and_jump(game& g, int tick) {
    Input& in = g.world().resource<Input>();
    in.set(key::right, tick >= 60);
    in.set(key::space, tick >= 60 && tick % 40 < 3);
}

std::string play(const sample_run& run, game_options options) {
    auto g = mosaic::testing::start_sample(run.project, run.scene, options);
    if (!g) return {};
    for (int tick = 0; tick < run.ticks; ++tick) {
        if (run.drive) run.drive(*g, tick);
        g->tick();
    }
    if (!run.binary) return mosaic::testing::saved_json(*g);
    std::ostringstream out;
    EXPECT_TRUE(save_scene_binary(g->current(), g->table(), out).empty());
    return out.str();
}

class Determinism : public ::testing::TestWithParam<sample_run> {};

TEST_P(Determinism, SameSeedSameBytesOnOneThreadOrTwo) {
    const sample_run& run = GetParam();
    const auto start = std::chrono::steady_clock::now();
    const std::string first = play(run, {.threads = 1, .seed = 7});
    ASSERT_FALSE(first.empty());
    const std::string again = play(run, {.threads = 1, .seed = 7});
    const std::string two_threads = play(run, {.threads = 2, .seed = 7});
    // EXPECT_TRUE, not EXPECT_EQ: a failure should not print two 10 MB strings.
    EXPECT_TRUE(first == again) << run.scene << ": two runs with the same seed differ";
    EXPECT_TRUE(first == two_threads) << run.scene << ": 1 and 2 threads differ";
    if (run.uses_random) {
        EXPECT_FALSE(first == play(run, {.threads = 1, .seed = 8}))
            << run.scene << ": the seed changes nothing";
    }
    std::printf("%s, %d ticks: %zu bytes, %.1f s\n", run.scene, run.ticks, first.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

INSTANTIATE_TEST_SUITE_P(
    Samples, Determinism,
    ::testing::Values(sample_run{"tiny_tanks", "scenes/battle.scene.json", 600, false, true},
                      sample_run{"bullets_vs_players", "scenes/arena.scene.json", 600, false, true},
                      sample_run{"platformer", "scenes/level1.scene.json", 600, false, false,
                                 &run_and_jump},
                      sample_run{"stress", "scenes/stress_10k.scene.json", 60, false, false},
                      sample_run{"stress", "scenes/stress.scene.json", 3, true, false}),
    [](const ::testing::TestParamInfo<sample_run>& info) {
        std::string name = std::string(info.param.project) + "_" + info.param.scene;
        for (char& c : name) {
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        }
        return name;
    });

}  // namespace

}  // namespace determinism_test
