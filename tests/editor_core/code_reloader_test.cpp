// Build & Reload and the module watcher on a real project: the build's output in the
// console, the reload after a build that succeeded, the running code kept after one that
// failed, and a module rebuilt behind the editor's back loaded exactly once.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/editor_state.hpp"
#include "core/script.hpp"
#include "reload_project.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::copy_v2_command;
using mosaic::testing::reload_project;

bool has_field(const editor_state& s, const char* component, const char* field) {
    const component_info* info = s.table().find(component);
    return info && info->find_field(field);
}

/// The console line holding `text`, or null.
const log_line* find_line(editor_state& s, const std::string& text) {
    for (const log_line& line : s.log().lines())
        if (line.text.find(text) != std::string::npos) return &line;
    return nullptr;
}

/// The console line that is exactly `text` (a line of the build's output), or null.
const log_line* find_exact(editor_state& s, const std::string& text) {
    for (const log_line& line : s.log().lines())
        if (line.text == text) return &line;
    return nullptr;
}

/// Frames until the build ends (polling as the UI does each frame).
void finish_build(editor_state& s) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (s.reloader().building() && std::chrono::steady_clock::now() < deadline) {
        s.reloader().poll_build(s);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_FALSE(s.reloader().building()) << "the build did not end";
}

TEST(CodeReloader, ClassifiesBuildOutputLines) {
    EXPECT_EQ(build_line_level("x.cpp:3: error: boom"), log_level::error);
    EXPECT_EQ(build_line_level("make: *** [all] Error 1"), log_level::error);
    EXPECT_EQ(build_line_level("x.cpp:4: warning: unused variable"), log_level::warning);
    EXPECT_EQ(build_line_level("[2/3] Linking CXX shared library"), log_level::info);
    EXPECT_EQ(build_line_level("1 error generated."), log_level::error);
    EXPECT_EQ(build_line_level("2 errors generated."), log_level::error);
    EXPECT_EQ(build_line_level("ERROR: boom"), log_level::error);
    // A compile command and file names are not errors.
    EXPECT_EQ(build_line_level("c++ -Wall -Werror -Wno-error=shadow -c error_codes.cpp"),
              log_level::info);
    EXPECT_EQ(build_line_level("c++ -c errors.cpp"), log_level::info);
}

TEST(CodeReloader, BuildAndReloadLoadsTheNewCodeAndKeepsTheScene) {
    reload_project p("build_ok", copy_v2_command());
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    ASSERT_FALSE(has_field(s, "Mover", "boost"));
    const entity runner = s.find_by_name("Runner");
    ASSERT_FALSE(runner.is_null());

    ASSERT_TRUE(s.reloader().start_build(s));
    EXPECT_TRUE(s.reloader().building());
    EXPECT_FALSE(s.reloader().start_build(s)) << "one build at a time";
    finish_build(s);

    ASSERT_TRUE(s.reloader().last_build().has_value());
    EXPECT_EQ(s.reloader().last_build()->exit_code, 0);
    EXPECT_TRUE(s.reloader().last_build()->reloaded);
    EXPECT_EQ(s.reloads(), 1u);
    EXPECT_TRUE(has_field(s, "Mover", "boost")) << "version 2's Mover";
    EXPECT_EQ(s.find_by_name("Runner"), runner) << "the scene survives";
    EXPECT_NE(find_line(s, "build: cp "), nullptr) << "the command is in the console";

    // The watcher sees the file our build wrote, and leaves it to the build: no second load.
    for (double now = 0; now < 3; now += 0.25) s.reloader().update(s, now);
    EXPECT_EQ(s.reloads(), 1u);
}

TEST(CodeReloader, AFailedBuildKeepsTheRunningCode) {
    reload_project p("build_fails", "echo 'x.cpp:3: error: boom'; echo 'all good'; exit 1");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    ASSERT_TRUE(s.reloader().start_build(s));
    finish_build(s);

    const log_line* error = find_exact(s, "x.cpp:3: error: boom");
    ASSERT_NE(error, nullptr) << "the build's output streams into the console, whole lines";
    EXPECT_EQ(error->level, log_level::error);
    ASSERT_NE(find_exact(s, "all good"), nullptr);
    EXPECT_EQ(find_exact(s, "all good")->level, log_level::info);
    const log_line* failed = find_line(s, "build failed (exit 1): the running code stays");
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(failed->level, log_level::error);
    EXPECT_EQ(s.reloads(), 0u);
    EXPECT_EQ(s.reloader().last_build()->exit_code, 1);
    EXPECT_FALSE(s.reloader().last_build()->reloaded);
    EXPECT_TRUE(has_field(s, "Mover", "speed"));
}

