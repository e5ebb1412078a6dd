#pragma once
// group: a set of component types whose pools keep the entities that have all of them,
// enabled, packed at the front in the same order (an "owning group", as in EnTT, but made
// and arbitrated by the library: nobody declares one by hand).
//
//   pool A:  [ e7 e2 e9 | e4 e1 ... | disabled ]     positions [0, size()) of every owned
//   pool B:  [ e7 e2 e9 | e5 ...    | disabled ]     pool hold the same entities in the
//             \_group_/                              same order; their values line up
//
// A view whose types are the group's (or include them) then walks [0, size()) of aligned
// arrays, a pointer walk per page with no lookup and no membership test: the speed of an
// archetype table. Where groups come from: the scheduler asks the world for one per query
// its systems run every tick (scheduler::each, view_t parameters), see world::assure_group.
//
// Keeping the invariant. Each owned pool calls into its groups when an entity gains an
// enabled component there (add, enable: the entity joins every group it now matches, moved
// to position size() of each owned pool, which grows by one) or is about to lose one
// (remove, disable, destroy: it leaves, swapped with the group's last member first). Those
// are swaps of values within a pool: a reference to a component of an owned pool names
// another entity's value after *any* add, remove, enable or disable of a type the group
// owns (see storage.hpp for what moves values in pools without groups). Clearing a pool
// empties its groups; cloning a world copies them (same order, same sizes).
//
// Several groups may own one pool when they nest: {A, B} and {A, B, C} (every member of
// the second is a member of the first, so its range is a prefix of the first's). A group
// that would share a pool with one it does not nest with is refused (a view over its types
// iterates as usual). Groups owning a pool are kept ordered by type count, outer first;
// joining walks them outer to inner, leaving inner to outer, so each swap stays inside
// (or outside) every other group's range.
//
// The group range lies inside each pool's enabled prefix (members are enabled in every
// owned pool). Inactive entities (world::set_active) and excluded types are not part of a
// group: views filter them per entity as they do without groups.

#include <cstdint>
#include <span>
#include <vector>

#include "entity.hpp"
#include "fwd.hpp"

namespace mosaic {

class group {
public:
    /// `pools`: two or more distinct pools, in type id order.
    explicit group(std::vector<sparse_set*> pools) noexcept : pools_(std::move(pools)) {}
    group(const group&) = delete;
    group& operator=(const group&) = delete;

    /// How many entities the group holds: positions [0, size()) of every owned pool.
    [[nodiscard]] std::uint32_t size() const noexcept { return size_; }
    /// The owned pools, in type id order.
    [[nodiscard]] std::span<sparse_set* const> pools() const noexcept { return pools_; }
    [[nodiscard]] std::size_t type_count() const noexcept { return pools_.size(); }
    [[nodiscard]] bool owns(const sparse_set& pool) const noexcept;
    /// True when every pool of this group is one of `pools` (a view over them can use it).
    [[nodiscard]] bool owned_within(std::span<const sparse_set* const> pools) const noexcept;
    /// True when the entity with this index is in the group.
    [[nodiscard]] bool contains(entity_index index) const noexcept;
    /// True when the entity has every owned component, enabled.
    [[nodiscard]] bool matches(entity_index index) const noexcept;
    /// True when the world made it on its own for a view iterated repeatedly (world.hpp,
    /// section 8), false when it was asked for (assure_group, the scheduler).
    [[nodiscard]] bool automatic() const noexcept { return automatic_; }

private:
    friend class sparse_set;
    friend class world;
    friend class world_snapshot;  // restores size_ as world::clone does
    // Moves a matching non-member to position size() of every pool, then grows the group.
    void join(entity_index index) noexcept;
    // Moves a member to position size() - 1 of every pool, then shrinks the group.
    void leave(entity_index index) noexcept;
    // Takes in every matching entity (a new group; members of groups nested inside this
    // one already sit at the front, `size_` counts them).
    void fill() noexcept;

    std::vector<sparse_set*> pools_;
    std::uint32_t size_ = 0;
    bool automatic_ = false;
};

}  // namespace mosaic
