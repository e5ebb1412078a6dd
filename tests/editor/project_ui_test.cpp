// The editor on projects, through its menus and keys: File > Open Project, Open Recent kept
// between runs, the unsaved-changes question before another project replaces the scene, the
// Project panel, Build & Reload (Ctrl+R) and the module watcher.
#include <imgui_internal.h>  // FindWindowByName

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "../editor_core/reload_project.hpp"
#include "core/actions.hpp"
#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

/// A fresh editor (state + UI) over one headless ImGui context; `restart()` makes a new one
/// with the same settings file, as the next run of the editor would.
class ProjectUiTest : public ::testing::Test {
protected:
    ProjectUiTest() {
        settings_ = fs::temp_directory_path() /
                    ("mosaic-project-ui-" + std::to_string(::getpid()) + "-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".ini");
        fs::remove(settings_);
        restart();
    }
    ~ProjectUiTest() override {
        imgui.contents = nullptr;
        ui.reset();
        state.reset();
        fs::remove(settings_);
    }
    void restart() {
        imgui.contents = nullptr;
        ui.reset();
        state = std::make_unique<editor_state>();
        ui = std::make_unique<editor_ui>(settings_, /*autosave=*/false);
        ui->state().test.record_items = true;
        imgui.contents = [this] {
            ui->state().test.items.clear();
            ui->frame(*state);
        };
        imgui.frames(2);
    }
    bool has_item(const std::string& name) { return ui->state().test.items.contains(name); }
    ImVec2 at(const std::string& name) {
        const auto found = ui->state().test.items.find(name);
        EXPECT_NE(found, ui->state().test.items.end())
            << "no item '" << name << "' in the last frame";
        return found == ui->state().test.items.end() ? ImVec2{-100, -100} : found->second.center();
    }
    /// Clicks File (or another menu), then `item` in it.
    void menu(const std::string& name, const std::string& item) {
        imgui.click(at("menu/" + name));
        imgui.frames(1);
        imgui.click(at("menu/" + item));
        imgui.frames(2);
    }
    /// File > Open Recent > `item` (the submenu opens on hover).
    void open_recent(const std::string& item) {
        imgui.click(at("menu/File"));
        imgui.move_to(at("menu/Open Recent"));
        imgui.frames(3);
        imgui.click(at("menu/" + item));
        imgui.frames(2);
    }
    /// Frames (about 1/60 s of ImGui time each) until the build ends.
    void frames_until_built() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (state->reloader().building() && std::chrono::steady_clock::now() < deadline) {
            imgui.frame();
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        imgui.frames(2);
        ASSERT_FALSE(state->reloader().building());
    }
    bool console_has(const std::string& text, log_level level) {
        for (const log_line& line : state->log().lines())
            if (line.text == text && line.level == level) return true;
        return false;
    }

    headless_imgui imgui;  // first: the context outlives the UI
    fs::path settings_;
    std::unique_ptr<editor_state> state;
    std::unique_ptr<editor_ui> ui;
};

TEST_F(ProjectUiTest, FileOpenProjectOpensTheChosenFolder) {
    reload_project p("menu_opened");
    menu("File", "Open Project");
    file_dialog& dialog = ui->state().files.dialog;
    ASSERT_TRUE(dialog.is_open());
    EXPECT_EQ(dialog.current_purpose(), file_dialog::purpose::open_project);
    EXPECT_NE(ImGui::FindWindowByName("Open Project###file_dialog"), nullptr);
    // The user walks to the project's folder and presses Open.
    ASSERT_TRUE(dialog.submit(p.folder().string()));
    imgui.frames(2);
    ASSERT_TRUE(state->opened_project().manifest.has_value());
    EXPECT_EQ(state->opened_project().name(), "menu_opened");
    EXPECT_EQ(state->title(), "main.scene.json - menu_opened - Mosaic");
    EXPECT_FALSE(state->find_by_name("Runner").is_null()) << "its default scene";
}

TEST_F(ProjectUiTest, TheProjectPanelListsScenesAndArchetypesAndOpensAScene) {
    reload_project p("paneled");
    fs::copy_file(p.scene(), p.folder() / "scenes" / "second.scene.json");
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(2);
    imgui.click(at("tab/Project"));
    imgui.frames(2);
    EXPECT_TRUE(has_item("project/scene/main.scene.json"));
    EXPECT_TRUE(has_item("project/archetype/runner"));
    imgui.click(at("project/scene/second.scene.json"));
    imgui.frames(1);
    EXPECT_EQ(state->scene_path().filename(), "second.scene.json");
}

TEST_F(ProjectUiTest, OpenRecentIsKeptBetweenRuns) {
    reload_project first("first_project");
    reload_project second("second_project");
    ASSERT_TRUE(state->open_project(first.manifest()));
    ASSERT_TRUE(state->open_project(second.manifest()));
    imgui.frames(2);

    restart();  // the next run: a fresh editor with the same settings file
    ASSERT_FALSE(state->opened_project().manifest.has_value());
    open_recent("recent/project/" + first.folder().string());
    EXPECT_EQ(state->opened_project().name(), "first_project");

    restart();
    open_recent("recent/scene/" + second.scene().string());
    EXPECT_EQ(state->opened_project().name(), "second_project") << "its scene, its project";
    EXPECT_EQ(state->scene_path(), second.scene());
}

TEST_F(ProjectUiTest, SwitchingProjectAsksAboutUnsavedChangesFirst) {
    reload_project mine("mine");
    reload_project other("other");
    ASSERT_TRUE(state->open_project(mine.manifest()));
    ASSERT_TRUE(state->open_project(other.manifest()));
    ASSERT_TRUE(state->open_project(mine.manifest()));
    create_entity(*state, "Unsaved work");
    imgui.frames(2);

    // Open Recent > the other project: the question comes first.
    open_recent("recent/project/" + other.folder().string());
    ASSERT_TRUE(has_item("unsaved/Cancel"));
    EXPECT_EQ(state->opened_project().name(), "mine");
    imgui.click(at("unsaved/Cancel"));
    imgui.frames(1);
    EXPECT_EQ(state->opened_project().name(), "mine");
    EXPECT_FALSE(state->find_by_name("Unsaved work").is_null());

    // File > Open Project...: the question before the dialog.
    menu("File", "Open Project");
    ASSERT_TRUE(has_item("unsaved/Cancel"));
    EXPECT_FALSE(ui->state().files.dialog.is_open());
    imgui.click(at("unsaved/Cancel"));
    imgui.frames(1);

    // A scene of the other project: the same question, then the switch.
    open_recent("recent/scene/" + other.scene().string());
    ASSERT_TRUE(has_item("unsaved/Don't Save"));
    EXPECT_EQ(state->opened_project().name(), "mine");
    imgui.click(at("unsaved/Don't Save"));
    imgui.frames(1);
    EXPECT_EQ(state->opened_project().name(), "other");
}

TEST_F(ProjectUiTest, CtrlRBuildsInTheBackgroundAndReloads) {
    reload_project p("ctrl_r", "echo compiling; sleep 0.3; " + copy_v2_command());
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(2);
    imgui.tap(key::r, true);
    EXPECT_TRUE(state->reloader().building());
    EXPECT_TRUE(has_item("toolbar/Building")) << "the toolbar says it builds";
    EXPECT_EQ(ui->shown_panel(dock::bottom), "console") << "the Console shows the output";
    const int frames_before = ImGui::GetFrameCount();
    frames_until_built();
    EXPECT_GT(ImGui::GetFrameCount() - frames_before, 10) << "frames went on during the build";
    EXPECT_FALSE(has_item("toolbar/Building"));
    EXPECT_TRUE(console_has("compiling", log_level::info));
    EXPECT_EQ(state->reloads(), 1u);
    EXPECT_NE(state->table().find("Mover")->find_field("boost"), nullptr);
}

TEST_F(ProjectUiTest, AFailedBuildFromTheProjectMenuKeepsTheCode) {
    reload_project p("menu_fail", "echo 'x.cpp:3: error: boom'; exit 1");
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(2);
    menu("Project", "Build & Reload");
    EXPECT_TRUE(state->reloader().building() || state->reloader().last_build());
    frames_until_built();
    EXPECT_TRUE(console_has("x.cpp:3: error: boom", log_level::error));
    EXPECT_TRUE(console_has("build failed (exit 1): the running code stays", log_level::error));
    EXPECT_EQ(state->reloads(), 0u);
}

TEST_F(ProjectUiTest, TheEditorReloadsAModuleRebuiltBehindItsBack) {
    reload_project p("watched_ui");
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(40);
    p.rebuild_to_v2();
    imgui.frames(90);  // 1.5 s of ImGui time: seen, then seen stable
    EXPECT_EQ(state->reloads(), 1u);
    EXPECT_NE(state->table().find("Mover")->find_field("boost"), nullptr);
    imgui.frames(90);
    EXPECT_EQ(state->reloads(), 1u);
}

// Open and Save As start where the scenes are, not in the working folder; after Up the
// path field names the folder the dialog is in.
TEST_F(ProjectUiTest, FileDialogsStartInTheScenesFolderAndUpUpdatesThePath) {
    reload_project p("dialogs");
    ASSERT_TRUE(state->open_project(p.manifest()));
    imgui.frames(2);
    const fs::path scenes = fs::weakly_canonical(p.folder() / "scenes");
    file_dialog& dialog = ui->state().files.dialog;

    imgui.tap(key::o, true);  // the project's default scene is open: its folder
    imgui.frames(2);
    ASSERT_TRUE(dialog.is_open());
    EXPECT_EQ(dialog.folder(), scenes);
    imgui.click(at("file_dialog/Up"));
    imgui.frames(1);
    EXPECT_EQ(dialog.folder(), scenes.parent_path());
    EXPECT_EQ(dialog.typed_path(), scenes.parent_path().string() + "/");
    dialog.close();
    imgui.frames(2);

    imgui.tap(key::n, true);  // an untitled scene: Save proposes the project's scenes folder
    imgui.frames(2);
    ASSERT_TRUE(state->scene_path().empty());
    imgui.tap(key::s, true);
    imgui.frames(2);
    ASSERT_TRUE(dialog.is_open());
    EXPECT_EQ(dialog.current_purpose(), file_dialog::purpose::save);
    EXPECT_EQ(dialog.folder(), scenes);
    EXPECT_EQ(dialog.typed_path(), (scenes / "untitled.scene.json").string());
    imgui.click(at("file_dialog/Up"));
    imgui.frames(1);
    EXPECT_EQ(dialog.typed_path(), (scenes.parent_path() / "untitled.scene.json").string())
        << "Save As keeps the name when the folder changes";
}

}  // namespace
}  // namespace mosaic::testing
