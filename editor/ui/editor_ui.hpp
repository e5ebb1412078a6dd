#pragma once
// editor_ui: the whole editor user interface for one frame — it owns the panels and the
// UI-only state and runs them in order (menu, toolbar, layout, panels, modals, shortcuts).
// The scene, selection, history and play state live in editor_state; editor_ui only draws
// and forwards what the user does to editor/core's actions.
//
// Panels are plug-ins (panel.hpp): each says where it docks and draws itself; editor_ui
// places them (add_panel), hands them the queued requests (panel_events.hpp) and keeps the
// open project's module panels (module_panel.hpp) in step with its module.
//
// It needs an ImGui context and nothing else: the application gives it the GLFW window and
// a viewport_renderer, tests give it a context without backends and no renderer.
//
//   editor_ui ui(settings_path);
//   loop: ImGui::NewFrame(); ui.frame(state, &renderer); ImGui::Render(); ...

#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/editor_state.hpp"
#include "core/open_scene_lock.hpp"
#include "ui/autosave.hpp"
#include "ui/clip_editor.hpp"
#include "ui/hierarchy_panel.hpp"
#include "ui/inspector_panel.hpp"
#include "ui/module_panel.hpp"
#include "ui/panel.hpp"
#include "ui/scene_view_panel.hpp"
#include "ui/sheet_editor.hpp"
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

    // --- panels ----------------------------------------------------------------------------
    /// Adds a panel to its dock, after the ones there (tabs keep this order); it is drawn
    /// from the next frame on. Throws std::invalid_argument for a null panel or an id in use.
    panel& add_panel(std::unique_ptr<panel> p);
    /// add_panel(std::make_unique<T>(args...)), typed.
    template <class T, class... Args>
    T& emplace_panel(Args&&... args) {
        auto p = std::make_unique<T>(std::forward<Args>(args)...);
        T& added = *p;
        add_panel(std::move(p));
        return added;
    }
    /// Removes the panel with this id (false: there is none). Safe from a panel's draw: the
    /// panel is no longer drawn and is destroyed at the start of the next frame.
    bool remove_panel(std::string_view id);
    [[nodiscard]] panel* find_panel(std::string_view id) noexcept;
    /// The panels of a dock, in tab order.
    [[nodiscard]] std::vector<panel*> panels_in(dock where) const;
    /// The id of the panel a dock shows (its selected tab).
    [[nodiscard]] std::string shown_panel(dock where) const;

    /// The window's close button: like File > Exit (asks about unsaved changes).
    void request_close(editor_state& s);
    /// True once the user confirmed leaving: the application ends its loop.
    [[nodiscard]] bool quit_requested() const noexcept { return ui_.files.quit; }
    /// Writes the settings now (after a splitter drag, at exit). Returns "" or the error.
    std::string save_settings();
    /// The editor is closing normally: no recovery file is needed.
    void closing() { autosave_.discard(); }
    [[nodiscard]] editor::autosave& autosaver() noexcept { return autosave_; }

    [[nodiscard]] ui_state& state() noexcept { return ui_; }
    [[nodiscard]] hierarchy_panel& hierarchy() noexcept { return *hierarchy_; }
    [[nodiscard]] inspector_panel& inspector() noexcept { return *inspector_; }
    [[nodiscard]] scene_view_panel& scene_view() noexcept { return *scene_view_; }
    [[nodiscard]] const panel_layout& layout() const noexcept { return layout_; }

private:
    static constexpr std::size_t dock_count = 4;
    [[nodiscard]] std::vector<panel*> all_panels() const;
    void add_builtin_panels();
    void follow_module(editor_state& s);  // the module's panels, after a change of code
    void sweep_removed();
    void deliver_events(editor_state& s);
    void list_view_panels();
    void draw_dock(dock where, const panel_rect& rect, panel_context& ctx);
    void draw_tabs(dock where, const std::vector<panel*>& here, const panel_rect& rect,
                   panel_context& ctx);
    void remember_recent(editor_state& s);  // Open Recent into the settings file

    ui_state ui_;
    editor_settings saved_;
    panel_layout layout_;
    std::vector<std::unique_ptr<panel>> panels_;   // in the order added: the tab order
    std::vector<std::unique_ptr<panel>> removed_;  // until the next frame (see remove_panel)
    std::array<std::string, dock_count> shown_;    // each dock's selected tab (a panel id)
    std::array<std::string, dock_count> select_;   // a tab to select at the next draw
    hierarchy_panel* hierarchy_ = nullptr;
    inspector_panel* inspector_ = nullptr;
    scene_view_panel* scene_view_ = nullptr;
    // Shared with the hook editor_state calls before it unloads a module (weakly: the hook
    // may outlive this editor_ui).
    std::shared_ptr<module_panels> module_panels_ = std::make_shared<module_panels>();
    editor::autosave autosave_;
    open_scene_lock scene_lock_;  // warns when the scene is open in another editor
    bool theme_playing_ = false;
    bool theme_applied_ = false;
    editor_state* play_hooked_ = nullptr;  // the state whose on_play writes the recovery file
    std::filesystem::path asset_folder_;
    separate_process_setting separate_process_;  // the toolbar's toggle, per project
    sheet_editor sheet_editor_;  // opened from the Project panel (open_sheet_editor)
    clip_editor clip_editor_;    // opened from the Project panel (open_clip_editor)
};

}  // namespace mosaic::editor
