#pragma once
// The fixture of the Project panel's asset tests (asset_browser_ui_test.cpp,
// asset_editors_ui_test.cpp, asset_rename_ui_test.cpp): a scene saved in a temporary project
// folder, the files each test writes there, and the steps a user takes to see them: the
// Project tab shown, Refresh (the files were written after its first scan), a double-click
// into a folder, waiting for the thumbnails of the worker thread.
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "../engine/assets/asset_test_support.hpp"  // PNG files
#include "editor_ui_test_support.hpp"
#include "scene_in_folder.hpp"
#include "ui/project_panel.hpp"

namespace mosaic::testing {

class AssetUiTest : public SceneInFolderUiTest {
protected:
    using SceneInFolderUiTest::SceneInFolderUiTest;

    /// art/strip.png (16 x 4) and art/tiles.sheet.json: its two frames, "left" and "right".
    void write_strip_sheet() {
        write_bytes(folder / "art/strip.png", png_bytes(16, 4));
        write_text(folder / "art/tiles.sheet.json",
                   R"({"version": 1, "image": "strip.png", "image_size": [16, 4], "frames": [
  {"name": "left", "rect": [0, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100},
  {"name": "right", "rect": [8, 0, 8, 4], "pivot": [0.5, 0.5], "duration_ms": 100}]})");
    }
    /// The Project tab shown and refreshed: it lists what the test wrote.
    void show_project() {
        imgui.frames(2);
        imgui.click(at("tab/Project"));
        imgui.frames(2);
        imgui.click(at("project/Refresh"));
        imgui.frames(2);
    }
    void double_click(const std::string& name) {
        imgui.click(at(name));
        imgui.click(at(name));
        imgui.frames(2);
    }
    /// Double-clicks the folder tile `relative` ("art"), then waits past the double-click
    /// time so that the next click is a click of its own.
    void enter_folder(const std::string& relative) {
        double_click("project/asset/" + relative);
        imgui.frames(30);
    }
    const editor::project_panel& panel() {
        const auto* p = dynamic_cast<const editor::project_panel*>(ui.find_panel("project"));
        EXPECT_NE(p, nullptr);
        return *p;
    }
    /// Frames until every thumbnail asked for is in (the worker is another thread).
    void frames_until_thumbnails() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        imgui.frames(2);
        while (panel().assets().thumbnails_waiting() > 0 &&
               std::chrono::steady_clock::now() < deadline) {
            imgui.frame();
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        imgui.frames(2);
    }
};

}  // namespace mosaic::testing
