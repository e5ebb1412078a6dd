// Attach end to end (issue #30 §3): a real `mosaic-run --listen` plays a scene in its own
// process; the editor's headless client (editor/core/remote_game.hpp) finds it in the
// registry of listening games, attaches, lists the entities, is refused an edit while
// read-only, sets a value once edits are allowed, pauses and steps the game, runs a query,
// detaches, and the game is still running (a second attach sees it tick).
#include <gtest/gtest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/live/live_client.hpp>

#include "core/child_play.hpp"
#include "core/editor_state.hpp"
#include "core/remote_game.hpp"
#include "core/script.hpp"

extern char** environ;

namespace mosaic::editor {
namespace {

// A mosaic-run --listen child; its first stdout line gives the port.
class game_process {
public:
    game_process() {
        int out[2];
        if (pipe(out) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        std::string exe = MOSAIC_RUN_EXE;
        std::string scene = MOSAIC_LIVE_SCENE;
        std::string listen = "--listen";
        std::string port = "0";
        char* argv[] = {exe.data(), scene.data(), listen.data(), port.data(), nullptr};
        if (posix_spawn(&pid_, exe.c_str(), &actions, nullptr, argv, environ) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        stdout_ = fdopen(out[0], "r");
        char line[256] = {};
        if (stdout_ && std::fgets(line, sizeof line, stdout_)) first_line_ = line;
    }
    ~game_process() {
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            int status = 0;
            waitpid(pid_, &status, 0);
        }
        if (stdout_) std::fclose(stdout_);
    }
    [[nodiscard]] bool running() const { return pid_ > 0 && kill(pid_, 0) == 0 && !exited(); }
    [[nodiscard]] bool exited() const {
        int status = 0;
        return waitpid(pid_, &status, WNOHANG) == pid_;
    }
    // "127.0.0.1:40423" from "live link: listening on 127.0.0.1:40423 (protocol ...)".
    [[nodiscard]] std::string address() const {
        const std::string prefix = "live link: listening on ";
        if (first_line_.rfind(prefix, 0) != 0) return {};
        const std::string rest = first_line_.substr(prefix.size());
        return rest.substr(0, rest.find(' '));
    }
    [[nodiscard]] int pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    FILE* stdout_ = nullptr;
    std::string first_line_;
};

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Runs the editor's frames (update at 100 Hz) until `done` or 10 s.
bool frames_until(remote_game& g, const std::function<bool()>& done) {
    const double give_up = now() + 10.0;
    while (now() < give_up) {
        g.update(now());
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

// Runs the editor's frames for `seconds`.
void frames_for(remote_game& g, double seconds) {
    const double until = now() + seconds;
    (void)frames_until(g, [&] { return now() >= until; });
}

const remote_game::field_value* field(const remote_game& g, const std::string& component,
                                      const std::string& name) {
    for (const auto& c : g.inspected()) {
        if (c.name != component) continue;
        for (const auto& f : c.fields) {
            if (f.name == name) return &f;
        }
    }
    return nullptr;
}

TEST(Attach, ListsSetsStepsQueriesAndDetachesLeavingTheGameRunning) {
    game_process game;
    ASSERT_FALSE(game.address().empty()) << "mosaic-run did not say where it listens";

    // The registry lists it.
    bool listed = false;
    for (const live::listening_game& l : live::listening_games()) {
        if (l.pid == game.pid()) {
            listed = true;
            EXPECT_EQ(l.address, game.address());
            EXPECT_NE(l.scene.find("live.scene.json"), std::string::npos);
            EXPECT_FALSE(l.token_required);
        }
    }
    EXPECT_TRUE(listed);

    remote_game g;
    EXPECT_NE(g.attach("nonsense", ""), "");
    ASSERT_EQ(g.attach(game.address(), ""), "");
    ASSERT_TRUE(frames_until(g, [&] { return g.state() == remote_game::status::attached; }))
        << g.message();
    EXPECT_TRUE(g.components().contains("Health"));

    // The remote hierarchy: both entities of the scene, by name.
    ASSERT_TRUE(frames_until(g, [&] { return g.rows().size() == 2; }));
    EXPECT_EQ(g.total(), 2u);
    std::uint64_t mover = 0;
    for (const auto& r : g.rows()) {
        if (r.name == "Mover") mover = r.id;
    }
    ASSERT_NE(mover, 0u);

    // The remote inspector, kept current by pushes: the Mover moves.
    g.select(mover);
    ASSERT_TRUE(frames_until(g, [&] { return field(g, "Health", "current") != nullptr; }));
    EXPECT_EQ(field(g, "Health", "current")->json, "50.0");
    const std::string x0 = field(g, "Transform", "position")->json;
    ASSERT_TRUE(frames_until(g, [&] { return field(g, "Transform", "position")->json != x0; }));

    // Read-only by default; with edits allowed the value changes in the game.
    EXPECT_NE(g.set_field("Health", "current", "7").find("read-only"), std::string::npos);
    g.allow_edits = true;
    EXPECT_NE(g.set_field("Health", "current", "seven"), "");
    EXPECT_EQ(g.set_field("Health", "current", "7"), "");
    ASSERT_TRUE(frames_until(g, [&] { return field(g, "Health", "current")->json == "7.0"; }))
        << g.message();

    // Pause, step one tick, resume.
    g.pause();
    ASSERT_TRUE(frames_until(g, [&] { return g.paused(); }));
    frames_for(g, 0.3);  // the page refresh reads the tick the game stopped at
    const std::uint64_t paused_at = g.tick();
    frames_for(g, 0.3);
    EXPECT_EQ(g.tick(), paused_at) << "paused";
    g.step();
    ASSERT_TRUE(frames_until(g, [&] { return g.tick() == paused_at + 1; }));
    frames_for(g, 0.3);
    EXPECT_EQ(g.tick(), paused_at + 1) << "one step is one tick";
    g.resume();
    ASSERT_TRUE(frames_until(g, [&] { return !g.paused(); }));

    // A query on the game: the field condition sees the new value.
    std::string result;
    std::string error;
    bool answered = false;
    g.query("Health.current < 10", [&](const std::string& r, const std::string& e) {
        result = r;
        error = e;
        answered = true;
    });
    ASSERT_TRUE(frames_until(g, [&] { return answered; }));
    EXPECT_EQ(error, "");
    EXPECT_NE(result.find("\"total\":1"), std::string::npos) << result;
    answered = false;
    g.query("Health.curent < 10", [&](const std::string& r, const std::string& e) {
        result = r;
        error = e;
        answered = true;
    });
    ASSERT_TRUE(frames_until(g, [&] { return answered; }));
    EXPECT_NE(error.find("column 8"), std::string::npos) << error;

    // Detach: the game goes on.
    g.detach();
    EXPECT_EQ(g.state(), remote_game::status::detached);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(game.running());
    remote_game again;
    ASSERT_EQ(again.attach(game.address(), ""), "");
    ASSERT_TRUE(
        frames_until(again, [&] { return again.state() == remote_game::status::attached; }));
    const std::uint64_t t0 = again.tick();
    ASSERT_TRUE(frames_until(again, [&] { return again.tick() > t0; })) << "the game ticks on";
}

// Show in Editor: a game already running (the scene open in the editor) is shown by the
// editor's own Hierarchy, Inspector and Scene view: its entities take the open scene's places,
// their values move with the game; read-only until Allow Edits (an edit stays in the editor),
// then edits reach the game; Stop detaches, the edit scene comes back and the game goes on.
TEST(Attach, ShowInEditorMirrorsARunningGameReadOnlyUntilAllowedAndStopDetaches) {
    game_process game;
    ASSERT_FALSE(game.address().empty());
    editor_state s;
    ASSERT_TRUE(s.open(MOSAIC_LIVE_SCENE));
    const entity mover = s.find_by_name("Mover");
    const entity still = s.find_by_name("Still");
    ASSERT_EQ(s.show_game(game.address(), ""), "");
    child_play& shown = s.child_player();
    ASSERT_TRUE(shown.adopted());
    const auto frames = [&](const std::function<bool()>& done) {
        const double give_up = now() + 20.0;
        while (now() < give_up) {
            shown.update();
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };
    ASSERT_TRUE(frames([&] {
        return s.world().alive(mover) && s.world().get<Transform>(mover).position.x > 0.5f;
    })) << shown.message();
    EXPECT_TRUE(s.player().mirrored());
    EXPECT_EQ(s.shown_play_mode(), play_state::playing);

    // Read-only: the edit stays here; the game's Still is where it was.
    const auto game_still_x = [&] {
        std::string answer;
        bool answered = false;
        shown.remote().query("Team", [&](const std::string& r, const std::string&) {
            answer = r;
            answered = true;
        });
        (void)frames([&] { return answered; });
        return answer;
    };
    s.world().get<Transform>(still).position = {-3.0f, 7.0f};
    frames_for(shown.remote(), 0.3);
    for (int i = 0; i < 10; ++i) shown.update();
    EXPECT_EQ(game_still_x().find("-3.0"), std::string::npos) << "read-only: not sent";

    shown.remote().allow_edits = true;
    s.world().get<Transform>(still).position = {-4.0f, 7.0f};
    ASSERT_TRUE(frames([&] { return game_still_x().find("-4.0") != std::string::npos; }))
        << "with Allow Edits the game gets it";

    ASSERT_EQ(run_script_line(s, parse_script("stop").front(), script_host{}), "");
    EXPECT_FALSE(shown.active());
    EXPECT_FALSE(s.playing());
    EXPECT_EQ(s.world().get<Transform>(still).position, glm::vec2(5.0f, 5.0f)) << "edit scene back";
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(game.running()) << "Stop detaches; the game goes on";
}

TEST(Attach, AGameThatIsNotThereFailsWithAMessage) {
    remote_game g;
    ASSERT_EQ(g.attach("127.0.0.1:1", ""), "");
    ASSERT_TRUE(frames_until(g, [&] { return g.state() == remote_game::status::failed; }));
    EXPECT_NE(g.message().find("cannot connect"), std::string::npos) << g.message();
}

}  // namespace
}  // namespace mosaic::editor
