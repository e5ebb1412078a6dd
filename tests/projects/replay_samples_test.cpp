// Replays of every sample scene: recorded as mosaic-run --record records (the project's
// module, its archetypes, scripted input where the game reads the keyboard), written to
// bytes and read back, then played in a fresh game on another thread count with every
// checkpoint verified: no divergence, the same final bytes as the recording run and as a run
// without recording, and no system reads the wall clock while the replay runs.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>

#include <mosaic/engine/input.hpp>
#include <mosaic/engine/replay/replay_observers.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>

#include "project_test_support.hpp"
#include "wall_clock_probe.hpp"

namespace replay_samples_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;

struct sample_replay {
    const char* project;
    const char* scene;
    int ticks;
    bool binary;                               // compare binary saves (the 100k scene)
    void (*drive)(game&, int tick) = nullptr;  // scripted input, before each tick
};

void PrintTo(const sample_replay& run, std::ostream* out) {
    *out << run.project << '/' << run.scene << ", " << run.ticks << " ticks";
}

void run_and_jump(game& g, int tick) {
    Input& in = g.world().resource<Input>();
    in.set(key::right, tick >= 60);
    in.set(key::space, tick >= 60 && tick % 40 < 3);
}

std::string save(game& g, bool binary) {
    g.current().capture_systems(g.systems(), g.system_defaults());
    if (!binary) return mosaic::testing::saved_json(g);
    std::ostringstream out;
    EXPECT_TRUE(save_scene_binary(g.current(), g.table(), out).empty());
    return out.str();
}

// A run of the sample, recorded when `recorded` is given.
std::string run_sample(const sample_replay& run, replay* recorded) {
    auto g = mosaic::testing::start_sample(run.project, run.scene, {.threads = 1, .seed = 7});
    if (!g) return {};
    std::optional<replay_recorder> recorder;
    if (recorded) {
        recorder.emplace(*g, origin_of(*g, run.scene), replay_settings{.seed = 7});
        EXPECT_TRUE(recorder->problems().empty()) << to_string(recorder->problems());
        g->set_observer(&*recorder);
    }
    for (int tick = 0; tick < run.ticks; ++tick) {
        if (run.drive) run.drive(*g, tick);
        g->tick();
    }
    g->set_observer(nullptr);
    if (recorded) *recorded = recorder->finish(*g);
    return save(*g, run.binary);
}

class SampleReplay : public ::testing::TestWithParam<sample_replay> {};

TEST_P(SampleReplay, VerifiesAndSavesTheSameBytes) {
    const sample_replay& run = GetParam();
    replay recorded;
    const std::string recording_save = run_sample(run, &recorded);
    ASSERT_FALSE(recording_save.empty());
    EXPECT_TRUE(recording_save == run_sample(run, nullptr))
        << run.scene << ": recording changed the run";

    // Through the file format, as mosaic-run --replay reads it.
    const std::string file = write_replay(recorded);
    const load_result<replay> loaded = read_replay(file, "sample.mosaic-replay");
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const replay& r = *loaded.value;

    const loaded_project& p = mosaic::testing::sample_project(run.project);
    game g(p.module, {.threads = 2, .seed = r.settings.seed});
    EXPECT_TRUE(check_origin(r, g).empty()) << to_string(check_origin(r, g));
    const std::filesystem::path folder =
        mosaic::testing::projects_folder() / std::string(run.project);
    EXPECT_TRUE(g.load_archetypes(p.archetypes_folder(folder)).empty());
    replay_player player(r, {.verify = true});
    const std::vector<diagnostic> problems = player.start(g, "sample.mosaic-replay");
    ASSERT_TRUE(problems.empty()) << to_string(problems);
    g.set_observer(&player);
    int clock_reads = 0;
    std::string reader;
    while (!player.finished(g) && !player.divergence()) {
        const mosaic::testing::wall_clock_probe probe;
        g.tick();
        if (probe.reads() > 0 && clock_reads == 0) reader = probe.first_reader();
        clock_reads += probe.reads();
    }
    g.set_observer(nullptr);
    ASSERT_FALSE(player.divergence()) << player.divergence()->to_string();
    EXPECT_EQ(player.verified(), r.checkpoints.size());
    EXPECT_EQ(g.systems().ticks(), static_cast<std::uint64_t>(run.ticks));
    EXPECT_TRUE(save(g, run.binary) == recording_save)
        << run.scene << ": the replay saves other bytes";
    EXPECT_EQ(clock_reads, 0) << "a system read the wall clock during the replay: " << reader;
    std::printf("%s, %d ticks: replay %zu bytes (%zu input changes, %zu checkpoints)\n", run.scene,
                run.ticks, file.size(), r.input.changes().size(), r.checkpoints.size());
}

INSTANTIATE_TEST_SUITE_P(
    Samples, SampleReplay,
    ::testing::Values(sample_replay{"tiny_tanks", "scenes/battle.scene.json", 600, false},
                      sample_replay{"bullets_vs_players", "scenes/arena.scene.json", 600, false},
                      sample_replay{"platformer", "scenes/level1.scene.json", 600, false,
                                    &run_and_jump},
                      sample_replay{"stress", "scenes/stress_10k.scene.json", 60, false},
                      sample_replay{"stress", "scenes/stress.scene.json", 3, true}),
    [](const ::testing::TestParamInfo<sample_replay>& info) {
        std::string name = std::string(info.param.project) + "_" + info.param.scene;
        for (char& c : name) {
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        }
        return name;
    });

// Every sample scene file of every project is covered above (a new scene must be added).
TEST(SampleReplay, CoversEverySampleScene) {
    std::size_t scenes = 0;
    for (const std::string& name : mosaic::testing::sample_project_names()) {
        const load_result<project_manifest> m =
            load_manifest(mosaic::testing::projects_folder() / name);
        ASSERT_TRUE(m.ok());
        scenes += m.value->scene_files().size();
    }
    EXPECT_EQ(scenes, 5u) << "a sample scene was added or removed: list it in SampleReplay";
}

// The probe itself: a system that reads the clock is caught, the scheduler's own timing of
// systems (the profiler) is not.
TEST(WallClockProbe, CatchesASystemThatReadsTheClock) {
    game g;
    g.systems().add("honest", [](system_context&) {});
    g.start(scene{});
    {
        const mosaic::testing::wall_clock_probe probe;
        g.tick();
        EXPECT_EQ(probe.reads(), 0) << probe.first_reader();
    }
    g.systems().add("cheat", [](system_context&) {
        (void)std::chrono::steady_clock::now();
        (void)std::chrono::system_clock::now();
    });
    const mosaic::testing::wall_clock_probe probe;
    g.tick();
    EXPECT_EQ(probe.reads(), 2);
    EXPECT_NE(probe.first_reader().find("mosaic-project-tests"), std::string::npos)
        << probe.first_reader();
}

}  // namespace

}  // namespace replay_samples_test
