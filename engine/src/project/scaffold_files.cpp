// The texts of a new project's files. The C++ and CMake files are templates with @NAME@ for
// the project's name; the scene is built with the engine's own types and written by its
// scene saver, so it is always in the current format.
#include "scaffold_files.hpp"

#include <cstring>
#include <sstream>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/project.hpp>
#include <mosaic/engine/scene/scene_json.hpp>

namespace mosaic::detail {

namespace {

constexpr std::string_view cmake_lists = R"(cmake_minimum_required(VERSION 3.25)
project(@NAME@ LANGUAGES CXX)

# The Mosaic SDK: an install prefix or a Mosaic build tree, given with
# -DCMAKE_PREFIX_PATH=<sdk> (see README.md).
find_package(mosaic 0.2 REQUIRED)

# The game module, build/lib@NAME@.so: mosaic-editor and mosaic-run load it (the manifest,
# mosaic.project.json, names it).
mosaic_add_game(@NAME@ register.cpp systems.cpp)
)";

constexpr std::string_view components_hpp = R"(#pragma once
// @NAME@'s components: plain data with default values. register.cpp describes each one once:
// its name in scene files, its fields and their hints for the editor's inspector.

namespace @NAME@ {

/// Turns the entity: its Transform's rotation grows by this many degrees every second.
struct Spin {
    float degrees_per_second = 90;
};

}  // namespace @NAME@
)";

constexpr std::string_view systems_cpp =
    R"(// @NAME@'s systems: small functions that declare what they read and write, so the scheduler
// can run them side by side and check them in debug builds.
#include <cmath>

#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/components.hpp>

#include "components.hpp"

namespace @NAME@ {

void register_systems(mosaic::scheduler& s) {
    // Transform is written and Spin read: the types say so, the scheduler runs it accordingly.
    s.each<mosaic::Transform, const Spin>(
        "spin", [](mosaic::system_context& ctx, mosaic::Transform& t, const Spin& spin) {
            const auto dt = static_cast<float>(ctx.dt());
            t.rotation = std::fmod(t.rotation + spin.degrees_per_second * dt, 360.0f);
        });
}

}  // namespace @NAME@
)";

constexpr std::string_view register_cpp =
    R"(// @NAME@'s registration and the module's entry point: mosaic-editor and mosaic-run load
// build/lib@NAME@.so and call the two functions named on the last line. Each component is
// described once, here; scene files, the inspector, undo and copy/paste all use it.
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/module.hpp>

#include "components.hpp"

namespace @NAME@ {

void register_systems(mosaic::scheduler& s);  // systems.cpp

void register_components(mosaic::component_table& table) {
    table.component<Spin>("Spin").field(
        "degrees_per_second", &Spin::degrees_per_second,
        {.min = -720, .max = 720, .speed = 1, .tooltip = "Negative values turn the other way"});
}

}  // namespace @NAME@

MOSAIC_GAME_MODULE("@NAME@", "A new Mosaic game", @NAME@::register_components,
                   @NAME@::register_systems)
)";

// The manifest: paths relative to this file's folder.
constexpr std::string_view manifest_json = R"({
  "name": "@NAME@",
  "module": "build/lib@NAME@.so",
  "scenes": "scenes",
  "archetypes": "archetypes",
  "default_scene": "scenes/main.scene.json",
  "build": "cmake --build build"
}
)";

constexpr std::string_view readme_md = R"(# @NAME@

A game made with Mosaic.

## Build

```sh
cmake -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build
```

