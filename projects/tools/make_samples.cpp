// mosaic-make-samples: writes the sample projects' scene, prefab and archetype files from the code
// that builds them (projects/NAME/samples.cpp), with the engine's own savers.
//
//   mosaic-make-samples [PROJECT...]   (default: every project)
//
// Files go to the source tree (projects/NAME/...). Each written scene is
// loaded back; any diagnostic makes the run fail.
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/projects/sample_code.hpp>

namespace {

namespace fs = std::filesystem;
using namespace mosaic;

bool report(const std::vector<diagnostic>& diagnostics) {
    for (const diagnostic& d : diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
    return diagnostics.empty();
}

bool write(const projects::sample_code& b) {
    const game g(&b.code);  // the project's component table
    const fs::path folder = fs::path(MOSAIC_PROJECTS_DIR) / std::string(b.code.name);
    projects::sample_files files = b.build();
    bool ok = true;
    fs::create_directories(folder / "archetypes");
    for (const archetype& a : files.archetypes) {
        const fs::path path = folder / "archetypes" / (a.name() + ".archetype.json");
        ok = report(save_archetype_file(a, g.table(), path)) && ok;
        ok = report(load_archetype_file(path, g.table()).diagnostics) && ok;
        std::printf("wrote %s\n", path.string().c_str());
    }
    for (const prefab& p : files.prefabs) {
        const fs::path path = folder / "archetypes" / (p.name() + ".prefab.json");
        ok = report(save_prefab_file(p, g.table(), path)) && ok;
        ok = report(load_prefab_file(path, g.table()).diagnostics) && ok;
        std::printf("wrote %s\n", path.string().c_str());
    }
    for (projects::sample_scene& s : files.scenes) {
        const fs::path path = folder / s.file;
        fs::create_directories(path.parent_path());
        ok = report(save_scene_file(s.value, g.table(), path)) && ok;
        ok = report(load_scene_file(path, g.table()).diagnostics) && ok;
        std::printf("wrote %s (%zu entities)\n", path.string().c_str(), s.value.world.size());
    }
    for (const fs::path& backup : {folder / "archetypes", folder / "scenes"}) {
        for (const fs::directory_entry& entry : fs::directory_iterator(backup)) {
            if (entry.path().extension() == ".bak") fs::remove(entry.path());
        }
    }
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string_view> wanted(argv + (argc > 0 ? 1 : 0), argv + argc);
    bool ok = true;
    for (const projects::sample_code& b : projects::all_sample_code) {
        bool chosen = wanted.empty();
        for (std::string_view name : wanted) chosen = chosen || name == b.code.name;
        if (chosen) ok = write(b) && ok;
    }
    return ok ? 0 : 1;
}
