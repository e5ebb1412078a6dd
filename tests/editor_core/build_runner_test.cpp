// build_runner: a shell command in the background, its output line by line, its exit code;
// poll() never waits for the command.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "core/build_runner.hpp"

namespace {

using mosaic::editor::build_runner;
using clock_type = std::chrono::steady_clock;
namespace fs = std::filesystem;

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

TEST(BuildRunner, StreamsEveryLineAndTheExitCode) {
    build_runner b;
    ASSERT_TRUE(b.start("printf 'a\\nerror: b\\n'; echo 'to stderr' >&2; exit 3", "."));
    EXPECT_TRUE(b.running());
    const std::vector<std::string> lines = b.wait();
    EXPECT_EQ(lines, (std::vector<std::string>{"a", "error: b", "to stderr"}));
    ASSERT_TRUE(b.exit_code().has_value());
    EXPECT_EQ(*b.exit_code(), 3);
    EXPECT_FALSE(b.running());
}

TEST(BuildRunner, PollReturnsAtOnceWhileTheCommandRuns) {
    build_runner b;
    ASSERT_TRUE(b.start("sleep 0.3; echo done", "."));
    const auto start = clock_type::now();
    EXPECT_TRUE(b.poll().empty());
    EXPECT_LT(seconds_since(start), 0.1) << "poll() must not wait for the command";
    EXPECT_TRUE(b.running());
    EXPECT_FALSE(b.exit_code().has_value());

    std::vector<std::string> lines;
    int polls = 0;
    while (b.running() && seconds_since(start) < 20) {
        for (std::string& line : b.poll()) lines.push_back(std::move(line));
        ++polls;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_GT(polls, 10) << "the frames went on while the command ran";
    EXPECT_EQ(lines, std::vector<std::string>{"done"});
    EXPECT_EQ(b.exit_code(), 0);
}

TEST(BuildRunner, LinesArriveWhileTheCommandStillRuns) {
    build_runner b;
    ASSERT_TRUE(b.start("echo first; sleep 0.3; echo second", "."));
    const auto start = clock_type::now();
    std::vector<std::string> early;
    while (early.empty() && seconds_since(start) < 5) {
        early = b.poll();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_EQ(early, std::vector<std::string>{"first"});
    EXPECT_TRUE(b.running()) << "the first line came before the command ended";
    EXPECT_EQ(b.wait(), std::vector<std::string>{"second"});
}

TEST(BuildRunner, RunsInTheFolderItIsGiven) {
    const fs::path folder = fs::canonical(fs::temp_directory_path());
    build_runner b;
    ASSERT_TRUE(b.start("pwd -P", folder));
    EXPECT_EQ(b.wait(), std::vector<std::string>{folder.string()});
}

TEST(BuildRunner, KeepsALastLineWithoutNewlineAndReportsSignals) {
    build_runner b;
    ASSERT_TRUE(b.start("printf 'no newline'", "."));
    EXPECT_EQ(b.wait(), std::vector<std::string>{"no newline"});
    ASSERT_TRUE(b.start("kill -9 $$", "."));
    (void)b.wait();
    EXPECT_EQ(b.exit_code(), 128 + 9);
}

TEST(BuildRunner, OneCommandAtATime) {
    build_runner b;
    ASSERT_TRUE(b.start("sleep 0.2", "."));
    std::string error;
    EXPECT_FALSE(b.start("echo again", ".", &error));
    EXPECT_NE(error.find("already running"), std::string::npos) << error;
    (void)b.wait();
    EXPECT_TRUE(b.start("echo again", "."));
    EXPECT_EQ(b.wait(), std::vector<std::string>{"again"});
}

TEST(BuildRunner, AMissingFolderIsAnError) {
    build_runner b;
    std::string error;
    EXPECT_FALSE(b.start("true", "/no/such/folder", &error));
    EXPECT_NE(error.find("/no/such/folder"), std::string::npos) << error;
    EXPECT_FALSE(b.running());
}

TEST(BuildRunner, DestroyingItStopsTheCommand) {
    const auto start = clock_type::now();
    {
        build_runner b;
        ASSERT_TRUE(b.start("sleep 30", "."));
    }
    EXPECT_LT(seconds_since(start), 5.0);
}

}  // namespace
