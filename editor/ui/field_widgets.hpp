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

#include <functional>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "core/actions.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

class panel_context;

/// The prefab parts of a field's row, for entities of prefab instances (prefab_header.hpp):
/// whether the field is an overridden value (a bold label and a bar at the left, as Unity
/// marks them) and the items its label's menu then adds (Revert, Apply to Prefab).
struct field_prefab_marks {
    std::function<bool(const field_info&)> overridden;
    std::function<void(const field_info&)> menu_items;
};

struct field_context {
    panel_context& parts;  // the model's parts and verbs (ui/panel.hpp)
    ui_state& ui;
    std::span<const entity> entities;  // all alive, all have the component
    const component_info& info;
    live_edit& live;
    const field_prefab_marks* prefab = nullptr;  // null: no entity is an instance's
};

/// The mark of an overridden prefab value: a bar at the left edge of the window, from `top`
/// down `height` pixels.
void draw_override_bar(float top, float height);

/// Draws `field` (one of ctx.info.fields; every element of a fixed array) as "label | widget"
/// rows.
void draw_field(field_context& ctx, const field_info& field);

}  // namespace mosaic::editor
