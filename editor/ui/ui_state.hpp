#pragma once
// ui_state: what the panels share that is not part of the scene — splitter sizes and view
// toggles (editor_settings), the scene view's camera, requests one panel makes of another
// ("scroll the hierarchy to this entity", "rename the selection"), the file dialog and the
// pending file operation. Everything about the scene itself is in editor_state.

#include <imgui.h>

#include <array>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <mosaic/engine/render/camera2d.hpp>

#include "core/editor_state.hpp"
#include "ui/editor_settings.hpp"
#include "ui/file_dialog.hpp"
#include "ui/panel_events.hpp"
#include "ui/scene_handles.hpp"

namespace mosaic::editor {

/// A file operation waiting for the user to answer "unsaved changes?" or pick a file.
enum class file_request {
    none,
    new_scene,
    open_dialog,
    open_path,
    open_project_dialog,
    open_project_path,
    exit
};

/// A screen rectangle of a widget (recorded for tests, see ui_state::record).
struct item_rect {
    ImVec2 min{0, 0};
    ImVec2 max{0, 0};
    [[nodiscard]] ImVec2 center() const { return {(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f}; }
};

struct ui_state {
    editor_settings settings;
    std::filesystem::path settings_path;  // empty: settings are never written

    // --- View menu -------------------------------------------------------------------------
    bool show_demo = false;
    bool show_shortcuts = false;
    bool show_about = false;
    /// The panels the View menu lists (those shown as tabs), as editor_ui left them.
    struct view_entry {
        std::string id, title;
        bool shown = false;  // the visible tab of its dock
    };
    std::vector<view_entry> view_panels;

    // --- the scene view --------------------------------------------------------------------
    camera2d camera;
    bool game_camera = false;                    // the scene view looks through the primary Camera
    transform_tool tool = transform_tool::move;  // W, E, R: the handle the view shows

    // --- requests between panels (panel_events.hpp) -----------------------------------------
    event_queue events;

    std::vector<entity> copied;            // Edit > Copy (Paste duplicates them)
    std::array<char, 64> picker_filter{};  // the inspector's entity picker popup

    // --- files -----------------------------------------------------------------------------
    file_request pending = file_request::none;
    std::filesystem::path pending_path;  // for open_path, open_project_path
    bool ask_unsaved = false;            // the "Unsaved changes" modal is up
    bool save_then_continue = false;     // a Save As from that modal continues `pending`
    std::string load_error;              // shown in the "Could not open" modal
    std::string load_error_title = "Could not open the scene";  // or "... the project"
    bool show_load_error = false;
    file_dialog dialog;
    bool quit = false;  // the application exits at the end of this frame

    // --- tests -----------------------------------------------------------------------------
    /// When on, panels record the rectangles of their main widgets under stable names
    /// ("toolbar/Play", "inspector/Transform.position", "hierarchy/row/Tank"), so tests can
    /// move the mouse onto them.
    bool record_items = false;
    std::unordered_map<std::string, item_rect> items;
    std::unordered_set<std::string> mixed;  // inspector fields shown as mixed values
    std::string inspector_name;             // the name the inspector shows (text or hint)
    /// The text each module panel wrote in the last frame it was drawn, by panel id (game
    /// code draws there: no stable names to record).
    std::unordered_map<std::string, std::string> module_text;
    /// Records ImGui's last item under `name` (when record_items is on).
    void record(const std::string& name);
};

}  // namespace mosaic::editor
