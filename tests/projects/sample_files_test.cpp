// The sample projects' scene and archetype files are built in code (projects/NAME/samples.cpp)
// and committed (projects/NAME/scenes, archetypes): the committed files must be exactly what
// the code builds, so that there is one source of truth and a change to either shows here.
// After changing samples.cpp, run build/dev/projects/mosaic-make-samples to rewrite the files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_json.hpp>
#include <mosaic/projects/sample_code.hpp>

#include "project_test_support.hpp"

namespace sample_files_test {  // its own: the suite is built in batches (unity)
namespace {

namespace fs = std::filesystem;
using namespace mosaic;

std::string committed(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << path << " is missing: run mosaic-make-samples";
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(SampleFiles, CommittedFilesAreWhatTheCodeBuilds) {
    for (const projects::sample_code& sample : projects::all_sample_code) {
        const game g(&sample.code);
        const fs::path folder = mosaic::testing::projects_folder() / std::string(sample.code.name);
        projects::sample_files files = sample.build();
        EXPECT_FALSE(files.scenes.empty()) << sample.code.name;
        for (const archetype& a : files.archetypes) {
            std::ostringstream built;
            EXPECT_TRUE(save_archetype_json(a, g.table(), built).empty());
            const fs::path path = folder / "archetypes" / (a.name() + ".archetype.json");
            EXPECT_TRUE(built.str() == committed(path))
                << path << " differs from what " << sample.code.name
                << "/samples.cpp builds: run mosaic-make-samples " << sample.code.name;
        }
        for (const prefab& p : files.prefabs) {
            std::ostringstream built;
            EXPECT_TRUE(save_prefab_json(p, g.table(), built).empty());
            const fs::path path = folder / "archetypes" / (p.name() + ".prefab.json");
            EXPECT_TRUE(built.str() == committed(path))
                << path << " differs from what " << sample.code.name
                << "/samples.cpp builds: run mosaic-make-samples " << sample.code.name;
        }
        for (projects::sample_scene& s : files.scenes) {
            std::ostringstream built;
            EXPECT_TRUE(save_scene_json(s.value, g.table(), built).empty());
            const fs::path path = folder / s.file;
            EXPECT_TRUE(built.str() == committed(path))
                << path << " differs from what " << sample.code.name
                << "/samples.cpp builds: run mosaic-make-samples " << sample.code.name;
        }
    }
}

// Every committed file has its code: a file in scenes/ or archetypes/ that samples.cpp does
// not build would be a second, unchecked source.
TEST(SampleFiles, EveryCommittedFileIsBuiltByTheCode) {
    for (const projects::sample_code& sample : projects::all_sample_code) {
        const fs::path folder = mosaic::testing::projects_folder() / std::string(sample.code.name);
        projects::sample_files files = sample.build();
        std::set<fs::path> built;
        for (const archetype& a : files.archetypes)
            built.insert(folder / "archetypes" / (a.name() + ".archetype.json"));
        for (const prefab& p : files.prefabs)
            built.insert(folder / "archetypes" / (p.name() + ".prefab.json"));
        for (const projects::sample_scene& s : files.scenes) built.insert(folder / s.file);
        for (const char* sub : {"archetypes", "scenes"}) {
            if (!fs::exists(folder / sub)) continue;
            for (const fs::directory_entry& entry : fs::directory_iterator(folder / sub)) {
                EXPECT_TRUE(built.count(entry.path()))
                    << entry.path() << " is committed but no samples.cpp builds it";
            }
        }
    }
}

}  // namespace

}  // namespace sample_files_test
