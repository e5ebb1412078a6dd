// mosaic-run and prefab links (issue #32): --validate resolves them as a run does, and a
// prefab file in archetypes/ that does not load stops only the scenes that link to it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../engine/src/tools/run_commands.hpp"

namespace run_prefab_test {  // its own: the suite is built in batches (unity)
namespace {

namespace fs = std::filesystem;

struct run_result {
    int code = 0;
    std::string out, err;
};

class RunPrefabs : public ::testing::Test {
protected:
    RunPrefabs() {
        fs::create_directories(folder_ / "archetypes");
        write("archetypes/good.prefab.json",
              R"({"format": "mosaic.prefab", "version": 2, "name": "good",
                  "entities": [{"id": 1, "name": "good"}]})");
        write("archetypes/bad.prefab.json", "{ not json");
        write("archetypes/a.prefab.json", holder("a", "archetypes/b.prefab.json"));
        write("archetypes/b.prefab.json", holder("b", "archetypes/a.prefab.json"));
    }
    ~RunPrefabs() override { fs::remove_all(folder_); }

    static std::string holder(const std::string& name, const std::string& target) {
        return R"({"format": "mosaic.prefab", "version": 2, "name": ")" + name +
               R"(", "entities": [{"id": 1}, {"id": 2, "parent": 1, "prefab": {"path": ")" +
               target + R"(", "node": 1}}]})";
    }
    static std::string scene_linking(const std::vector<std::string>& targets) {
        std::string text = R"({"format": "mosaic.scene", "version": 2, "entities": [)";
        for (std::size_t i = 0; i < targets.size(); ++i) {
            text += std::string(i ? ", " : "") + R"({"id": )" + std::to_string(i + 1) +
                    R"(, "prefab": {"path": ")" + targets[i] + R"(", "node": 1}})";
        }
        return text + "]}";
    }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(folder_ / name, std::ios::binary) << text;
    }
    run_result run(std::vector<std::string> args) {
        std::ostringstream out, err;
        const int code = mosaic::tools::run(args, out, err);
        return {code, out.str(), err.str()};
    }
    std::string path(const std::string& name) const { return (folder_ / name).string(); }

    fs::path folder_ =
        fs::temp_directory_path() /
        ("mosaic-run-prefabs-" +
         std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
};

TEST_F(RunPrefabs, ValidateResolvesPrefabLinks) {
    write("level.scene.json",
          scene_linking({"archetypes/good.prefab.json", "archetypes/missing.prefab.json"}));
    const run_result r = run({"--validate", path("level.scene.json")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("missing.prefab.json is missing or broken"), std::string::npos) << r.out;
    // The folder's broken prefabs, which this scene does not use: warnings, located.
    EXPECT_NE(r.out.find("bad.prefab.json:1:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("prefab cycle"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("this scene does not use it"), std::string::npos) << r.out;

    // A prefab's own links, the same.
    const run_result p = run({"--validate", path("archetypes/a.prefab.json")});
    EXPECT_NE(p.out.find("prefab cycle"), std::string::npos) << p.out << p.err;
}

// --validate says what a run would say: a scene that uses a prefab of the folder that does
// not load (broken JSON, or part of a cycle) fails both, with the file's line and column.
TEST_F(RunPrefabs, ValidateFailsTheScenesARunRefuses) {
    write("user.scene.json", scene_linking({"./archetypes/bad.prefab.json"}));
    const run_result validated = run({"--validate", path("user.scene.json")});
    const run_result ran = run({path("user.scene.json"), "--ticks", "2"});
    EXPECT_EQ(validated.code, 1) << validated.out;
    EXPECT_EQ(ran.code, 1) << ran.err;
    EXPECT_NE(validated.err.find("bad.prefab.json:1:"), std::string::npos) << validated.err;
    EXPECT_NE(validated.err.find("error:"), std::string::npos) << validated.err;

    write("loop.scene.json", scene_linking({"archetypes/a.prefab.json"}));
    const run_result loop = run({"--validate", path("loop.scene.json")});
    EXPECT_EQ(loop.code, 1) << loop.out;
    EXPECT_NE(loop.err.find("prefab cycle"), std::string::npos) << loop.err;
}

TEST_F(RunPrefabs, ABrokenPrefabStopsOnlyTheScenesUsingIt) {
    write("plain.scene.json", scene_linking({"archetypes/good.prefab.json"}));
    const run_result plain = run({path("plain.scene.json"), "--ticks", "2"});
    EXPECT_EQ(plain.code, 0) << plain.err;
    EXPECT_NE(plain.err.find("bad.prefab.json"), std::string::npos) << plain.err;
    EXPECT_NE(plain.err.find("this scene does not use it"), std::string::npos) << plain.err;

    write("user.scene.json", scene_linking({"./archetypes/bad.prefab.json"}));
    const run_result user = run({path("user.scene.json"), "--ticks", "2"});
    EXPECT_EQ(user.code, 1) << user.err;
    EXPECT_NE(user.err.find("bad.prefab.json:1:"), std::string::npos) << user.err;
}

}  // namespace

}  // namespace run_prefab_test
