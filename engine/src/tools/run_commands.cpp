// Sections: 1. arguments  2. --validate  3. --convert  4. running a scene (and --record)
//           5. --new-project  6. run. --replay and --verify: run_replay.cpp; --merge:
//           run_merge.cpp; --validate of images, sheets and fonts: run_assets.cpp.
#include "run_commands.hpp"
#include "run_assets.hpp"
#include "run_live.hpp"
#include "run_merge.hpp"
#include "run_replay.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/project/scaffold.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/archetype_folder.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::tools {

namespace {

namespace fs = std::filesystem;

// --- 1. arguments ----------------------------------------------------------------------------

constexpr const char* usage_text =
    "usage: mosaic-run SCENE [--ticks N] [--dt S] [--threads T] [--seed S] [--save OUT]\n"
    "                        [--profile] [--project PATH]\n"
    "                        [--record FILE [--checkpoint-every N] [--state-budget MIB]]\n"
    "                        [--listen [ADDR:]PORT [--token-file FILE] [--parent PID]]\n"
    "       mosaic-run --replay FILE [--verify] [--save OUT] [--threads T] [--profile]\n"
    "                               [--project PATH]\n"
    "       mosaic-run --verify FILE [--save OUT] [--threads T] [--project PATH]\n"
    "       mosaic-run --validate FILE [--project PATH]\n"
    "       mosaic-run --convert IN OUT [--project PATH]\n"
    "       mosaic-run --merge BASE OURS THEIRS -o OUT [--path NAME] [--project PATH]\n"
    "       mosaic-run --new-project DIR [--name NAME]\n"
    "       mosaic-run --help\n";

constexpr const char* help_text =
    "\n"
    "Runs, checks and converts Mosaic scene, prefab and archetype files, without a window.\n"
    "\n"
    "  SCENE             run the scene headless: the engine's and the project's systems,\n"
    "                    fixed ticks, no window and no OpenGL. Prints the tick count, the\n"
    "                    time taken and the entities left.\n"
    "    --ticks N       ticks to run (default 600)\n"
    "    --dt S          seconds per tick (default 1/60)\n"
    "    --threads T     worker threads for the scheduler (default 1; results are the same\n"
    "                    for any count)\n"
    "    --seed S        seed of the Random resource (default 1); the same scene, ticks,\n"
    "                    seed and threads always give the same result\n"
    "    --save OUT      write the final state to OUT (JSON or binary by extension)\n"
    "    --profile       print each system's time per tick\n"
    "    --record FILE   also write a replay of the run to FILE (NAME.mosaic-replay): the\n"
    "                    initial state, the seed and settings, every tick's input and a\n"
    "                    checkpoint (a hash of the world state) every N ticks\n"
    "    --listen [ADDR:]PORT  play in real time and serve the live link on PORT (ADDR:\n"
    "                    127.0.0.1 unless given; another address needs a token, printed at\n"
    "                    start). Runs until --ticks if given, else until interrupted. The\n"
    "                    protocol: engine/README.md, \"Live link\"\n"
    "    --token-file FILE  the token clients must give (first line of FILE)\n"
    "    --parent PID    stop (exit 0) when process PID, this process's parent, is gone: the\n"
    "                    editor's Play in a separate process passes its own\n"
    "    --checkpoint-every N  ticks between checkpoints (default 60)\n"
    "    --state-budget MIB    keep the checkpoints' states (what lets --verify name the\n"
    "                    field that differs) up to MIB mebibytes (default 256; 0: hashes only)\n"
    "  --replay FILE     run a recorded replay again from its initial state with its input;\n"
    "                    --save OUT then writes the same bytes the recording run's --save did.\n"
    "                    The project: --project, else the one the replay file or the recorded\n"
    "                    scene belongs to; another module version is a warning\n"
    "    --verify        compare the state with every checkpoint; on the first difference,\n"
    "                    name the tick, the entity, component and field (both values) and\n"
    "                    exit 4\n"
    "  --verify FILE     the same as --replay FILE --verify\n"
    "  --validate FILE   load FILE and print what it holds: entities, components per type,\n"
    "                    components of unknown types, warnings. Errors go to stderr as\n"
    "                    FILE:LINE:COLUMN: error: PATH: MESSAGE. Assets too: an image\n"
    "                    (.png, .jpg: its size), a sprite sheet (any other .json: *.sheet.json\n"
    "                    or an Aseprite / TexturePacker export; its frames, checked against\n"
    "                    its image) or a font (.ttf, .otf)\n"
    "  --convert IN OUT  load IN and write it to OUT in the format OUT's extension names:\n"
    "                    a scene JSON <-> binary, a prefab or an archetype to JSON. IN must\n"
    "                    load without errors; OUT is replaced atomically, its previous\n"
    "                    version kept as OUT.bak.\n"
    "  --merge BASE OURS THEIRS -o OUT\n"
    "                    three-way merge of scene files by entity id, component and field\n"
    "                    (JSON or binary, told by their content). Values changed on one side\n"
    "                    merge; a value both sides changed differently is a conflict: each\n"
    "                    is reported, OUT keeps OURS for it and the exit code is 3. OUT is\n"
    "                    written atomically (no .bak), in the format its extension names,\n"
    "                    else OURS'. An input that does not load leaves OUT unchanged.\n"
    "    --path NAME     the file's name in messages and for finding its project (git's\n"
    "                    %P: the inputs are temporary files); a git merge driver:\n"
    "                    mosaic-run --merge %O %A %B -o %A --path %P\n"
    "  --new-project DIR write a new game project into DIR (new or empty): CMake files,\n"
    "                    a component, a system, a scene, the manifest and a README\n"
    "    --name NAME     the project's name, a C identifier (default: DIR's name)\n"
    "  --project PATH    the project whose components and systems to use: its folder or its\n"
    "                    mosaic.project.json. By default the project the file belongs to\n"
    "                    (the nearest mosaic.project.json above it), else the engine's\n"
    "                    built-in types only. A project's module that does not load is\n"
    "                    reported and its components load as unknown; playing a scene or\n"
    "                    a replay then fails (exit status 1) instead of running without\n"
    "                    the game's systems.\n"
    "  --crash-file FILE where a crash in game code (segfault, abort) writes its report:\n"
    "                    the module, the system that was running and a backtrace (the\n"
    "                    report goes to stderr in any case)\n"
    "  --help            show this text\n"
    "\n"
    "File kinds, by extension:\n"
    "  NAME.scene.json      scene, JSON\n"
    "  NAME.scene.bin       scene, binary\n"
    "  NAME.prefab.json     prefab (an entity tree), JSON\n"
    "  NAME.archetype.json  archetype, JSON\n"
    "\n"
    "Components of types the table does not know (another project's, a removed one) load as\n"
    "unknown: --validate lists them, --convert and --save keep them in scenes (archetypes\n"
    "drop them, with a warning).\n"
    "\n"
    "Exit codes: 0 done, 1 a file could not be loaded or written, 2 bad arguments, 3 the\n"
    "merge has conflicts, 4 a verified replay diverged.\n";

// The documents mosaic-run works on (the table of formats: file_formats.hpp).
std::optional<file_kind> kind_of(const fs::path& path) {
    const file_format* f = file_format_of(path);
    const bool document = f && (f->kind == file_kind::scene || f->kind == file_kind::prefab ||
                                f->kind == file_kind::archetype);
    if (!document) return std::nullopt;
    return f->kind;
}

struct command {
    enum class action { help, validate, convert, play, new_project, merge, replay };
    action what = action::help;
    std::vector<fs::path> files;
    std::string project;  // --project PATH, empty: the manifest above the file
    std::string name;     // --new-project's --name
    // --merge:
    std::optional<fs::path> output;          // -o OUT
    std::string merge_name;                  // --path NAME
    std::vector<std::string> merge_options;  // given, to refuse them without --merge
    // Running a scene:
    std::uint64_t ticks = 600;
    double dt = 1.0 / 60;
    unsigned threads = 1;
    std::uint64_t seed = 1;
    std::optional<fs::path> save;
    bool profile = false;
    std::vector<std::string> run_options;  // given, to refuse them with --validate/--convert
    // Recording and replaying:
    std::optional<record_request> record;     // --record FILE
    std::uint32_t checkpoint_every = 60;      // --checkpoint-every N
    std::uint64_t state_budget_mib = 256;     // --state-budget MIB
    std::vector<std::string> record_options;  // given, to refuse them without --record
    bool verify = false;
    bool threads_given = false;
    bool ticks_given = false;
    std::optional<live_request> live;  // --listen, --token-file, --parent
};

struct usage_error {
    std::string message;
};

template <class T>
std::optional<T> parse_number(const std::string& text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
}

// Reads the value of option `name` into `c`; an error message when it is not acceptable.
std::optional<usage_error> set_option(command& c, const std::string& name,
                                      const std::string& value) {
    const auto bad = [&](const char* expected) {
        return usage_error{name + " '" + value + "': expected " + expected};
    };
    if (name == "--project") {
        c.project = value;
        return std::nullopt;
    }
    if (name == "--name") {
        c.name = value;
        return std::nullopt;
    }
    if (name == "-o" || name == "--output" || name == "--path") {
        c.merge_options.push_back(name);
        if (name == "--path") {
            c.merge_name = value;
        } else {
            c.output = fs::path(value);
        }
        return std::nullopt;
    }
    if (name == "--record" || name == "--checkpoint-every" || name == "--state-budget") {
        c.record_options.push_back(name);
        if (name == "--record") {
            c.record = record_request{fs::path(value)};
        } else if (name == "--checkpoint-every") {
            const auto n = parse_number<std::uint32_t>(value);
            if (!n || *n < 1 || *n > 1'000'000) return bad("a whole number of ticks, 1 to 1000000");
            c.checkpoint_every = *n;
        } else {
            const auto n = parse_number<std::uint64_t>(value);
            if (!n || *n > std::uint64_t{1024} * 1024) return bad("mebibytes, 0 to 1048576");
            c.state_budget_mib = *n;
        }
        return std::nullopt;
    }
    c.run_options.push_back(name);
    if (name == "--threads") c.threads_given = true;
    if (name == "--listen" || name == "--token-file" || name == "--parent") {
        if (!c.live) c.live.emplace();
        if (name == "--token-file") {
            c.live->token_file = fs::path(value);
        } else if (name == "--parent") {
            const auto pid = parse_number<int>(value);
            if (!pid || *pid <= 1) return bad("a process id");
            c.live->parent = *pid;
        } else if (auto error = check_listen_address(value)) {
            return usage_error{"--listen: " + *error};
        } else {
            c.live->listen = value;
        }
    } else if (name == "--ticks") {
        c.ticks_given = true;
        const auto n = parse_number<std::uint64_t>(value);
        if (!n || *n > 1'000'000'000) return bad("a whole number of ticks, 0 to 1000000000");
        c.ticks = *n;
    } else if (name == "--dt") {
        const auto s = parse_number<double>(value);
        if (!s || !std::isfinite(*s) || *s <= 0 || *s > 1)
            return bad("seconds, above 0 and at most 1");
        c.dt = *s;
    } else if (name == "--threads") {
        const auto t = parse_number<unsigned>(value);
        if (!t || *t < 1 || *t > 64) return bad("a thread count from 1 to 64");
        c.threads = *t;
    } else if (name == "--seed") {
        const auto s = parse_number<std::uint64_t>(value);
        if (!s) return bad("a whole number (0 to 2^64-1)");
        c.seed = *s;
    } else if (name == "--save") {
        if (!scene_format_of(value))
            return bad("a scene file name (NAME.scene.json or NAME.scene.bin)");
        c.save = fs::path(value);
    }
    return std::nullopt;
}

// A command, or the message saying what is wrong with the arguments.
std::variant<command, usage_error> parse(std::span<const std::string> args) {
    if (args.empty()) return usage_error{"no command given"};
    static const std::set<std::string> valued = {
        "--ticks",       "--dt", "--threads", "--seed", "--save",   "--project",
        "--name",        "-o",   "--output",  "--path", "--record", "--checkpoint-every",
        "--state-budget"};
    command c;
    std::optional<std::string> action;  // --help, --validate, --convert or --new-project
    std::vector<std::string> operands;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--verify") {
            c.verify = true;
            continue;
        }
        if (arg == "--help" || arg == "-h" || arg == "--validate" || arg == "--convert" ||
            arg == "--new-project" || arg == "--merge" || arg == "--replay") {
            if (action) return usage_error{arg + " and " + *action + " cannot be combined"};
            action = arg == "-h" ? "--help" : arg;
        } else if (valued.count(arg) || arg == "--listen" || arg == "--token-file" ||
                   arg == "--parent") {
            if (i + 1 >= args.size()) return usage_error{arg + " needs a value"};
            if (auto error = set_option(c, arg, args[++i])) return *error;
        } else if (arg == "--profile") {
            c.profile = true;
            c.run_options.push_back(arg);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usage_error{"unknown option '" + arg + "'"};
        } else {
            operands.push_back(arg);
        }
    }

