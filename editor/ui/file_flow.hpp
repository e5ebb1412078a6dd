#pragma once
// file_flow: a file operation on its way through what it may have to ask — "unsaved
// changes?", a file dialog, "could not open" — over as many frames as the user takes
// (file_commands.cpp drives it; the modals show it).

#include <filesystem>
#include <string>

#include "ui/file_dialog.hpp"

namespace mosaic::editor {

/// A file operation waiting for the user to answer "unsaved changes?" or pick a file.
enum class file_request {
    none,
    new_scene,
    open_dialog,
    open_path,
    open_project_dialog,
    open_project_path,
    open_replay_dialog,
    exit
};

struct file_flow {
    file_request pending = file_request::none;
    std::filesystem::path pending_path;  // for open_path, open_project_path
    bool ask_unsaved = false;            // the "Unsaved changes" modal is up
    bool save_then_continue = false;     // a Save As from that modal continues `pending`
    std::string load_error;              // shown in the "Could not open" modal
    std::string load_error_title = "Could not open the scene";  // or "... the project"
    bool show_load_error = false;
    file_dialog dialog;
    bool quit = false;  // the application exits at the end of this frame
};

}  // namespace mosaic::editor
