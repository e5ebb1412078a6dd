// The shell around the panels: toolbar play/stop, shortcuts, the unsaved-changes and
// failed-load modals, splitters whose sizes persist.
#include <imgui_internal.h>  // FindWindowByName

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <thread>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "core/child_play.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/commands.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

class EditorShellTest : public EditorUiTest {
protected:
    fs::path temp(const std::string& name) {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = fs::temp_directory_path() / ("mosaic-editor-ui-" + std::string(info->name()));
        fs::create_directories(folder_);
        return folder_ / name;
    }
    ~EditorShellTest() override {
        if (!folder_.empty()) fs::remove_all(folder_);
    }
    fs::path folder_;
};

TEST_F(EditorShellTest, PlayAndStopOnTheToolbarRestoreTheScene) {
    const entity e = create_entity(state, "Mover");
    const entity items[] = {e};
    ASSERT_TRUE(add_component(state, items, type_id_of<RigidBody>()));
    state.world().get<RigidBody>(e).velocity = {2.0f, 0.0f};
    imgui.frames(3);
    const std::size_t steps = state.history().undo_steps();

    imgui.click(at("toolbar/Play"));
    ASSERT_EQ(state.player().mode(), play_state::playing);
    for (int i = 0; i < 30; ++i) {
        state.player().frame(1.0 / 60.0);
        imgui.frame();
    }
    EXPECT_GT(state.world().get<Transform>(e).position.x, 0.5f);

    imgui.click(at("toolbar/Pause"));
    EXPECT_EQ(state.player().mode(), play_state::paused);
    const float paused_x = state.world().get<Transform>(e).position.x;
    imgui.click(at("toolbar/Step"));
    state.player().frame(1.0 / 60.0);
    imgui.frame();
    EXPECT_GT(state.world().get<Transform>(e).position.x, paused_x) << "Step runs one tick";

    imgui.click(at("toolbar/Stop"));
    EXPECT_EQ(state.player().mode(), play_state::editing);
    EXPECT_FLOAT_EQ(state.world().get<Transform>(e).position.x, 0.0f);
    EXPECT_FLOAT_EQ(state.world().get<RigidBody>(e).velocity.x, 2.0f);
    EXPECT_EQ(state.selection().active(), e) << "the selection survives Stop";
    EXPECT_EQ(state.history().undo_steps(), steps) << "play mode does not touch the history";
}

// The play controls act on the press: a quick click's release reaches the UI a frame later
// (the input queue), and a frame at 100,000 sprites is long (issue 33: Pause took 1.1 s).
TEST_F(EditorShellTest, ThePlayControlsActOnTheFrameOfThePress) {
    create_entity(state, "E");
    imgui.frames(2);
    imgui.move_to(at("toolbar/Play"));
    imgui.press();
    EXPECT_EQ(state.player().mode(), play_state::playing) << "before the release";
    imgui.release();
    EXPECT_EQ(state.player().mode(), play_state::playing) << "the release does not stop it again";
    imgui.move_to(at("toolbar/Pause"));
    imgui.press();
    EXPECT_EQ(state.player().mode(), play_state::paused);
    imgui.release();
    EXPECT_EQ(state.player().mode(), play_state::paused);
    imgui.move_to(at("toolbar/Stop"));
    imgui.press();
    EXPECT_EQ(state.player().mode(), play_state::editing);
    imgui.release();
    EXPECT_EQ(state.player().mode(), play_state::editing);
}

