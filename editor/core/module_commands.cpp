#include "module_commands.hpp"

#include <mosaic/editor/panel_registry.hpp>  // the module's side: mosaic::panel_registry

#include <exception>
#include <memory>
#include <string_view>
#include <utility>

#include <mosaic/engine/project/game_module.hpp>
#include <mosaic/engine/project/loaded_project.hpp>

#include "command_table.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

namespace {

using module_ref = std::weak_ptr<const game_module>;
using run_function = const char* (*)(const mosaic_command_frame*, void*);

/// The module whose commands the table holds (the table is the process's: so is this).
struct followed_module {
    module_ref from;
    std::vector<std::string> ids;
};

followed_module& followed() {
    static followed_module f;
    return f;
}

std::string text_of(const char* text) {
    return text != nullptr ? std::string(text) : std::string();
}

/// The command table's entry for a module's command: its strings copied, its run calling into
/// the module only while the module is loaded and still the project's.
command command_of(const mosaic_command_desc& desc, const key_chord* chord, module_ref from,
                   std::string module_name) {
    command c{.id = desc.id, .label = desc.label};
    if (chord != nullptr) c.keys.push_back(*chord);
    c.verb = text_of(desc.verb);
    c.usage = text_of(desc.usage);
    c.menu = text_of(desc.menu);
    c.order = desc.order;
    const auto loaded = [from](const editor_state& s) {
        const std::shared_ptr<const game_module> module = from.lock();
        return module != nullptr && module == s.opened_project().module;
    };
    c.enabled = [loaded](const command_context& ctx) { return loaded(ctx.state); };
    c.run = [from, module_name = std::move(module_name), run = desc.run, user = desc.user_data,
             label = c.label](command_context& ctx) -> std::string {
        const std::string name = ctx.verb.empty() ? label : ctx.verb;
        // Held during the call: the module stays loaded until it returns.
        const std::shared_ptr<const game_module> module = from.lock();
        std::string error;
        if (module == nullptr || module != ctx.state.opened_project().module) {
            error = module_name + ", whose command it is, is no longer loaded";
        } else {
            std::vector<std::uint64_t> selection;
            for (entity e : ctx.state.selection().items()) selection.push_back(e.to_bits());
            std::vector<const char*> args;
            for (const std::string& a : ctx.args) args.push_back(a.c_str());
            mosaic_command_frame frame{};
            frame.world = &ctx.state.world();
            frame.playing = ctx.state.playing() ? 1 : 0;
            frame.selection = selection.data();
            frame.selection_count = static_cast<std::uint32_t>(selection.size());
            frame.args = args.data();
            frame.arg_count = static_cast<std::uint32_t>(args.size());
            frame.host = &ctx.state.log();
            frame.log = &log_from_module;
            try {
                error = text_of(run(&frame, user));  // copied before anything calls the module
            } catch (const std::exception& e) {      // `run` must not throw; a C++ one may
                error = e.what();
            } catch (...) {
                error = "threw";
            }
        }
        if (error.empty()) return {};
        std::string message = name + ": " + error;
        // Scripts stop on it and say where; in the window, the Console says it.
        if (!ctx.from_script()) ctx.state.log().error(message);
        return message;
    };
    return c;
}

/// Receives the commands a module's register_panels adds (mosaic_panel_sink::add_command),
/// checks each against the table and adds it.
struct command_collector {
    std::string from;  // the module's name, for messages and the ids' prefix
    module_ref module;
    console_log& log;
    std::vector<std::string> added{};
    int seen = 0;
    bool refused = false;  // built against another panel ABI: none of them

    void left_out(const std::string& id, const std::string& why) {
        log.error("the editor command '" + id + "' of " + from + " was left out: " + why);
    }

