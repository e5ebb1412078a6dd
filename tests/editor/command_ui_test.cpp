// The window's side of the command table (ui/command_items.hpp): the main menu, the shortcuts
// and the toolbar run registered commands, and one registration adds a command to the menu bar
// and the keyboard.
#include <gtest/gtest.h>

#include <string>

#include "core/command_table.hpp"
#include "editor_ui_test_support.hpp"
#include "ui/command_items.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::EditorUiTest;

int counted = 0;
int counted_twice = 0;
// A command in a menu of its own with a shortcut, and one on the same key with Shift.
MOSAIC_EDITOR_COMMAND({.id = "test.count",
                       .label = "Count Things...",
                       .keys = {ctrl(key::t)},
                       .menu = "Tests",
                       .run = [](command_context&) {
                           ++counted;
                           return std::string();
                       }});
MOSAIC_EDITOR_COMMAND({.id = "test.count_twice",
                       .label = "Count Twice",
                       .keys = {ctrl_shift(key::t)},
                       .menu = "Tests",
                       .order = 100,
                       .run = [](command_context&) {
                           counted_twice += 2;
                           return std::string();
                       }});

using CommandUiTest = EditorUiTest;

TEST_F(CommandUiTest, NoShortcutIsBoundTwiceAmongTheWindowsCommands) {
    const command_table& table = window_commands();
    for (const command& c : table.all()) {
        for (const key_chord& chord : c.keys)
            EXPECT_EQ(table.bound_to(chord).size(), 1u) << to_string(chord) << " (" << c.id << ")";
        EXPECT_TRUE(c.run || c.run_in_window) << c.id << " does nothing";
    }
}

TEST_F(CommandUiTest, EveryMainMenuItemIsARegisteredCommand) {
    imgui.frames(2);
    for (const char* menu : {"File", "Edit", "Entity", "Project", "View", "Tests"}) {
        imgui.click(at(std::string("menu/") + menu));
        imgui.frames(1);
        for (const command* c : window_commands().in_menu(menu)) {
            std::string name = c->label;
            if (name.ends_with("...")) name.resize(name.size() - 3);
            EXPECT_TRUE(has_item("menu/" + name)) << menu << " > " << c->label;
        }
        imgui.tap(key::escape);
        imgui.frames(1);
    }
}

TEST_F(CommandUiTest, ARegisteredCommandRunsFromItsMenuAndItsShortcut) {
    counted = 0;
    counted_twice = 0;
    imgui.frames(2);
    imgui.click(at("menu/Tests"));
    imgui.frames(1);
    imgui.click(at("menu/Count Things"));
    imgui.frames(1);
    EXPECT_EQ(counted, 1);

    imgui.tap(key::t, true);
    EXPECT_EQ(counted, 2);
    EXPECT_EQ(counted_twice, 0);
    imgui.tap(key::t, true, true);  // Ctrl+Shift+T is the other command's
    EXPECT_EQ(counted, 2);
    EXPECT_EQ(counted_twice, 2);
    imgui.tap(key::t);  // no Ctrl: neither
    EXPECT_EQ(counted, 2);
    EXPECT_EQ(counted_twice, 2);
}

TEST_F(CommandUiTest, ShiftOnAChordWithoutItStillCounts) {
    const entity box = create_entity(state, "Box");
    state.selection().select(box);
    imgui.frames(2);
    const std::size_t before = state.world().size();
    imgui.tap(key::d, true, true);  // Ctrl+Shift+D: no command has it, so Ctrl+D's
    EXPECT_EQ(state.world().size(), before + 1) << "Ctrl+Shift+D duplicates as Ctrl+D does";
}

}  // namespace
