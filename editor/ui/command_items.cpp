#include "ui/command_items.hpp"

#include <imgui.h>

#include <cassert>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

command_table& window_commands() {
    static command_table& table = []() -> command_table& {
        command_table& t = editor_commands();
        add_window_commands(t);
        return t;
    }();
    return table;
}

command_context window_context(editor_state& s, ui_state& ui) {
    return command_context{.state = s, .ui = &ui};
}

void run_command(editor_state& s, ui_state& ui, std::string_view id) {
    const command* c = window_commands().find(id);
    assert(c != nullptr && "run_command: no command has this id (command_bindings.cpp)");
    if (c == nullptr) return;
    command_context ctx = window_context(s, ui);
    (void)command_table::run(*c, ctx);  // the window's commands log what went wrong
}

std::string shortcut_label(const command& c) {
    return c.keys.empty() ? std::string() : to_string(c.keys.front());
}

bool command_menu_item(editor_state& s, ui_state& ui, const command& c, const char* record) {
    command_context ctx = window_context(s, ui);
    const std::string title = command_table::title(c, ctx);
    const std::string keys = shortcut_label(c);
    // The id stays the same while the title changes ("Undo Move", "Building...").
    const std::string item = title + "###" + c.id;
    const bool clicked = ImGui::MenuItem(item.c_str(), keys.empty() ? nullptr : keys.c_str(), false,
                                         command_table::enabled(c, ctx));
    if (record != nullptr) {
        std::string name = c.label;
        if (name.size() > 3 && name.ends_with("...")) name.resize(name.size() - 3);
        ui.test.record(record + name);
    }
    if (clicked) (void)command_table::run(c, ctx);
    return clicked;
}

bool command_menu_item(editor_state& s, ui_state& ui, std::string_view id, const char* record) {
    const command* c = window_commands().find(id);
    assert(c != nullptr && "command_menu_item: no command has this id");
    return c != nullptr && command_menu_item(s, ui, *c, record);
}

void command_menu_items(editor_state& s, ui_state& ui, std::string_view menu, int from, int to,
                        const char* record) {
    const auto items = window_commands().in_menu(menu, from, to);
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0 && items[i]->order / 100 != items[i - 1]->order / 100) ImGui::Separator();
        (void)command_menu_item(s, ui, *items[i], record);
    }
}

}  // namespace mosaic::editor
