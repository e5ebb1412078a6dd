#pragma once
// The index half of a component pool: which entities have the component, packed.
//
//   sparse:  entity index -> position in the packed arrays (pages of 4,096 entries,
//            allocated the first time an index in their range gets the component)
//   packed:  position -> entity index (dense; storage<T> keeps the values in the same order)
//
// Add appends; remove moves the last element into the hole (swap-and-pop): both O(1).
// Enabled components come first: positions [0, enabled_size()) are enabled, the rest are
// disabled. Views read only the enabled prefix, so a disabled component costs nothing when
// iterating and no memory per entity. Enabling or disabling swaps an element across the
// boundary.
//
// Packed entries are 32-bit slot indices, not full handles: the world's entity_pool holds
// the generations. That saves 4 bytes per component.
//
// The identity prefix: while position p holds entity index p for every p below some k (the
// pool of a component every entity got in creation order, like a Transform in a loaded
// level), a lookup of an index below k is the index itself, with no trip to the sparse
// pages. A random get<T> then waits for one memory access instead of two in a row. k only
// shrinks when an entry below it moves; add, remove and enable elsewhere keep it.
//
// Groups (group.hpp): a pool may be owned by groups, which keep the entities having all
// their types packed at the front of each owned pool. The pool calls into them when an
// entity gains an enabled entry (after add and enable) or is about to lose one (before
// remove and disable); a pool no group owns pays one test of an empty list for that.
//
// Following (follow()): a pool no group owns may be kept in the order of another pool, its
// leader: its enabled entries that the leader has come first, in the leader's order (as
// EnTT's sort_as). A view over both then finds them at the same positions and walks them
// with no lookup. Views of a non-const world ask for it (view.hpp, world.hpp section 8); the
// pass runs again only after either pool's layout changed, and then moves only what moved.
// When the leader's groups swap its entries (an entity joins or leaves a group), the same
// swap is made in a follower in step with it, which then needs no pass at all.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "entity.hpp"
#include "fwd.hpp"
#include "signal.hpp"
#include "size_mirror.hpp"

namespace mosaic {

namespace detail {
struct sparse_page {
    static constexpr std::uint32_t bits = 12;
    static constexpr std::uint32_t size = 1u << bits;
    static constexpr std::uint32_t absent = 0xFFFF'FFFFu;
    std::uint32_t entries[size];
};
inline constexpr sparse_page absent_sparse_page = [] {
    sparse_page page{};
    for (std::uint32_t& entry : page.entries) entry = sparse_page::absent;
    return page;
}();
}  // namespace detail

class sparse_set {
public:
    static constexpr std::uint32_t page_bits = detail::sparse_page::bits;
    static constexpr std::uint32_t page_size = detail::sparse_page::size;
    static constexpr std::uint32_t absent = detail::sparse_page::absent;

    explicit sparse_set(type_id type) noexcept;
    virtual ~sparse_set();
    sparse_set(const sparse_set&) = delete;
    sparse_set& operator=(const sparse_set&) = delete;

    [[nodiscard]] type_id type() const noexcept { return type_; }

    /// Position of `index` in the packed arrays, or `absent`.
    [[nodiscard]] std::uint32_t position(entity_index index) const noexcept;
    /// position() for many lookups in a row while the pool does not change: the page table
    /// is read once, not at every lookup.
    class position_finder {
    public:
        explicit position_finder(const sparse_set& set) noexcept
            : pages_(set.pages_.data()),
              page_count_(set.page_count_.get()),
              identity_(set.identity_) {}
        [[nodiscard]] std::uint32_t operator()(entity_index index) const noexcept {
            // A branch, not a select: a select would read the sparse page anyway.
            if (index < identity_) return index;
            const std::size_t page = index >> page_bits;
            return page < page_count_ ? pages_[page][index & (page_size - 1)] : absent;
        }

    private:
        const std::uint32_t* const* pages_;
        std::size_t page_count_;
        std::uint32_t identity_;
    };

    [[nodiscard]] bool contains(entity_index index) const noexcept {
        return position(index) != absent;
    }
    /// Present and enabled.
    [[nodiscard]] bool contains_enabled(entity_index index) const noexcept {
        const std::uint32_t pos = position(index);
        return pos != absent && pos < enabled_;
    }

    [[nodiscard]] std::size_t size() const noexcept { return packed_.size(); }
    [[nodiscard]] std::size_t enabled_size() const noexcept { return enabled_; }
    [[nodiscard]] bool empty() const noexcept { return packed_.empty(); }
    /// Packed entity indices; the enabled ones first.
    [[nodiscard]] std::span<const entity_index> indices() const noexcept { return packed_; }
    [[nodiscard]] const entity_index* packed_data() const noexcept { return packed_.data(); }
    /// Changes whenever an entry arrives, leaves or moves, or the enabled prefix changes. A
    /// view that looked positions up before calling user code checks it after each call.
    [[nodiscard]] std::uint64_t layout_version() const noexcept { return layout_version_; }
    /// Positions [0, identity_prefix()) hold entity indices 0, 1, 2... in order (see the top).
    [[nodiscard]] std::uint32_t identity_prefix() const noexcept { return identity_; }
    /// How many leading positions hold the same entities here and in `other`. Pools of
    /// components added together agree on most of their order, and views walk that part
    /// without any lookup. The answer is remembered until either pool's layout changes, so
    /// a system running every frame over a settled world pays for the comparison once.
    /// Safe to call from several threads at once (views in systems running in parallel).
    [[nodiscard]] std::size_t common_prefix(const sparse_set& other) const;

