#pragma once
// project_panel: the project folder's files — scenes open on double-click (asking about
// unsaved changes first), archetypes spawn an entity on double-click, other files are listed.

#include <filesystem>
#include <string>
#include <vector>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

class project_panel {
public:
    void draw(editor_state& s, ui_state& ui);

private:
    void scan(const std::filesystem::path& folder);

    struct file {
        std::filesystem::path path;
        std::string label;  // relative to the folder
        bool scene = false;
    };
    std::filesystem::path folder_;
    std::vector<file> files_;
    bool scanned_ = false;
};

}  // namespace mosaic::editor
