#include "run_merge.hpp"

#include <cstddef>
#include <ostream>
#include <string_view>

#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/file_formats.hpp>
#include <mosaic/engine/scene/scene_binary.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/scene/scene_merge.hpp>

#include "run_commands.hpp"

namespace mosaic::tools {

int merge(const merge_files& files, const component_table& table, std::ostream& out,
          std::ostream& err) {
    const std::string file = files.name.empty() ? display_path(files.ours) : files.name;
    const std::filesystem::path* paths[3] = {&files.base, &files.ours, &files.theirs};
    const char* sides[3] = {"base", "ours", "theirs"};
    file_contents contents[3];
    merge_input inputs[3];
    for (int i = 0; i < 3; ++i) {
        contents[i] = read_file(*paths[i]);
        if (!contents[i].ok()) {
            err << "mosaic-run: " << contents[i].message << '\n';
            return exit_file_error;
        }
        inputs[i] = {contents[i].bytes,
                     files.name.empty() ? paths[i]->string() : files.name + " (" + sides[i] + ")"};
    }
    // Prefab files are not merged (their nested links and node ids need rules scenes do not
    // have): said plainly, rather than "expected a scene".
    for (int i = 0; i < 3; ++i) {
        const std::string_view head = std::string_view(contents[i].bytes).substr(0, 512);
        const bool prefab = is_prefab_path(*paths[i]) ||
                            (!files.name.empty() && is_prefab_path(files.name)) ||
                            head.find("\"mosaic.prefab\"") != std::string_view::npos;
        if (!prefab) continue;
        err << "mosaic-run: " << file << ": a prefab file (" << sides[i]
            << "): --merge merges scene files only; merge the prefab's JSON as text (git's "
               "default merge) and check it with mosaic-run --validate\n";
        return exit_file_error;
    }
    // The format OUT's name asks for; git's temporary files name none: OURS' format, then.
    const scene_file_format format =
        scene_format_of(files.out).value_or(scene_format_of_bytes(contents[1].bytes).scene_format);

    const merge_result result = merge_scenes(inputs[0], inputs[1], inputs[2], table, format);
    // Components of unknown types merge like the rest (as JSON): a warning per type about them
    // not being used (the loader's) would only be noise here; one line says it.
    std::size_t unknown_types = 0;
    for (const diagnostic& d : result.diagnostics) {
        const bool unknown_type = result.ok() && d.severity == diagnostic::level::warning &&
                                  d.message.starts_with("unknown component type '");
        if (unknown_type) {
            ++unknown_types;
        } else {
            err << d.to_string() << '\n';
        }
    }
    if (unknown_types) {
        err << file << ": note: " << unknown_types
            << (unknown_types == 1 ? " component type" : " component types")
            << " unknown to mosaic-run (no project, or its module not built) merged as plain "
               "JSON; their entity references are not renumbered\n";
    }
    if (!result.ok()) {
        err << "mosaic-run: " << file << ": not merged; " << display_path(files.out)
            << " was not changed\n";
        return exit_file_error;
    }
    if (auto error = write_file_atomically(files.out, *result.bytes, keep_backup::no)) {
        err << "mosaic-run: " << *error << '\n';
        return exit_file_error;
    }
    for (const renumbered_entity& r : result.renumbered) {
        out << r.to_string(file) << '\n';
    }
    for (const merge_conflict& c : result.conflicts) err << c.to_string(file) << '\n';
    if (result.conflicts.empty()) {
        out << "merged " << file << " into " << display_path(files.out) << '\n';
        return exit_ok;
    }
    err << "mosaic-run: " << file << ": " << result.conflicts.size()
        << (result.conflicts.size() == 1 ? " conflict" : " conflicts") << "; "
        << display_path(files.out) << " keeps ours for "
        << (result.conflicts.size() == 1 ? "it" : "them") << '\n';
    return exit_conflict;
}

}  // namespace mosaic::tools
