// Sections: 1. arguments  2. --validate  3. --convert  4. run
#include "run_commands.hpp"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::tools {

namespace {

namespace fs = std::filesystem;

// --- 1. arguments ----------------------------------------------------------------------------

constexpr const char* usage_text =
    "usage: mosaic-run --validate FILE\n"
    "       mosaic-run --convert IN OUT\n"
    "       mosaic-run --help\n";

constexpr const char* help_text =
    "\n"
    "Checks and converts Mosaic scene and archetype files.\n"
    "\n"
    "  --validate FILE   load FILE and print what it holds: entities, components per type,\n"
    "                    components of unknown types, warnings. Errors go to stderr as\n"
    "                    FILE:LINE:COLUMN: error: PATH: MESSAGE.\n"
    "  --convert IN OUT  load IN and write it to OUT in the format OUT's extension names:\n"
    "                    a scene JSON <-> binary, an archetype to JSON. IN must load without\n"
    "                    errors; OUT is replaced atomically, its previous version kept as\n"
    "                    OUT.bak.\n"
    "  --help            show this text\n"
    "\n"
    "File kinds, by extension:\n"
    "  NAME.scene.json      scene, JSON\n"
    "  NAME.scene.bin       scene, binary\n"
    "  NAME.archetype.json  archetype, JSON\n"
    "\n"
    "Components: the engine's built-in types only (Transform, Sprite, ...). Components of\n"
    "other types, such as a project's own, load as unknown: --validate lists them, and\n"
    "--convert keeps them in scenes (archetypes drop them, with a warning).\n"
    "\n"
    "Exit codes: 0 done, 1 a file could not be loaded or written, 2 bad arguments.\n";

enum class file_kind { scene, archetype };

std::optional<file_kind> kind_of(const fs::path& path) {
    if (scene_format_of(path)) return file_kind::scene;
    if (is_archetype_path(path)) return file_kind::archetype;
    return std::nullopt;
}

struct command {
    enum class action { help, validate, convert };
    action what = action::help;
    std::vector<fs::path> files;
};

struct usage_error {
    std::string message;
};

// A command, or the message saying what is wrong with the arguments.
std::variant<command, usage_error> parse(std::span<const std::string> args) {
    if (args.empty()) return usage_error{"no command given"};
    const std::string& option = args[0];
    const auto operands = args.subspan(1);
    const auto expect = [&](std::size_t count) -> std::optional<usage_error> {
        if (operands.size() == count) return std::nullopt;
        return usage_error{option + " takes " + std::to_string(count) +
                           (count == 1 ? " file" : " files") + ", got " +
                           std::to_string(operands.size())};
    };
    const auto check_kind = [](const fs::path& file) -> std::optional<usage_error> {
        if (kind_of(file)) return std::nullopt;
        return usage_error{"'" + file.string() +
                           "': not a scene or archetype file name (expected NAME.scene.json, "
                           "NAME.scene.bin or NAME.archetype.json)"};
    };

    command c;
    if (option == "--help" || option == "-h") {
        if (auto error = expect(0)) return *error;
        return c;
    }
    if (option == "--validate") {
        if (auto error = expect(1)) return *error;
        c.what = command::action::validate;
    } else if (option == "--convert") {
        if (auto error = expect(2)) return *error;
        c.what = command::action::convert;
    } else {
        return usage_error{"unknown option '" + option + "'"};
    }
    for (const std::string& operand : operands) {
        if (auto error = check_kind(operand)) return *error;
        c.files.emplace_back(operand);
    }
    if (c.what == command::action::convert && kind_of(c.files[0]) != kind_of(c.files[1])) {
        return usage_error{"--convert: '" + c.files[0].string() + "' and '" + c.files[1].string() +
                           "' are not the same kind of file (a scene converts to a scene, an "
                           "archetype to an archetype)"};
    }
    return c;
}

// --- 2. --validate ---------------------------------------------------------------------------

void print_counts(std::ostream& out, const char* title,
                  const std::map<std::string, std::size_t>& counts) {
    out << "  " << title << ": " << counts.size() << (counts.size() == 1 ? " type\n" : " types\n");
    std::size_t width = 0;
    for (const auto& [name, count] : counts) width = std::max(width, name.size());
    for (const auto& [name, count] : counts) {
        out << "    " << name << std::string(width - name.size() + 2, ' ') << count << '\n';
    }
}

void print_warnings(std::ostream& out, const std::vector<diagnostic>& diagnostics) {
    out << "  warnings: " << diagnostics.size() << '\n';
    for (const diagnostic& d : diagnostics) out << d.to_string() << '\n';
}

void summarize(std::ostream& out, const fs::path& file, const scene& s,
               const component_table& table, const std::vector<diagnostic>& warnings) {
    std::size_t disabled = 0;
    std::map<std::string, std::size_t> components;  // by name: sorted
    s.world.each([&](entity e) {
        if (!s.world.is_active(e)) ++disabled;
        for (const type_id type : s.world.components_of(e)) {
            // Types the table does not name (the file id, the inactive tag) are bookkeeping.
            if (const component_info* info = table.find(type)) ++components[info->name];
        }
    });
    std::map<std::string, std::size_t> unknown;
    for (const auto& [id, list] : s.unknown) {
        for (const unknown_component& u : list) ++unknown[u.name];
    }

    const bool binary = scene_format_of(file) == scene_file_format::binary;
    out << file.string() << ": scene (" << (binary ? "binary" : "JSON") << ")\n";
    out << "  entities: " << s.world.size();
    if (disabled) out << " (" << disabled << " disabled)";
    out << '\n';
    out << "  systems: " << s.systems.size() << '\n';
    print_counts(out, "components", components);
    print_counts(out, "unknown components", unknown);
    print_warnings(out, warnings);
}

void summarize(std::ostream& out, const fs::path& file, const archetype& a,
               const component_table& table, const std::vector<diagnostic>& warnings) {
    std::map<std::string, std::size_t> components;
    for (const type_id type : a.types()) {
        if (const component_info* info = table.find(type)) ++components[info->name];
    }
    out << file.string() << ": archetype '" << a.name() << "'\n";
    print_counts(out, "components", components);
    print_warnings(out, warnings);
}

// Prints the load's diagnostics to `err` when it failed; true when it loaded.
template <class T>
bool report_failure(const load_result<T>& loaded, std::ostream& err) {
    if (loaded.ok()) return false;
    err << to_string(loaded.diagnostics);
    return true;
}

int validate(const fs::path& file, const component_table& table, std::ostream& out,
             std::ostream& err) {
    if (kind_of(file) == file_kind::scene) {
        const load_result<scene> loaded = load_scene_file(file, table);
        if (report_failure(loaded, err)) return exit_file_error;
        summarize(out, file, *loaded.value, table, loaded.diagnostics);
    } else {
        const load_result<archetype> loaded = load_archetype_file(file, table);
        if (report_failure(loaded, err)) return exit_file_error;
        summarize(out, file, *loaded.value, table, loaded.diagnostics);
    }
    return exit_ok;
}

// --- 3. --convert ----------------------------------------------------------------------------

// Prints warnings to `err` and errors too; true when there was an error.
bool report(const std::vector<diagnostic>& diagnostics, std::ostream& err) {
    err << to_string(diagnostics);
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const diagnostic& d) { return d.severity == diagnostic::level::error; });
}

