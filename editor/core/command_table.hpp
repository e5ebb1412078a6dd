#pragma once
// command_table: every editor verb, registered once. A command is an id ("edit.duplicate"),
// a label, its default shortcuts, the main menu and place it shows in, its --script verb with
// the arguments it takes, when it is enabled and what it does. The main menu, the context
// menus, the shortcut handling, the Keyboard Shortcuts window, the toolbar and the script
// language all read this table; none of them names a verb of its own.
//
// The table lives in core (no ImGui): the script language runs headless. The commands that
// only make sense in a window (Copy, the transform tools, Frame Selected) and the window's way
// of running a shared verb (New asks about unsaved changes first; a script's `new` does not)
// are added by editor/ui (ui/command_bindings.cpp) through the same table.
//
// Adding a command is one registration, anywhere in the editor:
//
//   MOSAIC_EDITOR_COMMAND({.id = "tanks.respawn", .label = "Respawn Tanks", .keys = {ctrl(key::t)},
//                          .verb = "respawn", .menu = "Tanks",
//                          .run = [](command_context& c) { ...; return std::string(); }});
//
// A game module adds its commands with one line in its panel registration function
// (panel_registry::add_command, <mosaic/editor/panel_registry.hpp>); module_commands.hpp puts
// them in this table and takes them out when the module goes.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/input.hpp>

namespace mosaic::editor {

class editor_state;
struct script_host;
// The window's UI state (editor/ui/ui_state.hpp), declared only: core never looks inside;
// the commands editor/ui adds do.
struct ui_state;

/// A key with its modifiers, as a shortcut.
struct key_chord {
    key code = key::escape;
    bool ctrl = false;
    bool shift = false;
    friend bool operator==(const key_chord&, const key_chord&) = default;
};
[[nodiscard]] constexpr key_chord plain(key k) noexcept {
    return {k, false, false};
}
[[nodiscard]] constexpr key_chord ctrl(key k) noexcept {
    return {k, true, false};
}
[[nodiscard]] constexpr key_chord ctrl_shift(key k) noexcept {
    return {k, true, true};
}
/// The key's name as menus show it: "S", "F2", "Del", ",".
[[nodiscard]] std::string key_label(key k);
/// "Ctrl+Shift+S".
[[nodiscard]] std::string to_string(const key_chord& chord);

/// What a command runs with.
struct command_context {
    editor_state& state;
    ui_state* ui = nullptr;             // null without a window (scripts in headless tests)
    const script_host* host = nullptr;  // set when a script line runs the command
    std::vector<std::string> args{};    // the script's words after the verb
    std::string_view line{};            // the whole script line (values with spaces)
    std::string verb{};                 // the script verb it runs as ("" from a menu or a key)

    /// Run from a script: no question is asked and no dialog opens; arguments say what.
    [[nodiscard]] bool from_script() const noexcept { return host != nullptr; }
    /// The script line after its first `words` words ("set Transform.position 1 2": 2 gives
    /// "1 2").
    [[nodiscard]] std::string rest_after(std::size_t words) const;
    /// "" when the script gave at least `n` arguments, else "VERB: expected N argument(s)".
    [[nodiscard]] std::string need(std::size_t n) const;
    /// "" when something is selected, else "VERB: nothing is selected".
    [[nodiscard]] std::string need_selection() const;
};

struct command {
    std::string id{};               // unique and stable: "edit.duplicate"
    std::string label{};            // the menu item: "Duplicate"
    std::vector<key_chord> keys{};  // default shortcuts; the first one shows in menus
    bool repeat = false;            // a held key repeats it (comma scrubs back)
    bool in_text_fields = false;    // its shortcut works while a text field has the keyboard
    std::string verb{};             // the --script verb ("" for none)
    std::string usage{};            // the verb's arguments, for help: "NAME [NAME...]"
    std::string help{};             // the Keyboard Shortcuts row ("": the label)
    std::string menu{};             // the main menu it shows in ("" for none): "Edit"
    int order = 0;                  // its place in that menu; a new hundred starts a group
    /// Greys out the menu item when false (null: always enabled). A shortcut or a script
    /// runs the command anyway, which says why it does nothing.
    std::function<bool(const command_context&)> enabled{};
    /// The menu item's label now ("Undo Move", "Stop"); null: `label`.
    std::function<std::string(const command_context&)> title{};
    /// Does it: "" or what went wrong (scripts stop on it; the window's commands log theirs).
    std::function<std::string(command_context&)> run{};
    /// How a window runs it when that differs from `run` (asks first, opens a dialog, tells
    /// the panels); null: `run`. Set by editor/ui.
    std::function<std::string(command_context&)> run_in_window{};
};

class command_table {
public:
    /// Adds `c`; a command with the same id is replaced (a game module's reload).
    command& add(command c);
    /// Removes the command `id` (its module is unloaded); false when there was none.
    bool remove(std::string_view id);
    [[nodiscard]] command* find(std::string_view id);
    [[nodiscard]] const command* find(std::string_view id) const;
    [[nodiscard]] const command* find_verb(std::string_view verb) const;
    /// The commands bound to `chord`, in registration order.
    [[nodiscard]] std::vector<const command*> bound_to(const key_chord& chord) const;
    /// The commands, in registration order.
    [[nodiscard]] const std::vector<command>& all() const noexcept { return commands_; }
    /// The main menus commands go in, in order of first registration.
    [[nodiscard]] std::vector<std::string> menus() const;
    /// The commands of `menu` with from <= order < to, sorted by order.
    [[nodiscard]] std::vector<const command*> in_menu(std::string_view menu, int from = 0,
                                                      int to = 1 << 30) const;

    /// Runs `c`: `run_in_window` when the context has a window and no script (or `c` has
    /// only that), else `run`.
    static std::string run(const command& c, command_context& ctx);
    /// Whether `c` is enabled in `ctx`.
    [[nodiscard]] static bool enabled(const command& c, const command_context& ctx);
    /// The label `c` shows in `ctx`.
    [[nodiscard]] static std::string title(const command& c, const command_context& ctx);

private:
    std::vector<command> commands_;
};

/// A row of the Keyboard Shortcuts window: "Ctrl+Y, Ctrl+Shift+Z" and "Redo".
struct shortcut_row {
    std::string keys;
    std::string what;
};
/// The commands that have shortcuts, by menu (in menus() order) and place in it; those in no
/// menu last.
[[nodiscard]] std::vector<shortcut_row> shortcut_rows(const command_table& table);

/// The editor's commands: the core's (the script verbs), then what editor/ui and
/// MOSAIC_EDITOR_COMMAND registrations added.
[[nodiscard]] command_table& editor_commands();

/// A static object of a file that adds a command (MOSAIC_EDITOR_COMMAND).
struct command_registrar {
    explicit command_registrar(command c) { editor_commands().add(std::move(c)); }
};

}  // namespace mosaic::editor

#define MOSAIC_EDITOR_COMMAND_JOIN2(A, B) A##B
#define MOSAIC_EDITOR_COMMAND_JOIN(A, B) MOSAIC_EDITOR_COMMAND_JOIN2(A, B)
/// Registers a command: MOSAIC_EDITOR_COMMAND({.id = ..., .label = ..., .run = ...});
#define MOSAIC_EDITOR_COMMAND(...)                                               \
    static const ::mosaic::editor::command_registrar MOSAIC_EDITOR_COMMAND_JOIN( \
        mosaic_editor_command_, __LINE__) {                                      \
        ::mosaic::editor::command __VA_ARGS__                                    \
    }
