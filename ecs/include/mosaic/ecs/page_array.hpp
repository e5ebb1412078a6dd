#pragma once
// page_array<T>: a sequence of values in fixed-size pages that never move.
//
// storage<T> keeps its component values here instead of in a std::vector, so growing a pool
// never moves the values already in it: a reference returned by world::add<T> survives any
// number of later adds (a vector would reallocate and leave it dangling). Element i lives in
// page i / page_size at slot i % page_size; new pages are allocated when the last one is
// full, and only the small table of page pointers ever reallocates.
//
// Pages come in blocks that double (1, 1, 2, 4 ... pages, at most max_block_pages), one
// allocation each, pages in address order inside it. A pool that grows to a million values
// thus sits in a few long runs, like a vector, instead of a thousand 12 KiB islands: views
// walk the values backwards in page-sized chunks, and inside a block the next chunk is the
// memory right below, so the hardware prefetcher's stream carries on (with separate small
// allocations, iterate_pos_vel at 1M measured 1.8 ns per entity against 1.2 for a vector).
// Capacity grows by at most 2x, as a vector's does; a small pool costs one page.
//
// Pages are kept when values are popped or cleared (as a vector keeps its capacity), and
// freed with the array: a pool that shrinks and grows again allocates nothing, and a position
// the pool once had always has memory behind it (view.hpp prefetches stale positions).
//
// Every block starts on a 4 KiB boundary (block_alignment), so page i of every pool of a
// type (and of any two types whose pages are a whole number of 4 KiB, most of them) sits at
// the same offset within a 4 KiB memory page. Why: a CPU guesses whether a load depends on
// an earlier store from the low 12 address bits alone. When a loop writes Position[i] and
// reads Velocity[i - 1] from two arrays whose low bits are a few bytes apart, that guess
// overlaps and the load waits for the store. With malloc's alignment (16 bytes) the two
// pools' offsets were whatever the heap gave: iterate_pos_vel at 1M ran 9 - 19 % slower
// than with 4 KiB blocks, in three runs of 40 interleaved repetitions (tests/bench/).
//
// Iteration goes page by page: within a page the values are contiguous, so a loop over
// [i, j) inside one page is a plain pointer walk (page(), page_size).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace mosaic {

namespace detail {
/// Values per page for a T of `bytes`: as many as fit in 16 KiB, a power of two, at most
/// 1024 (the chunk a view walks without lookups) and at least 1. A power of two makes the
/// split of a position into page and slot a shift and a mask.
constexpr std::size_t page_size_for(std::size_t bytes) noexcept {
    constexpr std::size_t page_bytes = std::size_t{16} << 10;
    constexpr std::size_t most = 1024;
    const std::size_t fit = bytes == 0 ? most : std::max<std::size_t>(1, page_bytes / bytes);
    return std::min(most, std::bit_floor(fit));
}
}  // namespace detail

template <class T>
class page_array {
public:
    static constexpr std::size_t page_size = detail::page_size_for(sizeof(T));
    static constexpr std::size_t page_shift = std::countr_zero(page_size);
    static constexpr std::size_t slot_mask = page_size - 1;

    page_array() = default;
    /// Copies every value into pages of its own.
    page_array(const page_array& other) {
        reserve(other.size_);
        for (std::size_t i = 0; i < other.size_; ++i) emplace_back(other[i]);
    }
    page_array(page_array&& other) noexcept
        : pages_(std::move(other.pages_)),
          blocks_(std::move(other.blocks_)),
          size_(std::exchange(other.size_, 0)) {
        other.pages_.clear();
        other.blocks_.clear();
    }
    page_array& operator=(const page_array& other) {
        if (this != &other) {
            page_array copy(other);
            swap(copy);
        }
        return *this;
    }
    page_array& operator=(page_array&& other) noexcept {
        page_array taken(std::move(other));
        swap(taken);
        return *this;
    }
    ~page_array() {
        clear();
        for (T* b : blocks_) ::operator delete (b, std::align_val_t{block_alignment});
    }

