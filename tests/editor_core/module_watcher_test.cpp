// module_watcher: a changed file counts once it kept its new state for one more look.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../modules/test_projects.hpp"
#include "core/module_watcher.hpp"

namespace {

using mosaic::editor::module_watcher;
namespace fs = std::filesystem;

class ModuleWatcherTest : public ::testing::Test {
protected:
    ModuleWatcherTest() {
        file_ = fs::temp_directory_path() /
                ("mosaic-watcher-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        write("version 1");
    }
    ~ModuleWatcherTest() override { fs::remove(file_); }
    void write(const std::string& text) { std::ofstream(file_, std::ios::trunc) << text; }

    fs::path file_;
};

TEST_F(ModuleWatcherTest, AChangeCountsOnceItIsStable) {
    module_watcher w(0.5);
    w.watch(file_, 0.0);
    EXPECT_FALSE(w.poll(0.6)) << "unchanged";
    write("version two, longer");
    EXPECT_FALSE(w.poll(0.7)) << "the interval has not passed";
    EXPECT_FALSE(w.poll(1.2)) << "first seen: it may still be being written";
    EXPECT_TRUE(w.poll(1.8)) << "the same on the next look";
    EXPECT_FALSE(w.poll(2.4)) << "once per change";
}

TEST_F(ModuleWatcherTest, AFileStillBeingWrittenWaits) {
    module_watcher w(0.5);
    w.watch(file_, 0.0);
    write("a");
    EXPECT_FALSE(w.poll(0.5));
    write("ab");
    EXPECT_FALSE(w.poll(1.0));
    write("");  // a linker truncates, then writes
    EXPECT_FALSE(w.poll(1.5));
    EXPECT_FALSE(w.poll(2.0)) << "an empty file is never loaded";
    write("abc, done");
    EXPECT_FALSE(w.poll(2.5));
    EXPECT_TRUE(w.poll(3.0));
}

TEST_F(ModuleWatcherTest, ADeletedFileIsNotAChangeToLoadButItsReturnIs) {
    module_watcher w(0.5);
    w.watch(file_, 0.0);
    fs::remove(file_);
    EXPECT_FALSE(w.poll(0.5));
    EXPECT_FALSE(w.poll(1.0));
    write("rebuilt");
    EXPECT_FALSE(w.poll(1.5));
    EXPECT_TRUE(w.poll(2.0));
}

TEST_F(ModuleWatcherTest, RebaselineForgetsAChangeSomeoneElseLoaded) {
    module_watcher w(0.5);
    w.watch(file_, 0.0);
    write("reloaded by the build");
    w.rebaseline(0.1);
    EXPECT_FALSE(w.poll(1.0));
    EXPECT_FALSE(w.poll(2.0));
}

TEST(ModuleWatcher, NoFileWatchesNothing) {
    module_watcher w;
    w.watch({}, 0.0);
    EXPECT_FALSE(w.poll(10.0));
}

// A module whose ELF headers say it goes on past its end (a link still running, or stopped)
// is never reported, however long it stays so: reporting it would dlopen a cut file.
TEST_F(ModuleWatcherTest, AnElfFileCutShortIsNeverReported) {
    const fs::path whole = mosaic::testing::test_module("reload_v1");
    module_watcher w(0.5);
    w.watch(file_, 0.0);
    fs::copy_file(whole, file_, fs::copy_options::overwrite_existing);
    fs::resize_file(file_, 4096);
    EXPECT_FALSE(w.poll(0.5));
    EXPECT_FALSE(w.poll(1.0)) << "stable but cut short";
    EXPECT_FALSE(w.poll(1.5));
    fs::copy_file(whole, file_, fs::copy_options::overwrite_existing);
    EXPECT_FALSE(w.poll(2.0));
    EXPECT_TRUE(w.poll(2.5)) << "whole and stable";
}

}  // namespace
