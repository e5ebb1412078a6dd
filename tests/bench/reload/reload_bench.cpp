// mosaic-reload-bench: what the editor does when game code changes, without the compiler.
//
//   reload_stress_100k  the stress project playing its 100,000-sprite scene (paused): one
//                       editor_state::reload_code() — copy and load the module, trial
//                       registration, take every component of the module's types out,
//                       unload the old code, register the new, migrate the values back (scene
//                       and play snapshot), re-read the archetypes
//   switch_project      open_project() of another sample with its default scene: the old
//                       game torn down, the new module loaded, the scene read
//
// Goal (issue #11): both <= 300 ms.
#include <benchmark/benchmark.h>

#include <string>

#include <mosaic/engine/project/loaded_project.hpp>

#include "core/editor_state.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

const std::string projects = MOSAIC_PROJECTS_DIR;

void reload_stress_100k(benchmark::State& state) {
    default_build_dir_variable();
    editor_state s;
    if (!s.open(projects + "/stress/scenes/stress.scene.json") || !s.opened_project().module) {
        state.SkipWithError("the stress project did not open (is its module built?)");
        return;
    }
    s.player().play();
    s.player().pause();
    for (int i = 0; i < 3; ++i) {  // the spawner fills the world on the first tick
        s.player().step();
        s.player().frame(0);
    }
    for (auto _ : state) {
        if (!s.reload_code()) {
            state.SkipWithError("reload failed");
            return;
        }
    }
    state.counters["entities"] = static_cast<double>(s.world().size());
}
BENCHMARK(reload_stress_100k)->Unit(benchmark::kMillisecond)->UseRealTime();

void switch_project(benchmark::State& state) {
    default_build_dir_variable();
    editor_state s;
    const std::string sides[] = {projects + "/tiny_tanks", projects + "/platformer"};
    int next = 0;
    for (auto _ : state) {
        if (!s.open_project(sides[next])) {
            state.SkipWithError("a sample project did not open");
            return;
        }
        next = 1 - next;
    }
    state.counters["entities"] = static_cast<double>(s.world().size());
}
BENCHMARK(switch_project)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
