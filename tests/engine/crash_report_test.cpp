// crash_report: a crash inside a system (a segfault, an abort) writes the module, the system
// and a backtrace to the crash file and stderr, and the process still dies of its signal.
// Each crash happens in a forked child, as a game's crash would in the editor.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <mosaic/ecs/running_system.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/crash_report.hpp>

namespace {

namespace fs = std::filesystem;

/// Runs `crash` as the system "fire_turrets" in a child process with the handler installed;
/// returns the signal the child died of (0 when it did not die of one).
template <class F>
int crash_in_child(const fs::path& file, F crash) {
    const pid_t child = ::fork();
    if (child == 0) {
        mosaic::crash_report::install(file, "crash-test");
        mosaic::crash_report::set_module("owngame (/tmp/owngame/build/libowngame.so)");
        mosaic::world w;
        mosaic::scheduler s;
        s.add("fire_turrets", [&crash](mosaic::system_context&) { crash(); });
        try {
            s.tick(w, 1.0 / 60);
        } catch (...) {
        }
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

class CrashReportTest : public ::testing::Test {
protected:
    fs::path file =
        fs::temp_directory_path() / ("mosaic-crash-test-" + std::to_string(::getpid()) + ".txt");
    ~CrashReportTest() override { fs::remove(file); }
};

TEST_F(CrashReportTest, ASegfaultInASystemNamesTheModuleTheSystemAndGivesABacktrace) {
    EXPECT_EQ(crash_in_child(file, [] { std::raise(SIGSEGV); }), SIGSEGV)
        << "the process still dies of the signal";
    const std::optional<std::string> text = mosaic::crash_report::read(file);
    ASSERT_TRUE(text.has_value()) << "no crash file";
    EXPECT_NE(text->find("crash-test crashed: signal 11 SIGSEGV"), std::string::npos) << *text;
    EXPECT_NE(text->find("module: owngame (/tmp/owngame/build/libowngame.so)"), std::string::npos)
        << *text;
    EXPECT_NE(text->find("system: fire_turrets"), std::string::npos) << *text;
    EXPECT_NE(text->find("backtrace (most recent call first):\n"), std::string::npos) << *text;
    EXPECT_GT(std::count(text->begin(), text->end(), '\n'), 6) << "frames listed";
}

TEST_F(CrashReportTest, AnAbortIsReportedToo) {
    EXPECT_EQ(crash_in_child(file, [] { std::abort(); }), SIGABRT);
    const std::optional<std::string> text = mosaic::crash_report::read(file);
    ASSERT_TRUE(text.has_value());
    EXPECT_NE(text->find("SIGABRT"), std::string::npos) << *text;
    EXPECT_NE(text->find("system: fire_turrets"), std::string::npos) << *text;
}

TEST(RunningSystem, IsSetOnlyWhileASystemRuns) {
    mosaic::world w;
    mosaic::scheduler s;
    std::string seen;
    s.add("spy", [&seen](mosaic::system_context&) { seen = mosaic::running_system(); });
    EXPECT_EQ(mosaic::running_system(), nullptr);
    s.tick(w, 1.0 / 60);
    EXPECT_EQ(seen, "spy");
    EXPECT_EQ(mosaic::running_system(), nullptr);
}

}  // namespace
