#pragma once
// scaffold: a new game project in one call, what `mosaic-editor --new-project DIR` and
// `mosaic-run --new-project DIR` write:
//
//   DIR/
//     CMakeLists.txt          find_package(mosaic 0.2) and mosaic_add_game(NAME ...)
//     components.hpp          one component, Spin
//     systems.cpp             one system: Transform turns by Spin
//     register.cpp            Spin with its editor hints, the system, MOSAIC_GAME_MODULE(...)
//     scenes/main.scene.json  a camera and one spinning sprite
//     mosaic.project.json     the manifest mosaic-editor and mosaic-run read
//     README.md               the two commands: build it, open it
//     .gitignore              build/
//
// The project builds against an installed SDK or a Mosaic build tree:
//   cmake -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mosaic {

struct new_project_result {
    std::string name;                          // the project's name
    std::vector<std::filesystem::path> files;  // written, relative to the project's folder
    std::string error;                         // why nothing was written; empty on success

    [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};

/// Why `name` cannot name a project, or "" when it can. A name is the CMake target, the C++
/// namespace of the game's code and the module's name, so it must be a C identifier that is
/// not a C++ keyword, a reserved identifier, a namespace Mosaic uses or a CMake reserved
/// target name.
[[nodiscard]] std::string check_project_name(std::string_view name);

/// The name a project in `folder` gets by default: the folder's own name.
[[nodiscard]] std::string default_project_name(const std::filesystem::path& folder);

/// Writes a new project into `folder`, which must be missing or empty (it is created with its
/// parents). `name` empty: default_project_name(folder). On an error (a bad name, a folder
/// that is not empty, a file that cannot be written) nothing stays behind.
[[nodiscard]] new_project_result write_new_project(const std::filesystem::path& folder,
                                                   std::string_view name = {});

/// What the command-line tools print after a successful write_new_project: the files and the
/// commands that build and open the project.
[[nodiscard]] std::string new_project_summary(const std::filesystem::path& folder,
                                              const new_project_result& result);

}  // namespace mosaic
