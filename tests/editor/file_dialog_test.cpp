// The ImGui file dialog: what it lists, typed paths, errors shown inline.
#include <imgui_internal.h>  // FindWindowByName

#include <fstream>

#include <mosaic/engine/display_path.hpp>

#include "editor_ui_test_support.hpp"
#include "ui/commands.hpp"
#include "ui/file_dialog.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class FileDialogTest : public EditorUiTest {
protected:
    FileDialogTest() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-file-dialog-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_ / "levels");
        std::ofstream(folder_ / "notes.txt") << "not a scene";
        std::ofstream(folder_ / "b.scene.bin") << "";
        std::ofstream(folder_ / "a.scene.json") << "";
    }
    ~FileDialogTest() override { fs::remove_all(folder_); }
    fs::path folder_;
};

TEST_F(FileDialogTest, ListsFoldersFirstThenSceneFilesOnly) {
    const std::vector<file_dialog::entry> entries = file_dialog::list(folder_, nullptr);
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[0].name, "levels");
    EXPECT_TRUE(entries[0].folder);
    EXPECT_EQ(entries[1].name, "a.scene.json");
    EXPECT_EQ(entries[2].name, "b.scene.bin");
    std::string error;
    EXPECT_TRUE(file_dialog::list(folder_ / "missing", &error).empty());
    EXPECT_NE(error.find("cannot list"), std::string::npos);
}

TEST_F(FileDialogTest, OpenProjectListsProjectsAndChoosesAFolderWithAManifest) {
    fs::create_directories(folder_ / "game" / "scenes");
    std::ofstream(folder_ / "game" / "mosaic.project.json") << "{ \"name\": \"game\" }";
    const auto entries = file_dialog::list(folder_, nullptr, file_dialog::purpose::open_project);
    ASSERT_EQ(entries.size(), 2u) << "folders only: no scene files";
    EXPECT_EQ(entries[0].name, "game");
    EXPECT_TRUE(entries[0].project);
    EXPECT_EQ(entries[1].name, "levels");
    EXPECT_FALSE(entries[1].project);

    file_dialog dialog;
    dialog.open(file_dialog::purpose::open_project, folder_);
    EXPECT_FALSE(dialog.submit("levels")) << "not a project: the dialog walks into it";
    EXPECT_EQ(dialog.folder().filename(), "levels");
    EXPECT_FALSE(dialog.submit((folder_ / "nowhere").string()));
    EXPECT_NE(dialog.error().find("no such folder"), std::string::npos) << dialog.error();
    EXPECT_TRUE(dialog.submit((folder_ / "game").string()));
    EXPECT_EQ(dialog.chosen(), fs::canonical(folder_ / "game"));
    dialog.open(file_dialog::purpose::open_project, folder_);
    EXPECT_TRUE(dialog.submit((folder_ / "game" / "mosaic.project.json").string()))
        << "the manifest itself chooses its folder";
    EXPECT_EQ(dialog.chosen(), fs::canonical(folder_ / "game"));
}

TEST_F(FileDialogTest, OpenReportsProblemsInlineAndEntersFolders) {
    file_dialog dialog;
    dialog.open(file_dialog::purpose::open, folder_);
    EXPECT_FALSE(dialog.submit("missing.scene.json"));
    EXPECT_NE(dialog.error().find("no such file"), std::string::npos) << dialog.error();
    EXPECT_FALSE(dialog.submit("notes.txt"));
    EXPECT_NE(dialog.error().find("not a scene file"), std::string::npos) << dialog.error();
    EXPECT_TRUE(dialog.is_open()) << "errors keep the dialog open";
    EXPECT_FALSE(dialog.submit("levels"));
    EXPECT_EQ(dialog.folder().filename(), "levels");
    EXPECT_TRUE(dialog.submit((folder_ / "a.scene.json").string()));
    EXPECT_EQ(dialog.chosen(), folder_ / "a.scene.json");
    EXPECT_FALSE(dialog.is_open());
}

