// mosaic-editor end to end, with the real GLFW window and OpenGL under Xvfb (CTest runs this
// binary through xvfb-run; see CMakeLists.txt): open a scene, play 120 ticks, pause, take a
// screenshot, stop and check the world is the edited one again, edit, save as, reopen and
// compare. The screenshot's pixels must show the panels and the scene.
#include <gtest/gtest.h>
#include <imgui.h>
#include <stb_image.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "../editor_core/reload_project.hpp"
#include "core/script.hpp"
#include "ui/app/editor_app.hpp"

namespace mosaic::testing {
namespace {

using namespace mosaic::editor;
namespace fs = std::filesystem;

const fs::path data = MOSAIC_EDITOR_TEST_DATA;

struct png {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;
    [[nodiscard]] std::array<int, 3> at(float x, float y) const {
        const int ix = static_cast<int>(x), iy = static_cast<int>(y);
        const std::size_t i = (static_cast<std::size_t>(iy) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(ix)) *
                              4;
        return {rgba[i], rgba[i + 1], rgba[i + 2]};
    }
};

png read_png(const fs::path& path) {
    png out;
    int channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &out.width, &out.height, &channels, 4);
    if (pixels == nullptr) return out;
    out.rgba.assign(pixels, pixels + static_cast<std::size_t>(out.width) *
                                         static_cast<std::size_t>(out.height) * 4);
    stbi_image_free(pixels);
    return out;
}

std::array<int, 3> to_rgb8(const ImVec4& c) {
    return {static_cast<int>(std::lround(c.x * 255)), static_cast<int>(std::lround(c.y * 255)),
            static_cast<int>(std::lround(c.z * 255))};
}

::testing::AssertionResult close_to(std::array<int, 3> actual, std::array<int, 3> expected,
                                    int tolerance) {
    for (int i = 0; i < 3; ++i) {
        if (std::abs(actual[static_cast<std::size_t>(i)] - expected[static_cast<std::size_t>(i)]) >
            tolerance)
            return ::testing::AssertionFailure()
                   << "pixel (" << actual[0] << ", " << actual[1] << ", " << actual[2]
                   << "), expected (" << expected[0] << ", " << expected[1] << ", " << expected[2]
                   << ") +-" << tolerance;
    }
    return ::testing::AssertionSuccess();
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class EditorEndToEnd : public ::testing::Test {
protected:
    /// The scene the editor opens.
    virtual fs::path scene() const { return data / "arena.scene.json"; }

    void SetUp() override {
        folder_ = fs::temp_directory_path() / ("mosaic-editor-e2e-" + std::to_string(::getpid()));
        fs::create_directories(folder_);
        editor_options options;
        options.scene = scene();
        options.settings = folder_ / "editor.ini";
        options.script = folder_ / "unused.script";  // scripted: fixed 1/60 s frames
        try {
            app_ = std::make_unique<editor_app>(options);
        } catch (const std::exception& e) {
            FAIL() << e.what() << " (run under xvfb-run)";
        }
        host_.wait = [this](int frames) {
            for (int i = 0; i < frames; ++i) (void)app_->render_frame();
        };
        host_.screenshot = [this](const std::string& path) { return app_->render_frame(path); };
    }
    void TearDown() override {
        app_.reset();
        fs::remove_all(folder_);
    }

    /// Runs script commands through the same path as `--script`; fails on the first error.
    void run(const std::string& script) {
        for (const script_line& line : parse_script(script)) {
            const std::string error = run_script_line(app_->state(), line, host_);
            ASSERT_EQ(error, "") << "line " << line.number << ": " << line.text;
        }
    }

    /// The scene as a file, to compare worlds whole.
    std::string scene_text(const std::string& name) {
        const fs::path path = folder_ / name;
        (void)save_scene_file(app_->state().scene(), app_->state().table(), path);
        return read_text(path);
    }

    fs::path folder_;
    std::unique_ptr<editor_app> app_;
    script_host host_;
};

TEST_F(EditorEndToEnd, PlayPauseScreenshotStopEditSaveAndReload) {
    editor_state& s = app_->state();
    ASSERT_FALSE(s.find_by_name("Red Block").is_null()) << "the scene did not load";
    run("select Runner\nwait 3\n");
    const std::string before_play = scene_text("before.scene.json");

    app_->ui().state().test.record_items = true;
    run("play\n");
    const std::uint64_t start = s.game().clock().ticks();
    run("wait 120\npause\n");
    EXPECT_EQ(s.game().clock().ticks() - start, 120u) << "one fixed tick per scripted frame";
    const entity runner = s.find_by_name("Runner");
    EXPECT_NEAR(s.world().get<Transform>(runner).position.x, -3.0f + 1.5f * 2.0f, 0.05f)
        << "the game ran 2 seconds";

    const fs::path shot = folder_ / "paused.png";
    run("screenshot " + shot.string() + "\n");
    const ImVec4 tinted_panel = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    const panel_layout layout = app_->ui().layout();

    run("stop\nexpect Transform.position -3 3\nexpect_selected 1\n");
    EXPECT_EQ(scene_text("after.scene.json"), before_play)
        << "Stop restores the edited scene exactly";

    const fs::path saved = folder_ / "saved.scene.json";
    run("set Transform.position 1 2\nset Health.current 42\nsave_as " + saved.string() +
        "\nnew\nexpect_entities 1\nopen " + saved.string() +
        "\nselect Runner\nexpect Transform.position 1 2\nexpect Health.current 42\nexpect_entities "
        "4\n");
    EXPECT_FALSE(s.dirty());
    EXPECT_EQ(s.scene_path(), saved);

    // The screenshot shows the editor, not just a file.
    const png image = read_png(shot);
    ASSERT_EQ(image.width, 1600);
    ASSERT_EQ(image.height, 900);
    // The hierarchy panel's background (tinted: the game was paused, so still playing).
    const panel_rect& h = layout.hierarchy;
    EXPECT_TRUE(close_to(image.at(h.pos.x + h.size.x * 0.5f, h.pos.y + h.size.y - 12),
                         to_rgb8(tinted_panel), 2));
    // The red block at the centre of the scene view (camera at the origin).
    const item_rect view = app_->ui().state().test.items.at("scene/view");
    const ImVec2 c = view.center();
    EXPECT_TRUE(close_to(image.at(c.x, c.y), {255, 0, 0}, 8)) << "the red block in the scene view";
    // The scene's background colour near the view's bottom-left corner (grid lines are faint).
    EXPECT_TRUE(close_to(image.at(view.min.x + 25, view.max.y - 40), {13, 13, 77}, 20));
    // The runner (green) moved 3 units right to x = 0; it is 3 units up. Looked at a quarter
    // unit off its centre, where the translate handle is not.
    const float ppu = app_->ui().state().scene.camera.pixels_per_unit(
        {view.max.x - view.min.x, view.max.y - view.min.y});
    EXPECT_TRUE(close_to(image.at(c.x + 0.25f * ppu, c.y - 2.75f * ppu), {26, 230, 51}, 12))
        << "the runner in the scene view";
}

// Tiny Tanks' battle: the project's own components and systems, through the editor.
class TinyTanksEndToEnd : public EditorEndToEnd {
protected:
    fs::path scene() const override {
        return fs::path(MOSAIC_PROJECTS_DIR) / "tiny_tanks" / "scenes" / "battle.scene.json";
    }
};

TEST_F(TinyTanksEndToEnd, PlayPauseStopRestoresEditSaveAndReload) {
    editor_state& s = app_->state();
    ASSERT_NE(s.project_info(), nullptr);
    EXPECT_EQ(s.project_info()->name, "tiny_tanks");
    ASSERT_FALSE(s.find_by_name("Blue tank 1").is_null()) << "the battle did not load";
    EXPECT_FALSE(s.game().archetypes().empty()) << "the project's archetypes";
    app_->ui().state().test.record_items = true;
    run("select \"Blue tank 1\"\nwait 3\n");
    const std::string before_play = scene_text("before.scene.json");
    const std::size_t entities = s.world().size();

    run("play\nwait 120\npause\n");
    EXPECT_EQ(s.game().clock().ticks(), 120u);
    const entity tank = s.find_by_name("Blue tank 1");
    ASSERT_FALSE(tank.is_null());
    const glm::vec2 moved = s.world().get<Transform>(tank).position;
    EXPECT_GT(std::abs(moved.x + 9.0f) + std::abs(moved.y + 5.5f), 0.2f) << "the tank drove";

    const fs::path shot = folder_ / "battle.png";
    run("screenshot " + shot.string() + "\n");
    const item_rect view = app_->ui().state().test.items.at("scene/view");
    const camera2d camera = app_->ui().state().scene.camera;
    const panel_layout layout = app_->ui().layout();
    const ImVec4 tinted_panel = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];

    run("stop\nexpect Transform.position -9 -5.5\n");
    EXPECT_EQ(s.world().size(), entities);
    EXPECT_EQ(scene_text("after.scene.json"), before_play)
        << "Stop restores the edited scene exactly";

    const fs::path saved = folder_ / "battle_edited.scene.json";
    run("set Health.current 33\nset Transform.position -8 -5\nsave_as " + saved.string() +
        "\nopen " + saved.string() + "\nselect \"Blue tank 1\"\nexpect Health.current 33" +
        "\nexpect Transform.position -8 -5\n");
    EXPECT_EQ(s.project_info()->name, "tiny_tanks");

    const png image = read_png(shot);
    ASSERT_EQ(image.width, 1600);
    const panel_rect& h = layout.hierarchy;
    EXPECT_TRUE(close_to(image.at(h.pos.x + h.size.x * 0.5f, h.pos.y + h.size.y - 12),
                         to_rgb8(tinted_panel), 2))
        << "the hierarchy panel, tinted while playing";
    const glm::vec2 size{view.max.x - view.min.x, view.max.y - view.min.y};
    const auto world_pixel = [&](glm::vec2 w) {
        const glm::vec2 p = camera.world_to_screen(w, size);
        return image.at(view.min.x + p.x, view.min.y + p.y);
    };
    // The arena is a tilemap of the sheet's tiles (textured, so checked by their hue): the
    // crates of the bunker brown, the floor green, the wall stones grey.
    const auto brown = [](std::array<int, 3> c) { return c[0] > c[1] + 20 && c[1] > c[2] + 10; };
    const auto green = [](std::array<int, 3> c) { return c[1] > c[0] + 5 && c[1] > c[2] + 15; };
    const auto grey = [](std::array<int, 3> c) {
        return std::abs(c[0] - c[1]) < 12 && std::abs(c[1] - c[2]) < 12;
    };
    EXPECT_TRUE(brown(world_pixel({0.5f, 0.5f}))) << "the bunker's crates";
    EXPECT_TRUE(brown(world_pixel({-0.5f, -0.5f}))) << "the bunker's crates";
    EXPECT_TRUE(green(world_pixel({0.5f, 6.5f}))) << "the arena floor";
    EXPECT_TRUE(green(world_pixel({-2.5f, 6.5f}))) << "the arena floor";
    EXPECT_TRUE(grey(world_pixel({0.5f, 8.5f}))) << "the north wall";
    EXPECT_TRUE(grey(world_pixel({-3.5f, 8.5f}))) << "the north wall";
}

// Projects and hot reload in the real window, as scripts drive them: switch to a project,
// play, Build & Reload while playing (the window keeps drawing), the new code runs on.
TEST_F(EditorEndToEnd, OpenProjectThenBuildAndReloadWhilePlaying) {
    reload_project p("e2e_game", "echo building; " + copy_v2_command());
    run("expect_project -\nopen_project " + p.folder().string() +
        "\nexpect_project e2e_game\nselect Runner\nexpect Mover.speed 3\nplay\nwait 10\n");
    editor_state& s = app_->state();
    const auto ticks = s.game().clock().ticks();
    EXPECT_GT(ticks, 0u);
    run("build_reload\nexpect_project e2e_game\nselect Runner\nexpect Mover.boost 2.5\n");
    EXPECT_EQ(s.reloads(), 1u);
    EXPECT_EQ(s.player().mode(), play_state::playing) << "the game goes on after the reload";
    EXPECT_GE(s.game().clock().ticks(), ticks);
    bool streamed = false;
    for (const auto& line : s.log().lines()) streamed = streamed || line.text == "building";
    EXPECT_TRUE(streamed) << "the build's output is in the Console";
    EXPECT_NE(s.title().find("e2e_game"), std::string::npos) << s.title();
}

}  // namespace
}  // namespace mosaic::testing