TEST(CodeReloader, NoBuildCommandSaysSo) {
    reload_project p("no_build");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    EXPECT_FALSE(s.reloader().start_build(s));
    EXPECT_NE(find_line(s, "has no \"build\" command"), nullptr);
    editor_state no_project;
    EXPECT_FALSE(no_project.reloader().start_build(no_project));
    EXPECT_NE(find_line(no_project, "no project is open"), nullptr);
}

TEST(CodeReloader, TheWatcherReloadsAModuleRebuiltOutsideTheEditor) {
    reload_project p("watched");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    s.player().play();  // reloading while playing keeps the game going
    s.reloader().update(s, 0.0);
    s.reloader().update(s, 0.6);
    EXPECT_EQ(s.reloads(), 0u) << "nothing changed";

    p.rebuild_to_v2();
    s.reloader().update(s, 1.2);
    EXPECT_EQ(s.reloads(), 0u) << "first seen: the linker may still be writing";
    s.reloader().update(s, 1.8);
    EXPECT_EQ(s.reloads(), 1u) << "stable for one more look: reloaded";
    EXPECT_TRUE(has_field(s, "Mover", "boost"));
    EXPECT_EQ(s.player().mode(), play_state::playing);
    for (double now = 2.4; now < 5; now += 0.6) s.reloader().update(s, now);
    EXPECT_EQ(s.reloads(), 1u) << "once per change";
}

TEST(CodeReloader, TheWatcherWaitsWhileOurBuildWritesTheModule) {
    // The build replaces the module, then takes a while to end: the watcher must leave the
    // new file to the build's own reload.
    reload_project p("slow_build", copy_v2_command() + " && sleep 1.5");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    s.reloader().update(s, 0.0);
    ASSERT_TRUE(s.reloader().start_build(s));
    double now = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (s.reloader().building() && std::chrono::steady_clock::now() < deadline) {
        now += 0.5;
        s.reloader().update(s, now);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (int i = 0; i < 6; ++i) s.reloader().update(s, now += 0.5);
    EXPECT_EQ(s.reloads(), 1u);
    EXPECT_TRUE(has_field(s, "Mover", "boost"));
}

TEST(CodeReloader, ScriptCommandsOpenBuildAndReload) {
    reload_project p("scripted", copy_v2_command());
    editor_state s;
    const auto run = [&](const std::string& text) {
        return run_script_line(s, script_line{1, text}, script_host{});
    };
    EXPECT_EQ(run("expect_project -"), "");
    EXPECT_EQ(run("open_project " + p.folder().string()), "");
    EXPECT_EQ(run("expect_project scripted"), "");
    EXPECT_NE(run("expect_project other"), "");
    EXPECT_EQ(run("select Runner"), "");
    EXPECT_EQ(run("expect Mover.speed 3"), "");
    EXPECT_EQ(run("reload"), "");
    EXPECT_EQ(s.reloads(), 1u);
    EXPECT_EQ(run("build_reload"), "");
    EXPECT_EQ(s.reloads(), 2u);
    EXPECT_EQ(run("expect Mover.boost 2.5"), "") << "version 2's new field, its default";
    EXPECT_NE(run("open_project /no/such/project"), "");
    EXPECT_EQ(run("expect_project scripted"), "") << "a failed open keeps the project";
}

TEST(CodeReloader, ScriptBuildReloadFailsWhenTheBuildFails) {
    reload_project p("scripted_fail", "echo 'x.cpp:3: error: boom'; exit 2");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    EXPECT_EQ(run_script_line(s, script_line{1, "build_reload"}, script_host{}),
              "build_reload: build failed (exit 2)");
    EXPECT_EQ(s.reloads(), 0u);
}

TEST(EditorProject, TitleAndArchetypesComeFromTheProjectWhereverItLives) {
    reload_project p("titled");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    EXPECT_EQ(s.title(), "main.scene.json - titled - Mosaic");
    ASSERT_EQ(s.game().archetypes().size(), 1u);
    EXPECT_EQ(s.game().archetypes().front().name(), "runner");
    EXPECT_EQ(s.recent_projects().front(), p.folder());

    // A project without a default scene still has its archetypes.
    std::filesystem::remove(p.scene());
    editor_state other;
    ASSERT_TRUE(other.open_project(p.manifest()));
    EXPECT_EQ(other.title(), "Untitled - titled - Mosaic");
    EXPECT_EQ(other.game().archetypes().size(), 1u);
}

TEST(EditorProject, RestoredRecentListsComeAfterThisRunsOwn) {
    reload_project p("recent");
    editor_state s;
    ASSERT_TRUE(s.open_project(p.manifest()));
    s.restore_recent({"/old/a.scene.json", p.scene()}, {"/old/project", p.folder()});
    EXPECT_EQ(s.recent_files(),
              (std::vector<std::filesystem::path>{p.scene(), "/old/a.scene.json"}));
    EXPECT_EQ(s.recent_projects(),
              (std::vector<std::filesystem::path>{p.folder(), "/old/project"}));
}

}  // namespace