int convert(const fs::path& in, const fs::path& out_file, const component_table& table,
            std::ostream& out, std::ostream& err) {
    if (kind_of(in) == file_kind::scene) {
        load_result<scene> loaded = load_scene_file(in, table);
        if (report(loaded.diagnostics, err)) return exit_file_error;
        if (report(save_scene_file(*loaded.value, table, out_file), err)) return exit_file_error;
        out << "wrote " << out_file.string() << " (" << loaded.value->world.size()
            << " entities)\n";
    } else {
        const load_result<archetype> loaded = load_archetype_file(in, table);
        if (report(loaded.diagnostics, err)) return exit_file_error;
        if (report(save_archetype_file(*loaded.value, table, out_file), err))
            return exit_file_error;
        out << "wrote " << out_file.string() << " (archetype '" << loaded.value->name() << "')\n";
    }
    return exit_ok;
}

}  // namespace

// --- 4. run ----------------------------------------------------------------------------------

int run(std::span<const std::string> args, component_registration register_components,
        std::ostream& out, std::ostream& err) {
    try {
        const auto parsed = parse(args);
        if (const auto* error = std::get_if<usage_error>(&parsed)) {
            err << "mosaic-run: " << error->message << "\n"
                << usage_text << "Try 'mosaic-run --help' for more.\n";
            return exit_usage;
        }
        const command& c = std::get<command>(parsed);
        if (c.what == command::action::help) {
            out << usage_text << help_text;
            return exit_ok;
        }
        component_table table;
        register_components(table);
        return c.what == command::action::validate
                   ? validate(c.files[0], table, out, err)
                   : convert(c.files[0], c.files[1], table, out, err);
    } catch (const std::exception& e) {
        // The loaders report bad input as diagnostics; this is for the unforeseen (memory).
        err << "mosaic-run: internal error: " << e.what() << '\n';
    } catch (...) {
        err << "mosaic-run: internal error\n";
    }
    return exit_file_error;
}

}  // namespace mosaic::tools
