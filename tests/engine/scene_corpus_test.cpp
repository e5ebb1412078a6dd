// Every file of the fuzz corpus, the fuzz regressions and the sample projects keeps the
// properties the fuzz targets check on random inputs (tests/fuzz/scene_properties.hpp): in
// particular, each one that loads converts to the other format and back, and both loads
// succeed. The fuzz targets run only with clang; this runs them on known files in every
// build, sanitizers included.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/scene_properties.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path repo = MOSAIC_REPO_DIR;

std::vector<fs::path> files_under(const fs::path& folder, std::string_view suffix) {
    std::vector<fs::path> files;
    if (!fs::is_directory(folder)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.ends_with(suffix) && !name.ends_with(".md"))
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return std::move(bytes).str();
}

// Checks each file (one that does not load is fine: bad input may be refused).
template <class Check>
void check_all(const std::vector<fs::path>& files, Check check) {
    ASSERT_FALSE(files.empty()) << "no files found: is MOSAIC_REPO_DIR right?";
    for (const fs::path& file : files) {
        try {
            check(contents(file));
        } catch (const mosaic::fuzz::property_broken& broken) {
            ADD_FAILURE() << file.string() << ": " << broken.what << "\n"
                          << broken.detail.substr(0, 4000);
        }
    }
}

}  // namespace

TEST(SceneCorpus, JsonCorpusAndRegressionsKeepTheProperties) {
    std::vector<fs::path> files = files_under(repo / "tests/fuzz/corpus/json", "");
    for (const fs::path& f : files_under(repo / "tests/fuzz/regressions/json", ""))
        files.push_back(f);
    check_all(files, [](const std::string& text) { mosaic::fuzz::check_json_input(text); });
}

TEST(SceneCorpus, BinaryCorpusAndRegressionsKeepTheProperties) {
    std::vector<fs::path> files = files_under(repo / "tests/fuzz/corpus/binary", "");
    for (const fs::path& f : files_under(repo / "tests/fuzz/regressions/binary", ""))
        files.push_back(f);
    check_all(files, [](const std::string& bytes) { mosaic::fuzz::check_binary_input(bytes); });
}

TEST(SceneCorpus, SampleProjectScenesKeepTheProperties) {
    // Loaded with the test table: the games' own components are unknown here, so this also
    // checks that unknown components convert both ways unchanged. The stress scenes (100k
    // entities, megabytes) are left to the projects' own tests: here they would take most
    // of the suite's time to say nothing new.
    std::vector<fs::path> scenes = files_under(repo / "projects", ".scene.json");
    std::erase_if(scenes, [](const fs::path& p) { return fs::file_size(p) > 1024 * 1024; });
    check_all(scenes, [](const std::string& text) { mosaic::fuzz::check_json_input(text); });
}

TEST(SceneCorpus, TheCheckFindsAConversionThatLosesData) {
    // The properties are worth running only if they can fail: a scene whose unknown
    // component the JSON writer refuses (its JSON is over the limit) breaks "the writer
    // accepts what the loader accepted".
    mosaic::scene s;
    const mosaic::entity e = s.world.create();
    s.world.add<mosaic::EntityId>(e, std::uint64_t{1});
    s.unknown[1].push_back(
        {"Big", std::string(mosaic::scene_limits::max_unknown_json_bytes + 1, ' ')});
    EXPECT_THROW((void)mosaic::fuzz::properties::save(s, mosaic::fuzz::properties::format::json),
                 mosaic::fuzz::property_broken);
}
