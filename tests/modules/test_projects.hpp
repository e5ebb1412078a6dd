#pragma once
// The test modules (tests/modules/CMakeLists.txt) and project folders that use them, for
// tests that load game code the way mosaic-editor and mosaic-run do. Needs
// MOSAIC_TEST_MODULES_DIR defined to the folder the modules are built into.
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace mosaic::testing {

/// The built module libNAME.so.
inline std::filesystem::path test_module(std::string_view name) {
    return std::filesystem::path(MOSAIC_TEST_MODULES_DIR) / ("lib" + std::string(name) + ".so");
}

/// Makes `folder` a project named `name` whose manifest names `module` (absolute), with a
/// scenes/ folder; returns the manifest's path.
inline std::filesystem::path write_test_project(const std::filesystem::path& folder,
                                                std::string_view name,
                                                const std::filesystem::path& module) {
    std::filesystem::create_directories(folder / "scenes");
    const std::filesystem::path manifest = folder / "mosaic.project.json";
    std::ofstream(manifest) << "{\n  \"name\": \"" << name << "\",\n  \"module\": \""
                            << module.string() << "\"\n}\n";
    return manifest;
}

}  // namespace mosaic::testing
