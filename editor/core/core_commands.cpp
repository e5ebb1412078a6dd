// The core's commands, in the order the Keyboard Shortcuts window and `--script` help list
// them. Each is one registration: what a script verb does is `run`; the fields above it say
// where the window shows it. Menu places: a new hundred starts a group (a separator).
//
// Sections: file, edit, entity, component and field, play, project, script-only checks.
#include "core_commands.hpp"

#include <charconv>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include <mosaic/ecs/view.hpp>

#include "action_checks.hpp"
#include "actions.hpp"
#include "animation_commands.hpp"
#include "archetype_actions.hpp"
#include "archetype_commands.hpp"
#include "child_play.hpp"
#include "console_errors.hpp"
#include "editor_state.hpp"
#include "field_text.hpp"
#include "play_keeps.hpp"
#include "script.hpp"

namespace mosaic::editor {

namespace {

std::optional<int> count_of(const std::vector<std::string>& args, std::size_t index, int fallback) {
    if (args.size() <= index) return fallback;
    int n = 0;
    const std::string& w = args[index];
    const auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    if (ec != std::errc{} || ptr != w.data() + w.size() || n < 0) return std::nullopt;
    return n;
}

std::vector<entity> selected(const command_context& c) {
    return std::vector<entity>(c.state.selection().items().begin(),
                               c.state.selection().items().end());
}

bool editing(const command_context& c) {
    return !c.state.playing();
}

bool anything_selected(const command_context& c) {
    return !c.state.selection().empty();
}

struct field_target {
    const component_info* info = nullptr;
    const field_info* field = nullptr;  // set (and `info` too) unless `error` says why not
    std::string error;
};

field_target find_field(const editor_state& s, const std::string& path) {
    const std::size_t dot = path.find('.');
    if (dot == std::string::npos)
        return {nullptr, nullptr, "expected COMPONENT.FIELD, got '" + path + "'"};
    const std::string component = path.substr(0, dot);
    const std::string field = path.substr(dot + 1);
    const component_info* info = s.table().find(component);
    if (!info || info->flags.opaque)
        return {nullptr, nullptr, "no component type named '" + component + "'"};
    const field_info* f = info->find_field(field);
    if (!f) return {info, nullptr, component + " has no field '" + field + "'"};
    return {info, f, {}};
}

// --- file ----------------------------------------------------------------------------------

void add_file_commands(command_table& t) {
    t.add({.id = "file.new",
           .label = "New Scene",
           .keys = {ctrl(key::n)},
           .in_text_fields = true,
           .verb = "new",
           .menu = "File",
           .order = 0,
           .run = [](command_context& c) {
               c.state.new_scene();
               return std::string();
           }});
    t.add({.id = "file.open",
           .label = "Open...",
           .keys = {ctrl(key::o)},
           .in_text_fields = true,
           .verb = "open",
           .usage = "PATH",
           .menu = "File",
           .order = 10,
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               std::vector<diagnostic> errors;
               if (!c.state.open(c.args[0], &errors)) return "open: " + to_string(errors);
               return std::string();
           }});
    t.add({.id = "file.open_project",
           .label = "Open Project...",
           .verb = "open_project",
           .usage = "PATH",
           .help = "Open a project (a folder or its mosaic.project.json)",
           .menu = "File",
           .order = 20,
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               const console_errors errors(c);
               return c.state.open_project(c.args[0])
                          ? std::string()
                          : errors.failure("open_project: cannot open " + c.args[0]);
           }});
    t.add({.id = "file.save",
           .label = "Save",
           .keys = {ctrl(key::s)},
           .in_text_fields = true,
           .verb = "save",
           .menu = "File",
           .order = 100,
           .enabled = editing,
           .run = [](command_context& c) {
               const console_errors errors(c);
               return c.state.save() ? std::string() : errors.failure("save failed");
           }});
    t.add({.id = "file.save_as",
           .label = "Save As...",
           .keys = {ctrl_shift(key::s)},
           .in_text_fields = true,
           .verb = "save_as",
           .usage = "PATH",
           .menu = "File",
           .order = 110,
           .enabled = editing,
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               const console_errors errors(c);
               return c.state.save_as(c.args[0])
                          ? std::string()
                          : errors.failure("save_as " + c.args[0] + " failed");
           }});
}

// --- edit ----------------------------------------------------------------------------------

