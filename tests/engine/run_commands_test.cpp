// mosaic-run's commands in-process, with projects defined here (the binary's own tests in
// tests/tools can only use the sample projects): game code that fails while running a scene,
// and a project whose registration throws.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <mosaic/engine/project.hpp>

#include "../../engine/src/tools/run_commands.hpp"

namespace {

using namespace mosaic;
namespace fs = std::filesystem;

void turret_fails_on_tick_10(scheduler& s) {
    s.add("turret", [](system_context& ctx) {
        if (ctx.tick() == 10) throw std::runtime_error("the turret lost its target");
    });
}
void registration_throws(scheduler&) {
    throw std::runtime_error("missing config file turrets.cfg");
}

const project projects[] = {
    {.name = "turrets",
     .summary = "fails on tick 10",
     .register_components = nullptr,
     .register_systems = &turret_fails_on_tick_10,
     .default_scene = {}},
    {.name = "broken",
     .summary = "registration throws",
     .register_components = nullptr,
     .register_systems = &registration_throws,
     .default_scene = {}},
};

struct run_result {
    int code = 0;
    std::string out, err;
};

class RunCommands : public ::testing::Test {
protected:
    RunCommands() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-run-commands-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::create_directories(folder_);
        std::ofstream(scene_) << R"({"format": "mosaic.scene", "version": 2, "entities": []})";
    }
    ~RunCommands() override { fs::remove_all(folder_); }

    run_result run(std::vector<std::string> args) {
        std::ostringstream out, err;
        const int code = tools::run(args, projects, out, err);
        return {code, out.str(), err.str()};
    }

    fs::path folder_;
    fs::path scene_ = folder_ / "level.scene.json";
};

TEST_F(RunCommands, ASystemThatFailsNamesItselfAndExits1) {
    const run_result r = run({scene_.string(), "--ticks", "20", "--project", "turrets"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("mosaic-run: system 'turret' failed at tick 10: the turret lost its "
                         "target\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("ticks of"), std::string::npos) << "reported a finished run: " << r.out;
}

TEST_F(RunCommands, TheSameOnTwoThreads) {
    const run_result r =
        run({scene_.string(), "--ticks", "20", "--threads", "2", "--project", "turrets"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("system 'turret' failed at tick 10"), std::string::npos) << r.err;
}

TEST_F(RunCommands, ARegistrationThatThrowsRunsWithTheBuiltIns) {
    const run_result r = run({scene_.string(), "--ticks", "5", "--project", "broken"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("project 'broken': register_systems failed: missing config file "
                         "turrets.cfg"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("5 ticks"), std::string::npos) << r.out;
}

}  // namespace