    /// Puts this pool's enabled entries that `leader` has among its first `leader_limit`
    /// positions first, in the leader's order (the rest after them, enabled ones still before
    /// disabled ones). A pool follows one leader: the first that asks, or later a larger one
    /// (a larger `leader_limit`; the leader that aligns more entries wins, and two leaders
    /// never take turns reordering it). Does nothing, and returns false, when a group owns
    /// this pool, when `leader` is this pool or when the pool follows another, larger
    /// leader. Cheap when nothing changed since the last call: two version compares. Moves
    /// values (as groups do): references to them from before are stale. Not while a view
    /// of this pool iterates.
    bool follow(const sparse_set& leader, std::size_t leader_limit);
    /// True when this pool follows a leader and neither changed since the last pass, but for
    /// the swaps the leader's groups made and carried to it (below): it is in order.
    [[nodiscard]] bool in_step_with_leader() const noexcept;
    /// The serial number of the pool this one follows (0: none); every pool has its own.
    [[nodiscard]] std::uint64_t leader_serial() const noexcept { return leader_serial_; }
    [[nodiscard]] std::uint64_t serial() const noexcept { return serial_; }

    // --- type-erased access, for tools that only know the type id -------------------------

    /// Pointer to the value at `position` (nullptr for tag types).
    [[nodiscard]] virtual void* value_at(std::uint32_t position) noexcept = 0;
    [[nodiscard]] virtual const void* value_at(std::uint32_t position) const noexcept = 0;
    /// Adds a default-constructed value (false if the type has no default constructor or
    /// `index` is already present).
    virtual bool emplace_default(entity_index index) = 0;
    /// Adds a copy of `*value` (false if not copyable or already present).
    virtual bool emplace_copy(entity_index index, const void* value) = 0;
    /// Assigns a copy of `*value` to the present component (false if absent or not copyable).
    virtual bool assign_copy(entity_index index, const void* value) = 0;
    /// Removes the component of `index`; false if it had none.
    virtual bool erase(entity_index index) = 0;
    virtual void clear() noexcept = 0;
    /// Removes every entry whose entity index is marked (`marked[index] != 0`; `marked`
    /// covers every index in the pool) in one pass, keeping the others in their order;
    /// returns how many went. Bulk destroy's path when it removes a large part of a pool:
    /// a pass over the pool costs less than a swap-and-pop per entry, and the order that
    /// views walk without lookups (common prefixes) survives. No group may own the pool;
    /// no signal fires.
    virtual std::size_t erase_marked(std::span<const std::uint8_t> marked) noexcept = 0;
    /// An independent copy of this pool: values, order and enabled flags (not signals).
    [[nodiscard]] virtual std::unique_ptr<sparse_set> clone() const = 0;
    virtual void reserve(std::size_t count) = 0;
    /// True when `other` (a pool of the same type) holds the same entries in the same order,
    /// enabled alike, with byte-identical values (false, conservatively, for values that are
    /// not trivially copyable): a copy of one would be a copy of the other.
    [[nodiscard]] virtual bool same_as(const sparse_set& other) const noexcept = 0;
    /// Bytes held: packed indices, values and sparse pages (capacity, not size).
    [[nodiscard]] virtual std::size_t memory_bytes() const noexcept = 0;

    /// Enables or disables a present component; false if absent.
    virtual bool set_enabled(entity_index index, bool enabled) = 0;
    [[nodiscard]] bool is_enabled(entity_index index) const noexcept {
        return contains_enabled(index);
    }

    signal& on_add() noexcept { return on_add_; }
    signal& on_remove() noexcept { return on_remove_; }

    /// The groups owning this pool, outer (fewest types) first (group.hpp).
    [[nodiscard]] std::span<group* const> groups() const noexcept { return groups_; }

protected:
    /// The index half of same_as: the type, the entries, their order and enabled prefix.
    [[nodiscard]] bool same_index_as(const sparse_set& other) const noexcept;
    /// Swaps the entries (and values) at two positions: what groups move entries with.
    virtual void swap_entries(std::uint32_t a, std::uint32_t b) noexcept = 0;
    /// swap_entries, and the same swap in each pool following this one that is in step with
    /// it and lined up at both positions (follow()): those stay in step, and their next
    /// follow() has nothing to do. What groups swap their pools' entries with (group.cpp):
    /// a group's joins and leaves then cost its pools' followers no pass over the pool.
    void swap_carrying_followers(std::uint32_t a, std::uint32_t b) noexcept;

