#include "mosaic/ecs/entity_pool.hpp"

#include <string>

#include "mosaic/ecs/assert.hpp"

namespace mosaic {

std::string to_string(entity e) {
    if (e.is_null()) return "null";
    return std::to_string(e.index) + ":" + std::to_string(e.generation);
}

entity_pool::entity_pool(std::uint32_t max_entities)
    : max_entities_(max_entities > index_limit ? index_limit : max_entities) {}

void entity_pool::throw_full() const {
    throw capacity_error(
        "mosaic: cannot create an entity: the world already holds its maximum of " +
        std::to_string(max_entities_) + " entities");
}

void entity_pool::create(std::span<entity> out) {
    const std::size_t free_slots = slots_.size() - alive_;
    const std::size_t new_slots_left =
        slots_.size() < max_entities_ ? max_entities_ - slots_.size() : 0;
    if (out.size() > free_slots && out.size() - free_slots > new_slots_left) {
        throw capacity_error("mosaic: cannot create " + std::to_string(out.size()) +
                             " entities: the world holds " + std::to_string(alive_) +
                             " of at most " + std::to_string(max_entities_));
    }
    std::size_t made = 0;
    for (; made < out.size() && free_head_ != no_free_slot; ++made) out[made] = create();
    if (made == out.size()) return;
    // The rest are new slots: one allocation, then a tight loop.
    const std::size_t first = slots_.size();
    const std::size_t count = out.size() - made;
    slots_.resize(first + count, generation_);
    slot_count_.follow(slots_);
    for (std::size_t i = 0; i < count; ++i) {
        out[made + i] = entity{static_cast<entity_index>(first + i), generation_};
    }
    alive_ += count;
}

bool entity_pool::destroy(entity e) noexcept {
    if (!alive(e)) return false;
    slots_[e.index] = free_bit | free_head_;
    free_head_ = e.index;
    generation_ = (generation_ + 1) & ~free_bit;
    --alive_;
    return true;
}

void entity_pool::unlink_free_slot(entity_index index) noexcept {
    // Singly linked: walk to the predecessor. Only revive() does this (undo, snapshots).
    if (free_head_ == index) {
        free_head_ = slots_[index] & ~free_bit;
        return;
    }
    for (std::uint32_t at = free_head_; at != no_free_slot; at = slots_[at] & ~free_bit) {
        const std::uint32_t next = slots_[at] & ~free_bit;
        if (next == index) {
            slots_[at] = free_bit | (slots_[index] & ~free_bit);
            return;
        }
    }
}

bool entity_pool::revive(entity e) {
    if (e.is_null() || (e.generation & free_bit) != 0 || e.index >= max_entities_) return false;
    if (e.index < slots_.size() && (slots_[e.index] & free_bit) == 0) return false;
    // New slots between the current end and e.index join the free list.
    while (slots_.size() <= e.index) {
        const auto index = static_cast<entity_index>(slots_.size());
        slots_.push_back(free_bit | free_head_);
        slot_count_.follow(slots_);
        free_head_ = index;
    }
    unlink_free_slot(e.index);
    slots_[e.index] = e.generation;
    // Later generations must stay above every generation this world has handed out.
    if (e.generation >= generation_) generation_ = e.generation;
    ++alive_;
    return true;
}

void entity_pool::clear() noexcept {
    slots_.clear();
    slot_count_.follow(slots_);
    free_head_ = no_free_slot;
    alive_ = 0;
    // Handles from before the clear must not match the entities created after it.
    generation_ = (generation_ + 1) & ~free_bit;
}

}  // namespace mosaic
