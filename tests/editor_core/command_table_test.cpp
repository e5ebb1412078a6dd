// The command table (core/command_table.hpp): every script verb is a registered command, no
// shortcut is bound twice, and one registration adds a verb the script language runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/script.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

// Registered the way a panel's file registers one: one line, at static initialisation.
int test_verb_runs = 0;
MOSAIC_EDITOR_COMMAND({.id = "test.count",
                       .label = "Count",
                       .verb = "test_count",
                       .usage = "[N]",
                       .menu = "Test",
                       .run = [](command_context& c) {
                           test_verb_runs += c.args.empty() ? 1 : std::stoi(c.args[0]);
                           return std::string();
                       }});

TEST(CommandTable, EveryScriptVerbIsOneRegisteredCommand) {
    const command_table& table = editor_commands();
    std::set<std::string> verbs;
    for (const command& c : table.all()) {
        EXPECT_FALSE(c.id.empty());
        EXPECT_EQ(table.find(c.id), &c) << c.id << " is registered twice";
        if (c.verb.empty()) continue;
        EXPECT_TRUE(verbs.insert(c.verb).second) << "the verb " << c.verb << " is bound twice";
        EXPECT_EQ(table.find_verb(c.verb), &c);
        EXPECT_TRUE(c.run) << c.verb << ": a script verb runs without a window";
    }
    // The verbs the script language had before the table (editor/core/script.hpp's list).
    for (const char* verb : {"open",
                             "save",
                             "save_as",
                             "new",
                             "select",
                             "select_add",
                             "create",
                             "delete",
                             "duplicate",
                             "rename",
                             "parent",
                             "add",
                             "remove",
                             "enable",
                             "set",
                             "expect",
                             "expect_entities",
                             "expect_selected",
                             "play",
                             "pause",
                             "step",
                             "stop",
                             "keep",
                             "apply_keeps",
                             "wait",
                             "undo",
                             "redo",
                             "screenshot",
                             "log",
                             "open_project",
                             "expect_project",
                             "reload",
                             "build_reload"}) {
        EXPECT_TRUE(verbs.contains(verb)) << verb;
    }
}

TEST(CommandTable, NoShortcutIsBoundTwice) {
    const command_table& table = editor_commands();
    for (const command& c : table.all())
        for (const key_chord& chord : c.keys)
            EXPECT_EQ(table.bound_to(chord).size(), 1u) << to_string(chord);
}

TEST(CommandTable, KeyLabelsComeFromOneFunction) {
    EXPECT_EQ(to_string(ctrl_shift(key::s)), "Ctrl+Shift+S");
    EXPECT_EQ(to_string(ctrl(key::d)), "Ctrl+D");
    EXPECT_EQ(to_string(plain(key::f2)), "F2");
    EXPECT_EQ(to_string(plain(key::del)), "Del");
    EXPECT_EQ(to_string(plain(key::comma)), ",");
    const auto rows = shortcut_rows(editor_commands());
    const auto redo = std::find_if(rows.begin(), rows.end(),
                                   [](const shortcut_row& r) { return r.what == "Redo"; });
    ASSERT_NE(redo, rows.end());
    EXPECT_EQ(redo->keys, "Ctrl+Y, Ctrl+Shift+Z");
}

TEST(CommandTable, ARegisteredCommandIsAScriptVerbAndAMenuEntry) {
    editor_state s;
    test_verb_runs = 0;
    EXPECT_EQ(run_script_line(s, {1, "test_count 3"}, {}), "");
    EXPECT_EQ(run_script_line(s, {2, "test_count"}, {}), "");
    EXPECT_EQ(test_verb_runs, 4);
    const std::vector<std::string> verbs = script_verbs();
    EXPECT_NE(std::find(verbs.begin(), verbs.end(), "test_count [N]"), verbs.end());
    const auto menus = editor_commands().menus();
    EXPECT_NE(std::find(menus.begin(), menus.end(), "Test"), menus.end());
    ASSERT_EQ(editor_commands().in_menu("Test").size(), 1u);
    EXPECT_EQ(editor_commands().in_menu("Test").front()->id, "test.count");
}

TEST(CommandTable, AWindowOnlyCommandSaysSoInAScript) {
    command_table table;
    table.add({.id = "view.thing", .verb = "thing", .run_in_window = [](command_context&) {
                   return std::string();
               }});
    editor_state s;
    const script_host host;
    command_context ctx{.state = s, .host = &host, .verb = "thing"};
    EXPECT_EQ(command_table::run(*table.find("view.thing"), ctx), "thing: needs the editor window");
    EXPECT_TRUE(table.remove("view.thing"));
    EXPECT_EQ(table.find("view.thing"), nullptr);
}

TEST(CommandTable, MenuItemsAreSortedByPlaceAndGrouped) {
    const auto edit = editor_commands().in_menu("Edit");
    ASSERT_GE(edit.size(), 2u);
    EXPECT_EQ(edit[0]->id, "edit.undo");
    EXPECT_TRUE(std::is_sorted(edit.begin(), edit.end(), [](const command* a, const command* b) {
        return a->order < b->order;
    }));
}

}  // namespace
