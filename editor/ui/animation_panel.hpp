#pragma once
// animation_panel: the Animation tab, a dopesheet for property clips. For the selected
// entity's Animator clip (or one picked from the clip list) it shows a row per track
// (component.field.element; a track the game's code no longer has in red, with why), its keys
// as diamonds on a time ruler, and the playhead. Drag the ruler to scrub (Preview turns on:
// the entities playing the clip show it there); click a key to select it (Ctrl/Shift add),
// drag selected keys to move them (one undo step at release); Record, Preview, Save, the
// interpolation and Delete Keys are commands of the command table (Animation menu, anim_*
// verbs). The Events row shows the clip's events as flags: Add Event puts one at the
// playhead, a click selects one (Rename, Remove), a drag moves it; each is an anim_event*
// command, one undo step. Everything it does is core/animation_editor's; this file only
// draws and points.

#include <string>
#include <vector>

#include <mosaic/ecs/entity.hpp>

#include "ui/panel.hpp"

namespace mosaic::editor {

class animation_panel : public panel {
public:
    animation_panel();
    void draw(panel_context& ctx) override;

private:
    void draw_new_clip(panel_context& ctx);
    void draw_bar(panel_context& ctx);
    void draw_sheet(panel_context& ctx);
    void draw_event_bar(panel_context& ctx);
    // The Events row of the dopesheet at `y`; returns whether an event was pressed.
    bool draw_events(panel_context& ctx, float y, float x0, float x1, float row_h);

    std::vector<std::string> clip_files_;  // *.clip.json under the project folder
    double listed_at_ = -1.0;              // when clip_files_ was read (ImGui time)
    bool dragging_keys_ = false;
    float drag_from_ = 0.0f;        // seconds under the mouse when the key drag started
    entity new_for_ = null_entity;  // the entity new_path_ was proposed for
    char new_path_[120] = {};
    int selected_event_ = -1;  // index in the clip's events, or -1
    bool dragging_event_ = false;
    float event_drag_from_ = 0.0f;  // seconds under the mouse when the event drag started
    char event_name_[128] = {};
};

}  // namespace mosaic::editor
