// The window's commands: those that need it (Copy keeps entities in ui_state, Frame Selected
// moves the scene view's camera, Exit asks about unsaved changes) and how a window runs a
// verb a script also has (New asks first; a script's `new` does not; the window's tell the
// panels what changed). One registration each, in the core's format (core_commands.cpp).
#include <algorithm>

#include "core/archetype_actions.hpp"
#include "core/editor_state.hpp"
#include "ui/command_items.hpp"
#include "ui/commands.hpp"
#include "ui/prefab_mode.hpp"

namespace mosaic::editor {

namespace {

using window_run = void (*)(editor_state&, ui_state&);

/// A command's run function from one of commands.hpp's.
std::function<std::string(command_context&)> in_window(window_run f) {
    return [f](command_context& c) {
        f(c.state, *c.ui);
        return std::string();
    };
}

bool anything_selected(const command_context& c) {
    return !c.state.selection().empty();
}

void set_in_window(command_table& t, std::string_view id, window_run f) {
    if (command* c = t.find(id)) c->run_in_window = in_window(f);
}

/// The Project panel's archetype row menus: Edit keeps where the scene view looked; Close
/// asks about unsaved changes (the banner's question); Create shows the new entity.
void bind_archetype_commands(command_table& t) {
    if (command* c = t.find("asset.edit_archetype")) {
        c->run_in_window = [](command_context& c) {
            if (c.args.empty()) return std::string("Edit Archetype: which one?");
            std::string why;
            const auto file = archetype_file(c.state, c.args[0], &why);
            if (!file) return "Edit Archetype: " + why;
            (void)command_open_archetype(c.state, *c.ui, *file);  // the console says why not
            return std::string();
        };
    }
    set_in_window(t, "asset.close", request_close_asset);
    if (command* c = t.find("entity.create_from_archetype")) {
        c->run_in_window = [](command_context& c) {
            if (c.args.empty()) return std::string("Create Entity: which archetype?");
            const std::vector<archetype>& all = c.state.game().archetypes();
            const auto it = std::find_if(all.begin(), all.end(),
                                         [&](const archetype& a) { return a.name() == c.args[0]; });
            if (it == all.end()) return "Create Entity: no archetype named '" + c.args[0] + "'";
            command_create_from_archetype(c.state, *c.ui, *it);
            return std::string();
        };
    }
}

void bind_shared_commands(command_table& t) {
    set_in_window(t, "file.new", request_new);
    set_in_window(t, "file.open", request_open_dialog);
    set_in_window(t, "file.open_project", request_open_project_dialog);
    set_in_window(t, "file.save", [](editor_state& s, ui_state& ui) { (void)command_save(s, ui); });
    set_in_window(t, "file.save_as", command_save_as);
    set_in_window(t, "edit.undo", command_undo);
    set_in_window(t, "edit.redo", command_redo);
    set_in_window(t, "edit.duplicate", command_duplicate);
    set_in_window(t, "edit.delete", command_delete);
    set_in_window(t, "edit.rename", command_rename);
    set_in_window(t, "entity.create",
                  [](editor_state& s, ui_state& ui) { command_create_empty(s, ui); });
    set_in_window(t, "play.pause", command_pause);
    set_in_window(t, "play.step", command_step);
    set_in_window(t, "project.build_reload", command_build_reload);
    set_in_window(t, "project.reload", [](editor_state& s, ui_state& ui) {
        (void)s.reload_code();
        ui.events.post(scene_changed{});
    });
    bind_archetype_commands(t);
}

void add_file_commands(command_table& t) {
    t.add({.id = "file.save_replay",
           .label = "Save Replay...",
           .help = "Save this Play's recording (paused)",
           .menu = "File",
           .order = 200,
           .enabled =
               [](const command_context& c) {
                   return c.state.player().mode() == play_state::paused &&
                          c.state.timeline().recording() != nullptr;
               },
           .run_in_window = in_window(command_save_replay)});
    t.add({.id = "file.open_replay",
           .label = "Open Replay...",
           .menu = "File",
           .order = 210,
           .run_in_window = in_window(request_open_replay_dialog)});
    t.add({.id = "file.exit",
           .label = "Exit",
           .keys = {ctrl(key::q)},
           .in_text_fields = true,
           .help = "Exit (asks about unsaved changes)",
           .menu = "File",
           .order = 300,
           .run_in_window = in_window(request_exit)});
}

void add_edit_commands(command_table& t) {
    t.add({.id = "edit.copy",
           .label = "Copy",
           .keys = {ctrl(key::c)},
           .help = "Copy entities",
           .menu = "Edit",
           .order = 100,
           .enabled = anything_selected,
           .run_in_window = in_window(command_copy)});
    t.add(
        {.id = "edit.paste",
         .label = "Paste",
         .keys = {ctrl(key::v)},
         .help = "Paste entities",
         .menu = "Edit",
         .order = 110,
         .enabled =
             [](const command_context& c) { return c.ui != nullptr && can_paste(c.state, *c.ui); },
         .run_in_window = in_window(command_paste)});
    t.add({.id = "edit.frame_selection",
           .label = "Frame Selected",
           .keys = {plain(key::f)},
           .help = "Frame the selection in the Scene view",
           .menu = "Edit",
           .order = 200,
           .enabled = anything_selected,
           .run_in_window = [](command_context& c) {
               command_frame_selection(*c.ui);
               return std::string();
           }});
    t.add({.id = "entity.create_child",
           .label = "Create Empty Child",
           .menu = "Entity",
           .order = 10,
           .enabled =
               [](const command_context& c) {
                   return c.state.world().alive(c.state.selection().active());
               },
           .run_in_window =
               [](command_context& c) {
                   command_create_empty(c.state, *c.ui, c.state.selection().active());
                   return std::string();
               }});
}

void add_play_commands(command_table& t) {
    t.add({.id = "play.toggle",
           .label = "Play",
           .keys = {ctrl(key::p)},
           .in_text_fields = true,
           .help = "Play / Stop",
           .menu = "View",
           .order = 100,
           .title =
               [](const command_context& c) {
                   return std::string(c.state.shown_play_mode() != play_state::editing ? "Stop"
                                                                                       : "Play");
               },
           .run_in_window = in_window(command_play_stop)});
    t.add({.id = "play.step_back",
           .label = "Step Back",
           .keys = {plain(key::comma)},
           .repeat = true,
           .help = "Step one tick back through the recording (hold: scrub)",
           .menu = "View",
           .order = 130,
           .enabled =
               [](const command_context& c) { return c.state.timeline().recording() != nullptr; },
           .run_in_window = in_window(command_step_back)});
    t.add({.id = "play.step_forward",
           .label = "Step Forward",
           .keys = {plain(key::period)},
           .repeat = true,
           .help = "Step one tick forward (past the recording: a new tick)",
           .menu = "View",
           .order = 140,
           .enabled = [](const command_context& c) { return c.state.playing(); },
           .run_in_window = in_window(command_step_forward)});
}

/// W, E, R: the scene view's transform handle.
void add_tool_commands(command_table& t) {
    const auto tool = [](transform_tool which) {
        return [which](command_context& c) {
            c.ui->scene.tool = which;
            return std::string();
        };
    };
    t.add({.id = "tool.move",
           .label = "Move Handle",
           .keys = {plain(key::w)},
           .help = "Move handle (Ctrl snaps while dragging)",
           .run_in_window = tool(transform_tool::move)});
    t.add({.id = "tool.rotate",
           .label = "Rotate Handle",
           .keys = {plain(key::e)},
           .run_in_window = tool(transform_tool::rotate)});
    t.add({.id = "tool.scale",
           .label = "Scale Handle",
           .keys = {plain(key::r)},
           .run_in_window = tool(transform_tool::scale)});
}

}  // namespace

void add_window_commands(command_table& table) {
    bind_shared_commands(table);
    add_file_commands(table);
    add_edit_commands(table);
    add_play_commands(table);
    add_tool_commands(table);
}

}  // namespace mosaic::editor
