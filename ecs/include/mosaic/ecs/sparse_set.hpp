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

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "entity.hpp"
#include "signal.hpp"
#include "fwd.hpp"

namespace mosaic {

class sparse_set {
public:
    static constexpr std::uint32_t page_bits = 12;
    static constexpr std::uint32_t page_size = 1u << page_bits;
    static constexpr std::uint32_t absent = 0xFFFF'FFFFu;

    explicit sparse_set(type_id type) noexcept : type_(type) {}
    virtual ~sparse_set() = default;
    sparse_set(const sparse_set&) = delete;
    sparse_set& operator=(const sparse_set&) = delete;

    [[nodiscard]] type_id type() const noexcept { return type_; }

    /// Position of `index` in the packed arrays, or `absent`.
    [[nodiscard]] std::uint32_t position(entity_index index) const noexcept {
        const std::size_t page = index >> page_bits;
        if (page >= pages_.size() || !pages_[page]) return absent;
        return pages_[page][index & (page_size - 1)];
    }
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

    // --- type-erased access, for tools that only know the type id -------------------------

    /// Pointer to the value at `position` (nullptr for tag types).
    [[nodiscard]] virtual void* value_at(std::uint32_t position) noexcept = 0;
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
    /// An independent copy of this pool: values, order and enabled flags (not signals).
    [[nodiscard]] virtual std::unique_ptr<sparse_set> clone() const = 0;
    virtual void reserve(std::size_t count) = 0;
    /// Bytes held: packed indices, values and sparse pages (capacity, not size).
    [[nodiscard]] virtual std::size_t memory_bytes() const noexcept = 0;

    /// Enables or disables a present component; false if absent.
    virtual bool set_enabled(entity_index index, bool enabled) = 0;
    [[nodiscard]] bool is_enabled(entity_index index) const noexcept {
        return contains_enabled(index);
    }

    signal& on_add() noexcept { return on_add_; }
    signal& on_remove() noexcept { return on_remove_; }

protected:
    /// Appends `index` at the end (disabled region) and returns its position; the caller
    /// appends the value, then calls `enable_last()` unless it adds a disabled component.
    std::uint32_t push_index(entity_index index);
    /// Moves packed entry `from` to `to` (data moves are the caller's).
    void move_index(std::uint32_t from, std::uint32_t to) noexcept {
        const entity_index moved = packed_[from];
        packed_[to] = moved;
        sparse_ref(moved) = to;
    }
    void swap_index(std::uint32_t a, std::uint32_t b) noexcept {
        const entity_index ia = packed_[a];
        const entity_index ib = packed_[b];
        packed_[a] = ib;
        packed_[b] = ia;
        sparse_ref(ib) = a;
        sparse_ref(ia) = b;
    }
    void pop_index(entity_index removed) noexcept {
        sparse_ref(removed) = absent;
        packed_.pop_back();
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

private:
    std::uint32_t* assure_page(std::size_t page);

    std::vector<std::unique_ptr<std::uint32_t[]>> pages_;
    type_id type_;
    signal on_add_;
    signal on_remove_;
};

}  // namespace mosaic