    void add(const mosaic_command_desc& desc) {
        ++seen;
        if (refused) return;
        if (desc.abi != MOSAIC_EDITOR_PANELS_ABI) {
            log.error(from + ": its editor commands were built for panel ABI " +
                      std::to_string(desc.abi) + ", this editor has " +
                      std::to_string(MOSAIC_EDITOR_PANELS_ABI) + ": rebuild the module");
            refused = true;
            return;
        }
        if (desc.id == nullptr || *desc.id == '\0' || desc.label == nullptr ||
            *desc.label == '\0' || desc.run == nullptr) {
            log.error(from + ": editor command " + std::to_string(seen) +
                      " has no id, label or run function");
            return;
        }
        const std::string id = desc.id;
        command_table& table = editor_commands();
        if (table.find(id) != nullptr) {
            left_out(id, "a command with that id is already there");
            return;
        }
        if (!id.starts_with(from + ".") || id.size() == from.size() + 1) {
            left_out(id, "its id must start with '" + from + ".'");
            return;
        }
        if (const command* same = table.find_verb(text_of(desc.verb))) {
            left_out(id, "the script verb '" + same->verb + "' is already the command '" +
                             same->id + "''s");
            return;
        }
        key_chord chord{};
        const bool has_key = desc.key != 0;
        if (has_key) {
            chord = {static_cast<key>(desc.key), (desc.key_modifiers & mosaic_key_ctrl) != 0,
                     (desc.key_modifiers & mosaic_key_shift) != 0};
            // key_label names every key a shortcut may use.
            if (desc.key >= static_cast<std::uint32_t>(key_count) ||
                key_label(chord.code).starts_with("Key ")) {
                left_out(id, "key " + std::to_string(desc.key) + " cannot be a shortcut");
                return;
            }
            if (const std::vector<const command*> bound = table.bound_to(chord); !bound.empty()) {
                left_out(id, to_string(chord) + " is already the shortcut of '" +
                                 bound.front()->id + "'");
                return;
            }
        }
        table.add(command_of(desc, has_key ? &chord : nullptr, module, from));
        added.push_back(id);
    }
};

/// Adds `module`'s commands to the table; returns their ids.
std::vector<std::string> add_commands_of(const std::shared_ptr<const game_module>& module,
                                         console_log& log) {
    const project& code = module->description();
    if (code.register_panels == nullptr) return {};  // a module without panels or commands
    command_collector collector{std::string(code.name), module, log};
    const mosaic_panel_sink sink{
        &collector,
        [](void*, const mosaic_panel_desc*) {},  // the panels are the window's (editor/ui)
        [](void* host, const mosaic_command_desc* desc) {
            if (desc != nullptr) static_cast<command_collector*>(host)->add(*desc);
        }};
    panel_registry registry(sink);
    try {
        code.register_panels(registry);
    } catch (const std::exception& e) {
        log.error(collector.from + ": register_panels failed: " + e.what());
    } catch (...) {
        log.error(collector.from + ": register_panels failed");
    }
    return std::move(collector.added);  // those added before a throw stay: each is whole
}

}  // namespace

void follow_module_commands(editor_state& s) {
    followed_module& f = followed();
    const std::shared_ptr<const game_module>& module = s.opened_project().module;
    // An expired reference never equals a module loaded since (even at the same address).
    if (f.from.lock() == module && (module != nullptr || f.ids.empty())) return;
    drop_module_commands();
    f.from = module;
    if (module != nullptr) f.ids = add_commands_of(module, s.log());
}

void drop_module_commands() {
    followed_module& f = followed();
    for (const std::string& id : f.ids) (void)editor_commands().remove(id);
    f = {};
}

std::vector<std::string> module_command_ids() {
    return followed().ids;
}

void log_from_module(void* host, std::uint32_t level, const char* text) {
    auto* log = static_cast<console_log*>(host);
    const log_level as = level == mosaic_log_error     ? log_level::error
                         : level == mosaic_log_warning ? log_level::warning
                                                       : log_level::info;
    log->add(as, text != nullptr ? text : "");
}

}  // namespace mosaic::editor
