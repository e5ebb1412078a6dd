#pragma once
// alert_modal: shows editor_state's alerts (a system failed and the game stopped, the project
// did not load, the scene is open in another editor) one at a time in a modal with OK (and
// the alert's offer, "Play Again" after a crash, when it has one). The
// Console has the same line, so closing the modal loses nothing.

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

/// Call once a frame, after the other modals: an alert waits while another popup is open
/// (opening a popup then would close that one).
void draw_alert_modal(editor_state& s, ui_state& ui);

}  // namespace mosaic::editor