    // Group upkeep, called by storage<T> only when has_groups(). The entity with `index`
    // just got an enabled entry here: it joins the groups it now matches.
    [[nodiscard]] bool has_groups() const noexcept { return !groups_.empty(); }
    void groups_after_gain(entity_index index) noexcept;
    // Its enabled entry here is about to go (removed or disabled): it leaves its groups.
    void groups_before_loss(entity_index index) noexcept;
    // The pool is being cleared: its groups are empty.
    void groups_clear() noexcept;

    /// Appends `index` at the end (disabled region) and returns its position; the caller
    /// appends the value, then moves it into the enabled prefix unless it adds a disabled
    /// component. Inline while the page exists: adding components in a loop is a hot path.
    std::uint32_t push_index(entity_index index) {
        const std::size_t page = index >> page_bits;
        std::uint32_t* entries = page < page_count_.get() && pages_[page] != absent_page()
                                     ? pages_[page]
                                     : assure_page(page);
        const auto pos = static_cast<std::uint32_t>(packed_.size());
        packed_.push_back(index);
        entries[index & (page_size - 1)] = pos;
        if (index == pos && identity_ == pos) ++identity_;
        ++layout_version_;
        return pos;
    }
    // move_index, swap_index and pop_index may break the identity prefix: each operation of
    // storage<T> cuts it once, at the lowest position it changes (cut_identity_at), which
    // costs less than a test in every primitive (destroy calls three per pool). The prefix
    // never reaches past the enabled entries (it grows only while nothing is disabled, and
    // disabling one cuts it there), so only removing and disabling can cut it.

    /// Moves packed entry `from` to `to` (data moves are the caller's).
    void move_index(std::uint32_t from, std::uint32_t to) noexcept {
        const entity_index moved = packed_[from];
        packed_[to] = moved;
        sparse_ref(moved) = to;
        ++layout_version_;
    }
    void swap_index(std::uint32_t a, std::uint32_t b) noexcept {
        const entity_index ia = packed_[a];
        const entity_index ib = packed_[b];
        packed_[a] = ib;
        packed_[b] = ia;
        sparse_ref(ib) = a;
        sparse_ref(ia) = b;
        ++layout_version_;
    }
    void pop_index(entity_index removed) noexcept {
        sparse_ref(removed) = absent;
        packed_.pop_back();
        ++layout_version_;
    }
    // Positions from `pos` on may no longer hold their own index.
    void cut_identity_at(std::uint32_t pos) noexcept {
        if (pos < identity_) identity_ = pos;
    }
    std::uint32_t& sparse_ref(entity_index index) noexcept {
        return pages_[index >> page_bits][index & (page_size - 1)];
    }
    void copy_index_from(const sparse_set& other);
    void clear_indices() noexcept;
    void reserve_indices(std::size_t count) { packed_.reserve(count); }
    std::size_t index_memory_bytes() const noexcept;

    std::vector<entity_index> packed_;
    std::uint32_t enabled_ = 0;
    std::uint64_t layout_version_ = 0;  // 64 bits: never wraps

private:
    // Pages never written point at one shared, read-only page of `absent` entries, so a
    // lookup needs no null test.
    static std::uint32_t* absent_page() noexcept {
        return const_cast<std::uint32_t*>(detail::absent_sparse_page.entries);  // read only
    }

    friend class group;
    friend class world;  // attaches and detaches groups

    [[gnu::noinline]] std::uint32_t* assure_page(std::size_t page);
    void free_pages() noexcept;

    std::vector<std::uint32_t*> pages_;  // owned, except absent_page()
    detail::size_mirror<> page_count_;   // of pages_, for position()
    std::uint32_t identity_ = 0;         // the identity prefix's length
    std::vector<group*> groups_;         // owned by the world; outer first

    // common_prefix answers, one per other pool most recently asked about.
    // `other` is named by its serial number, not its address, which a later pool may reuse.
    struct prefix_memo {
        std::uint64_t other = 0;
        std::uint64_t version = 0;
        std::uint64_t other_version = 0;
        std::size_t length = 0;
    };
    static constexpr std::size_t memo_count = 4;
    mutable std::mutex memo_mutex_;
    mutable std::array<prefix_memo, memo_count> memos_{};
    mutable std::size_t next_memo_ = 0;
    std::uint64_t serial_;  // unique among all pools this program made
    // follow(): the leader (by serial), its limit when it last asked, and the layouts of
    // both after the last pass (nothing to do while they are unchanged).
    std::uint64_t leader_serial_ = 0;
    std::size_t leader_limit_ = 0;
    std::uint64_t followed_leader_version_ = 0;
    std::uint64_t followed_own_version_ = 0;
    std::size_t followed_limit_ = 0;
    std::size_t followed_aligned_ = 0;  // positions [0, n) hold the leader's entities
    // The leader, to leave its list when this pool goes or follows another (nullptr once the
    // leader is gone), and the pools following this one, which its groups' swaps carry along.
    // Pointers between pools of one world: each pool's destructor unlinks itself.
    sparse_set* leader_ = nullptr;
    std::vector<sparse_set*> followers_;
    type_id type_;
    signal on_add_;
    signal on_remove_;
};

inline std::uint32_t sparse_set::position(entity_index index) const noexcept {
    return position_finder(*this)(index);
}

}  // namespace mosaic
