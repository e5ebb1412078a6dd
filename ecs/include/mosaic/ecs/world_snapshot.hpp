#pragma once
// world_snapshot: a copy of a world made to be kept, many in a row (a recording's keyframes,
// the states a step back re-simulated). A snapshot taken after another shares every pool that
// has not changed since (pool::same_as: same entries, order and bytes) instead of copying it:
// in a game most pools (sprites, colliders, names) stay as they are from one second to the
// next, and only the moving ones (transforms, bodies) cost memory again.
//
//   world_snapshot a = world_snapshot::of(w);
//   w.get<Position>(e).x += 1.0f;                  // only the Position pool changes
//   world_snapshot b = world_snapshot::of(w, &a);  // shares a's other pools
//   world back = b.restore();                      // equal to w now
//
// Pools are immutable once in a snapshot; restore() copies them into a new world, so the
// restored world and the snapshots never alias.

#include <cstddef>
#include <memory>
#include <vector>

#include "entity_pool.hpp"
#include "type_id.hpp"
#include "world.hpp"

namespace mosaic {

class world_snapshot {
public:
    /// A snapshot of `w`; with `previous` (a snapshot of an earlier state of the same world),
    /// the pools equal to previous's are shared with it. Throws like world::clone when a
    /// component type is not copyable.
    [[nodiscard]] static world_snapshot of(const world& w,
                                           const world_snapshot* previous = nullptr);

    /// A world equal to the one snapshotted (entities, pools, groups; not signals).
    [[nodiscard]] world restore() const;

    /// Bytes this snapshot holds alone: its entity table and the pools it does not share with
    /// the snapshot it was taken after (those are that one's).
    [[nodiscard]] std::size_t own_bytes() const noexcept;
    /// The snapshot this one was taken after is gone: the pools shared with it are this one's
    /// own now. Returns the bytes own_bytes() grew by.
    std::size_t adopt_shared() noexcept;
    /// How many pools are shared with the snapshot taken before.
    [[nodiscard]] std::size_t shared_pools() const noexcept;

private:
    struct pool_entry {
        type_id type = invalid_type_id;
        std::shared_ptr<const sparse_set> pool;
        std::size_t bytes = 0;
        bool shared = false;  // with the snapshot taken before (counted there)
    };
    struct group_entry {
        std::vector<type_id> pools;  // in the group's order
        std::size_t size = 0;
    };
    struct answer_entry {
        std::vector<type_id> types;
        std::ptrdiff_t group = -1;  // into groups_, -1: refused
    };
    entity_pool entities_;
    std::vector<pool_entry> pools_;  // in the world's pool order
    std::vector<group_entry> groups_;
    std::vector<answer_entry> answers_;
};

}  // namespace mosaic
