// Hot reload, as a user lives it: the game's module (tests/modules/reload_game.cpp) is
// rebuilt while the editor has its project open. Version 1 is copied to the path the
// project's manifest names, the editor opens the project, then version 2 is copied over it
// (what the compiler does to the file) and the editor reloads:
//
//   v1: Mover{speed}, Legacy{count}, "move": x += speed
//   v2: Mover{speed, boost = 2.5}, no Legacy, "move": x += speed * boost
//
// Under ASan + UBSan: every value of the module's types lives in memory the host owns, and
// the old code is really unloaded (its private copy leaves /proc/self/maps and its static
// state starts from zero when loaded again).
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "../modules/test_projects.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
namespace fs = std::filesystem;

std::string run(editor_state& s, std::string_view text) {
    for (const script_line& line : parse_script(text)) {
        if (std::string error = run_script_line(s, line, {}); !error.empty())
            return std::to_string(line.number) + ": " + error + " (" + line.text + ")";
    }
    return {};
}

bool mapped(const fs::path& file) {
    std::ifstream maps("/proc/self/maps");
    const std::string text{std::istreambuf_iterator<char>(maps), {}};
    return text.find(file.string()) != std::string::npos;
}

bool console_has(editor_state& s, std::string_view text) {
    for (const auto& line : s.log().lines())
        if (line.text.find(text) != std::string::npos) return true;
    return false;
}