void add_edit_commands(command_table& t) {
    t.add({.id = "edit.undo",
           .label = "Undo",
           .keys = {ctrl(key::z)},
           .verb = "undo",
           .menu = "Edit",
           .order = 0,
           .enabled =
               [](const command_context& c) {
                   return c.state.history().can_undo() && !c.state.playing();
               },
           .title =
               [](const command_context& c) {
                   const history& h = c.state.history();
                   return h.can_undo() ? "Undo " + h.undo_label() : std::string("Undo");
               },
           .run =
               [](command_context& c) {
                   return c.state.undo() ? std::string() : "undo: nothing to undo";
               }});
    t.add({.id = "edit.redo",
           .label = "Redo",
           .keys = {ctrl(key::y), ctrl_shift(key::z)},
           .verb = "redo",
           .menu = "Edit",
           .order = 10,
           .enabled =
               [](const command_context& c) {
                   return c.state.history().can_redo() && !c.state.playing();
               },
           .title =
               [](const command_context& c) {
                   const history& h = c.state.history();
                   return h.can_redo() ? "Redo " + h.redo_label() : std::string("Redo");
               },
           .run =
               [](command_context& c) {
                   return c.state.redo() ? std::string() : "redo: nothing to redo";
               }});
    t.add({.id = "edit.duplicate",
           .label = "Duplicate",
           .keys = {ctrl(key::d)},
           .verb = "duplicate",
           .menu = "Edit",
           .order = 120,
           .enabled = anything_selected,
           .run = [](command_context& c) {
               if (auto e = c.need_selection(); !e.empty()) return e;
               (void)duplicate_entities(c.state, selected(c));
               return std::string();
           }});
    t.add({.id = "edit.delete",
           .label = "Delete",
           .keys = {plain(key::del)},
           .verb = "delete",
           .help = "Delete the selection",
           .menu = "Edit",
           .order = 130,
           // Off on a prefab instance's child (the row menu says why in place).
           .enabled =
               [](const command_context& c) {
                   return anything_selected(c) &&
                          !why_not_deletable(c.state, selected(c)).has_value();
               },
           .run =
               [](command_context& c) {
                   if (auto e = c.need_selection(); !e.empty()) return e;
                   delete_entities(c.state, selected(c));
                   return std::string();
               }});
    t.add({.id = "edit.rename",
           .label = "Rename",
           .keys = {plain(key::f2)},
           .verb = "rename",
           .usage = "NAME",
           .menu = "Edit",
           .order = 140,
           .enabled = anything_selected,
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               if (auto e = c.need_selection(); !e.empty()) return e;
               rename_entity(c.state, c.state.selection().active(), c.args[0]);
               return std::string();
           }});
    const auto select = [](command_context& c) {
        if (auto e = c.need(1); !e.empty()) return e;
        if (c.verb == "select") c.state.selection().clear();
        for (const std::string& name : c.args) {
            const entity e = c.state.find_by_name(name);
            if (e.is_null()) return "select: no entity named '" + name + "'";
            c.state.selection().add(e);
        }
        return std::string();
    };
    t.add({.id = "selection.select", .verb = "select", .usage = "NAME [NAME...]", .run = select});
    t.add({.id = "selection.add", .verb = "select_add", .usage = "NAME", .run = select});
}

// --- entity, component and field -----------------------------------------------------------

