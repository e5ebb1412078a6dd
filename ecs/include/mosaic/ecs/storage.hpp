#pragma once
// storage<T>: a sparse_set plus the values, in the same packed order. Tag types (empty
// structs) store no values at all.
//
// Values live in a page_array: fixed-size pages that never move, so growth never
// invalidates a reference or pointer to a value. What does move a value (and so leaves a
// reference to it naming another entity's value, or a destroyed slot):
//   * erase of *another* entity: swap-and-pop moves the last value into the hole (and, when
//     the erased one was enabled and disabled ones exist, the last enabled value first);
//   * set_enabled, of any entity: swaps the value with the one at the enabled/disabled
//     boundary (the entity's own value moves too);
//   * emplace while disabled values exist: the first disabled value moves to the end;
//   * clear(), and of course erasing the value itself;
//   * while a group owns the pool (group.hpp): emplace, erase, set_enabled of any entity
//     (joining or leaving the group swaps values within the group's front range);
//   * follow() (sparse_set.hpp), which views of a non-const world and the scheduler ask
//     for, and while the pool follows one a group owns, that group's swaps, carried to it.
// Nothing else does: emplace with no disabled values and no group, lookups, the walk of a
// view itself, clone (of the source).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

#include "page_array.hpp"
#include "sparse_set.hpp"
#include "type_id.hpp"

namespace mosaic {

template <class T>
class storage final : public sparse_set {
    static_assert(!std::is_reference_v<T> && !std::is_const_v<T>,
                  "storage<T>: T must be a plain (non-const, non-reference) component type");

public:
    static constexpr bool is_tag = std::is_empty_v<T>;
    /// Values per page (see page_array): positions [k * page_size, (k + 1) * page_size)
    /// are contiguous in memory.
    static constexpr std::size_t page_size = is_tag ? 1024 : page_array<T>::page_size;

    storage() : sparse_set(type_id_of<T>()) {}

    /// Adds a value for `index` (which must not have one yet) and returns it.
    template <class... Args>
    T& emplace(entity_index index, Args&&... args) {
        const std::uint32_t pos = push_index(index);
        T* added = nullptr;
        if constexpr (!is_tag) {
            try {
                added = &values_.emplace_back(std::forward<Args>(args)...);
            } catch (...) {
                cut_identity_at(pos);
                pop_index(index);
                throw;
            }
        } else {
            added = &tag_instance();
        }
        // Disabled ones sit at the end: the new one goes before them. (The identity prefix
        // never reaches past the enabled ones, so this swap cannot cut it.)
        if (pos != enabled_) [[unlikely]] {
            swap_positions(pos, enabled_);
            added = &value(enabled_);
        }
        ++enabled_;
        if (has_groups()) [[unlikely]] {
            groups_after_gain(index);  // may move it to the front
            added = &value(position(index));
        }
        return *added;
    }

    /// Adds a value for each of `indices` (distinct, none present yet): `value_for(k)`
    /// gives the k-th. Bulk creation's path (world::create_with): room is made once, and
    /// while no value is disabled and no group owns the pool, each value is an append with
    /// no other test. Otherwise each goes through emplace. If a value's constructor throws,
    /// the values before it stay.
    template <class Source>
    void emplace_n(std::span<const entity_index> indices, Source&& value_for) {
        if (enabled_ != packed_.size() || has_groups()) {
            for (std::size_t k = 0; k < indices.size(); ++k) emplace(indices[k], value_for(k));
            return;
        }
        reserve(packed_.size() + indices.size());
        for (std::size_t k = 0; k < indices.size(); ++k) {
            const std::uint32_t pos = push_index(indices[k]);
            if constexpr (!is_tag) {
                try {
                    values_.emplace_back(value_for(k));
                } catch (...) {
                    cut_identity_at(pos);
                    pop_index(indices[k]);
                    throw;
                }
            }
            ++enabled_;
        }
    }

