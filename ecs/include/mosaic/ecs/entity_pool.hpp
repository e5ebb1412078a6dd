#pragma once
// Creates and destroys entity ids in O(1).
//
// One 4-byte slot per index. A live slot holds the generation of the entity in it; a free
// slot holds `free_bit | next free index`, so the free list is threaded through the slot
// array itself and needs no allocation of its own.
//
// Generations come from one counter per world, advanced by every destroy. A slot reused after
// a destroy therefore always gets a generation larger than any it had before, and a stale
// handle is detected until the counter wraps, after 2^31 destroys (EnTT's 12-bit version
// wraps after 4,095 reuses of one slot). Because the slot need not remember its old
// generation, it costs 4 bytes, not 8.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "assert.hpp"
#include "entity.hpp"
#include "size_mirror.hpp"

namespace mosaic {

/// Thrown when a world runs out of entity ids (its `max_entities`).
class capacity_error : public std::length_error {
public:
    using std::length_error::length_error;
};

class entity_pool {
public:
    static constexpr std::uint32_t free_bit = 0x8000'0000u;
    /// The most entities a world can hold (indices 0 .. limit-1), about 2.1 billion.
    static constexpr std::uint32_t index_limit = 0x7FFF'FFFFu;

    explicit entity_pool(std::uint32_t max_entities = index_limit);

    /// A new entity; throws capacity_error when max_entities are alive. Inline: creating
    /// entities in a loop is a hot path.
    [[nodiscard]] entity create() {
        entity_index index;
        if (free_head_ != no_free_slot) {
            index = free_head_;
            free_head_ = slots_[index] & ~free_bit;
            slots_[index] = generation_;
        } else {
            if (slots_.size() >= max_entities_) [[unlikely]]
                throw_full();
            index = static_cast<entity_index>(slots_.size());
            slots_.push_back(generation_);
            slot_count_.follow(slots_);
        }
        ++alive_;
        return {index, generation_};
    }
    /// Fills `out` with new entities (all or nothing: throws capacity_error before creating
    /// any when they would not fit).
    void create(std::span<entity> out);
    /// Frees the id; false (and nothing changes) when `e` is not alive.
    bool destroy(entity e) noexcept;

    [[nodiscard]] bool alive(entity e) const noexcept {
        // A free slot holds `free_bit | next`: a handle with free_bit set (a command_buffer
        // placeholder, a corrupt id) must not match it.
        return e.index < slot_count_.get() && (e.generation & free_bit) == 0 &&
               slots_[e.index] == e.generation;
    }
    /// alive(e) for an entity whose index the caller found in a component pool. Pools hold
    /// only indices of live slots, so the slot exists (no bounds test) and its generation
    /// never has free_bit set (no test of that either): one compare, on world::get's path.
    [[nodiscard]] bool holds_slot_of(entity e) const noexcept {
        if (!MOSAIC_DEBUG_CHECK(
                e.index < slots_.size(),
                "a pool holds index " + std::to_string(e.index) + ", which has no entity slot")) {
            return false;
        }
        return slots_[e.index] == e.generation;
    }
    /// The live entity in slot `index`; the caller knows the slot is live.
    [[nodiscard]] entity at(entity_index index) const noexcept { return {index, slots_[index]}; }
    /// True when slot `index` holds a live entity.
    [[nodiscard]] bool slot_alive(entity_index index) const noexcept {
        return index < slot_count_.get() && (slots_[index] & free_bit) == 0;
    }

    [[nodiscard]] std::size_t alive_count() const noexcept { return alive_; }
    /// Number of slots ever used (live + free); indices are below this.
    [[nodiscard]] std::size_t slot_count() const noexcept { return slots_.size(); }
    [[nodiscard]] std::uint32_t max_entities() const noexcept { return max_entities_; }
    /// Changes the most entities alive at once (at most index_limit). Lowered below what is
    /// alive, the entities stay and creating throws until enough are destroyed.
    void set_max_entities(std::uint32_t max_entities) noexcept {
        max_entities_ = max_entities > index_limit ? index_limit : max_entities;
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return slots_.capacity() * sizeof(std::uint32_t);
    }

    /// Every live entity, in slot order.
    template <class F>
    void each(F&& f) const {
        for (entity_index i = 0; i < slots_.size(); ++i) {
            if ((slots_[i] & free_bit) == 0) f(entity{i, slots_[i]});
        }
    }

    /// Makes `e` alive with exactly this index and generation (used when restoring a world
    /// from a snapshot or undoing a delete). False when the slot is taken or `e` is invalid.
    bool revive(entity e);

    void clear() noexcept;

private:
    static constexpr std::uint32_t no_free_slot = index_limit;

    void unlink_free_slot(entity_index index) noexcept;
    [[noreturn, gnu::cold]] void throw_full() const;

    std::vector<std::uint32_t> slots_;
    detail::size_mirror<std::uint32_t> slot_count_;  // of slots_, for alive()
    std::uint32_t free_head_ = no_free_slot;
    std::uint32_t generation_ = 0;  // generation given to the next entities created
    std::uint32_t max_entities_;
    std::size_t alive_ = 0;
};

}  // namespace mosaic
