#pragma once
// A test-only probe that tells when game code reads the wall clock. The test executable
// defines clock_gettime, gettimeofday and time itself (the dynamic linker prefers the
// executable's definitions, so every library's calls come here first); while the probe is
// armed, each call is attributed to the first frame of its call stack outside the C and C++
// runtimes. A call from the ECS library (the scheduler timing its systems for the profiler,
// the worker pool waiting) is legitimate; one from anywhere else (a built-in system in the
// engine, a game module, a test's system) counts as a wall-clock read.
//
//   mosaic::testing::wall_clock_probe probe;   // armed while it lives
//   g.tick();
//   EXPECT_EQ(probe.reads(), 0) << probe.first_reader();

#include <string>

namespace mosaic::testing {

class wall_clock_probe {
public:
    wall_clock_probe();
    ~wall_clock_probe();
    wall_clock_probe(const wall_clock_probe&) = delete;
    wall_clock_probe& operator=(const wall_clock_probe&) = delete;

    /// Wall-clock reads by code other than the ECS library since the probe was armed.
    [[nodiscard]] int reads() const;
    /// The first such reader: its library and function, as dladdr names them.
    [[nodiscard]] std::string first_reader() const;
};

}  // namespace mosaic::testing
