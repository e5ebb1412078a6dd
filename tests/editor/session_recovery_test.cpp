// Two editors at once: each process has its own recovery file, a live session's file is never
// offered or removed by another editor, and every crashed (SIGKILLed) session is offered.
// The other editors are forked processes (other_process.hpp) running autosave for real.
#include <csignal>
#include <fstream>
#include <iterator>

#include <mosaic/engine/crash_report.hpp>

#include "../editor_core/other_process.hpp"
#include "editor_ui_test_support.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string contents_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class SessionRecoveryTest : public EditorUiTest {
protected:
    SessionRecoveryTest() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = fs::temp_directory_path() / ("mosaic-sessions-" + std::string(info->name()));
        fs::remove_all(folder_);
        fs::create_directories(folder_);
        settings_ = folder_ / "editor.ini";
    }
    ~SessionRecoveryTest() override { fs::remove_all(folder_); }

    /// Another editor: its own session in the same settings folder, with an unsaved entity
    /// named `work` written to its recovery file (optionally for a scene saved at `scene`).
    /// Replies with its recovery file's path.
    std::function<std::string()> editor_with_unsaved(std::string work, fs::path scene = {}) {
        return [this, work, scene] {
            static autosave* session = nullptr;
            static editor_state* s = nullptr;
            session = new autosave(folder_ / "recovery");  // lives until the process dies
            s = new editor_state;
            if (!scene.empty()) (void)s->save_as(scene);
            create_entity(*s, work);
            if (!session->write_now(*s).empty()) return std::string("write failed");
            return session->recovery_file().string();
        };
    }
    /// Frames of `ui` drawing into `s` (the fixture's context).
    void draw(editor_ui& ui, editor_state& s, int frames = 2) {
        ui.state().test.record_items = true;
        imgui.contents = [&] {
            ui.state().test.items.clear();
            ui.frame(s);
        };
        imgui.frames(frames);
    }
    void click(editor_ui& ui, editor_state& s, const std::string& name) {
        ASSERT_TRUE(ui.state().test.items.contains(name)) << name;
        imgui.click(ui.state().test.items.at(name).center());
        imgui.frames(1);
        (void)s;
    }

    fs::path folder_;
    fs::path settings_;
};

TEST_F(SessionRecoveryTest, ALiveEditorsFileIsNeitherOfferedNorTouchedAKilledOnesIs) {
    other_process a(editor_with_unsaved("Work of A"));
    const fs::path a_file = a.reply();
    ASSERT_TRUE(fs::exists(a_file)) << a.reply();
    const std::string a_bytes = contents_of(a_file);

    {  // B starts while A runs: nothing to recover, and B's own autosave has its own file.
        editor_state b_state;
        editor_ui b(settings_);
        EXPECT_FALSE(b.autosaver().offering()) << "A is alive: not a crash";
        draw(b, b_state);
        EXPECT_FALSE(b.state().test.items.contains("recovery/Recover/0"));
        create_entity(b_state, "Work of B");
        ASSERT_EQ(b.autosaver().write_now(b_state), "");
        EXPECT_NE(b.autosaver().recovery_file(), a_file);
        EXPECT_TRUE(fs::exists(b.autosaver().recovery_file()));
        b.closing();  // B quits normally: its file goes, A's stays
        EXPECT_FALSE(fs::exists(b.autosaver().recovery_file()));
        imgui.contents = nullptr;
    }
    ASSERT_TRUE(fs::exists(a_file));
    EXPECT_EQ(contents_of(a_file), a_bytes) << "A's recovery file was not rewritten";

    const std::string a_pid = std::to_string(a.pid());
    a.kill();  // A crashes
    editor_state c_state;
    editor_ui c(settings_);
    ASSERT_EQ(c.autosaver().offers().size(), 1u);
    EXPECT_EQ(c.autosaver().offers()[0].pid, a_pid);
    draw(c, c_state);
    click(c, c_state, "recovery/Recover/0");
    EXPECT_FALSE(c_state.find_by_name("Work of A").is_null()) << "A's edit is back";
    EXPECT_FALSE(fs::exists(a_file)) << "recovered: A's file goes";
    EXPECT_FALSE(c.autosaver().offering());
    imgui.contents = nullptr;
}