`<sdk>` is where Mosaic is: an install prefix (`cmake --install build/release --prefix <sdk>`
in Mosaic's repository) or a Mosaic build tree (`<mosaic>/build/release`). This builds the
game module `build/lib@NAME@.so`.

## Open

```sh
@EDITOR@ scenes/main.scene.json
```

or `@EDITOR@ .` for the project's default scene. Select "Spinner", change its Spin in
the inspector, press Play. @PATH_NOTE@

## What is here

| file | what |
|---|---|
| `components.hpp` | the components: plain data (`Spin`) |
| `systems.cpp` | the systems: `spin` turns every entity with a Spin |
| `register.cpp` | how the editor and scene files see the components, and the module's entry point |
| `scenes/main.scene.json` | the scene: a camera and a spinning sprite |
| `mosaic.project.json` | the manifest: the module, the scenes, the build command |
| `CMakeLists.txt` | `find_package(mosaic)` and `mosaic_add_game` |
)";

// What the build, ctest and the editor write into the project and that is not the project's:
// the build folder, ctest's logs (Testing/, when ctest runs from the project folder), the
// editor's caches (.mosaic/: thumbnails, the asset index), the backup a save keeps
// (NAME.scene.json.bak) and scenes recovered after a crash (NAME.recovered.scene.bin).
constexpr std::string_view gitignore =
    "build/\n"
    "Testing/\n"
    ".mosaic/\n"
    "*.bak\n"
    "*.recovered.scene.bin\n"
    "*.recovered-*.scene.bin\n";

std::string fill_in(std::string_view text, std::string_view name,
                    std::string_view marker = "@NAME@") {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0;;) {
        const std::size_t next = text.find(marker, at);
        out.append(text.substr(at, next - at));
        if (next == std::string_view::npos) return out;
        out.append(name);
        at = next + marker.size();
    }
}

/// The README: how to open the project names the editor by its full path when it is known
/// (the SDK's bin/ need not be on PATH).
std::string readme(std::string_view name, const std::filesystem::path& editor) {
    std::string text = fill_in(readme_md, name);
    if (editor.empty()) {
        text = fill_in(text, "mosaic-editor", "@EDITOR@");
        return fill_in(text, "(`mosaic-editor` is in the `bin/` folder of the SDK.)",
                       "@PATH_NOTE@");
    }
    text = fill_in(text, editor.string(), "@EDITOR@");
    return fill_in(text,
                   "To type `mosaic-editor` alone, add its folder to PATH: `export PATH=\"" +
                       editor.parent_path().string() + ":$PATH\"`.",
                   "@PATH_NOTE@");
}

Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

// A camera and one sprite that spins. Spin is the game's type, unknown to the engine here, so
// it goes in as an unknown component: the saver writes it verbatim, the game loads it.
std::string main_scene() {
    component_table table;
    register_components(nullptr, table);  // the built-in components
    scene s;
    world& w = s.world;

    const entity camera = w.create();
    w.add<Name>(camera, named("Camera"));
    w.add<Transform>(camera);
    w.add<Camera>(camera);
    s.ensure_id(camera);

    const entity spinner = w.create();
    w.add<Name>(spinner, named("Spinner"));
    w.add<Transform>(spinner, Transform{.scale = {2.0f, 2.0f}});
    w.add<Sprite>(spinner, Sprite{.tint = {0.95f, 0.55f, 0.2f, 1.0f}});
    s.unknown[s.ensure_id(spinner)].push_back(
        {"Spin", R"({"version":1,"degrees_per_second":90.0})"});

    std::ostringstream out;
    (void)save_scene_json(s, table, out);  // no warnings: every type is registered
    return out.str();
}

}  // namespace

std::vector<project_file> new_project_files(std::string_view name,
                                            const std::filesystem::path& editor) {
    return {
        {"CMakeLists.txt", fill_in(cmake_lists, name)},
        {"components.hpp", fill_in(components_hpp, name)},
        {"systems.cpp", fill_in(systems_cpp, name)},
        {"register.cpp", fill_in(register_cpp, name)},
        {"scenes/main.scene.json", main_scene()},
        {"mosaic.project.json", fill_in(manifest_json, name)},
        {"README.md", readme(name, editor)},
        {".gitignore", std::string(gitignore)},
    };
}

}  // namespace mosaic::detail
