// A game module's editor commands (panel_registry::add_command, core/module_commands.hpp): one
// line in the module's panel registration function puts a command in the editor's table, where
// the script language runs it by its verb and reports its errors; an id, verb or shortcut that
// is taken is refused with a Console message naming the module and the command; and the
// commands go with their module (hot reload, another project) and come back from the new one,
// never calling into a module that is gone. The modules are tests/modules/reload_panel.cpp's.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "core/module_commands.hpp"
#include "core/script.hpp"
#include "reload_project.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;
using mosaic::testing::reload_project;
using mosaic::testing::test_module;
namespace fs = std::filesystem;

class ModuleCommands : public ::testing::Test {
protected:
    ~ModuleCommands() override { drop_module_commands(); }

    /// `p`'s module becomes the test module `module` (what a rebuild does to the file).
    static void use_module(const reload_project& p, const std::string& module) {
        fs::copy_file(test_module(module), p.module(), fs::copy_options::overwrite_existing);
    }
    /// Runs every line; "LINE: error" of the first failure, or "".
    std::string run(std::string_view text) {
        for (const script_line& line : parse_script(text)) {
            if (std::string error = run_script_line(s, line, {}); !error.empty())
                return std::to_string(line.number) + ": " + error;
        }
        return {};
    }
    [[nodiscard]] bool logged(const std::string& text) const {
        const auto& lines = s.log().lines();
        return std::any_of(lines.begin(), lines.end(), [&](const log_line& l) {
            return l.text.find(text) != std::string::npos;
        });
    }
    [[nodiscard]] float runner_x() {
        return s.world().get<Transform>(s.find_by_name("Runner")).position.x;
    }

    editor_state s;
};

TEST_F(ModuleCommands, OneRegistrationPutsTheCommandInTheTableAndItsVerbInScripts) {
    EXPECT_EQ(run("nudge"), "1: unknown command 'nudge'") << "no project, no module command";
    reload_project p("commands");
    use_module(p, "panels_v1");
    ASSERT_TRUE(s.open_project(p.manifest()));
    ASSERT_EQ(run("select Runner\nnudge 2\nexpect Transform.position 2 0"), "");
    EXPECT_FLOAT_EQ(runner_x(), 2.0f);
    EXPECT_TRUE(logged("nudged by v1")) << "the command's log goes to the Console";

    // What the menus, the shortcut handling and the Keyboard Shortcuts window read.
    const command* c = editor_commands().find("reload_game.nudge");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->label, "Nudge");
    EXPECT_EQ(c->menu, "Reload Game");
    ASSERT_EQ(c->keys.size(), 1u);
    EXPECT_EQ(to_string(c->keys.front()), "Ctrl+Shift+J");
    EXPECT_EQ(editor_commands().bound_to(ctrl_shift(key::j)).size(), 1u);
    const std::vector<std::string> verbs = script_verbs();
    EXPECT_NE(std::find(verbs.begin(), verbs.end(), "nudge [STEPS]"), verbs.end());
    const std::vector<shortcut_row> rows = shortcut_rows(editor_commands());
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const shortcut_row& r) {
        return r.keys == "Ctrl+Shift+J" && r.what == "Nudge";
    }));
    EXPECT_EQ(module_command_ids(), std::vector<std::string>{"reload_game.nudge"});
}

TEST_F(ModuleCommands, ItsErrorsStopTheScriptAndGoToTheConsoleFromTheWindow) {
    reload_project p("commands");
    use_module(p, "panels_v1");
    ASSERT_TRUE(s.open_project(p.manifest()));
    s.selection().clear();
    EXPECT_EQ(run("nudge"), "1: nudge: nothing to nudge");
    // An exception in the module's command (std::stof on "far") is its error, not a crash.
    const std::string thrown = run("select Runner\nnudge far");
    EXPECT_TRUE(thrown.starts_with("2: nudge: ")) << thrown;
    EXPECT_FLOAT_EQ(runner_x(), 0.0f);

    // From a menu or a shortcut (no script): the Console says what went wrong.
    s.selection().clear();
    command_context from_menu{.state = s};
    const command* c = editor_commands().find("reload_game.nudge");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(command_table::run(*c, from_menu), "Nudge: nothing to nudge");
    EXPECT_TRUE(logged("Nudge: nothing to nudge"));
}