// Play in a separate process from the toolbar (issue #30 §2): with "Separate process" ticked,
// Play starts a child mosaic-run, which the toolbar's Pause and Stop drive; nothing ticks in the
// editor, whose panels show the child's world (the Scene view says PAUSED when the child is),
// and the toggle is remembered for the project in the settings.
TEST_F(EditorShellTest, WithSeparateProcessTickedTheToolbarPlaysInAChild) {
    create_entity(state, "E");
    imgui.frames(2);
    imgui.click(at("toolbar/Separate process"));
    imgui.frames(1);
    ASSERT_TRUE(state.child_player().enabled);
    const auto& remembered = ui.state().settings.separate_process_projects;
    EXPECT_NE(std::find(remembered.begin(), remembered.end(), state.project_folder()),
              remembered.end());

    imgui.click(at("toolbar/Play"));
    child_play& child = state.child_player();
    ASSERT_TRUE(child.active()) << child.message();
    EXPECT_TRUE(state.player().mirrored()) << "the game plays in the child, shown here";
    const auto frames_until = [&](const std::function<bool()>& done) {
        for (int i = 0; i < 2000 && !done(); ++i) {  // at most 20 s
            child.update();
            imgui.frame();
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return done();
    };
    ASSERT_TRUE(frames_until([&] { return child.tick() > 0; })) << child.message();
    imgui.click(at("toolbar/Pause"));
    ASSERT_TRUE(frames_until([&] { return child.paused(); }));
    EXPECT_EQ(state.shown_play_mode(), play_state::paused);
    imgui.frame();
    EXPECT_EQ(ui.state().test.scene_label, "PAUSED") << "the Scene view says the child is";
    const int pid = child.pid();
    imgui.click(at("toolbar/Stop"));
    EXPECT_FALSE(child.active());
    EXPECT_FALSE(state.playing()) << "the edit scene is back";
    ASSERT_TRUE(frames_until([&] { return child.stopping() == 0; }));
    EXPECT_NE(::kill(pid, 0), 0) << "the child is gone, reaped";
    EXPECT_EQ(state.shown_play_mode(), play_state::editing);
}

// The game's ticks get a share of each frame on the real clock; when they are dropped, the
// toolbar says how fast the game runs against real time.
TEST_F(EditorShellTest, TheToolbarShowsTheGamesSpeedWhenItCannotKeepUp) {
    create_entity(state, "E");
    imgui.frames(2);
    imgui.click(at("toolbar/Play"));
    ASSERT_TRUE(state.playing());
    state.player().frame(1.0 / 60.0);
    imgui.frames(2);
    EXPECT_FALSE(has_item("toolbar/speed")) << "keeping up: nothing to say";

    fixed_step_clock& clock = state.game().clock();
    (void)clock.advance(4.0 / 60.0);
    clock.drop(3);  // one of four due ticks ran, as when the tick budget runs out
    imgui.frames(2);
    EXPECT_TRUE(has_item("toolbar/speed"));
    EXPECT_NEAR(clock.speed(), 2.0 / 5.0, 1e-9);  // 2 of the 5 due ticks in this second ran

    imgui.click(at("toolbar/Pause"));
    imgui.frames(2);
    EXPECT_FALSE(has_item("toolbar/speed")) << "paused: no speed";
}

TEST_F(EditorShellTest, CtrlPPlaysAndStops) {
    create_entity(state, "E");
    imgui.frames(2);
    imgui.tap(key::p, true);
    EXPECT_TRUE(state.playing());
    imgui.tap(key::p, true, true);
    EXPECT_EQ(state.player().mode(), play_state::paused);
    imgui.tap(key::p, true);
    EXPECT_FALSE(state.playing());
}

TEST_F(EditorShellTest, UndoRedoDuplicateAndDeleteShortcuts) {
    create_entity(state, "E");
    imgui.frames(2);
    const std::size_t one = state.world().size();
    imgui.tap(key::d, true);
    EXPECT_EQ(state.world().size(), one + 1);
    imgui.tap(key::del);
    EXPECT_EQ(state.world().size(), one);
    imgui.tap(key::z, true);
    EXPECT_EQ(state.world().size(), one + 1);
    imgui.tap(key::z, true, true);  // Ctrl+Shift+Z redoes
    EXPECT_EQ(state.world().size(), one);
    imgui.tap(key::z, true);
    imgui.tap(key::y, true);  // and so does Ctrl+Y
    EXPECT_EQ(state.world().size(), one);
}

TEST_F(EditorShellTest, NewAsksAboutUnsavedChanges) {
    create_entity(state, "Precious");
    imgui.frames(2);
    ASSERT_TRUE(state.dirty());
    imgui.tap(key::n, true);
    imgui.frames(1);
    ASSERT_TRUE(has_item("unsaved/Cancel"));
    imgui.click(at("unsaved/Cancel"));
    imgui.frames(1);
    EXPECT_FALSE(state.find_by_name("Precious").is_null()) << "Cancel keeps the scene";

    imgui.tap(key::n, true);
    imgui.frames(1);
    imgui.click(at("unsaved/Don't Save"));
    imgui.frames(1);
    EXPECT_TRUE(state.find_by_name("Precious").is_null());
    EXPECT_FALSE(state.dirty());
}

TEST_F(EditorShellTest, CtrlQQuitsAfterAskingAboutUnsavedChanges) {
    create_entity(state, "Precious");
    imgui.frames(2);
    ASSERT_TRUE(state.dirty());
    imgui.tap(key::q, true);
    imgui.frames(1);
    ASSERT_TRUE(has_item("unsaved/Cancel"));
    EXPECT_FALSE(ui.quit_requested());
    imgui.click(at("unsaved/Don't Save"));
    imgui.frames(1);
    EXPECT_TRUE(ui.quit_requested());
}

TEST_F(EditorShellTest, TheSmallButtonsAreAFrameHighAtLeast) {
    const entity e = create_entity(state, "Box");
    state.selection().select(e);
    imgui.frames(3);
    const float frame = ImGui::GetFrameHeight();
    for (const char* name : {"hierarchy/+", "inspector/menu/Transform"}) {
        const item_rect r = item(name);
        EXPECT_GE(r.max.y - r.min.y, frame) << name;
        EXPECT_GE(r.max.x - r.min.x, frame) << name;
    }
    imgui.click(at("inspector/menu/Transform"));
    imgui.frames(1);
    EXPECT_TRUE(ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId));
}