void add_entity_commands(command_table& t) {
    t.add({.id = "entity.create",
           .label = "Create Empty",
           .verb = "create",
           .usage = "[NAME]",
           .menu = "Entity",
           .order = 0,
           .run = [](command_context& c) {
               create_entity(c.state, c.args.empty() ? std::string("Entity") : c.args[0]);
               return std::string();
           }});
    t.add({.id = "entity.create_archetype",
           .label = "Create Archetype",
           .verb = "create_archetype",
           .help = "Save the selected entity's components (not its children) as an archetype "
                   "that game code and the Project panel spawn",
           .menu = "Entity",
           .order = 100,
           .enabled =
               [](const command_context& c) {
                   return editing(c) && c.state.world().alive(c.state.selection().active());
               },
           .run =
               [](command_context& c) {
                   if (auto e = c.need_selection(); !e.empty()) return e;
                   const console_errors errors(c);
                   return create_archetype(c.state, c.state.selection().active())
                              ? std::string()
                              : errors.failure("create_archetype: not written");
               }});
    t.add({.id = "entity.parent",
           .verb = "parent",
           .usage = "NAME|-",
           .help = "Re-parent the selection (-: to the root)",
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               if (auto e = c.need_selection(); !e.empty()) return e;
               entity parent = null_entity;
               if (c.args[0] != "-") {
                   parent = c.state.find_by_name(c.args[0]);
                   if (parent.is_null()) return "parent: no entity named '" + c.args[0] + "'";
               }
               std::string error;
               return reparent(c.state, selected(c), parent, &error) ? std::string()
                                                                     : "parent: " + error;
           }});
    // add, remove and enable: a component type by name, on the selection.
    const auto component = [](command_context& c) {
        if (auto e = c.need(c.verb == "enable" ? 2 : 1); !e.empty()) return e;
        if (auto e = c.need_selection(); !e.empty()) return e;
        const component_info* info = c.state.table().find(c.args[0]);
        if (!info || info->flags.opaque)
            return c.verb + ": no component type named '" + c.args[0] + "'";
        if (c.verb == "add") {
            return add_component(c.state, selected(c), info->type)
                       ? std::string()
                       : "add: every selected entity has " + c.args[0];
        }
        if (c.verb == "remove") {
            return remove_component(c.state, selected(c), info->type)
                       ? std::string()
                       : "remove: no selected entity has " + c.args[0];
        }
        if (c.args[1] != "on" && c.args[1] != "off")
            return std::string("enable: expected on or off");
        set_component_enabled(c.state, selected(c), info->type, c.args[1] == "on");
        return std::string();
    };
    t.add({.id = "component.add", .verb = "add", .usage = "COMPONENT", .run = component});
    t.add({.id = "component.remove", .verb = "remove", .usage = "COMPONENT", .run = component});
    t.add({.id = "component.enable",
           .verb = "enable",
           .usage = "COMPONENT on|off",
           .run = component});
    // set and expect: a field of the active entity, written as in the inspector.
    const auto field = [](command_context& c) {
        if (auto e = c.need(2); !e.empty()) return e;
        if (auto e = c.need_selection(); !e.empty()) return e;
        editor_state& s = c.state;
        const field_target target = find_field(s, c.args[0]);
        // Tested on the pointer, not on the error text: the analyzer (clang-tidy) cannot see
        // that an empty error means both are set.
        if (target.field == nullptr) return c.verb + ": " + target.error;
        const entity active = s.selection().active();
        const void* current = s.world().try_get(active, target.info->type);
        if (!current) return c.verb + ": the selected entity has no " + target.info->name;
        std::vector<std::byte> scratch(static_cast<const std::byte*>(current),
                                       static_cast<const std::byte*>(current) + target.info->size);
        const std::string value = c.rest_after(2);  // after the verb and the field path
        if (std::string error = parse_field(*target.field, value, scratch.data(), s.world());
            !error.empty()) {
            return c.verb + ": " + error;
        }
        if (c.verb == "set") {
            set_field(s, selected(c), target.info->type, *target.field,
                      target.field->address(scratch.data()));
            return std::string();
        }
        const std::string wanted = format_field(*target.field, scratch.data(), s.world());
        const std::string actual = format_field(*target.field, current, s.world());
        if (wanted != actual)
            return "expect " + c.args[0] + ": expected " + wanted + ", found " + actual;
        return std::string();
    };
    t.add({.id = "field.set", .verb = "set", .usage = "COMPONENT.FIELD VALUE...", .run = field});
    t.add({.id = "field.expect",
           .verb = "expect",
           .usage = "COMPONENT.FIELD VALUE...",
           .help = "Fails when the field differs",
           .run = field});
}

// --- play ----------------------------------------------------------------------------------