    const std::string option = action.value_or("SCENE");
    const auto expect = [&](std::size_t count) -> std::optional<usage_error> {
        if (operands.size() == count) return std::nullopt;
        return usage_error{option + " takes " + std::to_string(count) +
                           (count == 1 ? " file" : " files") + ", got " +
                           std::to_string(operands.size())};
    };
    const auto check_kind = [](const fs::path& file) -> std::optional<usage_error> {
        if (kind_of(file)) return std::nullopt;
        return usage_error{"'" + display_path(file) +
                           "': not a scene or archetype file name (expected NAME.scene.json, "
                           "NAME.scene.bin, NAME.prefab.json or NAME.archetype.json)"};
    };

    if (action == "--help") {
        if (auto error = expect(0)) return *error;
        return c;
    }
    if (!c.name.empty() && action != "--new-project") {
        return usage_error{"--name applies to --new-project, not to " + option};
    }
    if (!c.merge_options.empty() && action != "--merge") {
        return usage_error{c.merge_options.front() + " applies to --merge, not to " + option};
    }
    if (c.verify && !action) action = "--replay";  // --verify FILE
    if (c.verify && action != "--replay")
        return usage_error{"--verify applies to --replay, not to " + *action};
    if (!c.record_options.empty() && (action || !c.record)) {
        const std::string& o = c.record_options.front();
        return usage_error{o + " applies to running a scene" +
                           (o == "--record" ? "" : " with --record") +
                           (action ? ", not to " + *action : std::string())};
    }
    if (c.record) {
        c.record->checkpoint_every = c.checkpoint_every;
        c.record->state_budget_mib = c.state_budget_mib;
    }
    if (action == "--replay") {
        if (auto error = expect(1)) return *error;
        for (const std::string& o : c.run_options) {
            if (o != "--save" && o != "--threads" && o != "--profile") {
                return usage_error{o +
                                   " applies to running a scene, not to --replay (the replay "
                                   "holds its ticks, seed and tick length)"};
            }
        }
        c.what = command::action::replay;
        c.files.emplace_back(operands[0]);
        return c;
    }
    if (action == "--merge") {
        if (auto error = expect(3)) return *error;
        if (!c.output) return usage_error{"--merge needs -o OUT (where to write the result)"};
        if (!c.run_options.empty())
            return usage_error{c.run_options.front() +
                               " applies to running a scene, not to --merge"};
        // No check of the names: git hands a merge driver temporary files.
        c.what = command::action::merge;
        for (const std::string& operand : operands) c.files.emplace_back(operand);
        c.files.push_back(*c.output);
        return c;
    }
    if (action == "--new-project") {
        if (operands.size() != 1) {
            return usage_error{"--new-project takes 1 folder, got " +
                               std::to_string(operands.size())};
        }
        if (!c.project.empty() || !c.run_options.empty()) {
            return usage_error{(c.project.empty() ? c.run_options.front() : "--project") +
                               std::string(" does not apply to --new-project")};
        }
        c.what = command::action::new_project;
        c.files.emplace_back(operands[0]);
        return c;
    }
    if (action == "--validate") {
        if (auto error = expect(1)) return *error;
        c.what = command::action::validate;
    } else if (action == "--convert") {
        if (auto error = expect(2)) return *error;
        c.what = command::action::convert;
    } else {
        if (operands.empty()) return usage_error{"no command given"};
        if (operands.size() > 1) {
            return usage_error{"runs one scene at a time, got " + std::to_string(operands.size()) +
                               " files"};
        }
        c.what = command::action::play;
    }
    if (c.live && c.live->listen.empty())
        return usage_error{"--token-file and --parent need --listen"};
    if (c.what != command::action::play && !c.run_options.empty()) {
        return usage_error{c.run_options.front() + " applies to running a scene, not to " + option};
    }
    for (const std::string& operand : operands) {
        const bool asset = c.what == command::action::validate && is_asset_path(operand);
        if (auto error = check_kind(operand); error && !asset) return *error;
        c.files.emplace_back(operand);
    }
    if (c.what == command::action::play && kind_of(c.files[0]) != file_kind::scene) {
        return usage_error{
            "'" + display_path(c.files[0]) + "' is " +
            (kind_of(c.files[0]) == file_kind::prefab ? "a prefab" : "an archetype") +
            ": only scenes run (NAME.scene.json or NAME.scene.bin)"};
    }
    if (c.what == command::action::convert && kind_of(c.files[0]) != kind_of(c.files[1])) {
        return usage_error{"--convert: '" + display_path(c.files[0]) + "' and '" +
                           display_path(c.files[1]) +
                           "' are not the same kind of file (a scene converts to a scene, a "
                           "prefab to a prefab, an archetype to an archetype)"};
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
    out << display_path(file) << ": scene (" << (binary ? "binary" : "JSON") << ")\n";
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
    out << display_path(file) << ": archetype '" << a.name() << "'\n";
    print_counts(out, "components", components);
    print_warnings(out, warnings);
}

void summarize(std::ostream& out, const fs::path& file, const prefab& p,
               const component_table& table, const std::vector<diagnostic>& warnings) {
    std::map<std::string, std::size_t> components;
    for (const entity e : p.nodes()) {
        for (const type_id type : p.contents().world.components_of(e)) {
            if (const component_info* info = table.find(type)) ++components[info->name];
        }
    }
    out << display_path(file) << ": prefab '" << p.name() << "'\n";
    out << "  entities: " << p.size() << '\n';
    print_counts(out, "components", components);
    print_warnings(out, warnings);
}

}  // namespace