    std::size_t erase_marked(std::span<const std::uint8_t> marked) noexcept override {
        const auto count = static_cast<std::uint32_t>(packed_.size());
        std::uint32_t kept = 0;
        std::uint32_t kept_enabled = 0;
        for (std::uint32_t pos = 0; pos < count; ++pos) {
            const entity_index index = packed_[pos];
            if (marked[index]) {
                sparse_ref(index) = absent;
                continue;
            }
            kept_enabled += pos < enabled_ ? 1 : 0;
            if (kept != pos) {
                packed_[kept] = index;
                sparse_ref(index) = kept;
                if constexpr (!is_tag) values_[kept] = std::move(values_[pos]);
            }
            ++kept;
        }
        if (kept == count) return 0;
        // The first removed position is where the kept ones started moving.
        std::uint32_t first_moved = 0;
        while (first_moved < kept_enabled && first_moved < identity_prefix() &&
               packed_[first_moved] == first_moved) {
            ++first_moved;
        }
        cut_identity_at(first_moved);
        if constexpr (!is_tag) values_.truncate(kept);
        packed_.resize(kept);
        enabled_ = kept_enabled;
        ++layout_version_;
        return count - kept;
    }

    [[nodiscard]] T& value(std::uint32_t pos) noexcept { return value_in(*this, pos); }
    [[nodiscard]] const T& value(std::uint32_t pos) const noexcept { return value_in(*this, pos); }
    /// The values at positions [pos, next multiple of page_size), contiguous (for tags: the
    /// one shared instance, at every position). For loops that walk a page at a time.
    [[nodiscard]] T* page_values(std::uint32_t pos) noexcept { return &value(pos); }
    [[nodiscard]] const T* page_values(std::uint32_t pos) const noexcept { return &value(pos); }
    /// Asks the CPU to fetch the value at `pos` into the cache: a hint. `pos` must once
    /// have been below size() (pages are never freed before the pool, so a position made
    /// stale by removes since still has memory behind it). On x86 an asm statement: GCC 12
    /// dropped __builtin_prefetch of a paged address inside view::each, and without the
    /// prefetch iterate_after_churn ran 1.5x slower.
    void prefetch(std::uint32_t pos) const noexcept {
        if constexpr (!is_tag) {
            const T* at = &values_[pos];
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
            asm volatile("prefetcht0 %0" : : "m"(*reinterpret_cast<const char*>(at)));
#elif defined(__GNUC__)
            __builtin_prefetch(at);
#else
            (void)at;
#endif
        } else {
            (void)pos;
        }
    }

    /// The value of `index`, or nullptr.
    [[nodiscard]] T* find(entity_index index) noexcept {
        return find_in(*this, index);
    }
    [[nodiscard]] const T* find(entity_index index) const noexcept {
        return find_in(*this, index);
    }

    bool erase(entity_index index) override {
        std::uint32_t pos = position(index);
        if (pos == absent) return false;
        if (has_groups()) [[unlikely]] {
            groups_before_loss(index);  // out of the groups' front range first
            pos = position(index);
        }
        cut_identity_at(pos);  // the lowest position this changes
        if (pos < enabled_) {  // keep the enabled prefix contiguous
            --enabled_;
            move_position(enabled_, pos);
            pos = enabled_;
        }
        move_position(static_cast<std::uint32_t>(packed_.size() - 1), pos);
        if constexpr (!is_tag) values_.pop_back();
        pop_index(index);
        return true;
    }

    bool set_enabled(entity_index index, bool enabled) override {
        std::uint32_t pos = position(index);
        if (pos == absent) return false;
        if (enabled && pos >= enabled_) {  // above the identity prefix: it stays
            swap_positions(pos, enabled_);
            ++enabled_;
            ++layout_version_;
            if (has_groups()) [[unlikely]]
                groups_after_gain(index);
        } else if (!enabled && pos < enabled_) {
            if (has_groups()) [[unlikely]] {
                groups_before_loss(index);
                pos = position(index);
            }
            --enabled_;
            cut_identity_at(pos);
            swap_positions(pos, enabled_);
            ++layout_version_;
        }
        return true;
    }

    void* value_at(std::uint32_t pos) noexcept override {
        return address_in(*this, pos);
    }
    const void* value_at(std::uint32_t pos) const noexcept override {
        return address_in(*this, pos);
    }

    bool emplace_default(entity_index index) override {
        if constexpr (std::is_default_constructible_v<T>) {
            if (contains(index)) return false;
            emplace(index);
            return true;
        } else {
            (void)index;
            return false;
        }
    }

