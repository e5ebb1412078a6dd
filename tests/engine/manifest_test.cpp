// mosaic.project.json: what makes a folder a project, and how bad manifests are reported.
#include <mosaic/engine/project/manifest.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace mosaic {
namespace {

namespace fs = std::filesystem;

class Manifest : public ::testing::Test {
protected:
    Manifest() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        folder = fs::temp_directory_path() /
                 ("mosaic-manifest-" + std::to_string(::getpid()) + "-" + test->name());
        fs::remove_all(folder);
        fs::create_directories(folder / "scenes" / "levels");
    }
    ~Manifest() override { fs::remove_all(folder); }

    void write(const fs::path& file, const std::string& text) {
        std::ofstream(file, std::ios::binary) << text;
    }

    fs::path folder;
};

TEST_F(Manifest, ReadsEveryFieldRelativeToItsFolder) {
    write(folder / manifest_file_name, R"({
  "name": "my_game",
  "module": "build/libmy_game.so",
  "scenes": "scenes",
  "archetypes": "prefabs",
  "default_scene": "scenes/main.scene.json",
  "build": "cmake --build build"
})");
    const auto loaded = load_manifest(folder);  // the folder finds its manifest
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    const project_manifest& m = *loaded.value;
    EXPECT_EQ(m.name, "my_game");
    EXPECT_EQ(m.folder, fs::absolute(folder).lexically_normal());
    EXPECT_EQ(m.module_path(), m.folder / "build" / "libmy_game.so");
    EXPECT_EQ(m.archetypes_folder(), m.folder / "prefabs");
    EXPECT_EQ(m.default_scene_path(), m.folder / "scenes" / "main.scene.json");
    EXPECT_EQ(m.build_command, "cmake --build build");
    EXPECT_TRUE(loaded.diagnostics.empty());
}

TEST_F(Manifest, OnlyTheNameIsRequired) {
    write(folder / manifest_file_name, R"({"name": "data_only"})");
    const auto loaded = load_manifest(folder / manifest_file_name);
    ASSERT_TRUE(loaded.ok()) << to_string(loaded.diagnostics);
    EXPECT_TRUE(loaded.value->module_path().empty());  // a project without code
    EXPECT_EQ(loaded.value->scenes_folder(), loaded.value->folder / "scenes");
}

TEST_F(Manifest, ModulePathsExpandEnvironmentVariables) {
    write(folder / manifest_file_name, R"({"name": "g", "module": "${MOSAIC_TEST_DIR}/libg.so"})");
    ::setenv("MOSAIC_TEST_DIR", "/opt/builds", 1);
    const auto loaded = load_manifest(folder);
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded.value->module_path(), fs::path("/opt/builds/libg.so"));
    ::unsetenv("MOSAIC_TEST_DIR");
    std::string error;
    EXPECT_TRUE(loaded.value->module_path(&error).empty());
    EXPECT_NE(error.find("MOSAIC_TEST_DIR is not set"), std::string::npos) << error;
}

TEST_F(Manifest, ErrorsNameTheFileLineAndField) {
    write(folder / manifest_file_name, "{\n  \"name\": 12\n}");
    auto loaded = load_manifest(folder);
    ASSERT_FALSE(loaded.ok());
    ASSERT_NE(loaded.error(), nullptr);
    EXPECT_EQ(loaded.error()->line, 2u);
    EXPECT_EQ(loaded.error()->path, "name");
    EXPECT_NE(loaded.error()->message.find("expected a string, found a number"), std::string::npos)
        << loaded.error()->to_string();
    EXPECT_NE(loaded.error()->to_string().find(manifest_file_name), std::string::npos);

    write(folder / manifest_file_name, "{\"module\": \"x.so\"}");
    loaded = load_manifest(folder);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error()->message.find("needs \"name\""), std::string::npos);

    write(folder / manifest_file_name, "{\"name\": \"x\",");
    loaded = load_manifest(folder);
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error()->line, 1u);

    loaded = load_manifest(folder / "missing");
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error()->message.find("missing"), std::string::npos);
}

TEST_F(Manifest, UnknownFieldsAreWarnedAbout) {
    write(folder / manifest_file_name, R"({"name": "g", "modul": "typo.so"})");
    const auto loaded = load_manifest(folder);
    ASSERT_TRUE(loaded.ok());
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].severity, diagnostic::level::warning);
    EXPECT_EQ(loaded.diagnostics[0].path, "modul");
}

TEST_F(Manifest, IsFoundByWalkingUpFromAScene) {
    write(folder / manifest_file_name, R"({"name": "g"})");
    write(folder / "scenes" / "levels" / "one.scene.json", "{}");
    write(folder / "scenes" / "two.scene.bin", "");
    write(folder / "scenes" / "notes.txt", "");
    EXPECT_EQ(find_manifest(folder / "scenes" / "levels" / "one.scene.json"),
              fs::absolute(folder / manifest_file_name).lexically_normal());
    EXPECT_EQ(find_manifest(folder / "scenes"),
              fs::absolute(folder / manifest_file_name).lexically_normal());
    EXPECT_EQ(find_manifest(fs::temp_directory_path() / "no-project-here.scene.json"),
              std::nullopt);

    const auto loaded = load_manifest(folder);
    ASSERT_TRUE(loaded.ok());
    const auto scenes = loaded.value->scene_files();
    ASSERT_EQ(scenes.size(), 2u);
    EXPECT_EQ(scenes[0].filename(), "one.scene.json");
    EXPECT_EQ(scenes[1].filename(), "two.scene.bin");
}

}  // namespace
}  // namespace mosaic