load_result<scene> load_scene_showing_progress(const fs::path& file, const component_table& table,
                                               std::ostream& err,
                                               std::chrono::milliseconds show_after) {
    const auto start = std::chrono::steady_clock::now();
    const std::string name = display_path(file);
    int shown = -1;
    const auto progress = [&](double fraction) {
        if (std::chrono::steady_clock::now() - start < show_after) return true;
        const int percent = static_cast<int>(fraction * 100);
        if (percent != shown) {
            err << "\rloading " << name << ": " << percent << "%" << std::flush;
            shown = percent;
        }
        return true;
    };
    load_result<scene> loaded = load_scene_file(file, table, progress);
    if (shown >= 0)
        err << "\rloading " << name << ": " << (loaded.ok() ? "done" : "failed") << "\n";
    return loaded;
}

namespace {

// Prints the load's diagnostics to `err` when it failed; true when it loaded.
template <class T>
bool report_failure(const load_result<T>& loaded, std::ostream& err) {
    if (loaded.ok()) return false;
    err << to_string(loaded.diagnostics);
    return true;
}

// The archetypes folder's problems for a run of `s`: a prefab file that does not load stops
// the run only when the scene links to it; for the other scenes it is a warning.
std::vector<diagnostic> only_used_prefabs_fail(std::vector<diagnostic> problems, const scene& s,
                                               const prefab_library& lib) {
    std::set<fs::path> used;
    s.world.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity, const PrefabInstance& link) {
            std::error_code ec;
            const std::string_view path(link.prefab.path,
                                        strnlen(link.prefab.path, sizeof link.prefab.path));
            used.insert(fs::weakly_canonical(lib.file_of(path), ec));
        });
    for (diagnostic& d : problems) {
        if (d.severity != diagnostic::level::error || !is_prefab_path(d.file)) continue;
        std::error_code ec;
        if (used.contains(fs::weakly_canonical(d.file, ec))) continue;
        d.severity = diagnostic::level::warning;
        d.message += " (this scene does not use it)";
    }
    return problems;
}

