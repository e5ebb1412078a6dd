#pragma once
// core_commands: the commands the editor's model can run on its own, without a window: every
// --script verb (open, select, set, play, step...) and the data of the menu items and
// shortcuts they share with the window (Undo is Ctrl+Z in the Edit menu and `undo` in a
// script). editor/ui adds the window-only ones and how a window runs a shared one
// (ui/command_bindings.cpp).

#include "command_table.hpp"

namespace mosaic::editor {

/// Adds the core's commands to `table` (editor_commands() does it once).
void add_core_commands(command_table& table);

/// Renders `frames` frames through the script host (the window), or advances the model
/// headless (play_control::frame at 60 Hz) when there is none.
void wait_frames(command_context& c, int frames);

}  // namespace mosaic::editor
