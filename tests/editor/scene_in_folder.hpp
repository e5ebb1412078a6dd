#pragma once
// The editor UI tests' scene saved in a temporary folder that is its project (prefabs go to
// FOLDER/archetypes), removed afterwards.
#include <unistd.h>

#include <filesystem>
#include <string>

#include "editor_ui_test_support.hpp"

namespace mosaic::testing {

class SceneInFolderUiTest : public EditorUiTest {
protected:
    explicit SceneInFolderUiTest(const std::string& tag)
        : folder(std::filesystem::temp_directory_path() /
                 ("mosaic_" + tag + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(folder);
        std::filesystem::create_directories(folder);
        EXPECT_TRUE(state.save_as(folder / "main.scene.json"));
    }
    ~SceneInFolderUiTest() override {
        std::error_code ec;
        std::filesystem::remove_all(folder, ec);
    }

    std::filesystem::path folder;
};

}  // namespace mosaic::testing