TEST_F(SessionRecoveryTest, EveryCrashedSessionIsListedAndEachRecoveredOrDiscarded) {
    const fs::path scene = folder_ / "level.scene.json";
    other_process a(editor_with_unsaved("Work of A", scene));
    other_process b(editor_with_unsaved("Work of B"));
    const fs::path a_file = a.reply();
    const fs::path b_file = b.reply();
    ASSERT_TRUE(fs::exists(a_file) && fs::exists(b_file));
    const std::string a_pid = std::to_string(a.pid());
    a.kill();
    b.kill();

    editor_state s;
    editor_ui ui(settings_);
    const std::vector<recovery_offer>& offers = ui.autosaver().offers();
    ASSERT_EQ(offers.size(), 2u) << "both crashed sessions are offered";
    {  // While this editor offers them, a third one started now does not offer them too.
        editor_ui third(settings_);
        EXPECT_FALSE(third.autosaver().offering());
    }
    const std::size_t of_a = offers[0].pid == a_pid ? 0 : 1;
    EXPECT_EQ(offers[of_a].original, scene);
    EXPECT_TRUE(offers[1 - of_a].original.empty()) << "B's scene was untitled";
    EXPECT_GT(offers[of_a].size, 0u);
    EXPECT_FALSE(offers[of_a].written.empty());

    draw(ui, s);
    ASSERT_TRUE(ui.state().test.items.contains("recovery/Recover/1"));
    click(ui, s, "recovery/Discard/" + std::to_string(1 - of_a));  // B's goes
    EXPECT_FALSE(fs::exists(b_file));
    EXPECT_TRUE(fs::exists(a_file));
    ASSERT_EQ(offers.size(), 1u);
    draw(ui, s, 1);
    click(ui, s, "recovery/Recover/0");  // A's comes back, next to its scene
    EXPECT_FALSE(s.find_by_name("Work of A").is_null());
    EXPECT_EQ(s.scene_path(), folder_ / "level.recovered.scene.bin");
    EXPECT_FALSE(fs::exists(a_file));
    EXPECT_FALSE(ui.autosaver().offering());
    imgui.frames(2);
    EXPECT_FALSE(ui.state().test.items.contains("recovery/Recover/0")) << "the offer closed";
    imgui.contents = nullptr;

    // Nothing is left in the recovery folder but this editor's own lock.
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(folder_ / "recovery")) {
        (void)e;
        ++files;
    }
    EXPECT_EQ(files, 1u);
}

TEST_F(SessionRecoveryTest, ACrashReportIsShownWithTheOfferAndRecoverLeavesNothingBehind) {
    other_process a([this] {
        static autosave* session = nullptr;
        static editor_state* s = nullptr;
        session = new autosave(folder_ / "recovery");
        s = new editor_state;
        create_entity(*s, "Work of A");
        (void)session->write_now(*s);
        create_entity(*s, "More work of A");
        (void)session->write_now(*s);  // the second write keeps a .bak of the first
        crash_report::install(session->crash_file(), "mosaic-editor");
        crash_report::set_module("owngame (/tmp/owngame/build/libowngame.so)");
        return session->recovery_file().string();
    });
    const fs::path a_file = a.reply();
    ASSERT_TRUE(fs::exists(a_file.string() + ".bak")) << "the test needs the backup file";
    a.kill(SIGSEGV);  // a crash, as a segfault in game code would be

    editor_state s;
    editor_ui ui(settings_);
    const std::vector<recovery_offer>& offers = ui.autosaver().offers();
    ASSERT_EQ(offers.size(), 1u);
    EXPECT_NE(offers[0].crash.find("mosaic-editor crashed: signal 11 SIGSEGV"), std::string::npos)
        << offers[0].crash;
    EXPECT_NE(offers[0].crash.find("module: owngame"), std::string::npos) << offers[0].crash;
    EXPECT_NE(offers[0].crash.find("backtrace"), std::string::npos) << offers[0].crash;
    draw(ui, s);
    EXPECT_TRUE(ui.state().test.items.contains("recovery/crash/0")) << "the report is shown";
    click(ui, s, "recovery/Recover/0");
    EXPECT_FALSE(s.find_by_name("More work of A").is_null());
    imgui.frames(2);
    imgui.contents = nullptr;

    // The scene, its .bak, the note and the crash report are gone: only this editor's lock,
    // and the recovered scene now open (an untitled scene has no folder of its own: it is
    // recovered into the recovery folder).
    EXPECT_EQ(s.scene_path(), folder_ / "recovery" / "untitled.recovered.scene.bin");
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(folder_ / "recovery"))
        if (e.path() != s.scene_path()) left.push_back(e.path().filename().string());
    ASSERT_EQ(left.size(), 1u) << left[0] << (left.size() > 1 ? " " + left[1] : "");
    EXPECT_TRUE(left[0].ends_with(".lock")) << left[0];
}

TEST_F(SessionRecoveryTest, ACrashWithNothingUnsavedIsStillReported) {
    other_process a([this] {
        static autosave* session = nullptr;
        session = new autosave(folder_ / "recovery");
        crash_report::install(session->crash_file(), "mosaic-editor");
        return session->crash_file().string();
    });
    a.kill(SIGABRT);
    editor_state s;
    editor_ui ui(settings_);
    ASSERT_EQ(ui.autosaver().offers().size(), 1u);
    EXPECT_FALSE(ui.autosaver().offers()[0].has_scene);
    EXPECT_NE(ui.autosaver().offers()[0].crash.find("SIGABRT"), std::string::npos);
    draw(ui, s);
    EXPECT_FALSE(ui.state().test.items.contains("recovery/Recover/0")) << "nothing to recover";
    click(ui, s, "recovery/Discard/0");
    EXPECT_FALSE(ui.autosaver().offering());
    imgui.frames(2);
    imgui.contents = nullptr;
}

TEST_F(SessionRecoveryTest, LaterKeepsTheFilesForTheNextStart) {
    other_process a(editor_with_unsaved("Work of A"));
    const fs::path a_file = a.reply();
    a.kill();
    {
        editor_state s;
        editor_ui ui(settings_);
        draw(ui, s);
        click(ui, s, "recovery/Later");
        EXPECT_FALSE(ui.autosaver().offering());
        EXPECT_TRUE(fs::exists(a_file));
        imgui.contents = nullptr;
    }
    editor_ui next(settings_);
    EXPECT_EQ(next.autosaver().offers().size(), 1u);
}

}  // namespace
}  // namespace mosaic::testing
