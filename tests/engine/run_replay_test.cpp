// mosaic-run --record / --replay / --verify in-process, with the test modules: the reload
// game in version 1 records, version 2 (another module version) verifies: a warning, then
// the divergence named by tick, entity, component and field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "../modules/test_projects.hpp"

#include "../../engine/src/tools/run_commands.hpp"

namespace run_replay_test {  // its own: the suite is built in batches (unity)
namespace {

using namespace mosaic;
namespace fs = std::filesystem;

struct run_result {
    int code = 0;
    std::string out, err;
};

run_result run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = tools::run(args, out, err);
    return {code, out.str(), err.str()};
}

class RunReplay : public ::testing::Test {
protected:
    RunReplay() {
        fs::remove_all(folder_);
        for (const char* module : {"reload_v1", "reload_v2"}) {
            mosaic::testing::write_test_project(folder_ / module, "reload_game",
                                                mosaic::testing::test_module(module));
        }
        // The scene lives in version 1's project, so that project is the default.
        std::ofstream(scene_) << R"({"format": "mosaic.scene", "version": 2, "entities": [
            {"id": 1, "name": "Mover", "enabled": true, "components": {
              "Transform": {"version": 1, "position": [0.0, 0.0], "rotation": 0.0,
                            "scale": [1.0, 1.0]},
              "Mover": {"version": 1, "speed": 1.0}}}]})";
    }
    ~RunReplay() override { fs::remove_all(folder_); }

    fs::path folder_ =
        fs::path(::testing::TempDir()) /
        ("mosaic-run-replay-" +
         std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::path scene_ = folder_ / "reload_v1" / "scenes" / "level.scene.json";
    fs::path replay_ = folder_ / "level.mosaic-replay";
};

TEST_F(RunReplay, RecordsReplaysAndSavesTheSameBytes) {
    const run_result recorded =
        run({scene_.string(), "--ticks", "150", "--record", replay_.string(), "--save",
             (folder_ / "recorded.scene.json").string()});
    ASSERT_EQ(recorded.code, 0) << recorded.err;
    EXPECT_NE(recorded.out.find("recorded " + replay_.string() +
                                " (150 ticks, 0 input changes, 3 "
                                "checkpoints, 3 with their state)"),
              std::string::npos)
        << recorded.out;
    const run_result replayed = run({"--replay", replay_.string(), "--verify", "--save",
                                     (folder_ / "replayed.scene.json").string()});
    ASSERT_EQ(replayed.code, 0) << replayed.err;
    EXPECT_EQ(replayed.err, "");
    EXPECT_NE(replayed.out.find("verified: 3 of 3 checkpoints match"), std::string::npos)
        << replayed.out;
    const auto read = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    EXPECT_EQ(read(folder_ / "recorded.scene.json"), read(folder_ / "replayed.scene.json"));
}

TEST_F(RunReplay, AnotherModuleVersionWarnsAndVerifyNamesTheDivergence) {
    ASSERT_EQ(run({scene_.string(), "--ticks", "150", "--record", replay_.string()}).code, 0);
    const run_result r =
        run({"--verify", replay_.string(), "--project", (folder_ / "reload_v2").string()});
    EXPECT_EQ(r.code, 4) << r.err;
    EXPECT_NE(r.err.find("warning: recorded with module version 'reload_game "), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("(the game's code changed): it may diverge"), std::string::npos) << r.err;
    // Version 2 moves by speed * boost (2.5) from the first tick.
    EXPECT_NE(r.err.find("diverged by tick 59 (the state after tick 59 differs, no checkpoint "
                         "before): entity 'Mover' (id 1), component Transform, field position: "
                         "recorded [60.0,0.0], replay [150.0,0.0]"),
              std::string::npos)
        << r.err;
}

TEST_F(RunReplay, AReplayWhoseProjectCannotBeFoundSaysToPassProject) {
    ASSERT_EQ(run({scene_.string(), "--ticks", "60", "--record", replay_.string()}).code, 0);
    // The scene it names is gone (moved away) and the replay is outside any project.
    fs::rename(scene_, folder_ / "moved.scene.json");
    const run_result lost = run({"--verify", replay_.string()});
    EXPECT_EQ(lost.code, 2) << lost.out << lost.err;
    EXPECT_NE(lost.err.find("recorded with project 'reload_game', which was not found"),
              std::string::npos)
        << lost.err;
    EXPECT_NE(lost.err.find("pass --project PATH"), std::string::npos) << lost.err;
    EXPECT_EQ(lost.out.find("diverge"), std::string::npos) << "no false divergence: " << lost.out;

    const run_result found =
        run({"--verify", replay_.string(), "--project", (folder_ / "reload_v1").string()});
    EXPECT_EQ(found.code, 0) << found.err;
}

TEST_F(RunReplay, BadArgumentsAndFiles) {
    EXPECT_EQ(run({"--replay"}).code, 2);
    const run_result ticks = run({"--replay", replay_.string(), "--ticks", "5"});
    EXPECT_EQ(ticks.code, 2);
    EXPECT_NE(ticks.err.find("--ticks applies to running a scene, not to --replay"),
              std::string::npos)
        << ticks.err;
    const run_result every = run({scene_.string(), "--checkpoint-every", "5"});
    EXPECT_EQ(every.code, 2);
    EXPECT_NE(every.err.find("--checkpoint-every applies to running a scene with --record"),
              std::string::npos);
    const run_result verify = run({"--validate", scene_.string(), "--verify"});
    EXPECT_EQ(verify.code, 2);
    const run_result missing = run({"--replay", (folder_ / "none.mosaic-replay").string()});
    EXPECT_EQ(missing.code, 1);
    EXPECT_NE(missing.err.find("none.mosaic-replay"), std::string::npos) << missing.err;
    std::ofstream(folder_ / "junk.mosaic-replay") << "MOSAICRP\x01";
    const run_result junk = run({"--replay", (folder_ / "junk.mosaic-replay").string()});
    EXPECT_EQ(junk.code, 1);
    EXPECT_NE(junk.err.find("junk.mosaic-replay: error: not a Mosaic replay"), std::string::npos)
        << junk.err;
}

}  // namespace

}  // namespace run_replay_test
