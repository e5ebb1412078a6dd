#include "mosaic/ecs/sparse_set.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace mosaic {

sparse_set::sparse_set(type_id type) noexcept : type_(type) {
    static std::atomic<std::uint64_t> serials{0};
    serial_ = serials.fetch_add(1, std::memory_order_relaxed) + 1;
}

sparse_set::~sparse_set() {
    if (leader_) std::erase(leader_->followers_, this);
    for (sparse_set* follower : followers_) follower->leader_ = nullptr;
    free_pages();
}

bool sparse_set::in_step_with_leader() const noexcept {
    return leader_ && followed_leader_version_ == leader_->layout_version_ &&
           followed_own_version_ == layout_version_;
}

void sparse_set::swap_carrying_followers(std::uint32_t a, std::uint32_t b) noexcept {
    if (followers_.empty()) [[likely]] {
        swap_entries(a, b);
        return;
    }
    const std::uint64_t before = layout_version_;
    swap_entries(a, b);
    if (layout_version_ == before) return;  // a == b: nothing moved
    const std::uint32_t last = a > b ? a : b;
    for (sparse_set* follower : followers_) {
        // In step before this swap, lined up at both positions, no group of its own: the
        // same swap keeps it in step. Otherwise it is left out of step (its next follow()
        // passes over it).
        if (follower->followed_leader_version_ != before ||
            follower->followed_own_version_ != follower->layout_version_ ||
            last >= follower->followed_aligned_ || !follower->groups_.empty()) {
            continue;
        }
        follower->swap_entries(a, b);
        follower->followed_leader_version_ = layout_version_;
        follower->followed_own_version_ = follower->layout_version_;
    }
}

void sparse_set::free_pages() noexcept {
    for (std::uint32_t* page : pages_) {
        if (page != absent_page()) delete[] page;
    }
    pages_.clear();
    page_count_.follow(pages_);
}

std::uint32_t* sparse_set::assure_page(std::size_t page) {
    if (page >= pages_.size()) {
        pages_.resize(page + 1, absent_page());
        page_count_.follow(pages_);
    }
    if (pages_[page] == absent_page()) {
        auto fresh = std::make_unique_for_overwrite<std::uint32_t[]>(page_size);
        std::fill_n(fresh.get(), page_size, absent);
        pages_[page] = fresh.release();
    }
    return pages_[page];
}

std::size_t sparse_set::common_prefix(const sparse_set& other) const {
    // A follower in step with its leader is known to line up over the prefix its last pass
    // left (and the swaps carried since kept): no compare.
    if (other.leader_ == this && other.in_step_with_leader()) {
        return std::min(other.followed_aligned_, std::min(size(), other.size()));
    }
    if (leader_ == &other && in_step_with_leader()) {
        return std::min(followed_aligned_, std::min(size(), other.size()));
    }
    std::lock_guard lock(memo_mutex_);
    for (const prefix_memo& memo : memos_) {
        if (memo.other == other.serial_ && memo.version == layout_version_ &&
            memo.other_version == other.layout_version_) {
            return memo.length;
        }
    }
    // Block by block (memcmp is fast), then within the first block that differs.
    const std::size_t end = std::min(packed_.size(), other.packed_.size());
    constexpr std::size_t block = 1024;
    std::size_t length = 0;
    while (length + block <= end &&
           std::memcmp(packed_.data() + length, other.packed_.data() + length,
                       block * sizeof(entity_index)) == 0) {
        length += block;
    }
    while (length < end && packed_[length] == other.packed_[length]) ++length;

    memos_[next_memo_] = {other.serial_, layout_version_, other.layout_version_, length};
    next_memo_ = (next_memo_ + 1) % memo_count;
    return length;
}