// The prefab links of `s` (a scene's, or a prefab's own nested instances) resolved as a run
// resolves them: a missing, cyclic or unreadable prefab is a warning, a chain past the
// nesting or expansion limit an error. Appended to `diagnostics`.
void resolve_links(scene& s, const fs::path& file, prefab_library& lib,
                   const component_table& table, std::vector<diagnostic>& diagnostics) {
    const std::vector<diagnostic> resolved = resolve_prefab_instances(s, lib, table, file.string());
    diagnostics.insert(diagnostics.end(), resolved.begin(), resolved.end());
}

// `archetypes`: the folder a run of `file` loads prefabs from (a scene is checked against it as
// a run checks it: its broken prefabs are errors when the scene uses them, warnings otherwise).
int validate(const fs::path& file, const fs::path& project_folder, const fs::path& archetypes,
             const component_table& table, std::ostream& out, std::ostream& err) {
    prefab_library lib(table, project_folder);
    if (kind_of(file) == file_kind::scene) {
        load_result<scene> loaded = load_scene_showing_progress(file, table, err);
        if (report_failure(loaded, err)) return exit_file_error;
        const std::vector<diagnostic> folder = only_used_prefabs_fail(
            read_archetype_folder(archetypes, table, lib).diagnostics, *loaded.value, lib);
        loaded.diagnostics.insert(loaded.diagnostics.end(), folder.begin(), folder.end());
        resolve_links(*loaded.value, file, lib, table, loaded.diagnostics);
        if (has_error(loaded.diagnostics)) {
            err << to_string(loaded.diagnostics);
            return exit_file_error;
        }
        summarize(out, file, *loaded.value, table, loaded.diagnostics);
    } else if (kind_of(file) == file_kind::prefab) {
        load_result<prefab> loaded = load_prefab_file(file, table);
        if (report_failure(loaded, err)) return exit_file_error;
        scene contents = loaded.value->contents().clone();
        resolve_links(contents, file, lib, table, loaded.diagnostics);
        if (has_error(loaded.diagnostics)) {
            err << to_string(loaded.diagnostics);
            return exit_file_error;
        }
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
    return has_error(diagnostics);
}

int convert(const fs::path& in, const fs::path& out_file, const component_table& table,
            std::ostream& out, std::ostream& err) {
    if (kind_of(in) == file_kind::scene) {
        load_result<scene> loaded = load_scene_showing_progress(in, table, err);
        if (report(loaded.diagnostics, err)) return exit_file_error;
        if (report(save_scene_file(*loaded.value, table, out_file), err)) return exit_file_error;
        out << "wrote " << display_path(out_file) << " (" << loaded.value->world.size()
            << " entities)\n";
    } else if (kind_of(in) == file_kind::prefab) {
        const load_result<prefab> loaded = load_prefab_file(in, table);
        if (report(loaded.diagnostics, err)) return exit_file_error;
        if (report(save_prefab_file(*loaded.value, table, out_file), err)) return exit_file_error;
        out << "wrote " << display_path(out_file) << " (prefab '" << loaded.value->name() << "', "
            << loaded.value->size() << " entities)\n";
    } else {
        const load_result<archetype> loaded = load_archetype_file(in, table);
        if (report(loaded.diagnostics, err)) return exit_file_error;
        if (report(save_archetype_file(*loaded.value, table, out_file), err))
            return exit_file_error;
        out << "wrote " << display_path(out_file) << " (archetype '" << loaded.value->name()
            << "')\n";
    }
    return exit_ok;
}

// --- 4. running a scene ----------------------------------------------------------------------

// A project whose registration failed: the command goes on with the built-in types.
void report(const std::optional<registration_error>& error, std::ostream& err) {
    if (error) err << "mosaic-run: warning: " << error->to_string() << '\n';
}

int play(const command& c, const loaded_project& opened, std::ostream& out, std::ostream& err) {
    const fs::path& file = c.files[0];
    const project* p = opened.code();
    game g(opened.module,
           {.threads = c.threads, .seed = c.seed, .clock = {.tick_rate = 1.0 / c.dt}});
    report(g.load_error(), err);

    load_result<scene> loaded = load_scene_showing_progress(file, g.table(), err);
    if (report(loaded.diagnostics, err)) return exit_file_error;
    // The manifest's folder, not the archetypes folder's parent (a manifest can put them
    // anywhere): clips, tilesets and prefab links are relative to it.
    g.set_project_folder(opened.folder(file));
    if (report(only_used_prefabs_fail(g.load_archetypes(opened.archetypes_folder(file)),
                                      *loaded.value, g.prefab_links()),
               err))
        return exit_file_error;
    // Instances the file stores as links plus overrides become whole entities.
    if (report(resolve_prefab_instances(*loaded.value, g.prefab_links(), g.table(), file.string()),
               err))
        return exit_file_error;
    g.start(std::move(*loaded.value));
    std::optional<replay_recorder> recorder;
    if (c.record) {
        recorder.emplace(g, origin_of(g, file.string()),
                         replay_settings{.seed = c.seed, .threads = c.threads},
                         replay_recorder_options{.checkpoint_every = c.record->checkpoint_every,
                                                 .state_budget = c.record->state_budget_mib << 20});
        if (report(recorder->problems(), err)) return exit_file_error;
        g.set_observer(&*recorder);
    }

    // What the game's systems said (a collider ignored, a value clamped), as it happens.
    const auto print_game_log = [&] {
        if (GameLog* log = g.world().try_resource<GameLog>(); log && !log->warnings.empty()) {
            for (const std::string& line : log->take()) err << "warning: " << line << '\n';
        }
    };
    const auto started = std::chrono::steady_clock::now();
    try {
        if (c.live) {
            const auto limit = c.ticks_given ? std::optional(c.ticks) : std::nullopt;
            live_request live = *c.live;
            live.scene = file.string();
            if (!serve_live(g, live, limit, print_game_log, out, err)) return exit_file_error;
        } else {
            for (std::uint64_t tick = 0; tick < c.ticks; ++tick) {
                g.tick();
                print_game_log();
            }
        }
    } catch (const system_error& e) {
        // Game code failed: say which system, when and why; nothing is saved.
        print_game_log();
        err << "mosaic-run: " << e.failure().to_string() << '\n';
        // The recording reproduces the failure: its last tick is the one that failed.
        if (recorder) write_recording(*recorder, g, *c.record, out, err);
        return exit_file_error;
    }
    g.set_observer(nullptr);
    if (recorder && !write_recording(*recorder, g, *c.record, out, err)) return exit_file_error;
    const std::chrono::duration<double, std::milli> took =
        std::chrono::steady_clock::now() - started;

    std::size_t entities = 0;  // the scene's, not the resource holder
    g.world().each([&](entity e) { entities += g.world().has<resource_entity>(e) ? 0 : 1; });
    out << file.string() << ": " << c.ticks << " ticks of " << c.dt << " s ("
        << (p ? "project " + std::string(p->name) : std::string("built-in types only")) << ", "
        << c.threads << (c.threads == 1 ? " thread" : " threads") << ", seed " << c.seed << ") in "
        << took.count() << " ms, " << entities << " entities\n";
    if (c.profile) {
        g.systems().print_profile(out);
        if (const Contacts* contacts = g.world().try_resource<Contacts>()) {
            out << "contacts: " << contacts->truncated_ticks << " of " << c.ticks
                << " ticks over the cap of " << contacts->max_contacts << ", "
                << contacts->ignored_colliders << " colliders ignored (non-finite or negative)\n";
        }
    }
    if (c.save) {
        g.current().capture_systems(g.systems(), g.system_defaults());
        if (report(save_scene_file(g.current(), g.table(), *c.save), err)) return exit_file_error;
        out << "wrote " << c.save->string() << '\n';
    }
    return exit_ok;
}

}  // namespace