void add_play_commands(command_table& t) {
    // While a game plays in a separate process (child_play.hpp) the play verbs drive it; Play
    // starts one when the toolbar's "Separate process" is on.
    t.add({.id = "play.play", .verb = "play", .run = [](command_context& c) {
               child_play& child = c.state.child_player();
               if (child.active()) {
                   child.resume();
               } else if (child.enabled && !c.state.playing()) {
                   if (std::string error = c.state.play_in_child(); !error.empty())
                       return "play: " + error;
               } else {
                   c.state.player().play();
               }
               return std::string();
           }});
    t.add({.id = "play.separate",
           .label = "Play in Separate Process",
           .verb = "play_separate",
           .help = "Play the scene in a child mosaic-run process (a crash cannot take the "
                   "editor down)",
           .menu = "View",
           .order = 105,
           .enabled = [](const command_context& c) { return !c.state.playing(); },
           .run =
               [](command_context& c) {
                   const std::string error = c.state.play_in_child();
                   return error.empty() ? error : "play_separate: " + error;
               }});
    t.add({.id = "play.show_game",
           .verb = "show_game",
           .usage = "ADDR:PORT [TOKEN]",
           .help = "Show a running game (mosaic-run --listen) in the Hierarchy, Inspector and "
                   "Scene view; Stop detaches",
           .run = [](command_context& c) {
               if (std::string missing = c.need(1); !missing.empty()) return missing;
               const std::string error =
                   c.state.show_game(c.args[0], c.args.size() > 1 ? c.args[1] : "");
               return error.empty() ? error : "show_game: " + error;
           }});
    t.add({.id = "play.instances",
           .verb = "instances",
           .usage = "[ARGS | ARGS ...]",
           .help = "Run instances: with Separate process on, Play also starts one game per ARGS "
                   "(its mosaic-run options, e.g. --seed 2); none: only the one shown",
           .run = [](command_context& c) {
               std::vector<std::string> lines;
               std::string rest = c.rest_after(1);
               for (std::size_t from = 0; from <= rest.size();) {
                   const std::size_t bar = std::min(rest.find('|', from), rest.size());
                   std::string one = rest.substr(from, bar - from);
                   one.erase(0, one.find_first_not_of(' '));
                   one.erase(one.find_last_not_of(' ') + 1);
                   if (!one.empty()) lines.push_back(std::move(one));
                   from = bar + 1;
               }
               c.state.log().info("run instances: " + std::to_string(lines.size()) +
                                  " besides the game shown");
               c.state.child_player().instance_args = std::move(lines);
               return std::string();
           }});
    t.add({.id = "play.pause",
           .label = "Pause",
           .keys = {ctrl_shift(key::p)},
           .in_text_fields = true,
           .verb = "pause",
           .help = "Pause / Resume",
           .menu = "View",
           .order = 110,
           .enabled =
               [](const command_context& c) {
                   return c.state.shown_play_mode() != play_state::editing;
               },
           .title =
               [](const command_context& c) {
                   return std::string(c.state.shown_play_mode() == play_state::paused ? "Resume"
                                                                                      : "Pause");
               },
           .run =
               [](command_context& c) {
                   if (c.state.child_player().active()) {
                       c.state.child_player().pause();
                   } else {
                       c.state.player().pause();
                   }
                   return std::string();
               }});
    t.add({.id = "play.step",
           .label = "Step",
           .verb = "step",
           .usage = "[N]",
           .menu = "View",
           .order = 120,
           .run = [](command_context& c) {
               const auto n = count_of(c.args, 0, 1);
               if (!n) return std::string("step: expected a count");
               for (int i = 0; i < *n; ++i) {
                   child_play& child = c.state.child_player();
                   if (!child.active() && child.enabled && !c.state.playing()) {
                       if (std::string error = c.state.play_in_child(); !error.empty())
                           return "step: " + error;
                   }
                   if (child.active()) {
                       child.step();  // while it starts: once it is attached
                   } else {
                       c.state.player().step();
                   }
                   wait_frames(c, 1);
               }
               return std::string();
           }});
    t.add({.id = "play.stop", .verb = "stop", .run = [](command_context& c) {
               if (c.state.child_player().active()) {
                   c.state.child_player().stop();  // and the edit scene comes back
                   return std::string();
               }
               c.state.player().stop();
               return std::string();
           }});
    t.add({.id = "play.keep",
           .verb = "keep",
           .usage = "COMPONENT|*",
           .help = "While playing: Keep after Stop on the selection (*: whole entities)",
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               if (auto e = c.need_selection(); !e.empty()) return e;
               if (!c.state.playing()) return std::string("keep: only while playing or paused");
               if (c.args[0] == "*") {
                   keep_whole_entities(c.state, selected(c), true);
                   return std::string();
               }
               const component_info* info = c.state.table().find(c.args[0]);
               if (!info || info->flags.opaque)
                   return "keep: no component type named '" + c.args[0] + "'";
               keep_after_stop(c.state, selected(c), info->type, true);
               return std::string();
           }});
    t.add({.id = "play.apply_keeps",
           .verb = "apply_keeps",
           .help = "After Stop: applies every kept change, one undo step",
           .run = [](command_context& c) {
               if (!c.state.player().keeps().has_pending())
                   return std::string("apply_keeps: Stop found nothing to keep");
               const std::vector<std::string> problems = apply_kept_changes(c.state);
               return problems.empty() ? std::string() : "apply_keeps: " + problems.front();
           }});
}

// --- project -------------------------------------------------------------------------------