    void swap(page_array& other) noexcept {
        pages_.swap(other.pages_);
        blocks_.swap(other.blocks_);
        std::swap(size_, other.size_);
    }

    /// Where every block starts: a 4 KiB memory page (see the top of this file).
    static constexpr std::size_t block_alignment = std::max<std::size_t>(4096, alignof(T));

    /// The largest block, in pages: beyond it, blocks stop doubling (long enough runs for
    /// the prefetcher, and growth past a million values overshoots by at most this).
    static constexpr std::size_t max_block_pages = 256;

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    /// Values the allocated pages hold.
    [[nodiscard]] std::size_t capacity() const noexcept { return pages_.size() * page_size; }
    [[nodiscard]] std::size_t page_count() const noexcept { return pages_.size(); }
    /// Bytes held: the pages and the tables of pages and blocks.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return capacity() * sizeof(T) + pages_.capacity() * sizeof(T*) +
               blocks_.capacity() * sizeof(T*);
    }

    /// Value `i` (below size(); also valid, as memory, below capacity()).
    [[nodiscard]] T& operator[](std::size_t i) noexcept {
        return pages_[i >> page_shift][i & slot_mask];
    }
    [[nodiscard]] const T& operator[](std::size_t i) const noexcept {
        return pages_[i >> page_shift][i & slot_mask];
    }
    /// The first value of page `p` (below page_count()): values p * page_size onwards, up to
    /// the page's end or size(), are contiguous from here.
    [[nodiscard]] T* page(std::size_t p) noexcept { return pages_[p]; }
    [[nodiscard]] const T* page(std::size_t p) const noexcept { return pages_[p]; }

    /// Constructs a value at the end (aggregate initialisation for aggregates) and returns
    /// it. Nothing else moves. If the constructor throws, the array is unchanged (a page
    /// allocated for it stays).
    template <class... Args>
    T& emplace_back(Args&&... args) {
        if (size_ == capacity())
            add_block(std::clamp<std::size_t>(pages_.size(), 1, max_block_pages));
        T* slot = pages_[size_ >> page_shift] + (size_ & slot_mask);
        if constexpr (std::is_aggregate_v<T>) {
            ::new (static_cast<void*>(slot)) T{std::forward<Args>(args)...};
        } else {
            ::new (static_cast<void*>(slot)) T(std::forward<Args>(args)...);
        }
        ++size_;
        return *slot;
    }

    void pop_back() noexcept {
        --size_;
        std::destroy_at(&(*this)[size_]);
    }

    /// Destroys the values from `count` on (count <= size()); the pages stay.
    void truncate(std::size_t count) noexcept {
        if constexpr (!std::is_trivially_destructible_v<T>) {
            while (size_ > count) pop_back();
        }
        size_ = count;
    }

    /// Destroys every value; the pages stay.
    void clear() noexcept {
        if constexpr (!std::is_trivially_destructible_v<T>) {
            while (size_ > 0) pop_back();
        }
        size_ = 0;
    }

    /// Allocates pages until `count` values fit (in one block).
    void reserve(std::size_t count) {
        const std::size_t pages = (count + page_size - 1) / page_size;
        if (pages > pages_.size()) add_block(pages - pages_.size());
    }

private:
    // One allocation of `pages` pages, appended to the page table.
    void add_block(std::size_t pages) {
        pages_.reserve(pages_.size() + pages);  // first: nothing below throws after allocate
        blocks_.reserve(blocks_.size() + 1);
        const std::size_t bytes = pages * page_size * sizeof(T);
        T* const block = static_cast<T*>(::operator new (bytes, std::align_val_t{block_alignment}));
        blocks_.push_back(block);
        for (std::size_t k = 0; k < pages; ++k) pages_.push_back(block + k * page_size);
    }

    std::vector<T*> pages_;   // into blocks_; allocated, not constructed: [0, size_) live
    std::vector<T*> blocks_;  // owned: each one allocation of whole pages
    std::size_t size_ = 0;
};

}  // namespace mosaic
