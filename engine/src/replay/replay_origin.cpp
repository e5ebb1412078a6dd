// What made a replay (module_version, check_origin): a replay of other code still plays,
// with a warning, and --verify tells where it parts from the recording.
#include <cstdio>

#include "mosaic/engine/project/game_module.hpp"
#include "mosaic/engine/replay/replay.hpp"
#include "mosaic/engine/runtime/game.hpp"
#include "mosaic/engine/scene/atomic_file.hpp"
#include "mosaic/version.hpp"

namespace mosaic {

std::string module_version(const game_module* module) {
    if (!module) return {};
    // The private copy is the code that runs (the file may have been rebuilt since).
    std::filesystem::path file = module->loaded_copy();
    if (file.empty()) file = module->file();
    const file_contents bytes = read_file(file);
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(bytes.ok() ? hash_bytes(bytes.bytes) : 0));
    return std::string(module->description().name) + " " + hash;
}

std::vector<diagnostic> check_origin(const replay& r, const game& g, const std::string& file_name) {
    std::vector<diagnostic> warnings;
    const auto warn = [&](std::string message) {
        warnings.push_back({diagnostic::level::warning, file_name, "", 0, 0,
                            std::move(message) + ": it may diverge"});
    };
    const project* p = g.project_info();
    const std::string project = p ? std::string(p->name) : std::string();
    const auto named = [](const std::string& s) {
        return s.empty() ? std::string("(none)") : "'" + s + "'";
    };
    if (r.origin.project != project) {
        warn("recorded with project " + named(r.origin.project) + ", replayed with " +
             named(project));
    } else if (const std::string now = module_version(g.module().get());
               r.origin.module_version != now) {
        warn("recorded with module version " + named(r.origin.module_version) + ", replayed with " +
             named(now) + " (the game's code changed)");
    }
    if (r.origin.mosaic_version != MOSAIC_VERSION_STRING) {
        warn("recorded with Mosaic " + r.origin.mosaic_version + ", replayed with " +
             MOSAIC_VERSION_STRING);
    }
    return warnings;
}

}  // namespace mosaic
