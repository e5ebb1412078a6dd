// mosaic-run's commands in-process, with the test modules (tests/modules): game code that
// fails while running a scene, and a project whose registration throws.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <mosaic/engine/project.hpp>

#include "../modules/test_projects.hpp"

#include "../../engine/src/tools/run_commands.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

struct run_result {
    int code = 0;
    std::string out, err;
};

class RunCommands : public ::testing::Test {
protected:
    RunCommands() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-run-commands-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                   "-" + std::to_string(::getpid()));
        // Set here, not where it is declared: a default member initializer runs before this
        // body gives folder_ its value, and the scene landed in the working directory.
        scene_ = folder_ / "level.scene.json";
        fs::create_directories(folder_);
        for (const char* module : {"turrets_throws", "turrets_check", "broken"})
            mosaic::testing::write_test_project(folder_ / module, "turrets",
                                                mosaic::testing::test_module(module));
        std::ofstream(scene_) << R"({"format": "mosaic.scene", "version": 2, "entities": []})";
    }
    ~RunCommands() override { fs::remove_all(folder_); }

    run_result run(std::vector<std::string> args) {
        std::ostringstream out, err;
        const int code = tools::run(args, out, err);
        return {code, out.str(), err.str()};
    }

    fs::path folder_;
    fs::path scene_;
};

TEST_F(RunCommands, ASystemThatFailsNamesItselfAndExits1) {
    const run_result r =
        run({scene_.string(), "--ticks", "20", "--project", (folder_ / "turrets_throws").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("mosaic-run: system 'turret' failed at tick 10: the turret lost its "
                         "target\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("ticks of"), std::string::npos) << "reported a finished run: " << r.out;
}

TEST_F(RunCommands, AFailedCheckInASystemNamesItAndExits1) {
    const run_result r =
        run({scene_.string(), "--ticks", "20", "--project", (folder_ / "turrets_check").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("system 'turret' failed at tick 10"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("turret: no target on tick 10"), std::string::npos) << r.err;
}

TEST_F(RunCommands, TheSameOnTwoThreads) {
    const run_result r = run({scene_.string(), "--ticks", "20", "--threads", "2", "--project",
                              (folder_ / "turrets_throws").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("system 'turret' failed at tick 10"), std::string::npos) << r.err;
}

TEST_F(RunCommands, ARegistrationThatThrowsRunsWithTheBuiltIns) {
    const run_result r =
        run({scene_.string(), "--ticks", "5", "--project", (folder_ / "broken").string()});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("project 'broken': register_systems failed: missing config file "
                         "gears.cfg"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("5 ticks"), std::string::npos) << r.out;
}

TEST_F(RunCommands, GameWarningsArePrintedOnceAndTheProfileCountsThem) {
    // A crate with a negative size never collides: one warning for the whole run, and the
    // profile's contacts line counts it.
    const fs::path scene = folder_ / "crates.scene.json";
    std::ofstream(scene) << R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "Crate", "components": {
            "Transform": {"position": [0, 0]},
            "Collider": {"shape": "box", "size": [-1, 1]}}}]})";
    const run_result r = run({scene.string(), "--ticks", "30", "--profile"});
    EXPECT_EQ(r.code, 0) << r.err;
    const std::string warning =
        "never collides: its Collider size (-1, 1) is negative or not finite\n";
    const auto first = r.err.find(warning);
    EXPECT_NE(first, std::string::npos) << r.err;
    EXPECT_NE(r.err.find("warning: collision: entity 'Crate' ("), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(warning, first + 1), std::string::npos) << "warned twice: " << r.err;
    EXPECT_NE(r.out.find("contacts: 0 of 30 ticks over the cap of 1048576, 1 colliders ignored"),
              std::string::npos)
        << r.out;
}

// A manifest that puts the archetypes in data/archetypes: mosaic-run tells the game the
// project folder (the manifest's), so a clip named assets/run.clip.json is found (issue 33:
// it was looked for under data/, and the runner stood still with a warning).
TEST_F(RunCommands, ClipsAreReadFromTheManifestsFolderWhereverTheArchetypesAre) {
    const fs::path project = folder_ / "elsewhere";
    fs::create_directories(project / "assets");
    fs::create_directories(project / "data" / "archetypes");
    fs::create_directories(project / "scenes");
    std::ofstream(project / "mosaic.project.json")
        << R"({"name": "elsewhere", "module": "", "archetypes": "data/archetypes"})";
    std::ofstream(project / "assets" / "run.clip.json") << R"({"version": 1, "length": 1,
        "tracks": [{"component": "Transform", "field": "position", "element": "x",
                    "keys": [[0, 0], [1, 10]]}]})";
    const fs::path scene = project / "scenes" / "run.scene.json";
    std::ofstream(scene) << R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "Runner", "components": {
            "Transform": {"position": [0, 0]},
            "Animator": {"clip": "assets/run.clip.json"}}}]})";
    const run_result r = run({scene.string(), "--ticks", "30"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err.find("run.clip.json"), std::string::npos) << r.err;
}

}  // namespace
