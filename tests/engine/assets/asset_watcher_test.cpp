// asset_watcher: a changed file is reported once it settles (same stamp at two polls, not
// empty); a deleted file is not reported until it is back; unchanged files never are.
#include <mosaic/engine/assets/asset_watcher.hpp>

#include <gtest/gtest.h>

#include <chrono>

#include "asset_test_support.hpp"

namespace mosaic::testing {
namespace {

// File times have a granularity; a later time makes the change visible however fast the
// test runs.
void touch_later(const std::filesystem::path& file, int seconds) {
    std::filesystem::last_write_time(
        file, std::filesystem::file_time_type::clock::now() + std::chrono::seconds(seconds));
}

TEST(AssetWatcher, ReportsAChangeOnceItHasSettled) {
    const auto folder = asset_temp_folder();
    const auto file = folder / "a.png";
    write_text(file, "one");
    asset_watcher watcher;
    watcher.watch(file);
    EXPECT_TRUE(watcher.poll().empty());

    EXPECT_FALSE(watcher.settling());

    write_text(file, "two!");
    touch_later(file, 5);
    EXPECT_TRUE(watcher.poll().empty());  // changed since the last poll: maybe still written
    EXPECT_TRUE(watcher.settling()) << "look again soon: the change waits for a second look";
    const auto changed = watcher.poll();
    ASSERT_EQ(changed.size(), 1u);
    EXPECT_EQ(changed[0], file);
    EXPECT_FALSE(watcher.settling());
    EXPECT_TRUE(watcher.poll().empty());  // once
}

TEST(AssetWatcher, EmptyAndMissingFilesWait) {
    const auto folder = asset_temp_folder();
    const auto file = folder / "s.sheet.json";
    write_text(file, "{}");
    asset_watcher watcher;
    watcher.watch(file);

    write_text(file, "");  // truncated by a tool that writes next
    touch_later(file, 5);
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_FALSE(watcher.settling()) << "an empty file is not a change to hurry for";
    std::filesystem::remove(file);
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_FALSE(watcher.settling()) << "nor a missing one";
    write_text(file, "{\"v\": 2}");
    touch_later(file, 10);
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_EQ(watcher.poll().size(), 1u);

    // A file watched before it exists is reported when it appears.
    const auto later = folder / "later.png";
    watcher.watch(later);
    write_text(later, "x");
    EXPECT_TRUE(watcher.poll().empty());
    EXPECT_EQ(watcher.poll().size(), 1u);
    watcher.forget(later);
    EXPECT_EQ(watcher.size(), 1u);
}

}  // namespace
}  // namespace mosaic::testing
