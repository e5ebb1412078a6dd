#pragma once
// loaded_project: a game project opened by a host (mosaic-run, the editor): its manifest and,
// when it has one, its module. A module that fails to load is a problem, not a failure: the
// host goes on with the built-in types, and the project's components in its scenes load as
// unknown (kept verbatim) until the module loads.

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "../scene/diagnostic.hpp"
#include "game_module.hpp"
#include "manifest.hpp"

namespace mosaic {

struct loaded_project {
    std::optional<project_manifest> manifest;  // none: no project (built-in types only)
    std::shared_ptr<const game_module> module;
    std::vector<diagnostic> problems;  // the manifest's warnings, the module's load error

    /// The module's name, summary and registration (null without a module).
    [[nodiscard]] const project* code() const noexcept {
        return module ? &module->description() : nullptr;
    }
    /// The project's name, or "" without a manifest.
    [[nodiscard]] std::string name() const { return manifest ? manifest->name : std::string(); }
    /// The project's archetypes folder; without a project, `scene`'s folder's "archetypes".
    [[nodiscard]] std::filesystem::path archetypes_folder(const std::filesystem::path& scene) const;
    /// The project's root folder; without a project, `scene`'s folder.
    [[nodiscard]] std::filesystem::path folder(const std::filesystem::path& scene) const;
};

/// Opens the project whose manifest is `manifest` (the file or its folder) and loads its
/// module. Errors (a broken manifest, a module that does not load) are in `problems`.
[[nodiscard]] loaded_project load_project(const std::filesystem::path& manifest);
/// The project `file` belongs to (the nearest manifest above it); an empty loaded_project
/// when there is none.
[[nodiscard]] loaded_project load_project_of(const std::filesystem::path& file);

/// Loads the module the manifest names again (a rebuild): the new module, or the error.
[[nodiscard]] game_module::load_result reload_module(const project_manifest& manifest);

/// Sets MOSAIC_BUILD_DIR (which the in-tree samples' manifests and build commands use) to
/// the build folder this Mosaic was built in, unless it is set already.
void default_build_dir_variable();

}  // namespace mosaic
