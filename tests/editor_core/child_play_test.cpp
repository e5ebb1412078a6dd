// Play in a separate process (issue #30 §2), headless, against the real mosaic-run: Play
// starts a child that ticks and is attached; Pause and Step advance exactly one tick; Stop
// ends and reaps the process and the edit-time scene is byte for byte what it was; a game
// that crashes (SIGSEGV, abort) puts the signal, the system and a backtrace in the Console
// and raises the alert while the editor stays usable; a child that never gives its port, or
// ends before it does, or cannot be started, is stopped with a clear message.
//
// Sections: 1. helpers  2. play, pause, step, stop  3. crashes  4. children that never listen
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "../modules/test_projects.hpp"
#include "core/child_play.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"

// A namespace of its own: the unity build puts attach_test.cpp's helpers beside these.
namespace mosaic::editor::child_play_tests {
namespace {

namespace fs = std::filesystem;

// --- 1. helpers ------------------------------------------------------------------------------

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The editor's frames (child_play::update at 100 Hz) until `done` or 20 s (ASan builds of the
// child start slowly on a loaded machine).
bool frames_until(child_play& child, const std::function<bool()>& done) {
    const double give_up = now() + 20.0;
    while (now() < give_up) {
        child.update();
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

void frames_for(child_play& child, double seconds) {
    const double until = now() + seconds;
    (void)frames_until(child, [&] { return now() >= until; });
}

/// The process is gone: reaped (a zombie would still answer kill 0).
bool process_gone(int pid) {
    return ::kill(pid, 0) != 0 && errno == ESRCH;
}

std::string console_text(const editor_state& s) {
    std::string all;
    for (const log_line& l : s.log().lines()) all += l.text + "\n";
    return all;
}

/// The scene as its file would be written: what "unchanged" means.
std::string scene_bytes(editor_state& s) {
    const fs::path file = fs::temp_directory_path() /
                          ("mosaic-child-play-test-" + std::to_string(::getpid()) + ".scene.json");
    mosaic::scene copy = s.scene().clone();
    (void)save_scene_file(copy, s.table(), file);
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    fs::remove(file);
    fs::remove(file.string() + ".bak");
    return text.str();
}

/// Runs a script line ("play", "pause"...) as the editor's scripts do: "" or the error.
std::string run_line(editor_state& s, std::string_view text) {
    for (const script_line& line : parse_script(text)) {
        if (std::string error = run_script_line(s, line, script_host{}); !error.empty())
            return error;
    }
    return {};
}

/// Runs the command `id` as a button would (an alert's offer).
std::string run_command_id(editor_state& s, std::string_view id) {
    const command* c = editor_commands().find(id);
    if (c == nullptr) return "no command " + std::string(id);
    command_context ctx{s};
    return command_table::run(*c, ctx);
}

child_play::options test_options() {
    child_play::options o;
    o.runner = MOSAIC_RUN_EXE;
    return o;
}

/// A temporary folder removed at the end of the test.
struct temp_folder {
    fs::path path = fs::temp_directory_path() /
                    ("mosaic-child-play-" + std::to_string(::getpid()) + "-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    temp_folder() { fs::create_directories(path); }
    ~temp_folder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

// --- 2. play, pause, step, stop --------------------------------------------------------------

TEST(ChildPlay, PlaysPausesStepsAndStopsLeavingTheEditSceneUnchanged) {
    editor_state s;
    ASSERT_TRUE(s.open(MOSAIC_LIVE_SCENE));
    const std::string before = scene_bytes(s);
    child_play child({s.log(), s.alerts()}, test_options());

    ASSERT_EQ(child.play(s.scene().clone(), s.table(), {}), "");
    EXPECT_EQ(child.state(), child_play::status::starting);
    const int pid = child.pid();
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(frames_until(child, [&] {
        return child.state() == child_play::status::running && child.tick() > 0;
    })) << child.message();
    ASSERT_TRUE(child.seconds_to_first_tick().has_value());
    // The child's world, as the Game tab lists it.
    ASSERT_TRUE(frames_until(child, [&] { return child.remote().rows().size() == 2; }));
    EXPECT_EQ(child.remote().rows()[0].name, "Mover");

    // Pause holds the tick; one Step is one tick.
    child.pause();
    ASSERT_TRUE(frames_until(child, [&] { return child.paused(); }));
    frames_for(child, 0.3);  // the page refresh reads the tick it stopped at
    const std::uint64_t paused_at = child.tick();
    frames_for(child, 0.3);
    EXPECT_EQ(child.tick(), paused_at) << "paused";
    child.step();
    ASSERT_TRUE(frames_until(child, [&] { return child.tick() == paused_at + 1; }));
    frames_for(child, 0.3);
    EXPECT_EQ(child.tick(), paused_at + 1) << "one step is one tick";
    child.resume();
    ASSERT_TRUE(frames_until(child, [&] { return child.tick() > paused_at + 3; }));

    // Stop: the process ends and is reaped (no zombie); the scene never left the editor.
    child.stop();
    EXPECT_EQ(child.state(), child_play::status::idle);
    EXPECT_FALSE(child.active());
    ASSERT_TRUE(frames_until(child, [&] { return child.stopping() == 0; }));
    EXPECT_TRUE(process_gone(pid)) << "the child is still there (or a zombie)";
    EXPECT_EQ(scene_bytes(s), before);
    EXPECT_TRUE(s.alerts().empty()) << s.alerts().front().text;
    EXPECT_NE(console_text(s).find("play in a separate process"), std::string::npos);
}

TEST(ChildPlay, TheEditorsPlayCommandsDriveTheChildWhenSeparateProcessIsOn) {
    editor_state s;
    ASSERT_TRUE(s.open(MOSAIC_LIVE_SCENE));
    const std::string before = scene_bytes(s);
    s.child_player().enabled = true;  // the toolbar's "Separate process"

    EXPECT_EQ(run_line(s, "play"), "");
    EXPECT_TRUE(s.child_player().active());
    EXPECT_TRUE(s.player().mirrored()) << "the editor shows the game; nothing ticks in it";
    EXPECT_EQ(s.shown_play_mode(), play_state::playing);
    ASSERT_TRUE(frames_until(s.child_player(), [&] { return s.child_player().tick() > 0; }))
        << s.child_player().message();
    EXPECT_EQ(run_line(s, "pause"), "");
    ASSERT_TRUE(frames_until(s.child_player(), [&] { return s.child_player().paused(); }));
    EXPECT_EQ(s.shown_play_mode(), play_state::paused);
    const int pid = s.child_player().pid();
    EXPECT_EQ(run_line(s, "stop"), "");
    EXPECT_EQ(s.shown_play_mode(), play_state::editing);
    ASSERT_TRUE(frames_until(s.child_player(), [&] { return s.child_player().stopping() == 0; }));
    EXPECT_TRUE(process_gone(pid));
    EXPECT_EQ(scene_bytes(s), before);
}

// The editor's own world follows the child's (the Hierarchy, Inspector and Scene view read
// it): the entities are the edit scene's own (paired by file id), their values move with the
// game; an edit made in the editor reaches the game; "Keep after Stop" works as in-process;
// Stop puts the edit scene back byte for byte.
TEST(ChildPlay, TheEditorsWorldFollowsTheGameAndItsEditsReachTheGame) {
    editor_state s;
    ASSERT_TRUE(s.open(MOSAIC_LIVE_SCENE));
    const std::string before = scene_bytes(s);
    const entity mover = s.find_by_name("Mover");
    const entity still = s.find_by_name("Still");
    s.child_player().enabled = true;
    ASSERT_EQ(run_line(s, "play"), "");
    ASSERT_TRUE(s.player().mirrored());
    const auto frames_until_true = [&](const std::function<bool()>& done) {
        const double give_up = now() + 20.0;
        while (now() < give_up) {
            (void)s.player().frame(1.0 / 60);  // as the editor's frame: nothing ticks here
            s.child_player().update();
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };
    ASSERT_TRUE(frames_until_true([&] {
        return s.world().alive(mover) && s.world().get<Transform>(mover).position.x > 0.5f;
    })) << "the game's Mover moves in the editor's world: "
        << s.child_player().message() << console_text(s);
    EXPECT_EQ(s.world().get<Transform>(mover).position.y, 0.0f);
    ASSERT_NE(s.child_player().mirror(), nullptr);
    EXPECT_EQ(s.child_player().mirror()->statistics().paired, 2u);
    EXPECT_EQ(s.child_player().mirror()->local_of(s.child_player().mirror()->remote_of(mover)),
              mover);

    // An Inspector edit: the game's Still gets it (asked of the game itself).
    s.world().get<Transform>(still).position = {-3.0f, 7.0f};
    std::string answer;
    ASSERT_TRUE(frames_until_true([&] {
        if (answer.empty() || answer.find("-3.0") == std::string::npos) {
            s.child_player().remote().query(
                "Team", [&](const std::string& result, const std::string&) { answer = result; });
            return false;
        }
        return true;
    })) << answer;
    EXPECT_NE(answer.find("7.0"), std::string::npos) << answer;
    EXPECT_EQ(s.world().get<Transform>(still).position, glm::vec2(-3.0f, 7.0f));

    // The keys the editor reads (its Input resource) go to the game's Input.
    s.world().resource<Input>().set(key::a, true);
    std::string keys;
    ASSERT_TRUE(frames_until_true([&] {
        s.child_player().remote().send("input.get", "{}",
                                       [&](const live::client_message& m) { keys = m.result; });
        return keys.find("[65]") != std::string::npos;
    })) << "the game's Input: "
        << keys;

    // Keep after Stop, as in-process: the Still's new place is offered.
    s.selection().select(still);
    ASSERT_EQ(run_line(s, "keep Transform"), "");
    const int pid = s.child_player().pid();
    ASSERT_EQ(run_line(s, "stop"), "");
    EXPECT_FALSE(s.playing());
    EXPECT_FALSE(s.child_player().mirroring());
    ASSERT_TRUE(s.player().keeps().has_pending());
    bool offered = false;
    for (const kept_item& item : s.player().keeps().pending().items)
        offered |= item.target == still && item.component == "Transform";
    EXPECT_TRUE(offered);
    s.player().keeps().discard_pending();
    EXPECT_EQ(scene_bytes(s), before) << "the edit scene is back";
    ASSERT_TRUE(frames_until(s.child_player(), [&] { return s.child_player().stopping() == 0; }));
    EXPECT_TRUE(process_gone(pid));
}

// Run instances (Godot's): with two lines of options, Play starts the game the editor shows
// and two more on the same scene, each with its own mosaic-run options; Pause reaches them
// all; an instance whose options the runner refuses ends with the runner's words; Stop ends
// every one and none is left behind.
TEST(ChildPlay, RunInstancesStartBesideTheShownGameAndStopWithIt) {
    editor_state s;
    ASSERT_TRUE(s.open(MOSAIC_LIVE_SCENE));
    s.child_player().enabled = true;
    ASSERT_EQ(run_line(s, "instances --seed 2 | --seed 3 --threads 2 | --bogus"), "");
    ASSERT_EQ(s.child_player().instance_args.size(), 3u);
    ASSERT_EQ(run_line(s, "play"), "");
    child_play& child = s.child_player();
    ASSERT_EQ(child.instances().size(), 3u);
    EXPECT_EQ(child.instances()[1]->extra_args,
              (std::vector<std::string>{"--seed", "3", "--threads", "2"}));
    ASSERT_TRUE(frames_until(child, [&] {
        return child.tick() > 0 && child.instances()[0]->tick() > 0 &&
               child.instances()[1]->tick() > 0 &&
               child.instances()[2]->state() == child_play::status::ended;
    })) << child.instances()[2]->message();
    EXPECT_NE(child.instances()[2]->message().find("bogus"), std::string::npos)
        << "the runner's own words: " << child.instances()[2]->message();
    const int first = child.instances()[0]->pid();
    const int second = child.instances()[1]->pid();
    EXPECT_NE(first, child.pid());
    EXPECT_NE(first, second);

    ASSERT_EQ(run_line(s, "pause"), "");
    ASSERT_TRUE(frames_until(child, [&] {
        return child.paused() && child.instances()[0]->paused() && child.instances()[1]->paused();
    })) << "Pause reaches every instance";

    ASSERT_EQ(run_line(s, "stop"), "");
    EXPECT_FALSE(child.instances()[0]->active());
    EXPECT_FALSE(child.instances()[1]->active());
    ASSERT_TRUE(frames_until(child, [&] { return child.stopping() == 0; }));
    EXPECT_TRUE(process_gone(first));
    EXPECT_TRUE(process_gone(second));
}

// --- 3. crashes ------------------------------------------------------------------------------

// A project whose system "turret" crashes the game on tick 10 (tests/modules: turrets_crash
// raises SIGSEGV, turrets_abort calls std::abort), opened in the editor as a user would.
void crash_test(const std::string& module, const std::string& signal_name) {
    temp_folder folder;
    const fs::path manifest =
        testing::write_test_project(folder.path, "turrets", testing::test_module(module));
    const fs::path scene = folder.path / "scenes" / "turret.scene.json";
    std::ofstream(scene) << R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "Turret", "components": {"Turret": {"version": 1, "angle": 0.0}}}]})";
    editor_state s(load_project(manifest));
    ASSERT_TRUE(s.open(scene)) << console_text(s);
    const std::string before = scene_bytes(s);
    s.child_player().enabled = true;
    ASSERT_EQ(run_line(s, "play"), "");
    child_play& child = s.child_player();
    const int pid = child.pid();
    ASSERT_TRUE(frames_until(child, [&] { return child.state() == child_play::status::ended; }))
        << child.message();

    // The Console: the signal, the module, the system and the backtrace.
    const std::string console = console_text(s);
    EXPECT_NE(console.find("the game crashed: signal"), std::string::npos) << console;
    EXPECT_NE(console.find(signal_name), std::string::npos) << console;
    EXPECT_NE(console.find("system: turret"), std::string::npos) << console;
    EXPECT_NE(console.find("module: turrets"), std::string::npos) << console;
    EXPECT_NE(console.find("backtrace (most recent call first):"), std::string::npos) << console;
    ASSERT_TRUE(child.last_exit().has_value());
    EXPECT_TRUE(child.last_exit()->signaled);
    EXPECT_TRUE(process_gone(pid));

    // Then the frames with their function names (demangled, or looked up with addr2line) and,
    // where the object has debug information, file and line.
    ASSERT_TRUE(frames_until(child, [&] { return !child.symbolising(); }));
    const std::string named = console_text(s);
    EXPECT_NE(named.find("the game's backtrace"), std::string::npos) << named;
    EXPECT_NE(named.find("turrets::turn_then_fail(mosaic::system_context&)"), std::string::npos)
        << named;

    // The alert, offering to play again.
    ASSERT_FALSE(s.alerts().empty());
    const editor_alert& alert = s.alerts().back();
    EXPECT_EQ(alert.title, child_play::crash_title);
    EXPECT_NE(alert.text.find("system 'turret'"), std::string::npos) << alert.text;
    EXPECT_EQ(alert.action_label, "Play Again");
    ASSERT_NE(editor_commands().find(alert.action_command), nullptr);

    // The editor lives on: the scene is as it was, and the offer plays again.
    EXPECT_EQ(scene_bytes(s), before);
    EXPECT_FALSE(s.child_player().active());
    ASSERT_EQ(run_command_id(s, alert.action_command), "");
    EXPECT_TRUE(child.active());
    ASSERT_TRUE(frames_until(child, [&] { return child.state() == child_play::status::ended; }));
    EXPECT_TRUE(child.last_exit()->signaled) << "it crashed again, and was noticed again";
}

TEST(ChildPlay, ASegfaultInTheGamePutsTheReportInTheConsoleAndRaisesTheAlert) {
    crash_test("turrets_crash", "SIGSEGV");
}

TEST(ChildPlay, AnAbortInTheGameToo) {
    crash_test("turrets_abort", "SIGABRT");
}

TEST(ChildPlay, AGameThatFailsASystemEndsWithTheFailureInTheConsole) {
    temp_folder folder;
    const fs::path manifest =
        testing::write_test_project(folder.path, "turrets", testing::test_module("turrets_throws"));
    const fs::path scene = folder.path / "scenes" / "turret.scene.json";
    std::ofstream(scene) << R"({"format": "mosaic.scene", "version": 2, "entities": [
        {"id": 1, "name": "Turret", "components": {"Turret": {"version": 1, "angle": 0.0}}}]})";
    editor_state s(load_project(manifest));
    ASSERT_TRUE(s.open(scene));
    ASSERT_EQ(s.play_in_child(), "");
    child_play& child = s.child_player();
    ASSERT_TRUE(frames_until(child, [&] { return child.state() == child_play::status::ended; }));
    EXPECT_NE(child.message().find("exit status 1"), std::string::npos) << child.message();
    EXPECT_NE(child.message().find("the turret lost its target"), std::string::npos)
        << child.message();
    ASSERT_FALSE(s.alerts().empty());
    EXPECT_EQ(s.alerts().back().title, "Game stopped");
}

