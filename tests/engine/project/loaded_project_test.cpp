// load_project_of (what replaced project_of_path): the project a scene belongs to is the
// nearest manifest above it, opened with its module. mosaic-run SCENE and the editor's start-up
// both go through it, so a wrong answer runs a scene with another game's code, or none.
#include <mosaic/engine/project/loaded_project.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace mosaic {
namespace {

namespace fs = std::filesystem;

class LoadProjectOf : public ::testing::Test {
protected:
    LoadProjectOf() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        root = fs::temp_directory_path() /
               ("mosaic-project-of-" + std::to_string(::getpid()) + "-" + test->name());
        fs::remove_all(root);
        fs::create_directories(root / "scenes" / "levels");
    }
    ~LoadProjectOf() override { fs::remove_all(root); }

    static void write(const fs::path& file, const std::string& text) {
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
    }
    static fs::path normal(const fs::path& p) { return fs::absolute(p).lexically_normal(); }

    fs::path root;
};

TEST_F(LoadProjectOf, ASceneDeepInsideAProjectGetsThatProject) {
    // A project of data only (no module): the manifest is enough.
    write(root / manifest_file_name, R"({"name": "outer", "archetypes": "prefabs"})");
    const fs::path scene = root / "scenes" / "levels" / "one.scene.json";
    write(scene, "{}");
    const loaded_project p = load_project_of(scene);
    ASSERT_TRUE(p.manifest) << to_string(p.problems);
    EXPECT_EQ(p.name(), "outer");
    EXPECT_EQ(p.manifest->file, normal(root / manifest_file_name));
    EXPECT_EQ(p.folder(scene), normal(root));
    EXPECT_EQ(p.archetypes_folder(scene), normal(root / "prefabs"));
    EXPECT_EQ(p.module, nullptr);
    EXPECT_EQ(p.code(), nullptr);
    EXPECT_TRUE(p.problems.empty()) << to_string(p.problems);
}

TEST_F(LoadProjectOf, TheNearestManifestWins) {
    // A project kept inside another's folder (a sample inside a game's repository) is its own.
    write(root / manifest_file_name, R"({"name": "outer"})");
    write(root / "scenes" / "inner" / manifest_file_name, R"({"name": "inner"})");
    const fs::path inner_scene = root / "scenes" / "inner" / "a.scene.json";
    const fs::path outer_scene = root / "scenes" / "b.scene.json";
    write(inner_scene, "{}");
    write(outer_scene, "{}");
    EXPECT_EQ(load_project_of(inner_scene).name(), "inner");
    EXPECT_EQ(load_project_of(outer_scene).name(), "outer");
    // A folder is looked up from itself, not from its parent.
    EXPECT_EQ(load_project_of(root / "scenes" / "inner").name(), "inner");
}

TEST_F(LoadProjectOf, AFileOutsideAnyProjectGetsNoProject) {
    // No manifest above: built-in types only, archetypes next to the scene.
    const fs::path scene = root / "scenes" / "loose.scene.json";
    write(scene, "{}");
    const loaded_project p = load_project_of(scene);
    EXPECT_FALSE(p.manifest);
    EXPECT_EQ(p.name(), "");
    EXPECT_EQ(p.module, nullptr);
    EXPECT_TRUE(p.problems.empty());
    EXPECT_EQ(p.folder(scene), normal(root / "scenes"));
    EXPECT_EQ(p.archetypes_folder(scene), normal(root / "scenes" / "archetypes"));
}

TEST_F(LoadProjectOf, LoadsTheModuleTheManifestNames) {
    const fs::path module = fs::path(MOSAIC_TEST_MODULES_DIR) / "libreload_v1.so";
    ASSERT_TRUE(fs::exists(module)) << module;
    write(root / manifest_file_name,
          R"({"name": "reloading", "module": ")" + module.string() + R"("})");
    const fs::path scene = root / "scenes" / "main.scene.json";
    write(scene, "{}");
    const loaded_project p = load_project_of(scene);
    ASSERT_NE(p.module, nullptr) << to_string(p.problems);
    ASSERT_NE(p.code(), nullptr);
    EXPECT_EQ(p.code()->name, "reload_game");  // the module's own name, not the manifest's
    EXPECT_TRUE(p.problems.empty()) << to_string(p.problems);
}

TEST_F(LoadProjectOf, AMissingModuleIsAProblemNotAFailure) {
    write(root / manifest_file_name, R"({"name": "unbuilt", "module": "build/libnothing.so"})");
    const fs::path scene = root / "scenes" / "main.scene.json";
    write(scene, "{}");
    const loaded_project p = load_project_of(scene);
    ASSERT_TRUE(p.manifest);  // the project opens; its components load as unknown
    EXPECT_EQ(p.name(), "unbuilt");
    EXPECT_EQ(p.module, nullptr);
    ASSERT_EQ(p.problems.size(), 1u);
    EXPECT_EQ(p.problems[0].path, "module");
    EXPECT_NE(p.problems[0].message.find("libnothing.so"), std::string::npos)
        << p.problems[0].message;
    EXPECT_NE(p.problems[0].message.find("its components load as unknown"), std::string::npos);
}

TEST_F(LoadProjectOf, ABrokenManifestIsReportedWithNoProject) {
    write(root / manifest_file_name, R"({"nam": "typo"})");
    const fs::path scene = root / "scenes" / "main.scene.json";
    write(scene, "{}");
    const loaded_project p = load_project_of(scene);
    EXPECT_FALSE(p.manifest);
    ASSERT_FALSE(p.problems.empty());
    EXPECT_EQ(p.problems.front().file, (root / manifest_file_name).string())
        << to_string(p.problems);
}

}  // namespace
}  // namespace mosaic
