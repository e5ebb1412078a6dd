#pragma once
// hierarchy_panel: the tree of entities (by Parent) with their names.
//
// Built for 100,000 entities: the open part of the tree is flattened into a list of rows
// (entity, depth), rebuilt only when the scene's structure may have changed (entity count,
// undo state, a parent link, a filter or an open/close), and drawn with ImGuiListClipper so
// only the visible rows cost anything. The same row list gives Shift+click its ranges.
//
// Interaction (Unity's): click selects, Ctrl+click toggles, Shift+click selects a range;
// Up/Down move the selection, Left/Right fold and unfold (or go to the parent / first child),
// Ctrl+A selects all; double-click, Enter or F2 renames (a new entity starts renaming); drag
// rows onto a row to re-parent, onto the empty space below or the "move to the root" zone
// shown during the drag to move them to the root (the list scrolls near its edges, the
// dragged rows become the selection); right-click for a context menu; the search field shows
// a flat list of the entities whose name contains the text (case-insensitive). Duplicate
// (Ctrl+D) shows each copy right under its original, selected and scrolled into view.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <mosaic/ecs/entity.hpp>

#include "ui/hierarchy_placement.hpp"
#include "ui/panel.hpp"

namespace mosaic::editor {

/// The drag-and-drop payload type of entities (the hierarchy's rows): an array of
/// entity::to_bits() values.
inline constexpr const char* entity_payload = "MOSAIC_ENTITIES";

class hierarchy_panel : public panel {
public:
    struct row {
        entity e;
        std::int32_t depth = 0;
        bool has_children = false;
    };

    hierarchy_panel();

    void draw(panel_context& ctx) override { draw(ctx, ctx.ui); }
    /// Draws the panel's contents into the current window.
    void draw(panel_context& s, ui_state& ui);
    /// Rebuilds on scene_changed and scene_opened, scrolls on reveal_in_hierarchy, renames on
    /// rename_in_hierarchy.
    void on_event(const panel_event& e, panel_context& s) override;

    [[nodiscard]] const std::vector<row>& rows() const noexcept { return rows_; }
    /// The search text (tests and scripts set it too).
    void set_filter(std::string_view text);
    [[nodiscard]] std::string_view filter() const noexcept { return filter_; }
    /// How many times the rows were rebuilt (tests, benchmarks).
    [[nodiscard]] std::uint64_t rebuilds() const noexcept { return rebuilds_; }

    /// Rebuilds the rows if the scene's structure may have changed since the last call.
    void refresh(panel_context& s);

private:
    struct signature {
        const void* world = nullptr;
        std::size_t entities = 0;
        std::size_t parents = 0;
        std::uint64_t history = 0;
        friend bool operator==(const signature&, const signature&) = default;
    };

    void rebuild(panel_context& s);
    void draw_row(panel_context& s, ui_state& ui, std::size_t index);
    void draw_context_menu(panel_context& s, ui_state& ui, entity e);
    void click(panel_context& s, entity e);
    /// Re-parents what was dragged (null: to the root) and selects it.
    void drop(panel_context& s, const std::vector<entity>& dragged, entity parent);
    /// While dragging: scrolls when the mouse is near the top or bottom edge of the rows.
    void auto_scroll();
    /// Up/Down, Left/Right, Ctrl+A, Enter (the rows have the keyboard focus).
    void keyboard(panel_context& s);
    void reveal(panel_context& s, entity e);

    hierarchy_placement placement_;  // copies shown under their originals
    std::vector<row> rows_;
    std::vector<entity> row_entities_;          // rows_[i].e, for select_range
    std::unordered_set<std::uint64_t> closed_;  // collapsed nodes (entity bits)
    signature last_{};
    std::uint64_t frames_since_rebuild_ = 0;
    std::uint64_t rebuilds_ = 0;
    bool dirty_ = true;
    char filter_[128] = {};
    entity rename_request_ = null_entity;  // start renaming it at the next draw
    entity scroll_to_ = null_entity;       // scroll to it (unfolding its parents) at the next draw
    entity renaming_ = null_entity;
    char rename_buffer_[64] = {};
    bool rename_focus_ = false;
    entity pending_click_ = null_entity;  // press on a selected row: select it alone on release
    float row_height_ = 0;
    bool drag_scroll_armed_ = false;        // the drag may scroll the list (auto_scroll)
    std::optional<float> drag_started_at_;  // the mouse's y when the drag began
};

}  // namespace mosaic::editor