TEST_F(EditorShellTest, AFailedLoadShowsTheErrorAndKeepsTheScene) {
    create_entity(state, "Keep me");
    const fs::path broken = temp("broken.scene.json");
    std::ofstream(broken) << "{ \"format\": \"mosaic.scene\", \"version\": 2, \"entities\": [ { ";
    imgui.frames(2);
    ASSERT_FALSE(open_scene_now(state, ui.state(), broken));
    imgui.frames(2);
    EXPECT_FALSE(state.find_by_name("Keep me").is_null());
    EXPECT_NE(ui.state().files.load_error.find("broken.scene.json"), std::string::npos)
        << ui.state().files.load_error;
    EXPECT_NE(ImGui::FindWindowByName("Could not open the scene"), nullptr);
}

TEST_F(EditorShellTest, SplitterSizesPersistInTheSettingsFile) {
    const fs::path settings = temp("editor.ini");
    {
        editor_ui other(settings);
        imgui.contents = [&] {
            other.state().test.record_items = true;
            other.frame(state);
        };
        imgui.frames(3);
        const float before = other.state().settings.hierarchy_width;
        const panel_layout& l = other.layout();
        const ImVec2 gap{l.hierarchy.pos.x + l.hierarchy.size.x + panel_layout::gap * 0.5f,
                         l.hierarchy.pos.y + 200.0f};
        imgui.drag(gap, {gap.x + 60.0f, gap.y});
        EXPECT_NEAR(other.state().settings.hierarchy_width, before + 60.0f, 1.0f);
        imgui.contents = nullptr;
    }
    EXPECT_NEAR(load_settings(settings).hierarchy_width, editor_settings{}.hierarchy_width + 60.0f,
                1.0f);
}

}  // namespace
}  // namespace mosaic::testing

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

TEST_F(EditorShellTest, AutosaveIsOfferedAfterACrashAndRecoversIntoACopy) {
    const fs::path settings = temp("editor.ini");
    {
        editor_ui crashed(settings);
        create_entity(state, "Unsaved work");
        ASSERT_EQ(crashed.autosaver().write_now(state), "");
        ASSERT_TRUE(fs::exists(crashed.autosaver().recovery_file()));
    }  // no closing(): as if the process had died
    editor_state fresh;
    editor_ui next(settings);
    next.state().test.record_items = true;
    imgui.contents = [&] { next.frame(fresh); };
    EXPECT_TRUE(next.autosaver().offering());
    imgui.frames(2);
    ASSERT_TRUE(next.state().test.items.contains("recovery/Recover/0"));
    imgui.click(next.state().test.items.at("recovery/Recover/0").center());
    imgui.frames(1);
    EXPECT_FALSE(fresh.find_by_name("Unsaved work").is_null());
    EXPECT_NE(fresh.scene_path().string().find(".recovered.scene.bin"), std::string::npos);
    EXPECT_FALSE(fs::exists(next.autosaver().recovery_file())) << "recovered: the file goes";
    imgui.contents = nullptr;
}

