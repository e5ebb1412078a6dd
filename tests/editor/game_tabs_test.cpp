// The Game tab with several games at once (issue #30 §3): each `attach` opens a tab of its own
// (a server and its clients side by side), a click on a tab shows that game and makes it the
// one Detach and the Query tab act on, Detach closes its tab and leaves that game running,
// and the other game stays attached. Real `mosaic-run --listen` processes.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <signal.h>
#include <unistd.h>

#include "core/child_play.hpp"
#include "core/child_process.hpp"
#include "core/script.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/remote_panel.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

class GameTabsTest : public EditorUiTest {
protected:
    GameTabsTest() {
        std::ofstream(scene_) << R"({"format": "mosaic.scene", "version": 2, "entities": [
            {"id": 1, "name": "Runner", "components": {
                "Transform": {"version": 1, "position": [0.0, 0.0], "rotation": 0.0,
                              "scale": [1.0, 1.0]},
                "RigidBody": {"version": 1, "velocity": [1.0, 0.0], "acceleration": [0.0, 0.0],
                              "damping": 0.0, "gravity_scale": 0.0}}}]})";
    }
    ~GameTabsTest() override {
        while (attached().size() > 1) attached().close(0);
        attached().close(0);  // the last tab stays, detached
        fs::remove(scene_);
    }

    /// Starts `mosaic-run SCENE --listen 0` in `p`; its address, or "" after 20 s.
    std::string start_game(child_process& p) {
        EXPECT_EQ(p.start({default_game_runner().string(), scene_.string(), "--listen", "0"}), "");
        const std::string prefix = "live link: listening on ";
        for (const double give_up = seconds_now() + 20; seconds_now() < give_up;) {
            p.poll(seconds_now());
            for (const std::string& line : p.take_stdout()) {
                if (line.rfind(prefix, 0) != 0) continue;
                const std::string rest = line.substr(prefix.size());
                return rest.substr(0, rest.find(' '));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return {};
    }
    std::string run(const std::string& text) {
        for (const script_line& line : parse_script(text)) {
            if (std::string error = run_script_line(state, line, host_, &ui.state());
                !error.empty())
                return error;
        }
        return {};
    }
    bool frames_until(const std::function<bool()>& done) {
        for (const double give_up = seconds_now() + 20; seconds_now() < give_up;) {
            imgui.frame();
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

    fs::path scene_ = fs::temp_directory_path() /
                      ("mosaic-game-tabs-" + std::to_string(::getpid()) + ".scene.json");
    script_host host_;
};

TEST_F(GameTabsTest, EachAttachOpensATabOfItsOwnAndDetachClosesOnlyThatOne) {
    child_process server;
    child_process client;
    const std::string server_at = start_game(server);
    const std::string client_at = start_game(client);
    ASSERT_FALSE(server_at.empty());
    ASSERT_FALSE(client_at.empty());

    ASSERT_EQ(run("attach " + server_at), "");
    ASSERT_EQ(run("attach " + client_at), "");
    ASSERT_EQ(attached().size(), 2u) << "two games, two tabs";
    ASSERT_TRUE(frames_until([] {
        return attached().at(0).state() == remote_game::status::attached &&
               attached().at(1).state() == remote_game::status::attached &&
               attached().at(0).tick() > 0 && attached().at(1).tick() > 0;
    }));
    imgui.frames(2);
    EXPECT_TRUE(has_item("remote/tab/" + server_at));
    EXPECT_TRUE(has_item("remote/tab/" + client_at));
    EXPECT_EQ(attached_game().address(), client_at) << "the game attached last is shown";

    imgui.click(at("remote/tab/" + server_at));
    imgui.frames(2);
    EXPECT_EQ(attached_game().address(), server_at) << "a click on a tab shows that game";
    ASSERT_TRUE(frames_until([] { return !attached_game().rows().empty(); }));
    imgui.frames(1);
    EXPECT_TRUE(has_item("remote/row/Runner")) << "its entities";

    ASSERT_EQ(run("detach"), "");
    imgui.frames(2);
    ASSERT_EQ(attached().size(), 1u) << "Detach closes the shown game's tab";
    EXPECT_EQ(attached_game().address(), client_at);
    EXPECT_EQ(attached_game().state(), remote_game::status::attached) << "the other stays";
    EXPECT_FALSE(has_item("remote/tab/" + server_at));
    server.poll(seconds_now());
    EXPECT_TRUE(server.running()) << "a detached game keeps running";

    server.end_and_wait(2.0);
    client.end_and_wait(2.0);
}

}  // namespace
}  // namespace mosaic::testing
