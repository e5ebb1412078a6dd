#pragma once
// hierarchy_placement: where the Hierarchy shows copies. Entities carry no sibling order (the
// rows follow the world's entity order), so a copy made by Duplicate would land at the end of
// the list, far from what the user copied. The panel remembers which entity each copy was made
// from and shows the copy right under its original (the newest copy first), as Unity does,
// for as long as both are siblings. Remembered for the session; a reopened scene starts over.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include <mosaic/ecs/entity.hpp>

namespace mosaic::editor {

class hierarchy_placement {
public:
    /// Show `copy` right under `original` (when they are siblings).
    void place_below(entity copy, entity original);
    void clear() noexcept { below_.clear(); }
    [[nodiscard]] bool empty() const noexcept { return below_.empty(); }
    /// Reorders one list of siblings: each copy follows its original (and its original's
    /// newer copies), the rest keep their order.
    void order(std::vector<entity>& siblings) const;

private:
    struct origin {
        entity original;
        std::uint64_t sequence = 0;  // newer copies go nearer their original
    };
    std::unordered_map<std::uint64_t, origin> below_;  // by the copy's bits
    std::uint64_t next_sequence_ = 0;
};

}  // namespace mosaic::editor
