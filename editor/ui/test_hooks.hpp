#pragma once
// test_hooks: what the panels record for tests and scripts when asked — the rectangles of
// their main widgets under stable names ("toolbar/Play", "inspector/Transform.position",
// "hierarchy/row/Tank"), so a test can move the mouse onto them, and a few values the
// screen shows.

#include <imgui.h>

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace mosaic::editor {

/// A screen rectangle of a widget.
struct item_rect {
    ImVec2 min{0, 0};
    ImVec2 max{0, 0};
    [[nodiscard]] ImVec2 center() const { return {(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f}; }
};

struct test_hooks {
    /// When on, panels record (nothing is recorded otherwise).
    bool record_items = false;
    std::unordered_map<std::string, item_rect> items;
    std::unordered_set<std::string> mixed;  // inspector fields shown as mixed values
    std::string inspector_name;             // the name the inspector shows (text or hint)
    std::string scene_label;                // the Scene view's PLAYING / PAUSED, or empty
    /// The text each module panel wrote in the last frame it was drawn, by panel id (game
    /// code draws there: no stable names to record).
    std::unordered_map<std::string, std::string> module_text;
    /// Records ImGui's last item under `name` (when record_items is on).
    void record(const std::string& name);
};

}  // namespace mosaic::editor