class HotReload : public ::testing::Test {
protected:
    HotReload() {
        folder_ = fs::temp_directory_path() /
                  ("mosaic-hot-reload-" +
                   std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(folder_);
        module_ = folder_ / "build" / "libreload_game.so";
        fs::create_directories(module_.parent_path());
        rebuild(1);
        manifest_ = mosaic::testing::write_test_project(folder_, "reload_game", module_);
    }
    ~HotReload() override { fs::remove_all(folder_); }

    // "Rebuilds" the game: the file the manifest names now holds `version`.
    void rebuild(int version) {
        fs::copy_file(mosaic::testing::test_module("reload_v" + std::to_string(version)), module_,
                      fs::copy_options::overwrite_existing);
    }

    // A scene with one moving entity (x += speed per tick) that also has a Legacy.
    void make_scene(editor_state& s) {
        ASSERT_TRUE(s.open_project(manifest_));
        ASSERT_EQ(run(s,
                      "create Runner\nadd Mover\nset Mover.speed 2\n"
                      "add Legacy\nset Legacy.count 41"),
                  "");
    }

    fs::path folder_, module_, manifest_;
};

TEST_F(HotReload, WhilePlayingTheGameGoesOnFromTheSameTickWithTheNewCode) {
    editor_state s;
    make_scene(s);
    const fs::path v1_copy = s.opened_project().module->loaded_copy();
    ASSERT_TRUE(mapped(v1_copy));

    ASSERT_EQ(run(s, "play\npause\nstep 60"), "");
    ASSERT_EQ(s.game().clock().ticks(), 60u);
    ASSERT_EQ(run(s, "expect Transform.position 120 0\nexpect Mover.speed 2"), "");

    rebuild(2);
    ASSERT_TRUE(s.reload_code());
    EXPECT_TRUE(s.playing()) << "still in play mode";
    EXPECT_EQ(s.game().clock().ticks(), 60u) << "the tick survives";
    EXPECT_FALSE(mapped(v1_copy)) << "version 1 is unloaded";
    EXPECT_EQ(run(s,
                  "expect Transform.position 120 0\nexpect Mover.speed 2\n"
                  "expect Mover.boost 2.5"),
              "")
        << "values kept, the new field takes its default";
    EXPECT_TRUE(console_has(s, "Legacy")) << "the removed type is reported";

    ASSERT_EQ(run(s, "step 1"), "");
    EXPECT_EQ(s.game().clock().ticks(), 61u);
    EXPECT_EQ(run(s, "expect Transform.position 125 0"), "") << "the new behaviour: 2 * 2.5";

    ASSERT_EQ(run(s, "stop"), "");
    EXPECT_EQ(run(s,
                  "expect Transform.position 0 0\nexpect Mover.speed 2\n"
                  "expect Mover.boost 2.5"),
              "")
        << "the edit-time scene (the play snapshot) was migrated too";
}

TEST_F(HotReload, InEditModeTheSceneSelectionAndUndoHistorySurvive) {
    editor_state s;
    make_scene(s);
    ASSERT_EQ(run(s, "set Mover.speed 3"), "");
    const std::size_t steps = s.history().undo_steps();

    rebuild(2);
    ASSERT_TRUE(s.reload_code());
    EXPECT_EQ(s.reloads(), 1u);
    EXPECT_EQ(run(s, "expect_selected 1\nexpect Mover.speed 3\nexpect Mover.boost 2.5"), "");
    EXPECT_EQ(s.history().undo_steps(), steps) << "the history is kept";
    EXPECT_EQ(s.table().find("Legacy"), nullptr);

    // Undo walks back through edits made with version 1's types.
    EXPECT_EQ(run(s, "undo\nexpect Mover.speed 2\nexpect Mover.boost 2.5"), "");
    EXPECT_EQ(run(s, "redo\nexpect Mover.speed 3"), "");
    ASSERT_EQ(run(s, "play\npause\nstep 1"), "");
    EXPECT_EQ(run(s, "expect Transform.position 7.5 0"), "") << "3 * 2.5 with the new code";
    ASSERT_EQ(run(s, "stop"), "");

    // The removed type comes back as itself when the old code returns (kept verbatim).
    rebuild(1);
    ASSERT_TRUE(s.reload_code());
    EXPECT_EQ(run(s, "expect Legacy.count 41\nexpect Mover.speed 3"), "");
}

TEST_F(HotReload, AModuleThatFailsToLoadLeavesTheRunningCode) {
    editor_state s;
    make_scene(s);
    std::ofstream(module_, std::ios::trunc) << "not a shared library";  // a broken build
    EXPECT_FALSE(s.reload_code());
    EXPECT_TRUE(console_has(s, "reload failed, the running code stays"));
    EXPECT_EQ(run(s, "expect Mover.speed 2\nexpect Legacy.count 41"), "");
    ASSERT_EQ(run(s, "play\npause\nstep 1\nexpect Transform.position 2 0\nstop"), "");
}

TEST_F(HotReload, TheConsoleGivesTheReloadTime) {
    editor_state s;
    make_scene(s);
    rebuild(2);
    ASSERT_TRUE(s.reload_code());
    bool timed = false;
    for (const auto& line : s.log().lines()) {
        const std::string& t = line.text;
        if (t.starts_with("reloaded ") &&
            t.find(" component values migrated, ") != std::string::npos && t.ends_with(" ms)"))
            timed = true;
    }
    EXPECT_TRUE(timed) << "reloaded ... (N component values migrated, X ms)";
}

TEST_F(HotReload, ARegistrationThatFailsSaysTheOldCodeKeepsRunning) {
    editor_state s;
    make_scene(s);
    fs::copy_file(mosaic::testing::test_module("broken"), module_,
                  fs::copy_options::overwrite_existing);
    s.alerts().clear();
    EXPECT_FALSE(s.reload_code());
    ASSERT_FALSE(s.alerts().empty());
    const std::string& text = s.alerts().back().text;
    EXPECT_NE(text.find("the old code keeps running"), std::string::npos) << text;
    EXPECT_NE(text.find("missing config file gears.cfg"), std::string::npos) << text;
    EXPECT_EQ(text.find("built-in"), std::string::npos) << "not what happened: " << text;
    EXPECT_EQ(run(s, "expect Mover.speed 2"), "") << "the old code's types are still there";
}

TEST_F(HotReload, TheOldModuleIsReallyUnloaded) {
    // Its static state counts its loads: a module that stayed in memory would count on.
    const auto loads = [](const loaded_project& p) {
        using counter = int (*)();
        void* handle = dlopen(p.module->loaded_copy().c_str(), RTLD_NOW | RTLD_NOLOAD);
        if (!handle) return -1;
        const auto count = reinterpret_cast<counter>(dlsym(handle, "reload_game_loads"));
        const int n = count ? count() : -1;
        dlclose(handle);
        return n;
    };
    editor_state s;
    ASSERT_TRUE(s.open_project(manifest_));
    EXPECT_EQ(loads(s.opened_project()), 1);
    for (int i = 0; i < 3; ++i) {
        const fs::path before = s.opened_project().module->loaded_copy();
        ASSERT_TRUE(s.reload_code());
        EXPECT_FALSE(mapped(before));
        // A reload registers twice (a trial first, so that code whose registration throws
        // never replaces the running code); a module that stayed loaded would count on.
        EXPECT_EQ(loads(s.opened_project()), 2) << "a fresh copy, counting from zero";
    }
}

}  // namespace
