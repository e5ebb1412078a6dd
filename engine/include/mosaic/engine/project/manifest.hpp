#pragma once
// manifest: mosaic.project.json, the file that makes a folder a game project.
//
//   {
//     "name": "my_game",
//     "module": "build/libmy_game.so",      the game's code (a shared library), optional
//     "scenes": "scenes",
//     "archetypes": "archetypes",
//     "default_scene": "scenes/main.scene.json",
//     "build": "cmake --build build"         what Build & Reload runs in the project folder
//   }
//
// Paths are relative to the manifest's folder. `module` may name environment variables as
// ${NAME} (the in-tree samples use ${MOSAIC_BUILD_DIR}, which the editor and mosaic-run set
// to their own build folder when it is not set).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "../scene/diagnostic.hpp"

namespace mosaic {

inline constexpr const char* manifest_file_name = "mosaic.project.json";

struct project_manifest {
    std::filesystem::path file;    // the manifest itself (absolute)
    std::filesystem::path folder;  // its folder: the project's root
    std::string name;
    std::string module;  // as written (may hold ${VAR}); empty: a project without code
    std::filesystem::path scenes = "scenes";
    std::filesystem::path archetypes = "archetypes";
    std::filesystem::path default_scene;
    std::string build_command;

    /// The module's path with ${VAR}s expanded, made absolute against the folder; empty when
    /// the project has no module. `error` says which variable was not set.
    [[nodiscard]] std::filesystem::path module_path(std::string* error = nullptr) const;
    [[nodiscard]] std::filesystem::path scenes_folder() const { return folder / scenes; }
    [[nodiscard]] std::filesystem::path archetypes_folder() const { return folder / archetypes; }
    /// The default scene (absolute), or empty when the manifest names none.
    [[nodiscard]] std::filesystem::path default_scene_path() const;
    /// The project's scene files (*.scene.json, *.scene.bin under scenes/), sorted.
    [[nodiscard]] std::vector<std::filesystem::path> scene_files() const;
};

/// Reads a manifest (`path` may be the file or the folder holding it). Errors name the file,
/// the line and column, and the field.
[[nodiscard]] load_result<project_manifest> load_manifest(const std::filesystem::path& path);

/// The manifest of the project `path` (a scene file, any file or folder) belongs to: the
/// nearest mosaic.project.json walking up from it, or nullopt.
[[nodiscard]] std::optional<std::filesystem::path> find_manifest(const std::filesystem::path& path);

/// The longest text expand_environment makes (a path: PATH_MAX).
inline constexpr std::size_t max_expanded_size = 4096;

/// Expands ${NAME} from the environment. False (and `error` says why) when one is not set,
/// or when the result would pass max_expanded_size bytes (a 100 KB variable used 1,000 times
/// is refused before it is built). Names in `error` are escaped (display_path).
bool expand_environment(std::string& text, std::string* error = nullptr);

}  // namespace mosaic
