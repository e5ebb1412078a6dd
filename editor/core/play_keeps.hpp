#pragma once
// play_keeps: "Keep after Stop", the play-mode changes the user chose not to lose.
//
// While playing or paused the user marks components ("Keep after Stop") or whole entities
// ("Keep whole entity"). On Stop, before the edit-time snapshot comes back, collect() reads
// the marked values from the played world and compares them with the snapshot, field by
// field, through the component table (any registered type, nothing per type). What changed
// becomes a list of kept_items the user ticks in a dialog; apply_kept_changes() writes the
// ticked ones into the restored edit scene as one undo step.
//
// Entities are matched by handle: the game runs in place on the edit world, so an entity that
// existed at edit time has the same handle in both, and one created during play has a handle
// the edit world never had (generations are never reused). Entities created during play are
// created on apply; references to entities that do not exist at edit time (and are not
// created by the same apply) become null, and each such case is a line in the report.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/scene/scene.hpp>

#include "history.hpp"

namespace mosaic::editor {

class editor_state;

/// One changed field: its name and both values as text ("edit-time -> play").
struct kept_field {
    std::string name;
    std::string before, after;
};

/// One component of one entity whose play value may be kept (a row of the Stop dialog).
struct kept_item {
    entity target;                   // the played entity (its edit-time handle when it had one)
    bool created_in_play = false;    // no edit-time counterpart: created on apply
    std::string entity_name;         // for the dialog: its name in play
    type_id type = invalid_type_id;  // a registered, plain-data type
    std::string component;           // the type's registered name
    component_state before, after;   // edit-time and play states
    std::vector<kept_field> fields;  // what differs ("(added)" / "(removed)" when so)
    bool apply = true;               // ticked in the dialog
};

/// What Stop found: the items to offer and what cannot be kept, in plain words.
struct kept_changes {
    std::vector<kept_item> items;
    std::vector<std::string> problems;  // "Enemy 2 / Transform: destroyed during play ..."

    [[nodiscard]] bool empty() const noexcept { return items.empty() && problems.empty(); }
};

/// The components "Keep whole entity" takes: what a scene file saves of it (registered plain
/// data, not runtime state).
[[nodiscard]] bool whole_entity_keeps(const component_info& info) noexcept;

class play_keeps {
public:
    // --- marks (while playing) -------------------------------------------------------------
    /// Marks or unmarks `type` on `e` (of the played scene `w`; names kept for reports).
    void set_kept(const world& w, const component_table& table, entity e, type_id type, bool keep);
    /// Marks or unmarks every component of `e` (those that scene files save).
    void set_entity_kept(const world& w, entity e, bool keep);
    /// True when `info`'s type on `e` is marked, itself or through its whole entity (which
    /// takes what whole_entity_keeps() accepts).
    [[nodiscard]] bool kept(entity e, const component_info& info) const;
    [[nodiscard]] bool entity_kept(entity e) const;
    [[nodiscard]] bool any_marked() const noexcept { return !marks_.empty(); }
    /// Rewrites the marks' types after a code reload (`remap` returns the new id, or
    /// invalid_type_id for a type that is gone); drops what is pending (its bytes are of the
    /// old layouts). Returns true if pending changes were dropped.
    template <class F>
    bool remap_types(F&& remap) {
        for (mark& m : marks_)
            if (!m.whole && m.type != invalid_type_id) m.type = remap(m.type);
        const bool dropped = !pending_.empty();
        pending_ = {};
        return dropped;
    }

    // --- Stop ------------------------------------------------------------------------------
    /// Called by Stop before the snapshot comes back: reads the marked values from `play`,
    /// compares them with `edit`, forgets the marks. The result waits in pending().
    void collect(const scene& play, const scene& edit, const component_table& table);
    /// What the Stop dialog offers (empty: nothing to show).
    [[nodiscard]] kept_changes& pending() noexcept { return pending_; }
    [[nodiscard]] bool has_pending() const noexcept { return !pending_.empty(); }
    /// Forgets marks and pending changes (a scene was opened, the dialog was dismissed).
    void clear() noexcept;
    void discard_pending() noexcept { pending_ = {}; }

private:
    struct mark {
        entity target;
        bool whole = false;              // the whole entity (type unused)
        type_id type = invalid_type_id;  // invalid after a reload removed the type
        std::string entity_name;
        std::string type_name;  // the type's name when marked (a reload may remove it)
    };
    std::vector<mark> marks_;
    kept_changes pending_;
};

/// "Keep after Stop" on `type` of each entity (on or off); only while playing or paused.
void keep_after_stop(editor_state& s, std::span<const entity> entities, type_id type, bool keep);
/// "Keep whole entity" (on or off); only while playing or paused.
void keep_whole_entities(editor_state& s, std::span<const entity> entities, bool keep);

/// Applies the ticked items of `s.keeps().pending()` to the edit scene as one undo step
/// ("Keep play-mode changes") and clears them. Returns the lines that could not be applied
/// (also in the console); the edit scene is never left half-written for one item.
std::vector<std::string> apply_kept_changes(editor_state& s);

}  // namespace mosaic::editor