bool sparse_set::follow(const sparse_set& leader, std::size_t leader_limit) {
    if (&leader == this || !groups_.empty()) return false;
    leader_limit = std::min(leader_limit, leader.size());
    if (leader_serial_ != leader.serial_) {
        if (leader_serial_ != 0 && leader_limit <= leader_limit_) return false;
        leader_serial_ = leader.serial_;
        followed_own_version_ = layout_version_ - 1;  // never passed for this leader
        // The leader carries its followers along when its groups swap entries (group.cpp).
        if (leader_) std::erase(leader_->followers_, this);
        leader_ = const_cast<sparse_set*>(&leader);  // bookkeeping only: `leader` is not changed
        leader_->followers_.push_back(this);
    }
    leader_limit_ = leader_limit;
    // The order for a limit holds for any smaller one.
    if (followed_leader_version_ == leader.layout_version_ &&
        followed_own_version_ == layout_version_ && leader_limit <= followed_limit_) {
        return true;
    }
    // Positions [0, placed) hold the leader's entries seen so far, in its order. An entry
    // already in place costs one compare of the two packed arrays read in order; only the
    // ones that moved are looked up and swapped.
    const entity_index* order = leader.packed_.data();
    std::uint32_t placed = 0;
    std::size_t aligned = absent;  // where a leader entry is first missing here
    constexpr std::size_t block = 1024;
    for (std::size_t i = 0; i < leader_limit && placed < enabled_; ++i) {
        // Where both line up (most of it, after the first pass), skip whole blocks at
        // memcmp's speed: one try per block boundary.
        while (placed == i && i % block == 0 &&
               i + block <= std::min<std::size_t>(leader_limit, enabled_) &&
               std::memcmp(order + i, packed_.data() + i, block * sizeof(entity_index)) == 0) {
            i += block;
            placed += block;
        }
        if (i >= leader_limit || placed >= enabled_) break;
        const entity_index index = order[i];
        if (packed_[placed] == index) {
            ++placed;
            continue;
        }
        const std::uint32_t pos = position(index);  // not a finder: swaps cut the identity prefix
        if (pos >= enabled_) {                      // absent or disabled here
            if (aligned == absent) aligned = placed;
            continue;
        }
        swap_entries(placed, pos);  // pos > placed: [0, placed) holds other entities
        ++placed;
    }
    followed_leader_version_ = leader.layout_version_;
    followed_own_version_ = layout_version_;
    followed_limit_ = leader_limit;
    followed_aligned_ = aligned == absent ? placed : aligned;
    return true;
}

bool sparse_set::same_index_as(const sparse_set& other) const noexcept {
    // The sparse pages follow from the packed entries (absent everywhere else).
    return type_ == other.type_ && enabled_ == other.enabled_ && identity_ == other.identity_ &&
           packed_.size() == other.packed_.size() &&
           std::equal(packed_.begin(), packed_.end(), other.packed_.begin());
}

void sparse_set::copy_index_from(const sparse_set& other) {
    packed_ = other.packed_;
    enabled_ = other.enabled_;
    identity_ = other.identity_;
    ++layout_version_;
    free_pages();
    pages_.resize(other.pages_.size(), absent_page());
    page_count_.follow(pages_);
    for (std::size_t i = 0; i < other.pages_.size(); ++i) {
        if (other.pages_[i] == absent_page()) continue;
        auto copy = std::make_unique_for_overwrite<std::uint32_t[]>(page_size);
        std::copy_n(other.pages_[i], page_size, copy.get());
        pages_[i] = copy.release();
    }
}

void sparse_set::clear_indices() noexcept {
    for (const entity_index index : packed_) sparse_ref(index) = absent;
    packed_.clear();
    enabled_ = 0;
    identity_ = 0;
    ++layout_version_;
}

std::size_t sparse_set::index_memory_bytes() const noexcept {
    std::size_t bytes =
        packed_.capacity() * sizeof(entity_index) + pages_.capacity() * sizeof(std::uint32_t*);
    for (const std::uint32_t* page : pages_) {
        if (page != absent_page()) bytes += page_size * sizeof(std::uint32_t);
    }
    return bytes;
}

}  // namespace mosaic
