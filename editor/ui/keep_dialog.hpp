#pragma once
// keep_dialog: the modal Stop opens when components or entities were marked "Keep after
// Stop" (core/play_keeps.hpp). It lists each changed component (entity, component, each
// changed field: edit-time value -> play value) with a checkbox, and what could not be kept;
// Apply writes the ticked ones into the edit scene as one undo step, Discard drops them.

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

/// Call once a frame, after draw_alert_modal: it waits while another popup is open.
void draw_keep_dialog(editor_state& s, ui_state& ui);

}  // namespace mosaic::editor