// --- 5. --new-project ------------------------------------------------------------------------

int new_project(const command& c, std::ostream& out, std::ostream& err) {
    const new_project_result result = write_new_project(c.files[0], c.name);
    if (!result.ok()) {
        err << "mosaic-run: " << result.error << '\n';
        return exit_file_error;
    }
    out << new_project_summary(c.files[0], result);
    return exit_ok;
}

// --- 6. run ----------------------------------------------------------------------------------

bool module_did_not_load(const loaded_project& p, std::ostream& err) {
    if (!p.manifest || p.manifest->module.empty() || p.module) return false;
    err << "mosaic-run: " << p.manifest->name
        << ": the project's module did not load (see above); not running the game without "
           "its systems\n";
    return true;
}

int run(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    try {
        const auto parsed = parse(args);
        if (const usage_error* error = std::get_if<usage_error>(&parsed)) {
            err << "mosaic-run: " << error->message << "\n"
                << usage_text << "Try 'mosaic-run --help' for more.\n";
            return exit_usage;
        }
        const command& c = std::get<command>(parsed);
        if (c.what == command::action::help) {
            out << usage_text << help_text;
            return exit_ok;
        }
        if (c.what == command::action::new_project) return new_project(c, out, err);
        if (c.what == command::action::validate && !kind_of(c.files[0])) {
            return validate_asset(c.files[0], out, err);  // images, sheets, fonts: no project
        }
        if (c.what == command::action::replay) {
            return play_replay(
                {.file = c.files[0],
                 .verify = c.verify,
                 .save = c.save,
                 .threads = c.threads_given ? std::optional<unsigned>(c.threads) : std::nullopt,
                 .profile = c.profile,
                 .project = c.project},
                out, err);
        }
        loaded_project project;
        if (!c.project.empty()) {
            project = load_project(c.project);
            if (!project.manifest) {
                err << "mosaic-run: --project " << c.project << ": " << to_string(project.problems);
                return exit_usage;
            }
        } else if (c.what == command::action::merge) {
            project = load_project_of(c.merge_name.empty() ? c.files[1] : fs::path(c.merge_name));
        } else {
            project = load_project_of(c.files[0]);
        }
        // The module's problems are not fatal: its components load as unknown.
        err << to_string(project.problems);
        switch (c.what) {
            case command::action::play:
                if (module_did_not_load(project, err)) return exit_file_error;
                return play(c, project, out, err);
            case command::action::validate: {
                component_table table;
                report(register_components(project.code(), table), err);
                // Links are relative to the project folder (the manifest's; without one, the
                // file's folder); a prefab outside a project lives in its archetypes folder.
                const fs::path links_folder =
                    project.manifest || kind_of(c.files[0]) != file_kind::prefab
                        ? project.folder(c.files[0])
                        : fs::absolute(c.files[0]).lexically_normal().parent_path().parent_path();
                return validate(c.files[0], links_folder, project.archetypes_folder(c.files[0]),
                                table, out, err);
            }
            case command::action::convert: {
                component_table table;
                report(register_components(project.code(), table), err);
                return convert(c.files[0], c.files[1], table, out, err);
            }
            case command::action::merge: {
                component_table table;
                report(register_components(project.code(), table), err);
                return merge({c.files[0], c.files[1], c.files[2], c.files[3], c.merge_name}, table,
                             out, err);
            }
            case command::action::help:
            case command::action::new_project:
            case command::action::replay:
                break;
        }
    } catch (const std::exception& e) {
        // The loaders report bad input as diagnostics; this is for the unforeseen (memory).
        err << "mosaic-run: internal error: " << e.what() << '\n';
    } catch (...) {
        err << "mosaic-run: internal error\n";
    }
    return exit_file_error;
}

}  // namespace mosaic::tools
