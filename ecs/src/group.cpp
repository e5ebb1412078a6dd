#include "mosaic/ecs/group.hpp"

#include <algorithm>
#include <array>

#include "mosaic/ecs/sparse_set.hpp"

namespace mosaic {

bool group::owns(const sparse_set& pool) const noexcept {
    return std::find(pools_.begin(), pools_.end(), &pool) != pools_.end();
}

bool group::owned_within(std::span<const sparse_set* const> pools) const noexcept {
    return std::all_of(pools_.begin(), pools_.end(), [&](const sparse_set* mine) {
        return std::find(pools.begin(), pools.end(), mine) != pools.end();
    });
}

bool group::contains(entity_index index) const noexcept {
    return pools_.front()->position(index) < size_;  // `absent` is larger than any size
}

bool group::matches(entity_index index) const noexcept {
    return std::all_of(pools_.begin(), pools_.end(),
                       [&](const sparse_set* pool) { return pool->contains_enabled(index); });
}

void group::join(entity_index index) noexcept {
    for (sparse_set* pool : pools_) pool->swap_carrying_followers(pool->position(index), size_);
    ++size_;
}

void group::leave(entity_index index) noexcept {
    const std::uint32_t last = size_ - 1;
    for (sparse_set* pool : pools_) pool->swap_carrying_followers(pool->position(index), last);
    --size_;
}

void group::fill() noexcept {
    // Walk the owned pool with the fewest enabled entries. Joining swaps the entry at
    // size_ (already looked at, not matching) to the current position: nothing is missed.
    const sparse_set* driver = *std::min_element(pools_.begin(), pools_.end(),
                                                 [](const sparse_set* a, const sparse_set* b) {
                                                     return a->enabled_size() < b->enabled_size();
                                                 });
    for (std::size_t pos = size_; pos < driver->enabled_size(); ++pos) {
        const entity_index index = driver->indices()[pos];
        if (matches(index)) join(index);
    }
}

// --- the pools' side -------------------------------------------------------------------------

// These run on every add and remove of a grouped type: each pool's position of the entity
// is looked up once, and serves for the membership test, the match test and the swap.

namespace {
constexpr std::size_t positions_kept = 16;  // groups over more types look up twice
}

void sparse_set::groups_after_gain(entity_index index) noexcept {
    std::array<std::uint32_t, positions_kept> at;
    for (group* g : groups_) {  // outer first
        const std::size_t count = g->pools_.size();
        if (count > positions_kept) [[unlikely]] {
            if (!g->contains(index) && g->matches(index)) g->join(index);
            continue;
        }
        bool joins = true;
        for (std::size_t k = 0; k < count && joins; ++k) {
            const sparse_set& pool = *g->pools_[k];
            at[k] = pool.position(index);
            // Present and enabled everywhere, and not a member yet.
            joins = at[k] < pool.enabled_ && (k > 0 || at[k] >= g->size_);
        }
        if (!joins) continue;
        for (std::size_t k = 0; k < count; ++k)
            g->pools_[k]->swap_carrying_followers(at[k], g->size_);
        ++g->size_;
    }
}

void sparse_set::groups_before_loss(entity_index index) noexcept {
    for (auto it = groups_.rbegin(); it != groups_.rend(); ++it) {  // inner first
        group& g = **it;
        const std::uint32_t first = g.pools_.front()->position(index);
        if (first >= g.size_) continue;  // not a member (`absent` is larger than any size)
        const std::uint32_t last = g.size_ - 1;
        g.pools_.front()->swap_carrying_followers(first, last);
        for (std::size_t k = 1; k < g.pools_.size(); ++k) {
            sparse_set& pool = *g.pools_[k];
            pool.swap_carrying_followers(pool.position(index), last);
        }
        --g.size_;
    }
}

void sparse_set::groups_clear() noexcept {
    for (group* g : groups_) g->size_ = 0;
}

}  // namespace mosaic
