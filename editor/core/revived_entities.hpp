#pragma once
// revived_entities: which entities an undo or redo brought back (a Delete undone, a Create
// redone), so that the editor selects them again as Unity does. Noted before the step (the
// living entities), asked after it: one pass over the entities each time.

#include <cstdint>
#include <vector>

#include <mosaic/ecs/world.hpp>

namespace mosaic::editor {

class revived_entities {
public:
    /// Notes which entities are alive in `w` now.
    explicit revived_entities(const world& w);
    /// The entities alive in `w` now that were not, without those whose parent came back
    /// with them (the roots of what came back).
    [[nodiscard]] std::vector<entity> roots(const world& w) const;

private:
    std::vector<std::uint64_t> before_;  // entity bits, sorted
};

}  // namespace mosaic::editor
