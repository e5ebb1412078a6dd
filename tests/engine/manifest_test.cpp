// mosaic.project.json: what makes a folder a project, and how bad manifests are reported.
#include <mosaic/engine/project/manifest.hpp>

#include <sys/stat.h>

#include <mosaic/engine/project/loaded_project.hpp>

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

// A 100 KB variable used 1,000 times used to build a 100 MB path (40,000 times: bad_alloc):
// the expansion stops at max_expanded_size, with a message.
TEST_F(Manifest, ExpansionIsCapped) {
    ::setenv("MOSAIC_TEST_HUGE", std::string(100 * 1024, 'x').c_str(), 1);
    std::string module;
    for (int i = 0; i < 1000; ++i) module += "${MOSAIC_TEST_HUGE}";
    write(folder / manifest_file_name, R"({"name": "g", "module": ")" + module + R"("})");
    const auto loaded = load_manifest(folder);
    ASSERT_TRUE(loaded.ok());
    std::string error;
    EXPECT_TRUE(loaded.value->module_path(&error).empty());
    EXPECT_NE(error.find("longer than 4096 bytes"), std::string::npos) << error.substr(0, 200);
    ::setenv("MOSAIC_TEST_HUGE", std::string(4000, 'x').c_str(), 1);
    std::string twice = "${MOSAIC_TEST_HUGE}/${MOSAIC_TEST_HUGE}";
    EXPECT_FALSE(expand_environment(twice, &error));
    std::string once = "${MOSAIC_TEST_HUGE}/lib.so";
    EXPECT_TRUE(expand_environment(once, &error));
    ::unsetenv("MOSAIC_TEST_HUGE");
}

// Something named mosaic.project.json that is no file is the project's manifest, reported,
// not skipped in silence.
TEST_F(Manifest, AManifestThatIsNoFileIsReported) {
    const fs::path manifest = folder / manifest_file_name;
    const fs::path scene = folder / "scenes" / "one.scene.json";
    const auto reported = [&](const char* what) {
        const auto found = find_manifest(scene);
        ASSERT_TRUE(found.has_value()) << what;
        const auto loaded = load_manifest(*found);
        EXPECT_FALSE(loaded.ok()) << what;
        ASSERT_NE(loaded.error(), nullptr) << what;
        EXPECT_NE(loaded.error()->to_string().find(manifest_file_name), std::string::npos)
            << loaded.error()->to_string();
        fs::remove_all(manifest);
    };
    fs::create_directories(manifest);
    reported("a folder");
    ASSERT_EQ(::mkfifo(manifest.c_str(), 0600), 0);
    reported("a FIFO");
    fs::create_symlink("/dev/zero", manifest);
    reported("/dev/zero");
    fs::create_symlink(manifest, manifest);
    reported("a symlink loop");
}

TEST_F(Manifest, AKeyTwiceIsRefused) {
    write(folder / manifest_file_name,
          "{\"name\": \"g\",\n \"module\": \"a.so\",\n \"module\": \"b.so\"}");
    const auto loaded = load_manifest(folder);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error()->message.find("\"module\" appears twice"), std::string::npos)
        << loaded.error()->to_string();
    EXPECT_EQ(loaded.error()->path, "module");
}

TEST_F(Manifest, ANulInAStringIsNamed) {
    write(folder / manifest_file_name, R"({"name": "a\u0000b"})");
    const auto loaded = load_manifest(folder);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error()->message.find("NUL"), std::string::npos)
        << loaded.error()->to_string();
    EXPECT_EQ(loaded.error()->message.find("found a string"), std::string::npos);
}

// Newlines and escape bytes from a manifest or a variable are escaped in messages.
TEST_F(Manifest, ControlBytesAreEscapedInMessages) {
    std::string text = "${NO\nSUCH\x1b[31m}";
    std::string error;
    EXPECT_FALSE(expand_environment(text, &error));
    EXPECT_NE(error.find("NO\\nSUCH\\x1b[31m"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);

    ::setenv("MOSAIC_TEST_RAW", "line\nbreak\x1b[2J", 1);
    write(folder / manifest_file_name, R"({"name": "g", "module": "${MOSAIC_TEST_RAW}.so"})");
    const auto loaded = load_manifest(folder);
    ASSERT_TRUE(loaded.ok());
    const auto module = reload_module(*loaded.value);
    EXPECT_EQ(module.module, nullptr);
    EXPECT_NE(module.error.find("line\\nbreak\\x1b[2J"), std::string::npos) << module.error;
    EXPECT_EQ(module.error.find('\n'), std::string::npos) << module.error;
    ::unsetenv("MOSAIC_TEST_RAW");
}

}  // namespace
}  // namespace mosaic
