#pragma once
// animation_commands: the Animation window's verbs (anim_record, anim_key, anim_time...), added
// to the editor's command table with the core's own (core_commands.cpp).

#include "command_table.hpp"

namespace mosaic::editor {

/// Adds the anim_* commands to `table`.
void add_animation_commands(command_table& table);

}  // namespace mosaic::editor
