#pragma once
// console_panel: the editor's log (load and save errors, unknown-component warnings, script
// output) with a filter per level, count badges and Clear.

#include <cstddef>
#include <string>

#include "ui/panel.hpp"

namespace mosaic::editor {

class console_panel : public panel {
public:
    console_panel() : panel({.id = "console", .title = "Console", .where = dock::bottom}) {}

    void draw(panel_context& ctx) override;
    /// "Console (1 error, 2 warnings)": the counts that are not zero.
    [[nodiscard]] std::string label(const panel_context& ctx) const override;

private:
    bool show_[3] = {true, true, true};  // by log_level
    std::size_t seen_lines_ = 0;         // scroll to the bottom when lines arrive
};

}  // namespace mosaic::editor