    bool emplace_copy(entity_index index, const void* from) override {
        if constexpr (std::is_copy_constructible_v<T>) {
            if (contains(index)) return false;
            if constexpr (is_tag) {
                (void)from;
                emplace(index);
            } else {
                emplace(index, *static_cast<const T*>(from));
            }
            return true;
        } else {
            (void)index, (void)from;
            return false;
        }
    }

    bool assign_copy(entity_index index, const void* from) override {
        if constexpr (std::is_copy_assignable_v<T>) {
            T* target = find(index);
            if (!target) return false;
            if constexpr (!is_tag) *target = *static_cast<const T*>(from);
            return true;
        } else {
            (void)index, (void)from;
            return false;
        }
    }

    void clear() noexcept override {
        if (has_groups()) groups_clear();
        if constexpr (!is_tag) values_.clear();
        clear_indices();
    }

    [[nodiscard]] std::unique_ptr<sparse_set> clone() const override {
        if constexpr (std::is_copy_constructible_v<T>) {
            auto copy = std::make_unique<storage<T>>();
            copy->copy_index_from(*this);
            if constexpr (!is_tag) copy->values_ = values_;
            return copy;
        } else {
            return nullptr;
        }
    }

    [[nodiscard]] bool same_as(const sparse_set& other) const noexcept override {
        if (!same_index_as(other)) return false;
        if constexpr (is_tag) {
            return true;
        } else if constexpr (std::is_trivially_copyable_v<T>) {
            const auto& values = static_cast<const storage<T>&>(other).values_;
            const std::size_t n = size();
            for (std::size_t p = 0; p * page_size < n; ++p) {
                const std::size_t count = std::min(page_size, n - p * page_size);
                if (std::memcmp(values_.page(p), values.page(p), count * sizeof(T)) != 0)
                    return false;
            }
            return true;
        } else {
            return false;
        }
    }

    void reserve(std::size_t count) override {
        reserve_indices(count);
        if constexpr (!is_tag) values_.reserve(count);
    }

    [[nodiscard]] std::size_t memory_bytes() const noexcept override {
        std::size_t bytes = index_memory_bytes();
        if constexpr (!is_tag) bytes += values_.memory_bytes();
        return bytes;
    }

protected:
    void swap_entries(std::uint32_t a, std::uint32_t b) noexcept override {
        if (a == b) return;
        cut_identity_at(a < b ? a : b);
        swap_positions(a, b);
    }

private:
    static T& tag_instance() noexcept {
        static T instance{};
        return instance;
    }

    // The const and non-const accessors in one place each: `Self` is storage or const
    // storage, and the answer is as const as the pool.
    template <class Self>
    static auto& value_in(Self& self, std::uint32_t pos) noexcept {
        if constexpr (is_tag) {
            (void)self, (void)pos;
            return tag_instance();
        } else {
            return self.values_[pos];
        }
    }
    template <class Self>
    static auto* find_in(Self& self, entity_index index) noexcept {
        const std::uint32_t pos = self.position(index);
        return pos == absent ? nullptr : &value_in(self, pos);
    }
    // value_at's answer: nullptr for tags, which have no value of their own.
    template <class Self>
    static auto* address_in(Self& self, std::uint32_t pos) noexcept {
        using pointer = decltype(&value_in(self, pos));
        if constexpr (is_tag) {
            (void)self, (void)pos;
            return pointer{};
        } else {
            return &value_in(self, pos);
        }
    }

    void move_position(std::uint32_t from, std::uint32_t to) noexcept {
        if (from == to) return;
        move_index(from, to);
        if constexpr (!is_tag) values_[to] = std::move(values_[from]);
    }
    void swap_positions(std::uint32_t a, std::uint32_t b) noexcept {
        if (a == b) return;
        swap_index(a, b);
        if constexpr (!is_tag) std::swap(values_[a], values_[b]);
    }

    page_array<T> values_;  // unused for tags (an empty one allocates nothing)
};

namespace detail {
template <class T>
std::unique_ptr<sparse_set> make_storage_for() {
    return std::make_unique<storage<T>>();
}
}  // namespace detail

}  // namespace mosaic
