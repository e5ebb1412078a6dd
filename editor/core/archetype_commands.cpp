// The verbs of an archetype opened for editing (editor_archetype_stage.cpp), one registration
// each: the Project panel's row menus run them with the archetype's name (or file) as their
// argument, a script runs them by verb. How a window runs them (the scene view's camera, the
// question about unsaved changes) is set in ui/command_bindings.cpp.
#include "archetype_commands.hpp"

#include <algorithm>

#include "actions.hpp"
#include "archetype_actions.hpp"
#include "console_errors.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

namespace {

bool not_playing(const command_context& c) {
    return !c.state.playing();
}

/// The one argument, spaces and all ("Hunter 2"): the rest of a script's line, or what a
/// menu passed.
std::string whole_argument(const command_context& c) {
    return c.line.empty() ? c.args[0] : c.rest_after(1);
}

}  // namespace

void add_archetype_commands(command_table& t) {
    t.add({.id = "asset.edit_archetype",
           .label = "Edit Archetype",
           .verb = "edit_archetype",
           .usage = "NAME|PATH",
           .help = "Open an archetype as one entity: the Inspector edits its components, Save "
                   "writes NAME.archetype.json back, Close goes back to the scene",
           .enabled =
               [](const command_context& c) {
                   return not_playing(c) && c.state.opened_asset() == nullptr;
               },
           .run =
               [](command_context& c) {
                   if (auto e = c.need(1); !e.empty()) return e;
                   std::string why;
                   const auto file = archetype_file(c.state, whole_argument(c), &why);
                   if (!file) return "edit_archetype: " + why;
                   const console_errors errors(c);
                   return c.state.open_archetype(*file)
                              ? std::string()
                              : errors.failure("edit_archetype: not opened");
               }});
    t.add({.id = "asset.close",
           .label = "Close Prefab or Archetype",
           .verb = "close_asset",
           .usage = "[discard]",
           .help = "Close the prefab or archetype being edited and go back to the scene (a "
                   "script closes one with unsaved changes only with `discard`)",
           .menu = "File",
           .order = 120,
           .enabled = [](const command_context& c) { return c.state.opened_asset() != nullptr; },
           .title =
               [](const command_context& c) {
                   const std::string label = c.state.opened_asset_label();
                   return label.empty() ? std::string("Close Prefab or Archetype")
                                        : "Close " + label;
               },
           .run =
               [](command_context& c) {
                   if (c.state.opened_asset() == nullptr)
                       return std::string("close_asset: no prefab or archetype is open");
                   const bool discard = !c.args.empty() && c.args[0] == "discard";
                   if (c.state.dirty() && !discard)
                       return "close_asset: the " + c.state.opened_asset_label() +
                              " has unsaved changes: `save` first, or `close_asset discard`";
                   c.state.close_asset();
                   return std::string();
               }});
    t.add({.id = "entity.create_from_archetype",
           .label = "Create Entity",
           .verb = "create_from_archetype",
           .usage = "NAME",
           .help = "Create an entity from the archetype NAME (the Project panel's double-click)",
           .enabled = not_playing,
           .run = [](command_context& c) {
               if (auto e = c.need(1); !e.empty()) return e;
               const std::string name = whole_argument(c);
               const std::vector<archetype>& all = c.state.game().archetypes();
               const auto it = std::find_if(all.begin(), all.end(),
                                            [&](const archetype& a) { return a.name() == name; });
               if (it == all.end())
                   return "create_from_archetype: no archetype named '" + name + "'";
               return create_from_archetype(c.state, *it).is_null()
                          ? std::string("create_from_archetype: not created (see the console)")
                          : std::string();
           }});
}

}  // namespace mosaic::editor