TEST_F(ModuleCommands, AnIdVerbOrShortcutThatIsTakenIsRefusedNamingModuleAndCommand) {
    const command* save = editor_commands().find("file.save");
    ASSERT_NE(save, nullptr);
    const std::string save_label = save->label;
    reload_project p("clashes");
    use_module(p, "panel_clashes");
    ASSERT_TRUE(s.open_project(p.manifest()));
    follow_module_commands(s);

    const std::string left_out = "' of reload_game was left out: ";
    EXPECT_TRUE(logged("the editor command 'file.save" + left_out +
                       "a command with that id is already there"));
    EXPECT_TRUE(logged("the editor command 'reload_game.nudge" + left_out +
                       "a command with that id is already there"));
    EXPECT_TRUE(logged("the editor command 'reload_game.save" + left_out +
                       "Ctrl+S is already the shortcut of 'file.save'"));
    EXPECT_TRUE(logged("the editor command 'reload_game.saving" + left_out +
                       "the script verb 'save' is already the command 'file.save''s"));
    EXPECT_TRUE(logged("the editor command 'elsewhere.tool" + left_out +
                       "its id must start with 'reload_game.'"));
    EXPECT_TRUE(logged("the editor command 'reload_game.shift" + left_out +
                       "key 340 cannot be a shortcut"));

    // The editor's commands are untouched and the refused ones are nowhere.
    ASSERT_EQ(editor_commands().find("file.save"), save);
    EXPECT_EQ(save->label, save_label);
    EXPECT_EQ(editor_commands().find_verb("save"), save);
    EXPECT_EQ(editor_commands().bound_to(ctrl(key::s)).size(), 1u);
    for (const char* id :
         {"reload_game.save", "reload_game.saving", "elsewhere.tool", "reload_game.shift"})
        EXPECT_EQ(editor_commands().find(id), nullptr) << id;
    EXPECT_EQ(editor_commands().find("reload_game.nudge")->label, "Nudge") << "the first stays";
    // The commands without a clash are there.
    EXPECT_EQ(module_command_ids(),
              (std::vector<std::string>{"reload_game.nudge", "reload_game.fine"}));
    EXPECT_EQ(run("fine"), "");
    EXPECT_TRUE(logged("fine ran"));
}

TEST_F(ModuleCommands, OnHotReloadTheOldCommandIsNeverCalledAndTheNewOneTakesItsPlace) {
    reload_project p("commands");
    use_module(p, "panels_v1");
    ASSERT_TRUE(s.open_project(p.manifest()));
    ASSERT_EQ(run("select Runner\nnudge"), "");
    EXPECT_FLOAT_EQ(runner_x(), 1.0f);

    use_module(p, "panels_v2");
    ASSERT_TRUE(s.reload_code());
    // Before the table catches up (the next script line or frame), the old module's entry is
    // there but cannot call into the unloaded code.
    const command* old = editor_commands().find("reload_game.nudge");
    ASSERT_NE(old, nullptr);
    command_context ctx{.state = s};
    EXPECT_FALSE(command_table::enabled(*old, ctx)) << "its menu item is greyed out";
    EXPECT_EQ(command_table::run(*old, ctx),
              "Nudge: reload_game, whose command it is, is no longer loaded");
    EXPECT_TRUE(logged("Nudge: reload_game, whose command it is, is no longer loaded"));
    EXPECT_FLOAT_EQ(runner_x(), 1.0f);

    ASSERT_EQ(run("nudge 2"), "") << "the new module's command, by the same verb";
    EXPECT_FLOAT_EQ(runner_x(), 21.0f) << "version 2 nudges ten times as far";
    EXPECT_TRUE(logged("nudged by v2"));
    const command* now = editor_commands().find("reload_game.nudge");
    ASSERT_NE(now, nullptr);
    EXPECT_EQ(now->label, "Nudge Ten");
    EXPECT_TRUE(command_table::enabled(*now, ctx));
}

TEST_F(ModuleCommands, TheCommandsLeaveWithTheirProjectAndComeBackWithIt) {
    reload_project commanded("commands");
    use_module(commanded, "panels_v1");
    ASSERT_TRUE(s.open_project(commanded.manifest()));
    follow_module_commands(s);
    ASSERT_NE(editor_commands().find("reload_game.nudge"), nullptr);

    reload_project plain("plain");  // reload_v1: the same game without panels or commands
    ASSERT_TRUE(s.open_project(plain.manifest()));
    EXPECT_EQ(run("nudge"), "1: unknown command 'nudge'");
    EXPECT_EQ(editor_commands().find("reload_game.nudge"), nullptr);
    EXPECT_TRUE(editor_commands().bound_to(ctrl_shift(key::j)).empty());
    EXPECT_TRUE(module_command_ids().empty());

    ASSERT_TRUE(s.open_project(commanded.manifest()));
    ASSERT_EQ(run("select Runner\nnudge 3"), "") << "back from the module loaded anew";
    EXPECT_FLOAT_EQ(runner_x(), 3.0f);
}

}  // namespace
