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
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <thread>

#include <mosaic/engine/project/loaded_project.hpp>

#include "core/child_play.hpp"
#include "core/editor_state.hpp"

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
