#pragma once
// change_recorder: the undo record of an edit made by code that changes many entities at once
// and does not say what it changed (the engine's prefab propagate, revert-all, unpack). It
// snapshots the entities that may change before, compares them after, and returns the
// differences as history changes: entities created, component values changed (added and
// removed included), active flags, entities destroyed.
//
//   change_recorder r(s.scene(), s.table(), members);
//   propagate(...);                                    // the edit
//   step st{"Apply to Prefab", r.finish(s.scene(), s.table(), members_now), 0};

#include <span>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "history.hpp"

namespace mosaic::editor {

class change_recorder {
public:
    /// Remembers the alive ones of `entities` as they are now.
    change_recorder(const scene& s, const component_table& table, std::span<const entity> entities);

    /// What changed since: of the remembered entities (values, active flags, destroyed ones)
    /// and of `now` (those not remembered are created ones). Ordered so that redo applies
    /// creations first and destructions last, undo the reverse.
    [[nodiscard]] std::vector<change> finish(const scene& s, const component_table& table,
                                             std::span<const entity> now) const;

private:
    std::vector<entity_snapshot> before_;
};

}  // namespace mosaic::editor