// An editor that dies (SIGKILL: no destructor runs) leaves no game behind: the child was
// started with --parent and stops once it is orphaned. The "editor" here is a shell that
// starts mosaic-run as child_play does and exits.
TEST(ChildPlay, TheGameEndsWhenTheEditorThatStartedItIsGone) {
    temp_folder folder;
    const fs::path editor = folder.path / "editor.sh";
    std::ofstream(editor) << "#!/bin/sh\n\"" << MOSAIC_RUN_EXE << "\" \"" << MOSAIC_LIVE_SCENE
                          << "\" --listen 127.0.0.1:0 --parent $$ >/dev/null 2>&1 &\n"
                          << "echo $!\nsleep 0.5\n";
    fs::permissions(editor, fs::perms::owner_all);
    child_process shell;
    ASSERT_EQ(shell.start({editor.string()}), "");
    std::string game_pid;
    const double give_up = now() + 20.0;
    while (now() < give_up && shell.running()) {
        shell.poll(now());
        for (std::string& line : shell.take_stdout()) game_pid = line;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_FALSE(game_pid.empty());
    // Gone, or a zombie its new parent has not reaped yet (a container's init may not).
    const auto game_gone = [&] {
        std::ifstream stat("/proc/" + game_pid + "/stat");
        std::string pid, name, state;
        return !(stat >> pid >> name >> state) || state == "Z";
    };
    while (now() < give_up && !game_gone())
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(game_gone()) << "the game outlived its editor";
}

// --- 4. children that never listen -----------------------------------------------------------

/// An executable shell script in `folder`.
fs::path script(const fs::path& folder, const std::string& body) {
    const fs::path file = folder / "fake-mosaic-run";
    std::ofstream(file) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(file, fs::perms::owner_all);
    return file;
}

TEST(ChildPlay, AChildThatNeverGivesItsPortIsStoppedWithAClearMessage) {
    temp_folder folder;
    editor_state s;
    child_play::options o;
    o.runner = script(folder.path, "exec sleep 60");
    o.port_timeout = 0.5;
    child_play child({s.log(), s.alerts()}, o);
    ASSERT_EQ(child.play(s.scene().clone(), s.table(), {}), "");
    const int pid = child.pid();
    ASSERT_TRUE(frames_until(child, [&] { return child.state() == child_play::status::ended; }));
    EXPECT_NE(child.message().find("did not say where it listens within 0.5 s"), std::string::npos)
        << child.message();
    EXPECT_NE(console_text(s).find("it was stopped"), std::string::npos) << console_text(s);
    ASSERT_TRUE(frames_until(child, [&] { return child.stopping() == 0; }));
    EXPECT_TRUE(process_gone(pid));
}

TEST(ChildPlay, AChildThatEndsBeforeListeningSaysWhy) {
    temp_folder folder;
    editor_state s;
    child_play::options o;
    o.runner = script(folder.path, "echo 'mosaic-run: the module did not load' >&2; exit 1");
    child_play child({s.log(), s.alerts()}, o);
    ASSERT_EQ(child.play(s.scene().clone(), s.table(), {}), "");
    ASSERT_TRUE(frames_until(child, [&] { return child.state() == child_play::status::ended; }));
    EXPECT_EQ(child.message(),
              "the game ended before it listened: exit status 1: mosaic-run: the module did "
              "not load");
}

TEST(ChildPlay, ARunnerThatIsNotThereIsRefusedAtOnce) {
    editor_state s;
    child_play::options o;
    o.runner = "/nonexistent/mosaic-run";
    child_play child({s.log(), s.alerts()}, o);
    const std::string error = child.play(s.scene().clone(), s.table(), {});
    EXPECT_NE(error.find("cannot start the game: /nonexistent/mosaic-run"), std::string::npos)
        << error;
    EXPECT_EQ(child.state(), child_play::status::idle);
}

}  // namespace
}  // namespace mosaic::editor::child_play_tests
