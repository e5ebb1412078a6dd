#pragma once
// prefab_header: the inspector's prefab parts, for entities of linked prefab instances.
// - The entity header's prefab line: the prefab's name, Select (in the Project panel),
//   Open, Overrides (the list, with Apply All / Revert All), Unpack; a missing prefab in red
//   ("Missing prefab: PATH"), its overrides kept.
// - The marks of overridden values, as Unity draws them: a bold label (or header) and a bar
//   at the panel's left edge, on fields and on components (added, or a field differs).
// - Revert and Apply to Prefab in a field's label menu and a component header's menu.
// Every action is one undo step (core/prefab_overrides.hpp).

#include <span>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "core/prefab_overrides.hpp"
#include "ui/field_widgets.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

class panel_context;

/// Draws the prefab line of `e`'s header; nothing when `e` is not part of an instance.
void draw_prefab_header(panel_context& s, ui_state& ui, entity e);

/// The marks and menus of the components the inspector shows, for the entities it shows (a
/// value is marked when it is overridden on any of them; the menus act on each).
class prefab_marks {
public:
    /// Once a frame, with the inspector's entities.
    void update(panel_context& s, std::span<const entity> entities);
    /// Whether any shown entity overrides `c` (has it added, or a field differs).
    [[nodiscard]] bool component(panel_context& s, const component_info& c) const;
    /// Revert / Apply to Prefab items of the component header's menu (nothing unless
    /// overridden).
    void component_menu(panel_context& s, ui_state& ui, const component_info& c);
    /// The hooks `c`'s field rows use; null when no shown entity is an instance's.
    [[nodiscard]] const field_prefab_marks* fields(panel_context& s, ui_state& ui,
                                                   const component_info& c);

private:
    /// An action changes the prefab and its instances: the marks found this frame are stale
    /// (they hold the prefab as it was), so they go until the next update().
    void menu_items(panel_context& s, ui_state& ui, const component_info& c, const field_info* f);

    struct linked {
        entity e;
        linked_instance inst;
    };
    std::vector<linked> linked_;  // the shown entities that belong to an instance
    field_prefab_marks hooks_;
};

}  // namespace mosaic::editor
