// The stress project's scenes (10,000 and 100,000 moving, colliding sprites): the time of one
// simulation tick, with 1 and 2 scheduler threads. The scene spawns its sprites on the first
// tick; the fixture runs a few ticks before timing so the world is in its steady state.
#include <map>
#include <memory>
#include <string>

#include "bench_registry.hpp"
#include "stress_support.hpp"

namespace {

using namespace mosaic;
using bench::start_stress;

template <unsigned Threads>
void stress_tick(benchmark::State& state) {
    std::string error;
    auto g = start_stress(state.range(0), Threads, error);
    if (!g) {
        state.SkipWithError(error.c_str());
        return;
    }
    for (auto _ : state) g->tick();
    state.counters["entities"] = static_cast<double>(g->world().size());
}

const bool registered = bench::add_cases({
    {"stress_tick", "1_thread", stress_tick<1>, {10'000, 100'000}},
    {"stress_tick", "2_threads", stress_tick<2>, {10'000, 100'000}},
});

}  // namespace
