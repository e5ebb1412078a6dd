#pragma once
// mosaic-editor's command line:
//
//   mosaic-editor [SCENE] [--project PATH] [--script FILE] [--screenshot PNG] [--frames N]
//                 [--settings FILE] [--size WxH] [--hidden]
//   mosaic-editor --new-project DIR [--name NAME]   (writes a project and exits, no window)

#include <filesystem>
#include <span>
#include <string>

namespace mosaic::editor {

struct editor_options {
    std::filesystem::path scene;
    std::string project;               // a project folder or manifest; empty: from the scene's path
    std::filesystem::path script;      // editor commands to run (core/script.hpp)
    std::filesystem::path screenshot;  // written after the last frame (--frames) or the script
    int frames = -1;                   // >= 0: render this many frames, then exit 0
    std::filesystem::path settings;    // empty: default_settings_path()
    int width = 1600;
    int height = 900;
    bool hidden = false;
    bool help = false;
    std::filesystem::path new_project;  // --new-project: write a project here and exit
    std::string new_project_name;       // --name; empty: the folder's name
};

/// Reads the arguments (without the program name). Returns "" or what is wrong.
[[nodiscard]] std::string parse_command_line(std::span<const char* const> args,
                                             editor_options& out);
[[nodiscard]] std::string usage();

}  // namespace mosaic::editor
