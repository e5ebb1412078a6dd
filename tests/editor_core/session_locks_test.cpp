// Two editors at once: file_lock and open_scene_lock tested with a second process (forked),
// killed with SIGKILL as a crash would, and file names that must not reach messages raw.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <mosaic/engine/display_path.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "core/file_lock.hpp"
#include "core/open_scene_lock.hpp"
#include "other_process.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class SessionLocksTest : public ::testing::Test {
protected:
    SessionLocksTest() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = fs::temp_directory_path() / ("mosaic-locks-" + std::string(info->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    ~SessionLocksTest() override { fs::remove_all(folder_); }
    fs::path folder_;
};

TEST_F(SessionLocksTest, ALockIsHeldWhileItsProcessLivesAndFreeOnceKilled) {
    const fs::path file = folder_ / "a.lock";
    other_process holder([&] { return file_lock::try_lock(file).has_value() ? "locked" : ""; });
    // The child's file_lock went out of scope in setup(): take it and keep it this time.
    other_process keeper([&] {
        static std::optional<file_lock> kept;
        kept = file_lock::try_lock(folder_ / "b.lock");
        return kept ? "locked" : "";
    });
    ASSERT_EQ(holder.reply(), "locked");
    ASSERT_EQ(keeper.reply(), "locked");
    EXPECT_FALSE(file_lock::held_by_other(file)) << "released when its object went";
    EXPECT_TRUE(file_lock::held_by_other(folder_ / "b.lock"));
    EXPECT_FALSE(file_lock::try_lock(folder_ / "b.lock").has_value());
    keeper.kill();
    EXPECT_FALSE(file_lock::held_by_other(folder_ / "b.lock")) << "kill -9 frees it";
    EXPECT_TRUE(file_lock::try_lock(folder_ / "b.lock").has_value());
}

TEST_F(SessionLocksTest, InOneProcessTwoHoldersExcludeEachOther) {
    std::optional<file_lock> first = file_lock::try_lock(folder_ / "x.lock");
    ASSERT_TRUE(first);
    EXPECT_FALSE(file_lock::try_lock(folder_ / "x.lock").has_value());
    first->remove_and_unlock();
    EXPECT_FALSE(fs::exists(folder_ / "x.lock"));
    EXPECT_TRUE(file_lock::try_lock(folder_ / "x.lock").has_value());
}

TEST_F(SessionLocksTest, OpeningASceneOpenInAnotherEditorWarnsTheSecondOne) {
    const fs::path scene = folder_ / "shared.scene.json";
    {
        editor_state maker;
        ASSERT_TRUE(maker.save_as(scene));
    }
    const fs::path markers = folder_ / "open-scenes";
    other_process first([&] {
        static editor_state s;
        static open_scene_lock lock(markers);
        if (!s.open(scene)) return std::string("cannot open");
        lock.follow(s);
        return std::string(lock.holds() ? "holding" : "not holding");
    });
    ASSERT_EQ(first.reply(), "holding");

    editor_state second;
    open_scene_lock lock(markers);
    // Through another spelling of the same file: the marker is keyed by the canonical path.
    ASSERT_TRUE(second.open(folder_ / "." / "shared.scene.json"));
    lock.follow(second);
    EXPECT_FALSE(lock.holds());
    ASSERT_EQ(second.alerts().size(), 1u);
    EXPECT_EQ(second.alerts().front().title, "Scene open in another editor");
    EXPECT_NE(second.alerts().front().text.find(std::to_string(first.pid())), std::string::npos)
        << second.alerts().front().text;
    EXPECT_EQ(second.log().count(log_level::warning), 1u);
    lock.follow(second);
    EXPECT_EQ(second.alerts().size(), 1u) << "once per opening, not every frame";

    first.kill();
    editor_state third;
    open_scene_lock after(markers);
    ASSERT_TRUE(third.open(scene));
    after.follow(third);
    EXPECT_TRUE(after.holds()) << "the first editor is gone: no warning";
    EXPECT_TRUE(third.alerts().empty());
    third.new_scene();
    after.follow(third);
    EXPECT_FALSE(after.holds());
    EXPECT_FALSE(fs::exists(open_scene_lock::marker(markers, scene))) << "closed: marker gone";
}

TEST_F(SessionLocksTest, ScenesWithANewlineOrBytesThatAreNotUtf8AreShownEscaped) {
    for (const std::string name : {"two\nlines.scene.json", "caf\xe9.scene.json"}) {
        editor_state s;
        create_entity(s, "Hero");
        const fs::path file = folder_ / name;
        ASSERT_TRUE(s.save_as(file));
        EXPECT_EQ(s.title().find(name), std::string::npos) << "raw name in the title";
        EXPECT_NE(s.title().find(display_path(fs::path(name))), std::string::npos) << s.title();
        editor_state reader;
        ASSERT_TRUE(reader.open(file)) << "such a file still opens";
        EXPECT_FALSE(reader.find_by_name("Hero").is_null());
        std::ofstream(file, std::ios::trunc) << "{ broken";
        EXPECT_FALSE(reader.open(file));
        for (editor_state* st : {&s, &reader}) {
            for (const log_line& line : st->log().lines())
                EXPECT_EQ(display_path(line.text), line.text) << "raw bytes in the Console";
        }
        EXPECT_GE(reader.log().count(log_level::error), 1u);
    }
}

}  // namespace
}  // namespace mosaic::testing
