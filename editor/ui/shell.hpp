#pragma once
// The editor's shell: the fixed Unity-like layout (there is no docking in ImGui 1.86), the
// splitters between panels, the main menu, the toolbar, the keyboard shortcuts and the Help
// windows. editor_ui (editor_ui.hpp) calls these in order each frame.

#include <imgui.h>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

struct panel_rect {
    ImVec2 pos{0, 0};
    ImVec2 size{0, 0};
};

/// Where each panel goes this frame:
///   +--------------------------------------------+
///   | toolbar                                    |
///   +-----------+--------------------+-----------+
///   | Hierarchy | Scene              | Inspector |
///   +-----------+--------------------+           |
///   | Console / Project / Profiler   |           |
///   +--------------------------------+-----------+
struct panel_layout {
    static constexpr float gap = 4.0f;  // the splitters live in the gaps
    panel_rect toolbar, hierarchy, scene, inspector, bottom;
};

/// The layout of the work area `pos`/`size` (clamps the settings' sizes to fit).
[[nodiscard]] panel_layout compute_layout(ImVec2 pos, ImVec2 size, float toolbar_height,
                                          editor_settings& settings);
/// The background window with the draggable splitters in the gaps. Returns true when a
/// drag ended (the sizes should be saved).
bool draw_splitters(const panel_layout& layout, ImVec2 pos, ImVec2 size, editor_settings& settings);

void draw_main_menu(editor_state& s, ui_state& ui);
void draw_toolbar(editor_state& s, ui_state& ui, const panel_rect& where);
void handle_shortcuts(editor_state& s, ui_state& ui);
void draw_help_windows(ui_state& ui);

}  // namespace mosaic::editor
