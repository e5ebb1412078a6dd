#pragma once
// field_widgets: one widget per field kind, chosen from the registration table's field_info
// (kind, hints, enum values) — the inspector has no code for any particular component type.
//
// A field is shown for a group of entities (multi-object editing): the widget edits a copy of
// the first entity's value; when another entity's value differs the widget shows a mixed
// marker ("--"). An edit is written to the field element of every entity. Every edit runs
// inside a live_edit (begun when the widget activates or first changes), so a whole drag, a
// typed text or a colour-picker session is one undo step; the inspector ends it once no
// widget is active.

#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "core/actions.hpp"
#include "core/editor_state.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

struct field_context {
    editor_state& state;
    ui_state& ui;
    std::span<const entity> entities;  // all alive, all have the component
    const component_info& info;
    live_edit& live;
};

/// Draws `field` (one of ctx.info.fields; every element of a fixed array) as "label | widget"
/// rows.
void draw_field(field_context& ctx, const field_info& field);

}  // namespace mosaic::editor
