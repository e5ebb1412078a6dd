#pragma once
// mosaic-run --validate for asset files (run_commands.hpp parses the command):
//
//   mosaic-run --validate art/tank.png          an image: its size, or why it does not load
//   mosaic-run --validate art/tank.sheet.json   a sprite sheet (or an Aseprite / TexturePacker
//                                               export): its frames and tags, checked against
//                                               its image; every problem on its own line
//   mosaic-run --validate fonts/title.ttf       a font: whether it parses
//
// The same loaders and messages as the renderer's texture_cache (assets/), without a window.

#include <filesystem>
#include <iosfwd>

namespace mosaic::tools {

/// PNG/JPEG images, fonts and *.json files that are not scenes, prefabs or archetypes.
[[nodiscard]] bool is_asset_path(const std::filesystem::path& file);

/// Loads the asset `file` and prints what it holds to `out`, or its problems to `err`
/// (exit_file_error).
int validate_asset(const std::filesystem::path& file, std::ostream& out, std::ostream& err);

}  // namespace mosaic::tools
