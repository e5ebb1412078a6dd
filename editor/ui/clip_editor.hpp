#pragma once
// clip_editor: the Clip Editor window, for sprite clips. The Project panel opens it on a
// sheet (right-click > New Clip from Sheet...) or a clip (double-click, or Edit Clip...). On
// the left, the sheet's frames as pictures: a click adds one at the end of the clip, a drag
// puts it before a row of the clip. In the middle, the clip's frames with their durations
// (drag a row to move it), loop / once / ping-pong and the events; on the right, the clip
// playing. Save writes the *.clip.json. The model is core/clip_builder; this file only draws.

#include <array>
#include <string>
#include <vector>

#include "core/clip_builder.hpp"
#include "ui/asset_picture.hpp"

namespace mosaic::editor {

class editor_state;
struct ui_state;
class viewport_renderer;

class clip_editor {
public:
    /// Opens `path` (relative to the project): a sheet (a new clip of it) or a clip.
    void open(editor_state& s, const std::string& path);
    /// The window (nothing while closed).
    void draw(editor_state& s, ui_state& ui, viewport_renderer* renderer);

    [[nodiscard]] bool is_open() const noexcept { return open_; }
    [[nodiscard]] const clip_builder& model() const noexcept { return model_; }

private:
    void draw_sheet_column(ui_state& ui);
    void draw_clip_column(editor_state& s, ui_state& ui);
    void draw_events(ui_state& ui);
    void draw_preview(ui_state& ui);
    /// Frame `index` of the sheet as a picture of `side` pixels at most.
    void frame_picture(int index, float side);
    void after_sheet_change();

    clip_builder model_;
    asset_picture picture_;
    std::vector<std::string> sheets_;  // the project's sheets, for the picker
    bool open_ = false;
    bool playing_ = true;
    double time_ = 0.0;  // the preview's running time
    int selected_ = -1;  // a row of the clip
    int all_ms_ = 100;   // "All durations"
    std::array<char, 256> path_{};
    std::array<char, 128> event_name_{};
    std::string message_;
    bool message_is_error_ = false;
};

}  // namespace mosaic::editor
