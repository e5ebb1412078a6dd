// mosaic-child-play-bench: Play in a separate process (issue #30 §2), the editor's side as
// the toolbar's Play runs it: write the edit-time scene, start the project's mosaic-run,
// read its port, attach, until the first tick the attached game reports. Goal: within 1 s
// for the samples.
//
//   child_play_start/tiny_tanks  projects/tiny_tanks, scenes/battle.scene.json
//   child_play_start/platformer  projects/platformer, its default scene
//
// Each iteration's time is child_play::seconds_to_first_tick() (manual time); stopping and
// reaping the child happen outside it.
//
//   remote_100k/select   attached to a mosaic-run playing 100,000 moving entities: from a
//                        click on an entity of the Game tab's list (remote_game::select) to
//                        its values shown (manual time); counter page_hz: the list's
//                        refreshes a second, measured over the run (goals: 100 ms, 10 Hz).
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <thread>

#include <unistd.h>

#include <filesystem>

#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/child_play.hpp"
#include "core/child_process.hpp"
#include "core/editor_state.hpp"
#include "core/remote_game.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

const std::string projects = MOSAIC_PROJECTS_DIR;

void child_play_start(benchmark::State& state, const std::string& project) {
    default_build_dir_variable();
    editor_state s;
    if (!s.open_project(projects + "/" + project) || !s.opened_project().module) {
        state.SkipWithError("the project did not open (is its module built?)");
        return;
    }
    child_play& child = s.child_player();
    for (auto _ : state) {
        if (!s.play_in_child().empty()) {
            state.SkipWithError(child.message().c_str());
            return;
        }
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!child.seconds_to_first_tick() && child.active() &&
               std::chrono::steady_clock::now() < give_up) {
            child.update();  // the editor's frame, without the drawing
            std::this_thread::sleep_for(std::chrono::microseconds(500));
        }
        if (!child.seconds_to_first_tick()) {
            state.SkipWithError(("no tick: " + child.message()).c_str());
            return;
        }
        state.SetIterationTime(*child.seconds_to_first_tick());
        child.stop();
        while (child.stopping() > 0) {
            child.update();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    state.counters["entities"] = static_cast<double>(s.world().size());
}
double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void remote_100k_select(benchmark::State& state) {
    namespace fs = std::filesystem;
    const fs::path scene_file = fs::temp_directory_path() /
                                ("mosaic-remote-100k-" + std::to_string(::getpid()) + ".scene.bin");
    {
        mosaic::scene big;
        for (int i = 0; i < 100'000; ++i) {
            const entity e = big.world.create();
            big.world.add<Transform>(e, Transform{{float(i % 300), float(i / 300)}, 0, {1, 1}});
            big.world.add<RigidBody>(e, RigidBody{{1.0f, 0.5f}, {0, 0}, 0, 0});
            big.world.add<Health>(e);
        }
        component_table table;
        register_builtin_components(table);
        (void)save_scene_file(big, table, scene_file);
    }
    child_process game;
    if (std::string e =
            game.start({default_game_runner().string(), scene_file.string(), "--listen", "0"});
        !e.empty()) {
        state.SkipWithError(e.c_str());
        return;
    }
    std::string address;
    for (const double give_up = seconds_now() + 30; address.empty() && seconds_now() < give_up;) {
        game.poll(seconds_now());
        for (const std::string& line : game.take_stdout()) {
            const std::string prefix = "live link: listening on ";
            if (line.rfind(prefix, 0) == 0) {
                address = line.substr(prefix.size(), line.find(' ', prefix.size()) - prefix.size());
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    remote_game g;
    if (address.empty() || !g.attach(address, "").empty()) {
        state.SkipWithError("the game did not listen");
        return;
    }
    // The editor's frames: 60 a second.
    const auto frame = [&] {
        g.update(seconds_now());
        std::this_thread::sleep_for(std::chrono::microseconds(16'667));
    };
    for (const double give_up = seconds_now() + 30; g.rows().empty() && seconds_now() < give_up;)
        frame();
    if (g.rows().empty()) {
        state.SkipWithError("no entities listed");
        return;
    }
    const double started = seconds_now();
    const std::uint64_t pages_before = g.pages_received();
    std::size_t i = 0;
    for (auto _ : state) {
        const std::uint64_t id = g.rows()[i++ % g.rows().size()].id;
        const double t0 = seconds_now();
        g.select(id);
        while (g.inspected().empty() && seconds_now() - t0 < 5.0) frame();
        state.SetIterationTime(seconds_now() - t0);
    }
    state.counters["page_hz"] =
        static_cast<double>(g.pages_received() - pages_before) / (seconds_now() - started);
    state.counters["entities"] = static_cast<double>(g.total());
    g.detach();
    game.end_and_wait(2.0);
    fs::remove(scene_file);
}

BENCHMARK(remote_100k_select)
    ->Name("remote_100k/select")
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(20)
    ->Repetitions(3);
BENCHMARK_CAPTURE(child_play_start, tiny_tanks, std::string("tiny_tanks"))
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(5)
    ->Repetitions(3);
BENCHMARK_CAPTURE(child_play_start, platformer, std::string("platformer"))
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(5)
    ->Repetitions(3);

}  // namespace

BENCHMARK_MAIN();
