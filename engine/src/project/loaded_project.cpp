#include "mosaic/engine/project/loaded_project.hpp"

#include <cstdlib>

#include "mosaic/engine/display_path.hpp"

namespace mosaic {

namespace fs = std::filesystem;

fs::path loaded_project::archetypes_folder(const fs::path& scene) const {
    if (manifest) return manifest->archetypes_folder();
    return fs::absolute(scene).lexically_normal().parent_path() / "archetypes";
}

fs::path loaded_project::folder(const fs::path& scene) const {
    if (manifest) return manifest->folder;
    return fs::absolute(scene).lexically_normal().parent_path();
}

void default_build_dir_variable() {
#ifdef MOSAIC_DEFAULT_BUILD_DIR
    ::setenv("MOSAIC_BUILD_DIR", MOSAIC_DEFAULT_BUILD_DIR, 0);
#endif
}

game_module::load_result reload_module(const project_manifest& manifest) {
    default_build_dir_variable();
    std::string error;
    const fs::path file = manifest.module_path(&error);
    if (file.empty()) {
        return {nullptr, error.empty() ? "project " + manifest.name + " has no module"
                                       : display_path(manifest.file) + ": module: " + error};
    }
    return game_module::load(file);
}

loaded_project load_project(const fs::path& path) {
    loaded_project p;
    load_result<project_manifest> loaded = load_manifest(path);
    p.problems = std::move(loaded.diagnostics);
    if (!loaded.ok()) return p;
    p.manifest = std::move(*loaded.value);
    if (p.manifest->module.empty()) return p;  // a project of scenes and archetypes only
    game_module::load_result module = reload_module(*p.manifest);
    if (!module.module) {
        diagnostic d;
        d.file = p.manifest->file.string();
        d.path = "module";
        d.message = module.error + " (its components load as unknown; its systems do not run)";
        p.problems.push_back(std::move(d));
    }
    p.module = std::move(module.module);
    return p;
}

loaded_project load_project_of(const fs::path& file) {
    const std::optional<fs::path> manifest = find_manifest(file);
    return manifest ? load_project(*manifest) : loaded_project{};
}

}  // namespace mosaic
