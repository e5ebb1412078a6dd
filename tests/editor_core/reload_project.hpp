#pragma once
// A game project in a temporary folder for the editor's project and hot reload tests, built
// on the test modules (tests/modules): its module file starts as a copy of libreload_v1.so, so
// a test "rebuilds" it by copying libreload_v2.so over it, as a compiler would. Needs
// MOSAIC_TEST_MODULES_DIR.
//
//   folder/mosaic.project.json         name, module build/libreload_game.so, build command
//   folder/scenes/main.scene.json      "Runner": Transform + Mover{speed 3} (the default scene)
//   folder/archetypes/runner.archetype.json
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "../modules/test_projects.hpp"

namespace mosaic::testing {

class reload_project {
public:
    /// `build`: the manifest's build command (run in the folder); "" for none.
    explicit reload_project(const std::string& name, const std::string& build = {}) {
        static std::atomic<int> counter{0};
        folder_ =
            std::filesystem::temp_directory_path() /
            ("mosaic-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(folder_);
        std::filesystem::create_directories(folder_ / "build");
        std::filesystem::create_directories(folder_ / "scenes");
        std::filesystem::create_directories(folder_ / "archetypes");
        std::filesystem::copy_file(test_module("reload_v1"), module());
        std::ofstream(manifest()) << "{\n  \"name\": \"" << name
                                  << "\",\n  \"module\": \"build/libreload_game.so\",\n"
                                  << "  \"default_scene\": \"scenes/main.scene.json\",\n"
                                  << "  \"build\": \"" << escaped(build) << "\"\n}\n";
        std::ofstream(folder_ / "scenes" / "main.scene.json") << R"({
  "format": "mosaic.scene", "version": 2,
  "settings": { "gravity": [0.0, 0.0], "background": [0.1, 0.1, 0.1, 1.0],
                "camera": { "position": [0.0, 0.0], "zoom": 1.0 } },
  "systems": [],
  "entities": [ { "id": 1, "name": "Runner", "enabled": true, "components": {
    "Transform": { "version": 1, "position": [0.0, 0.0], "rotation": 0.0, "scale": [1.0, 1.0] },
    "Mover": { "version": 1, "speed": 3.0 } } } ]
}
)";
        std::ofstream(folder_ / "archetypes" / "runner.archetype.json") << R"({
  "format": "mosaic.archetype", "version": 2, "name": "runner",
  "components": { "Mover": { "version": 1, "speed": 5.0 } }
}
)";
    }
    ~reload_project() {
        std::error_code ec;
        std::filesystem::remove_all(folder_, ec);
    }
    reload_project(const reload_project&) = delete;
    reload_project& operator=(const reload_project&) = delete;

    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    [[nodiscard]] std::filesystem::path manifest() const { return folder_ / "mosaic.project.json"; }
    [[nodiscard]] std::filesystem::path module() const {
        return folder_ / "build" / "libreload_game.so";
    }
    [[nodiscard]] std::filesystem::path scene() const {
        return folder_ / "scenes" / "main.scene.json";
    }
    /// What a rebuild from the user's IDE does: version 2 replaces the module file.
    void rebuild_to_v2() const {
        std::filesystem::copy_file(test_module("reload_v2"), module(),
                                   std::filesystem::copy_options::overwrite_existing);
    }

private:
    static std::string escaped(const std::string& text) {
        std::string out;
        for (char c : text) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        return out;
    }
    std::filesystem::path folder_;
};

/// The shell command that rebuilds the project to version 2 (its manifest's "build").
inline std::string copy_v2_command() {
    return "cp '" + test_module("reload_v2").string() + "' build/libreload_game.so";
}

}  // namespace mosaic::testing
