#pragma once
// editor_ui: the whole editor user interface for one frame — it owns the panels and the
// UI-only state and runs them in order (menu, toolbar, layout, panels, modals, shortcuts).
// The scene, selection, history and play state live in editor_state; editor_ui only draws
// and forwards what the user does to editor/core's actions.
//
// It needs an ImGui context and nothing else: the application gives it the GLFW window and
// a viewport_renderer, tests give it a context without backends and no renderer.
//
//   editor_ui ui(settings_path);
//   loop: ImGui::NewFrame(); ui.frame(state, &renderer); ImGui::Render(); ...

#include <filesystem>

#include "core/editor_state.hpp"
#include "core/open_scene_lock.hpp"
#include "ui/autosave.hpp"
#include "ui/console_panel.hpp"
#include "ui/hierarchy_panel.hpp"
#include "ui/inspector_panel.hpp"
#include "ui/profiler_panel.hpp"
#include "ui/project_panel.hpp"
#include "ui/scene_view_panel.hpp"
#include "ui/shell.hpp"
#include "ui/ui_state.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

class editor_ui {
public:
    /// Reads the settings from `settings_path` (empty: defaults, never written). Autosave
    /// keeps its recovery files next to the settings, and the markers of open scenes (the
    /// warning about a scene open in two editors), unless `autosave` is false (scripts).
    explicit editor_ui(std::filesystem::path settings_path = {}, bool autosave = true);
    /// Writes the settings if they changed.
    ~editor_ui();
    editor_ui(const editor_ui&) = delete;
    editor_ui& operator=(const editor_ui&) = delete;

    /// Builds one frame of the editor, between ImGui::NewFrame() and ImGui::Render().
    /// `renderer` may be null (headless).
    void frame(editor_state& s, viewport_renderer* renderer = nullptr);

    /// The window's close button: like File > Exit (asks about unsaved changes).
    void request_close(editor_state& s);
    /// True once the user confirmed leaving: the application ends its loop.
    [[nodiscard]] bool quit_requested() const noexcept { return ui_.quit; }
    /// Writes the settings now (after a splitter drag, at exit). Returns "" or the error.
    std::string save_settings();
    /// The editor is closing normally: no recovery file is needed.
    void closing() { autosave_.discard(); }
    [[nodiscard]] editor::autosave& autosaver() noexcept { return autosave_; }

    [[nodiscard]] ui_state& state() noexcept { return ui_; }
    [[nodiscard]] hierarchy_panel& hierarchy() noexcept { return hierarchy_; }
    [[nodiscard]] inspector_panel& inspector() noexcept { return inspector_; }
    [[nodiscard]] scene_view_panel& scene_view() noexcept { return scene_view_; }
    [[nodiscard]] const panel_layout& layout() const noexcept { return layout_; }

private:
    void draw_bottom(editor_state& s, const panel_rect& where);
    void remember_recent(editor_state& s);  // Open Recent into the settings file

    ui_state ui_;
    editor_settings saved_;
    panel_layout layout_;
    hierarchy_panel hierarchy_;
    inspector_panel inspector_;
    scene_view_panel scene_view_;
    console_panel console_;
    profiler_panel profiler_;
    project_panel project_;
    editor::autosave autosave_;
    open_scene_lock scene_lock_;  // warns when the scene is open in another editor
    bool theme_playing_ = false;
    bool theme_applied_ = false;
    editor_state* play_hooked_ = nullptr;  // the state whose on_play writes the recovery file
    std::filesystem::path asset_folder_;
};

}  // namespace mosaic::editor
