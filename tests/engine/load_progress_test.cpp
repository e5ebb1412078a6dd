// load_progress: the loaders report how far they are and stop when asked, handing nothing
// over; mosaic-run shows the progress of a slow load on one line.
#include <mosaic/engine/builtin_components.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "../../engine/src/tools/run_commands.hpp"

using namespace mosaic;

namespace {

const component_table& table() {
    static component_table t;
    [[maybe_unused]] static const bool registered = (register_builtin_components(t), true);
    return t;
}

// Enough entities for several reports in each phase (the JSON parser asks every 256 Ki
// values, the readers every 4,096 entities).
scene big_scene() {
    scene s;
    for (int i = 0; i < 40'000; ++i) {
        const entity e = s.world.create();
        s.world.add<Transform>(e, Transform{{float(i), 1}, 0, {1, 1}});
    }
    return s;
}

std::string saved(bool binary) {
    scene s = big_scene();
    std::ostringstream out;
    if (binary) {
        (void)save_scene_binary(s, table(), out);
    } else {
        (void)save_scene_json(s, table(), out);
    }
    return std::move(out).str();
}

load_result<scene> load(bool binary, const std::string& bytes, const load_progress& progress) {
    return binary ? load_scene_binary(bytes, table(), "big.scene.bin", progress)
                  : load_scene_json(bytes, table(), "big.scene.json", progress);
}

}  // namespace

TEST(LoadProgress, ReportsGrowingFractionsInBothFormats) {
    for (const bool binary : {false, true}) {
        SCOPED_TRACE(binary ? "binary" : "JSON");
        const std::string bytes = saved(binary);
        std::vector<double> reports;
        const auto loaded = load(binary, bytes, [&](double f) {
            reports.push_back(f);
            return true;
        });
        ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
        ASSERT_GE(reports.size(), 5u);
        for (std::size_t i = 0; i < reports.size(); ++i) {
            EXPECT_GE(reports[i], 0.0);
            EXPECT_LE(reports[i], 1.0);
            if (i) {
                EXPECT_GE(reports[i], reports[i - 1]);
            }
        }
        EXPECT_GT(reports.back(), 0.8);
        if (!binary) {
            EXPECT_LT(reports.front(), 0.5) << "the parse reports too, not only reading";
        }
    }
}

TEST(LoadProgress, CancellingStopsTheLoadAndHandsNothingOver) {
    for (const bool binary : {false, true}) {
        for (const int stop_at : {1, 4}) {  // JSON: while parsing, then while reading
            SCOPED_TRACE(std::string(binary ? "binary" : "JSON") + ", stop at report " +
                         std::to_string(stop_at));
            const std::string bytes = saved(binary);
            int calls = 0;
            const auto loaded = load(binary, bytes, [&](double) { return ++calls < stop_at; });
            EXPECT_FALSE(loaded.ok());
            EXPECT_EQ(calls, stop_at) << "asked again after it said stop";
            ASSERT_NE(loaded.error(), nullptr);
            EXPECT_EQ(loaded.error()->message, "loading was cancelled");
        }
    }
}

TEST(LoadProgress, MosaicRunShowsASlowLoadOnOneLine) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("mosaic_load_progress_test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const auto file = folder / "big.scene.bin";
    scene s = big_scene();
    ASSERT_TRUE(save_scene_file(s, table(), file).empty());

    std::ostringstream err;
    const auto slow =
        tools::load_scene_showing_progress(file, table(), err, std::chrono::milliseconds(0));
    ASSERT_TRUE(slow.ok());
    EXPECT_NE(err.str().find("\rloading "), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("big.scene.bin: done\n"), std::string::npos) << err.str();

    std::ostringstream quiet;
    const auto fast =
        tools::load_scene_showing_progress(file, table(), quiet, std::chrono::hours(1));
    ASSERT_TRUE(fast.ok());
    EXPECT_EQ(quiet.str(), "") << "a quick load prints nothing";
    std::filesystem::remove_all(folder);
}
