#pragma once
// inspector_panel: the selected entities' name, active flag and components, driven only by
// the component table. Each component is a collapsing header with an enable checkbox and a
// menu (Reset, Remove, Copy values, Paste values); its fields come from field_widgets. With
// several entities selected it shows the components they all have and edits apply to all.
// Components of unknown types kept from the file are shown read-only as their JSON. For an
// entity of a prefab instance, the header names its prefab and overridden values are marked
// (prefab_header.hpp).

#include <vector>

#include <mosaic/ecs/fwd.hpp>

#include "core/actions.hpp"
#include "ui/animation_preview.hpp"
#include "ui/panel.hpp"
#include "ui/prefab_header.hpp"

namespace mosaic::editor {

class inspector_panel : public panel {
public:
    inspector_panel() : panel({.id = "inspector", .title = "Inspector", .where = dock::right}) {}

    void draw(panel_context& ctx) override {
        renderer_ = ctx.renderer;
        draw(ctx, ctx.ui);
    }
    /// Draws the panel's contents into the current window.
    void draw(panel_context& s, ui_state& ui);

    /// True while a field edit (a drag, typing) is in progress.
    [[nodiscard]] bool editing() const noexcept { return live_.active(); }

private:
    void draw_header(panel_context& s, ui_state& ui);
    void draw_component(panel_context& s, ui_state& ui, const component_info& info);
    void draw_unknown(panel_context& s);
    void draw_unregistered(panel_context& s, ui_state& ui);
    void draw_add_component(panel_context& s, ui_state& ui);

    std::vector<entity> entities_;  // this frame's targets: the alive selection
    viewport_renderer* renderer_ = nullptr;
    animation_preview animation_;  // what an Animator plays
    live_edit live_;
    prefab_marks marks_;  // overridden prefab values: marks and menus
    char name_buffer_[64] = {};
    bool name_active_ = false;
    char add_filter_[64] = {};
    int add_highlight_ = 0;  // Add Component: the match Enter adds (arrows move it)
};

}  // namespace mosaic::editor
