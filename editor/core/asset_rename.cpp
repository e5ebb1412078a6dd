// Sections: 1. rename and fix  2. renames outside the editor  3. the script verbs
#include "asset_rename.hpp"

#include <system_error>

#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "command_table.hpp"
#include "editor_state.hpp"
#include "history.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

// --- 1. rename and fix -----------------------------------------------------------------------

std::string plural(std::size_t n, std::string_view one) {
    return std::to_string(n) + " " + std::string(one) + (n == 1 ? "" : "s");
}

/// Why the open state forbids touching the project's files now, or "".
std::string busy(const editor_state& s) {
    if (s.playing()) return "stop the game first (the scene in play is a copy)";
    if (s.opened_asset() != nullptr) return "close the " + s.opened_asset_label() + " first";
    if (s.opening() != nullptr) return "wait for the scene being opened";
    return {};
}

/// The references in the open scene (fields, kept JSON, undo history), and the prefabs read
/// again when a prefab file moved or changed.
void rewrite_open_state(editor_state& s, const asset_move& move, rename_result& r) {
    const component_table& table = s.table();
    r.in_memory = rewrite_scene_references(s.scene(), table, move);
    (void)s.history().remap_components([&](type_id& type, component_state& state) {
        const component_info* info = table.find(type);
        if (state.present && info != nullptr && state.bytes.size() == info->size)
            (void)rewrite_component_bytes(*info, state.bytes.data(), move);
        return true;
    });
    bool prefabs_changed = is_prefab_path(move.to) || is_archetype_path(move.to);
    for (const file_references& f : r.files.files)
        prefabs_changed |= is_prefab_path(f.file) && f.error.empty();
    if (prefabs_changed) {
        s.prefab_links().clear();
        s.after_prefab_written(s.project_folder() / move.to);
    }
}

/// "Tank" for archetypes/Tank.prefab.json, "" for a file that is neither prefab nor archetype.
std::string name_of_named_file(const std::string& relative) {
    const std::string file = fs::path(relative).filename().string();
    for (const std::string_view suffix : {".prefab.json", ".archetype.json"})
        if (file.size() > suffix.size() && file.ends_with(suffix))
            return file.substr(0, file.size() - suffix.size());
    return {};
}

/// A prefab or archetype is found by its name, its file's: the "name" in the file follows.
void rename_named_file(editor_state& s, const asset_move& move, const fs::path& target) {
    const std::string from = name_of_named_file(move.from);
    const std::string to = name_of_named_file(move.to);
    if (from.empty() || to.empty() || from == to) return;
    const file_contents contents = read_file(target);
    if (!contents.ok()) return;
    const json_rewrite r = rewrite_json_name(contents.bytes, from, to);
    if (r.references == 0) return;
    if (auto error = write_file_atomically(target, r.text, keep_backup::no))
        s.log().warning("renamed " + move.from + " but not the name in it: " + *error);
}

/// "renamed A -> B: 2 files updated: x (4 references), y (1 reference); the open scene: ..."
std::string report(std::string_view verb, const asset_move& move, const rename_result& r) {
    std::string line = std::string(verb) + " " + move.from + " -> " + move.to;
    if (r.moved.size() > 1) {
        line += " (with";
        for (std::size_t i = 1; i < r.moved.size(); ++i) line += " " + r.moved[i];
        line += ")";
    }
    const std::size_t updated = r.files.files_updated();
    line += ": " + plural(updated, "file") + " updated";
    bool first = true;
    for (const file_references& f : r.files.files) {
        if (!f.error.empty() || f.references == 0) continue;
        line += (first ? ": " : ", ") + f.file + " (" + plural(f.references, "reference") + ")";
        first = false;
    }
    if (r.in_memory > 0) line += "; the open scene: " + plural(r.in_memory, "reference");
    return line;
}

void log_result(editor_state& s, rename_result& r, std::string_view verb, const asset_move& move) {
    r.message = report(verb, move, r);
    s.log().info(r.message);
    for (const std::string& e : r.files.errors()) s.log().warning("not updated: " + e);
}

}  // namespace

rename_result rename_asset(editor_state& s, std::string_view from, std::string_view to) {
    rename_result r;
    const asset_move move{std::string(from), std::string(to)};
    const auto refuse = [&](const std::string& why) {
        r.message = "cannot rename " + move.from + " -> " + move.to + ": " + why;
        s.log().error(r.message);
        return r;
    };
    if (std::string why = busy(s); !why.empty()) return refuse(why);
    for (const std::string* p : {&move.from, &move.to})
        if (auto why = bad_asset_path(*p)) return refuse("'" + *p + "': " + *why);
    if (move.from == move.to) return refuse("it is the same path");
    const fs::path project = s.project_folder();
    const fs::path source = project / move.from;
    const fs::path target = project / move.to;
    std::error_code ec;
    if (!fs::is_regular_file(source, ec))
        return refuse(move.from + " is not a file of the project");
    if (fs::exists(target, ec)) return refuse(move.to + " exists already (nothing is overwritten)");
    std::vector<std::pair<std::string, std::string>> sides;  // side files: from, to
    for (const std::string& side : side_files_of(move.from)) {
        if (!fs::exists(project / side, ec)) continue;
        const std::string side_to = move.to + side.substr(move.from.size());
        if (fs::exists(project / side_to, ec))
            return refuse(side_to + " exists already (nothing is overwritten)");
        sides.emplace_back(side, side_to);
    }
    fs::create_directories(target.parent_path(), ec);
    if (ec)
        return refuse("cannot make the folder " + target.parent_path().string() + ": " +
                      ec.message());
    fs::rename(source, target, ec);
    if (ec) return refuse(ec.message());
    r.moved.push_back(move.from);
    for (const auto& [side_from, side_to] : sides) {
        fs::rename(project / side_from, project / side_to, ec);
        if (ec) {
            s.log().warning("renamed " + move.from + " but not its " + side_from + ": " +
                            ec.message());
            continue;
        }
        r.moved.push_back(side_from);
    }
    rename_named_file(s, move, target);
    // The open scene's own file: the document follows it (Save writes the new name).
    if (!s.scene_path().empty() &&
        fs::absolute(s.scene_path(), ec).lexically_normal() == source.lexically_normal())
        s.active_document().set_file(target);
    r.files = rewrite_project_references(project, move, &s.table());
    rewrite_open_state(s, move, r);
    r.done = true;
    log_result(s, r, "renamed", move);
    // The index learns the new path (nothing names the old one now); moves made outside
    // and still waiting for their fix stay offered.
    (void)check_outside_renames(s, false);
    return r;
}

