#pragma once
// ui_state: what the panels share that is not part of the scene, one member per concern —
// the settings (splitter sizes, view toggles), the View and Help menus' windows, the scene
// view's camera, the requests between panels (one queue of typed events), the entities
// copied, the file operation in progress and the test hooks. Everything about the scene
// itself is in editor_state.

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <mosaic/ecs/entity.hpp>

#include "ui/editor_settings.hpp"
#include "ui/field_history.hpp"
#include "ui/file_flow.hpp"
#include "ui/panel_events.hpp"
#include "ui/scene_view_state.hpp"
#include "ui/test_hooks.hpp"

namespace mosaic::editor {

/// The View and Help menus' windows and entries.
struct view_menu_state {
    bool show_demo = false;
    bool show_shortcuts = false;
    bool show_about = false;
    /// A panel the View menu lists (those shown as tabs), as editor_ui left them.
    struct entry {
        std::string id, title;
        bool shown = false;  // the visible tab of its dock
    };
    std::vector<entry> panels;
};

/// Edit > Copy's entities and the inspector's entity picker.
struct edit_state {
    std::vector<entity> copied;            // Paste duplicates them
    std::array<char, 64> picker_filter{};  // the entity picker popup's search text
};

/// A prefab or an archetype opened for editing (prefab_mode.hpp): Close's question about
/// unsaved changes, and the scene view's camera on the scene, given back on Close.
struct prefab_mode_state {
    bool ask_close = false;
    camera2d scene_camera;
};

struct ui_state {
    editor_settings settings;
    std::filesystem::path settings_path;  // empty: settings are never written
    view_menu_state view;
    scene_view_state scene;
    event_queue events;  // requests between panels (panel_events.hpp)
    edit_state edit;
    file_flow files;
    field_history_view history;  // the Field History window
    prefab_mode_state prefab;
    test_hooks test;
};

}  // namespace mosaic::editor
