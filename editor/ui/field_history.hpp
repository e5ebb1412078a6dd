#pragma once
// Field history: a numeric field of one entity plotted over the recorded ticks (the
// inspector's field menu > Plot History, while playing). Clicking a point of the plot puts
// the timeline at that tick: "why did health drop at tick 4,210?" is one click on the drop.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/fwd.hpp>

#include "core/timeline.hpp"  // field_sample

namespace mosaic::editor {

class panel_context;

struct ui_state;

/// What the Field History window shows (ui_state::history).
struct field_history_view {
    bool open = false;
    entity target = null_entity;
    type_id component = invalid_type_id;
    std::size_t field = 0;                          // index in the component's fields
    std::string title;                              // "Tank 3 / Health.current"
    std::vector<std::vector<field_sample>> series;  // one per number (vec2: x and y)
    std::vector<std::string> series_names;          // the legend: "x", "y" / "r".. / "[0]"..
    std::uint64_t first = 0, last = 0;              // the recording's range when sampled
    std::string error;                              // why there is nothing to plot
};

/// Whether the field holds numbers the window can plot (ints, floats, vectors).
[[nodiscard]] bool can_plot(const field_info& field) noexcept;

/// Opens the window on `field` of `target`'s `component`, sampling it now.
void open_field_history(panel_context& s, ui_state& ui, entity target, type_id component,
                        std::size_t field);
/// The window (call once per frame; nothing when closed).
void draw_field_history(panel_context& s, ui_state& ui);

}  // namespace mosaic::editor
