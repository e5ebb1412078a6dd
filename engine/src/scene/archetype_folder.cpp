#include "mosaic/engine/scene/archetype_folder.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "mosaic/engine/scene/scene_file.hpp"

namespace mosaic {

namespace fs = std::filesystem;

archetype_folder read_archetype_folder(const fs::path& folder, const component_table& table,
                                       prefab_library& links) {
    archetype_folder out;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return out;
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
        if (is_archetype_path(entry.path()) || is_prefab_path(entry.path()))
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        if (is_archetype_path(file)) {
            load_result<archetype> loaded = load_archetype_file(file, table);
            out.diagnostics.insert(out.diagnostics.end(), loaded.diagnostics.begin(),
                                   loaded.diagnostics.end());
            if (loaded.ok()) out.archetypes.push_back(std::move(*loaded.value));
            continue;
        }
        load_result<prefab> loaded = load_prefab_file(file, table);
        out.diagnostics.insert(out.diagnostics.end(), loaded.diagnostics.begin(),
                               loaded.diagnostics.end());
        if (!loaded.ok()) continue;
        if (loaded.value->contents().prefab_overrides.empty()) {
            out.prefabs.push_back(std::move(*loaded.value));
        } else if (const prefab* nested = links.find(links.path_of(file))) {
            out.prefabs.push_back(*nested);  // its instances of other prefabs resolved
        } else {
            diagnostic d;
            d.file = file.string();
            d.message = links.problem(links.path_of(file));
            out.diagnostics.push_back(std::move(d));
        }
    }
    return out;
}

}  // namespace mosaic
