// A new game project: the files, their contents where the host depends on them (the manifest,
// the scene), and the refusals (a bad name, a folder that is not empty). Compiling and loading
// the project against the SDK is tests/sdk's job (sdk.new_project).
#include <mosaic/engine/project/scaffold.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "../../../engine/src/project/scaffold_files.hpp"
namespace mosaic {
namespace {

namespace fs = std::filesystem;

std::string contents_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The component the template's register.cpp registers, registered the same way here.
struct Spin {
    float degrees_per_second = 90;
};

class Scaffold : public ::testing::Test {
protected:
    Scaffold() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        root = fs::temp_directory_path() /
               ("mosaic-scaffold-" + std::to_string(::getpid()) + "-" + test->name());
        fs::remove_all(root);
        fs::create_directories(root);
    }
    ~Scaffold() override {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    fs::path root;
};

TEST_F(Scaffold, WritesEveryFileOfTheProject) {
    const new_project_result result = write_new_project(root / "spin_game");
    ASSERT_TRUE(result.ok()) << result.error;
    EXPECT_EQ(result.name, "spin_game");
    const std::vector<fs::path> expected{
        "CMakeLists.txt",         "components.hpp",      "systems.cpp", "register.cpp",
        "scenes/main.scene.json", "mosaic.project.json", "README.md",   ".gitignore"};
    EXPECT_EQ(result.files, expected);
    for (const fs::path& file : expected) {
        EXPECT_TRUE(fs::is_regular_file(root / "spin_game" / file)) << file;
        EXPECT_FALSE(contents_of(root / "spin_game" / file).empty()) << file;
    }
    const std::string summary = new_project_summary(root / "spin_game", result);
    EXPECT_NE(summary.find("new project 'spin_game'"), std::string::npos) << summary;
    EXPECT_NE(summary.find("cmake -B build -DCMAKE_PREFIX_PATH=<sdk>"), std::string::npos);
}

TEST_F(Scaffold, TheNameGoesIntoTheCodeTheBuildAndTheManifest) {
    ASSERT_TRUE(write_new_project(root / "folder", "asteroids").ok());
    const fs::path p = root / "folder";
    const std::string cmake = contents_of(p / "CMakeLists.txt");
    EXPECT_NE(cmake.find("cmake_minimum_required(VERSION 3.25)"), std::string::npos);
    EXPECT_NE(cmake.find("project(asteroids"), std::string::npos);
    EXPECT_NE(cmake.find("find_package(mosaic 0.2 REQUIRED)"), std::string::npos);
    EXPECT_NE(cmake.find("mosaic_add_game(asteroids register.cpp systems.cpp)"), std::string::npos);
    EXPECT_NE(contents_of(p / "register.cpp").find("MOSAIC_GAME_MODULE(\"asteroids\""),
              std::string::npos);
    EXPECT_NE(contents_of(p / "components.hpp").find("namespace asteroids {"), std::string::npos);
    EXPECT_EQ(contents_of(p / ".gitignore"),
              "build/\nTesting/\n.mosaic/\n*.bak\n*.recovered.scene.bin\n"
              "*.recovered-*.scene.bin\n")
        << "ctest's logs, the editor's caches, backups and recovered scenes stay out of git";
    EXPECT_EQ(contents_of(p / "mosaic.project.json"),
              "{\n"
              "  \"name\": \"asteroids\",\n"
              "  \"module\": \"build/libasteroids.so\",\n"
              "  \"scenes\": \"scenes\",\n"
              "  \"archetypes\": \"archetypes\",\n"
              "  \"default_scene\": \"scenes/main.scene.json\",\n"
              "  \"build\": \"cmake --build build\"\n"
              "}\n");
    const std::string readme = contents_of(p / "README.md");
    EXPECT_NE(readme.find("cmake -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build"),
              std::string::npos);
    EXPECT_NE(readme.find("mosaic-editor scenes/main.scene.json"), std::string::npos);
}

TEST_F(Scaffold, TheReadmeNamesTheSdksEditorByItsFullPath) {
    const fs::path editor = "/opt/mosaic/bin/mosaic-editor";
    std::string readme;
    for (const detail::project_file& f : detail::new_project_files("spin", editor))
        if (f.path == "README.md") readme = f.text;
    EXPECT_NE(readme.find("/opt/mosaic/bin/mosaic-editor scenes/main.scene.json"),
              std::string::npos)
        << readme;
    EXPECT_NE(readme.find("export PATH=\"/opt/mosaic/bin:$PATH\""), std::string::npos) << readme;
    for (const detail::project_file& f : detail::new_project_files("spin"))
        if (f.path == "README.md") readme = f.text;
    EXPECT_NE(readme.find("mosaic-editor scenes/main.scene.json"), std::string::npos);
    EXPECT_NE(readme.find("`bin/` folder of the SDK"), std::string::npos) << readme;
}

TEST_F(Scaffold, TheSceneLoadsWithTheGamesComponent) {
    ASSERT_TRUE(write_new_project(root / "spin_game").ok());
    component_table table;
    register_components(nullptr, table);
    table.component<Spin>("Spin").field("degrees_per_second", &Spin::degrees_per_second,
                                        {.min = -720, .max = 720, .speed = 1});
    const auto loaded = load_scene_file(root / "spin_game/scenes/main.scene.json", table);
    ASSERT_TRUE(loaded.ok());
    EXPECT_TRUE(loaded.diagnostics.empty()) << loaded.diagnostics.front().to_string();
    const world& w = loaded.value->world;
    int cameras = 0, spinners = 0;
    w.each([&](entity e) {
        if (w.has<Camera>(e) && w.has<Transform>(e)) ++cameras;
        if (w.has<Transform>(e) && w.has<Sprite>(e) && w.has<Spin>(e)) {
            ++spinners;
            EXPECT_EQ(w.get<Spin>(e).degrees_per_second, 90.0f);
        }
    });
    EXPECT_EQ(cameras, 1);
    EXPECT_EQ(spinners, 1);
}

TEST_F(Scaffold, WithoutTheGameTheSpinComponentIsKeptAsUnknown) {
    ASSERT_TRUE(write_new_project(root / "spin_game").ok());
    component_table table;
    register_components(nullptr, table);
    const auto loaded = load_scene_file(root / "spin_game/scenes/main.scene.json", table);
    ASSERT_TRUE(loaded.ok());
    ASSERT_EQ(loaded.value->unknown.size(), 1u);
    EXPECT_EQ(loaded.value->unknown.begin()->second.front().name, "Spin");
}

TEST_F(Scaffold, TheNameDefaultsToTheFolders) {
    EXPECT_EQ(default_project_name("games/spin"), "spin");
    EXPECT_EQ(default_project_name("games/spin/"), "spin");
    fs::create_directories(root / "my_game");
    const fs::path cwd = fs::current_path();
    fs::current_path(root / "my_game");
    EXPECT_EQ(default_project_name("."), "my_game");
    fs::current_path(cwd);
}

TEST_F(Scaffold, AnEmptyFolderIsFine) {
    fs::create_directories(root / "empty");
    EXPECT_TRUE(write_new_project(root / "empty", "game").ok());
}

TEST_F(Scaffold, RefusesAFolderThatIsNotEmpty) {
    fs::create_directories(root / "busy");
    std::ofstream(root / "busy" / "notes.txt") << "mine";
    const new_project_result result = write_new_project(root / "busy", "game");
    EXPECT_FALSE(result.ok());
    EXPECT_NE(result.error.find("is not empty"), std::string::npos) << result.error;
    EXPECT_TRUE(result.files.empty());
    EXPECT_EQ(contents_of(root / "busy" / "notes.txt"), "mine");
    EXPECT_EQ(std::distance(fs::directory_iterator(root / "busy"), fs::directory_iterator()), 1);
}

TEST_F(Scaffold, RefusesAFile) {
    std::ofstream(root / "file") << "x";
    const new_project_result result = write_new_project(root / "file", "game");
    EXPECT_NE(result.error.find("is not a folder"), std::string::npos) << result.error;
}

TEST_F(Scaffold, RefusesNamesThatAreNotIdentifiers) {
    for (const char* bad : {"", "my-game", "2d", "spin game", "ünï", "a.b"}) {
        const new_project_result result = write_new_project(root / "p", bad[0] ? bad : "-");
        EXPECT_FALSE(result.ok()) << bad;
        EXPECT_NE(check_project_name(bad), "") << bad;
        EXPECT_FALSE(fs::exists(root / "p")) << "wrote files for the name '" << bad << "'";
    }
    EXPECT_NE(check_project_name("my-game").find("not a C identifier"), std::string::npos);
}

TEST_F(Scaffold, RefusesKeywordsReservedAndTakenNames) {
    for (const char* bad : {"class", "int", "namespace", "__x", "_Game", "a__b", "mosaic", "std",
                            "glm", "test", "install", "all"}) {
        EXPECT_NE(check_project_name(bad), "") << bad;
    }
    for (const char* good : {"game", "_game", "Tanks2", "my_game", "x"}) {
        EXPECT_EQ(check_project_name(good), "") << good;
    }
}

TEST_F(Scaffold, AFolderNameThatIsNoIdentifierAsksForName) {
    const new_project_result result = write_new_project(root / "my-game");
    EXPECT_FALSE(result.ok());
    EXPECT_NE(result.error.find("--name"), std::string::npos) << result.error;
    EXPECT_FALSE(fs::exists(root / "my-game"));
}

}  // namespace
}  // namespace mosaic