TEST_F(EditorShellTest, EnteringPlayWithUnsavedChangesWritesTheRecoveryFileFirst) {
    // Game code may crash the whole process once Play starts: the edits must be on disk by then.
    const fs::path settings = temp("editor.ini");
    editor_ui ui(settings);
    imgui.contents = [&] { ui.frame(state); };
    imgui.frames(1);
    create_entity(state, "Edited before Play");
    ASSERT_FALSE(fs::exists(ui.autosaver().recovery_file()));
    state.player().play();
    ASSERT_TRUE(fs::exists(ui.autosaver().recovery_file())) << "written by play(), before a tick";
    EXPECT_EQ(state.game().clock().ticks(), 0u);
    load_result<scene> recovered = load_scene_file(ui.autosaver().recovery_file(), state.table());
    ASSERT_TRUE(recovered.ok());
    bool found = false;
    recovered.value->world.view<const Name>().each(
        [&](const Name& n) { found = found || std::string_view(n.value) == "Edited before Play"; });
    EXPECT_TRUE(found) << "the recovery file holds the edit";
    state.player().stop();
    imgui.contents = nullptr;
}

TEST_F(EditorShellTest, AnAlertShowsInAModalUntilOk) {
    // A system failed and the game stopped: the user must see it, not only the Console.
    editor_ui ui(std::filesystem::path{});
    ui.state().test.record_items = true;
    imgui.contents = [&] { ui.frame(state); };
    state.alert("Game stopped", "Game stopped: system 'turret' failed at tick 10: boom");
    state.alert("Game stopped", "Game stopped: system 'turret' failed at tick 11: boom");
    EXPECT_EQ(state.alerts().size(), 1u) << "the newest of a title replaces the older";
    imgui.frames(2);
    ASSERT_TRUE(ui.state().test.items.contains("alert/OK"));
    imgui.click(ui.state().test.items.at("alert/OK").center());
    imgui.frames(1);
    EXPECT_TRUE(state.alerts().empty());
    imgui.contents = nullptr;
}

// Escape closes whatever menu or popup is open; shortcuts work while a menu is open.
TEST_F(EditorShellTest, EscapeClosesMenusAndPopupsAndShortcutsWorkInAMenu) {
    const auto open_popups = [] { return ImGui::GetCurrentContext()->OpenPopupStack.Size; };
    const entity box = create_entity(state, "Box");
    imgui.frames(3);

    imgui.click(at("menu/File"));
    imgui.frames(1);
    ASSERT_TRUE(has_item("menu/Open"));
    imgui.tap(key::escape);
    imgui.frames(1);
    EXPECT_FALSE(has_item("menu/Open")) << "Escape closes the menu";
    EXPECT_EQ(open_popups(), 0);

    imgui.click(at("hierarchy/row/Box"), 1);  // the row's context menu
    imgui.frames(1);
    ASSERT_EQ(open_popups(), 1);
    imgui.tap(key::escape);
    imgui.frames(1);
    EXPECT_EQ(open_popups(), 0) << "Escape closes the context menu";

    imgui.click(at("inspector/Add Component"));
    imgui.frames(1);
    ASSERT_TRUE(has_item("add_component/search"));
    imgui.tap(key::escape);  // the search field has the keyboard
    imgui.frames(1);
    EXPECT_FALSE(has_item("add_component/search")) << "Escape closes Add Component";
    EXPECT_EQ(open_popups(), 0);

    imgui.click(at("menu/File"));
    imgui.frames(1);
    ASSERT_EQ(open_popups(), 1);
    imgui.tap(key::z, true);  // Ctrl+Z with a menu open: the create is undone
    imgui.frames(1);
    EXPECT_FALSE(state.world().alive(box));
}

}  // namespace
}  // namespace mosaic::testing