rename_result fix_asset_references(editor_state& s, const asset_move& move) {
    rename_result r;
    if (std::string why = busy(s); !why.empty()) {
        r.message = "cannot fix the references to " + move.from + ": " + why;
        s.log().error(r.message);
        return r;
    }
    rename_named_file(s, move, s.project_folder() / move.to);
    r.files = rewrite_project_references(s.project_folder(), move, &s.table());
    rewrite_open_state(s, move, r);
    r.done = true;
    log_result(s, r, "references fixed:", move);
    return r;
}

// --- 2. renames outside the editor -----------------------------------------------------------

std::vector<outside_rename> check_outside_renames(editor_state& s, bool log) {
    // Without a project or a scene file, the "project" is the working folder: not ours to
    // index (it may be the home folder).
    if (!s.opened_project().manifest && s.scene_path().empty()) return {};
    const fs::path project = s.project_folder();
    std::string error;
    const asset_index before = load_asset_index(project, &error);
    if (!error.empty() && log) s.log().warning(error);
    asset_index now = scan_asset_index(project, before);
    std::vector<outside_rename> found = find_outside_renames(project, before, now, &s.table());
    // A move still waiting for its fix stays as it was, to be found again.
    for (const outside_rename& m : found) {
        now.erase(m.move.to);
        now[m.move.from] = before.at(m.move.from);
    }
    if (!save_asset_index(project, now, &error) && log)
        s.log().warning("cannot write the asset index: " + error);
    if (log) {
        for (const outside_rename& m : found) {
            std::string files;
            for (const std::string& f : m.files) files += (files.empty() ? "" : ", ") + f;
            s.log().warning(m.move.from + " was moved to " + m.move.to + " outside the editor: " +
                            plural(m.references, "reference") + " to its old path in " + files +
                            "; Fix references (fix_references) rewrites them");
        }
    }
    return found;
}

std::size_t fix_outside_renames(editor_state& s) {
    std::size_t fixed = 0;
    for (const outside_rename& m : check_outside_renames(s, false))
        fixed += fix_asset_references(s, m.move).done ? 1 : 0;
    (void)check_outside_renames(s, false);  // the fixed ones leave the index's memory
    return fixed;
}

void update_asset_index(editor_state& s) {
    if (!s.opened_project().manifest && s.scene_path().empty()) return;
    const fs::path project = s.project_folder();
    std::string error;
    const asset_index before = load_asset_index(project);
    if (!save_asset_index(project, scan_asset_index(project, before), &error))
        s.log().warning("cannot write the asset index: " + error);
}

namespace {

// --- 3. the script verbs ---------------------------------------------------------------------

MOSAIC_EDITOR_COMMAND({.id = "asset.rename",
                       .verb = "rename_asset",
                       .usage = "OLD NEW",
                       .help = "Rename or move a project file and update every reference to it",
                       .run = [](command_context& c) -> std::string {
                           if (std::string e = c.need(2); !e.empty()) return e;
                           return rename_asset(c.state, c.args[0], c.args[1]).done
                                      ? std::string()
                                      : "rename_asset: nothing was renamed (see above)";
                       }});

// fix_references: the moves made outside the editor (the Project panel's dialog); with
// OLD NEW, that one move (the file is already at NEW).
MOSAIC_EDITOR_COMMAND({.id = "asset.fix_references",
                       .label = "Fix References",
                       .verb = "fix_references",
                       .usage = "[OLD NEW]",
                       .help = "Rewrite the references to files moved outside the editor",
                       .menu = "Project",
                       .order = 200,
                       .run = [](command_context& c) -> std::string {
                           if (c.args.size() >= 2) {
                               std::error_code ec;
                               if (!fs::exists(c.state.project_folder() / c.args[1], ec))
                                   return "fix_references: " + c.args[1] + " does not exist";
                               return fix_asset_references(c.state, {c.args[0], c.args[1]}).done
                                          ? std::string()
                                          : "fix_references: nothing was fixed (see above)";
                           }
                           if (fix_outside_renames(c.state) == 0)
                               c.state.log().info("no moved file to fix");
                           return {};
                       }});

MOSAIC_EDITOR_COMMAND({.id = "asset.forget_renames",
                       .label = "Dismiss",
                       .verb = "forget_renames",
                       .help = "Forget the files moved outside the editor (no reference is fixed)",
                       .run = [](command_context& c) -> std::string {
                           update_asset_index(c.state);
                           return {};
                       }});

}  // namespace

}  // namespace mosaic::editor