TEST_F(FileDialogTest, ANameThatCannotBeShownIsListedEscapedAndStillOpens) {
    const std::string raw = "two\nlines \xff.scene.json";
    std::ofstream(folder_ / raw) << "";
    file_dialog dialog;
    dialog.open(file_dialog::purpose::open, folder_);
    EXPECT_FALSE(dialog.submit("two\nlines.scene.json")) << "not a listed name";
    EXPECT_EQ(dialog.error().find('\n'), std::string::npos) << "the error shows it escaped";
    // What the list shows and puts into the path field when clicked:
    const std::string shown = display_path(raw);
    EXPECT_EQ(shown, "two\\nlines \\xff.scene.json");
    EXPECT_TRUE(dialog.submit(shown));
    EXPECT_EQ(dialog.chosen(), fs::canonical(folder_) / raw) << "the real file";
}

TEST_F(FileDialogTest, SaveAddsTheSceneExtensionAndChecksTheFolder) {
    file_dialog dialog;
    dialog.open(file_dialog::purpose::save, folder_);
    EXPECT_FALSE(dialog.submit("nowhere/level.scene.json"));
    EXPECT_NE(dialog.error().find("no such folder"), std::string::npos) << dialog.error();
    EXPECT_TRUE(dialog.submit("level"));
    EXPECT_EQ(dialog.chosen(), fs::weakly_canonical(folder_) / "level.scene.json");
}

TEST_F(FileDialogTest, SaveAsThroughTheDialogWritesTheFile) {
    create_entity(state, "Keep");
    imgui.frames(2);
    command_save_as(state, ui.state());  // what Ctrl+Shift+S does
    imgui.frames(2);
    ASSERT_NE(ImGui::FindWindowByName("Save Scene As###file_dialog"), nullptr);
    ASSERT_TRUE(ui.state().files.dialog.submit((folder_ / "saved").string()));
    imgui.frames(2);  // draw_file_modals saves what was chosen
    EXPECT_EQ(state.scene_path(), folder_ / "saved.scene.json");
    EXPECT_TRUE(fs::exists(folder_ / "saved.scene.json"));
    EXPECT_FALSE(state.dirty());
}

TEST_F(FileDialogTest, SaveAsOverAnExistingFileAsksFirst) {
    const fs::path taken = folder_ / "taken.scene.json";
    std::ofstream(taken) << "the old contents";
    create_entity(state, "New work");
    imgui.frames(2);
    command_save_as(state, ui.state());
    imgui.frames(2);
    file_dialog& dialog = ui.state().files.dialog;
    EXPECT_FALSE(dialog.submit(taken.string())) << "not saved yet: the dialog asks";
    EXPECT_TRUE(dialog.replacing());
    imgui.frames(2);
    ASSERT_TRUE(has_item("file_dialog/replace")) << "the question is shown";
    imgui.click(at("file_dialog/replace_cancel"));
    imgui.frames(2);
    EXPECT_TRUE(state.scene_path().empty()) << "Cancel: nothing saved";
    EXPECT_TRUE(dialog.is_open()) << "back in the dialog to pick another name";
    {
        std::ifstream in(taken);
        std::string text;
        std::getline(in, text);
        EXPECT_EQ(text, "the old contents");
    }

    EXPECT_FALSE(dialog.submit(taken.string()));
    imgui.frames(2);
    imgui.click(at("file_dialog/replace"));
    imgui.frames(2);
    EXPECT_EQ(state.scene_path(), taken) << "Replace: saved over it";
    EXPECT_FALSE(state.dirty());
    EXPECT_FALSE(state.find_by_name("New work").is_null());
}

// Typing the path of a broken scene and pressing Enter: the Enter that submits must not also
// close the error modal that opens on the same frame.
TEST_F(FileDialogTest, TypedPathAndEnterShowsTheLoadError) {
    std::ofstream(folder_ / "broken.scene.json") << "{ \"format\": \"mosaic.scene\", ";
    imgui.frames(2);
    ui.state().files.dialog.open(file_dialog::purpose::open, folder_);
    imgui.frames(2);
    imgui.type("broken.scene.json");  // the path field has the focus when the dialog opens
    imgui.tap(key::enter);
    imgui.frames(3);
    EXPECT_FALSE(ui.state().files.dialog.is_open());
    const ImGuiWindow* modal = ImGui::FindWindowByName("Could not open the scene");
    ASSERT_NE(modal, nullptr);
    EXPECT_TRUE(modal->Active) << "the error modal closed on the Enter that opened it";
    imgui.tap(key::enter);  // a new Enter closes it
    imgui.frames(1);
    EXPECT_FALSE(modal->Active);
}

}  // namespace
}  // namespace mosaic::testing
