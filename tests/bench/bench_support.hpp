#pragma once
// What every benchmark file shares.
//
// Sections:
//   1. inputs     entity count, fixed-seed shuffles, the iterate_sparse3 composition
//   2. fixtures   reuse_fixture: build a world or scene once per benchmark, not per call
//   3. timing     entity_clock: the `ns_per_entity` counter

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <memory>
#include <numeric>
#include <random>
#include <type_traits>
#include <vector>

namespace bench {

// --- 1. inputs -----------------------------------------------------------------------------------

/// Fixed, so every run shuffles and composes the same way.
inline constexpr std::uint32_t seed = 0x5EED'2024u;

/// The entity count of a benchmark (its argument: .../10000, .../1000000).
inline std::size_t entity_count(const benchmark::State& state) {
    return static_cast<std::size_t>(state.range(0));
}

/// 0 .. n-1 in a fixed random order.
inline std::vector<std::uint32_t> shuffled_indices(std::size_t n) {
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937(seed));
    return order;
}

/// `items` in a fixed random order.
template <class T>
std::vector<T> shuffled(std::vector<T> items) {
    std::shuffle(items.begin(), items.end(), std::mt19937(seed + 1));
    return items;
}

// iterate_sparse3: every entity has a Position; Velocity (1 in 2) and Health (1 in 4) are
// drawn independently with a fixed seed, so about 1 in 8 has all three and neither the view
// nor the branch predictor can rely on a pattern. All variants get the same composition.
inline constexpr std::uint8_t with_velocity = 1;
inline constexpr std::uint8_t with_health = 2;
inline constexpr std::uint8_t with_both = with_velocity | with_health;

inline std::vector<std::uint8_t> sparse3_composition(std::size_t n) {
    std::mt19937 rng(seed + 2);
    std::vector<std::uint8_t> masks(n);
    for (auto& mask : masks) {
        const std::uint32_t r = rng();
        mask = static_cast<std::uint8_t>(((r & 1u) != 0 ? with_velocity : 0) |
                                         ((r >> 1 & 3u) == 0 ? with_health : 0));
    }
    return masks;
}

// --- 2. fixtures ---------------------------------------------------------------------------------

namespace detail {
struct fixture_slot {
    const void* owner = nullptr;
    std::size_t entities = 0;
    std::shared_ptr<void> value;
};
inline fixture_slot& current_fixture() {
    static fixture_slot slot;
    return slot;
}
}  // namespace detail

/// The fixture `build(n)` returns, built on the first call and handed back while the same
/// call site asks again with the same n. Google Benchmark calls a benchmark function several
/// times (to settle the iteration count, then once per repetition), and building a scene of
/// a million scattered objects takes longer than measuring it. One fixture is alive at a
/// time: asking for another frees the previous one first. Only for fixtures a pass leaves
/// as it found them (iteration, lookups, add-then-remove).
template <class Build>
auto& reuse_fixture(std::size_t n, Build build) {
    static_assert(std::is_class_v<Build>, "pass a lambda: its type identifies the call site");
    using fixture = decltype(build(n));
    static const char owner = 0;  // one per Build type, i.e. per call site
    detail::fixture_slot& slot = detail::current_fixture();
    if (slot.owner != &owner || slot.entities != n) {
        slot.value.reset();
        slot.value = std::make_shared<fixture>(build(n));
        slot.owner = &owner;
        slot.entities = n;
    }
    return *static_cast<fixture*>(slot.value.get());
}

// --- 3. timing -----------------------------------------------------------------------------------

/// Adds up the CPU time of this thread spent in the timed parts of a benchmark and reports
/// it as the counter `ns_per_entity`: nanoseconds per entity per pass (one benchmark
/// iteration is one pass over all N entities).
///
/// CPU time, not wall-clock time, because this 2-core machine is shared with builds: time
/// spent preempted is not the library's. Reading the thread CPU clock is a system call here
/// (1.7 us, of which about 0.9 us lands inside the measured interval); that share is
/// measured once (median of empty start/stop pairs) and subtracted per pair, which matters
/// only for the raw variant's 10,000-entity create and destroy (a few microseconds a pass).
class entity_clock {
public:
    void start() noexcept { started_ = now(); }
    void stop() noexcept {
        elapsed_ += now() - started_;
        ++intervals_;
    }

    void report(benchmark::State& state, std::size_t entities) const {
        const double passes = static_cast<double>(state.iterations());
        if (passes == 0 || entities == 0) return;
        const auto ns = static_cast<double>(elapsed_ - intervals_ * overhead());
        state.counters["ns_per_entity"] = ns / (passes * static_cast<double>(entities));
    }

private:
    static std::int64_t now() noexcept {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
    }
    // What an empty start()/stop() pair measures.
    static std::int64_t overhead() {
        static const std::int64_t cost = [] {
            std::vector<std::int64_t> samples(101);
            for (auto& sample : samples) {
                const std::int64_t begin = now();
                sample = now() - begin;
            }
            std::nth_element(samples.begin(), samples.begin() + 50, samples.end());
            return samples[50];
        }();
        return cost;
    }

    std::int64_t started_ = 0;
    std::int64_t elapsed_ = 0;
    std::int64_t intervals_ = 0;
};

}  // namespace bench
