#pragma once
// command_items: the window's side of the command table (core/command_table.hpp) — the table
// with the window's commands added, and the menu items, shortcuts and buttons that run them.
// Menus and panels name a command by id; its label, shortcut and enabled state come from the
// table, so a command shows the same everywhere.

#include <string>
#include <string_view>

#include "core/command_table.hpp"

namespace mosaic::editor {

class editor_state;
struct ui_state;

/// The editor's commands with the window's added (once: command_bindings.cpp).
[[nodiscard]] command_table& window_commands();
/// Adds the commands only a window has and sets how a window runs the shared ones.
void add_window_commands(command_table& table);

/// A context for running commands from the window (no script arguments).
[[nodiscard]] command_context window_context(editor_state& s, ui_state& ui);

/// Runs the command `id` as the window does (a button, a shortcut). An unknown id is a
/// programmer's mistake: it asserts in debug builds and does nothing otherwise.
void run_command(editor_state& s, ui_state& ui, std::string_view id);

/// The menu item of `c`: its title, its first shortcut, greyed when not enabled; runs it when
/// clicked (returns true then). `record`: the test hooks' prefix ("menu/": "menu/Open" for
/// "Open..."), or null.
bool command_menu_item(editor_state& s, ui_state& ui, const command& c,
                       const char* record = nullptr);
/// The same, by id.
bool command_menu_item(editor_state& s, ui_state& ui, std::string_view id,
                       const char* record = nullptr);
/// The items of `menu` with from <= order < to, a separator where a new hundred starts.
void command_menu_items(editor_state& s, ui_state& ui, std::string_view menu, int from = 0,
                        int to = 1 << 30, const char* record = nullptr);

/// The first shortcut of `c` as menus show it ("Ctrl+D"), or "".
[[nodiscard]] std::string shortcut_label(const command& c);

}  // namespace mosaic::editor
