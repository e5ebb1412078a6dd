#pragma once
// module_commands: the editor commands a game module adds (panel_registry::add_command in its
// panel registration function, <mosaic/editor/panel_registry.hpp>), kept in step with the open
// project's module in the editor's command table (command_table.hpp).
//
// Each command's run holds a weak reference to the module it came from and calls into it only
// while that module is loaded and is still the project's (the reference keeps it loaded during
// the call): a command of a module that was unloaded is never called, even before the table
// catches up. The table changes only in follow_module_commands, which the script runner calls
// before each line and the window before each frame, never while a command runs (a command may
// reload the code, and the menu or script that runs it holds pointers into the table). There,
// the old module's commands leave and the new module's are added, checked: an id, script verb
// or shortcut that another command has is refused with a Console message naming the module
// and the command, as are an id outside the module's name ("MODULE.") and a bad key.

#include <cstdint>
#include <string>
#include <vector>

namespace mosaic::editor {

class editor_state;

/// Brings the command table in step with `s`'s module: removes the commands of a module that
/// went (hot reload, another project, no project) and adds the current module's. Cheap when
/// nothing changed. Not while a command runs.
void follow_module_commands(editor_state& s);

/// Removes the module commands from the table (the editor closing; a test's end).
void drop_module_commands();

/// The ids of the module commands now in the table.
[[nodiscard]] std::vector<std::string> module_command_ids();

/// The `log` function a module's panels and commands are handed: `host` is the console_log,
/// `level` a mosaic_panel_log_level.
void log_from_module(void* host, std::uint32_t level, const char* text);

}  // namespace mosaic::editor
