#pragma once
// sheet_editor: the Sheet Editor window. The Project panel opens it on an image (right-click
// > Slice into Sheet...) or a sheet (Edit Sheet...). It draws the image, zoomed for pixel
// art, with the grid's cells over it; the fields on its left set the cell size, offset and
// spacing, each frame's name and pivot (or every frame's); Save writes NAME.sheet.json, which
// the Scene view shows within a second (hot reload). The model, its rules and its messages
// are core/sheet_slicer; this file only draws and forwards clicks.

#include <array>
#include <string>

#include "core/sheet_slicer.hpp"
#include "ui/asset_picture.hpp"

namespace mosaic::editor {

class editor_state;
struct ui_state;
class viewport_renderer;

class sheet_editor {
public:
    /// Opens `path` (relative to the project): an image to slice, or a sheet to edit.
    void open(editor_state& s, const std::string& path);
    /// The window (nothing while closed).
    void draw(editor_state& s, ui_state& ui, viewport_renderer* renderer);

    [[nodiscard]] bool is_open() const noexcept { return open_; }
    [[nodiscard]] const sheet_slicer& model() const noexcept { return model_; }

private:
    void draw_settings(editor_state& s, ui_state& ui);
    void draw_frame_list(ui_state& ui);
    void draw_preview(ui_state& ui);
    void select(int frame);

    sheet_slicer model_;
    asset_picture picture_;
    bool open_ = false;
    float zoom_ = 4.0f;
    glm::vec2 all_pivot_{0.5f, 0.5f};
    int selected_ = -1;
    std::array<char, 256> name_{};
    std::array<char, 256> path_{};
    std::string message_;  // the last rename's or save's outcome
    bool message_is_error_ = false;
};

}  // namespace mosaic::editor