void add_project_commands(command_table& t) {
    t.add({.id = "project.build_reload",
           .label = "Build & Reload",
           .keys = {ctrl(key::r)},
           .in_text_fields = true,
           .verb = "build_reload",
           .help = "Build & Reload the project's code",
           .menu = "Project",
           .order = 0,
           .enabled =
               [](const command_context& c) {
                   const auto& manifest = c.state.opened_project().manifest;
                   return manifest && !manifest->build_command.empty() &&
                          !c.state.reloader().building();
               },
           .title =
               [](const command_context& c) {
                   return std::string(c.state.reloader().building() ? "Building..."
                                                                    : "Build & Reload");
               },
           .run =
               [](command_context& c) {
                   editor_state& s = c.state;
                   code_reloader& reloader = s.reloader();
                   const console_errors errors(c);
                   if (!reloader.start_build(s))
                       return errors.failure("build_reload: the build did not start");
                   while (reloader.building()) {
                       // The window keeps drawing (and the game playing) while the build runs.
                       if (c.host != nullptr && c.host->wait) c.host->wait(1);
                       std::this_thread::sleep_for(std::chrono::milliseconds(10));
                       reloader.poll_build(s);
                   }
                   const auto& result = reloader.last_build();
                   if (!result || result->exit_code != 0)
                       return "build_reload: build failed (exit " +
                              std::to_string(result ? result->exit_code : -1) + ")";
                   if (!result->reloaded)
                       return std::string("build_reload: the build succeeded, the reload failed");
                   return std::string();
               }});
    t.add({.id = "project.reload",
           .label = "Reload Code",
           .verb = "reload",
           .help = "Load the project's module again now",
           .menu = "Project",
           .order = 10,
           .enabled =
               [](const command_context& c) {
                   return c.state.opened_project().manifest && !c.state.reloader().building();
               },
           .run =
               [](command_context& c) {
                   const console_errors errors(c);
                   return c.state.reload_code() ? std::string() : errors.failure("reload failed");
               }});
    t.add({.id = "project.expect",
           .verb = "expect_project",
           .usage = "NAME|-",
           .help = "Fails unless the open project is NAME (-: none)",
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               const std::string actual = c.state.opened_project().manifest
                                              ? c.state.opened_project().name()
                                              : std::string("-");
               if (actual != c.args[0])
                   return "expect_project: expected " + c.args[0] + ", found " + actual;
               return std::string();
           }});
}

// --- script-only checks and helpers --------------------------------------------------------

void add_script_commands(command_table& t) {
    const auto count = [](command_context& c) {
        const auto n = count_of(c.args, 0, -1);
        if (!n || *n < 0) return c.verb + ": expected a count";
        std::size_t actual = c.state.selection().size();
        if (c.verb == "expect_entities") {
            actual = 0;
            editor_state& s = c.state;
            s.world().each([&](entity e) { actual += s.world().has<resource_entity>(e) ? 0 : 1; });
        }
        if (actual != static_cast<std::size_t>(*n)) {
            return c.verb + ": expected " + std::to_string(*n) + ", found " +
                   std::to_string(actual);
        }
        return std::string();
    };
    t.add({.id = "script.expect_entities", .verb = "expect_entities", .usage = "N", .run = count});
    t.add({.id = "script.expect_selected", .verb = "expect_selected", .usage = "N", .run = count});
    t.add({.id = "script.wait",
           .verb = "wait",
           .usage = "N",
           .help = "N frames",
           .run = [](command_context& c) {
               const auto n = count_of(c.args, 0, 1);
               if (!n) return std::string("wait: expected a frame count");
               wait_frames(c, *n);
               return std::string();
           }});
    t.add({.id = "script.screenshot",
           .verb = "screenshot",
           .usage = "PATH",
           .help = "Needs the window (the app provides it)",
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               if (c.host == nullptr || !c.host->screenshot)
                   return std::string("screenshot: needs the editor window (not available here)");
               return c.host->screenshot(c.args[0]);
           }});
    t.add({.id = "script.log", .verb = "log", .usage = "TEXT", .run = [](command_context& c) {
               c.state.log().info(c.rest_after(1));
               return std::string();
           }});
}

}  // namespace

void wait_frames(command_context& c, int frames) {
    if (c.host != nullptr && c.host->wait) {
        c.host->wait(frames);
    } else {
        for (int i = 0; i < frames; ++i) {
            c.state.player().frame(1.0 / 60);
            c.state.child_player().update();
        }
    }
}

void add_core_commands(command_table& table) {
    add_file_commands(table);
    add_edit_commands(table);
    add_entity_commands(table);
    add_play_commands(table);
    add_project_commands(table);
    add_script_commands(table);
    add_animation_commands(table);
    add_archetype_commands(table);
}

}  // namespace mosaic::editor
