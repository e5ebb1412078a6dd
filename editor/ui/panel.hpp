#pragma once
// panel: one of the editor's panels — the Hierarchy, the Inspector, the Scene view, the
// Console... or a game module's own (module_panel.hpp). editor_ui places each in its dock,
// draws it every frame and hands it the requests other parts of the editor post
// (panel_events.hpp). Adding a panel is one new file (a class deriving from panel) and one
// line: editor_ui::add_panel (builtin_panels.cpp for the editor's own).
//
//   class stats_panel : public panel {
//   public:
//       stats_panel() : panel({.id = "stats", .title = "Stats", .where = dock::bottom}) {}
//       void draw(panel_context& ctx) override { ImGui::Text("%zu", ctx.world().size()); }
//   };
//
// A panel gets the model's parts, not the model (panel_context): it reads and works with the
// game, the active document's selection, the play controls, the timeline, the console...
// (core/model_parts.hpp) and changes the scene through ctx.edit (ui/edits.hpp: the actions and
// the command table). No panel includes core/editor_state.hpp (tests/repo checks it).

#include <imgui.h>

#include <string>

#include "core/model_parts.hpp"
#include "ui/edits.hpp"
#include "ui/panel_events.hpp"

namespace mosaic::editor {

// Declared only: a panel includes what it uses (core/document.hpp, core/console_log.hpp,
// ui/ui_state.hpp, ui/viewport_renderer.hpp...), so a change to one of them rebuilds only the
// panels that do.
class editor_state;
struct ui_state;
class viewport_renderer;

/// Where a panel goes in the fixed layout (shell.hpp): the column left of the scene view,
/// the scene view's place, the column on the right, the strip under the scene view. A dock
/// with one panel shows it as a window with a title bar; with more, as tabs (the bottom
/// strip always has tabs).
enum class dock { left, center, right, bottom };

struct panel_info {
    std::string id;     // unique and stable: ImGui's id of its window or tab, show_panel's target
    std::string title;  // the tab's (or window's) name and the View menu's entry
    dock where = dock::bottom;
    ImGuiWindowFlags window_flags = 0;  // its window, when alone in its dock
    float padding = -1;                 // its window's padding, when not negative
};

/// What a panel gets to draw with: the parts of the editor's model it reads and works with
/// (model_parts: the game, the active document's selection, the play controls, the timeline,
/// the console, the alerts, the clipboard, the animation editor, the project read-only), the
/// verbs that change the scene (`edit`: the actions, the command table), the UI state the
/// panels share and the scene renderer (null when headless). Not the model itself: what a
/// panel cannot reach here (open, save, another project, reload, undo steps recorded by hand)
/// it asks for through a command.
class panel_context : public model_parts {
public:
    /// editor_ui makes it each frame (and a test, for a panel it drives alone).
    panel_context(editor_state& model, ui_state& ui_state, viewport_renderer* renderer = nullptr)
        : model_parts(model), ui(ui_state), renderer(renderer), edit(model, ui_state) {}

    ui_state& ui;
    viewport_renderer* renderer = nullptr;
    /// The verbs: what changes the scene (one undo step each) and runs editor commands.
    edits edit;
};

class panel {
public:
    explicit panel(panel_info info) : info_(std::move(info)) {}
    virtual ~panel() = default;
    panel(const panel&) = delete;
    panel& operator=(const panel&) = delete;

    [[nodiscard]] const panel_info& info() const noexcept { return info_; }

    /// Draws the contents into the current window (or tab), between Begin and End.
    virtual void draw(panel_context& ctx) = 0;
    /// The tab's label this frame (the Console adds its counts); the title by default.
    [[nodiscard]] virtual std::string label(const panel_context& ctx) const {
        (void)ctx;
        return info_.title;
    }
    /// A request posted by another part of the editor; each event once, in posting order,
    /// before the panels draw.
    virtual void on_event(const panel_event& e, panel_context& ctx) {
        (void)e;
        (void)ctx;
    }
    /// Once a frame, before the panels draw, shown or not (the Profiler samples here).
    virtual void every_frame(panel_context& ctx) { (void)ctx; }

private:
    panel_info info_;
};

}  // namespace mosaic::editor
