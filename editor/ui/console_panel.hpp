#pragma once
// console_panel: the editor's log (load and save errors, unknown-component warnings, script
// output) with a filter per level, count badges and Clear.

#include <cstddef>

#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

class console_panel {
public:
    void draw(editor_state& s, ui_state& ui);

private:
    bool show_[3] = {true, true, true};  // by log_level
    std::size_t seen_lines_ = 0;         // scroll to the bottom when lines arrive
};

}  // namespace mosaic::editor
