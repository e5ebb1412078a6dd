#pragma once
// storage<T>: a sparse_set plus the values, in the same packed order. Tag types (empty
// structs) store no values at all.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "sparse_set.hpp"
#include "type_id.hpp"

namespace mosaic {

template <class T>
class storage final : public sparse_set {
    static_assert(!std::is_reference_v<T> && !std::is_const_v<T>,
                  "storage<T>: T must be a plain (non-const, non-reference) component type");

public:
    static constexpr bool is_tag = std::is_empty_v<T>;

    storage() : sparse_set(type_id_of<T>()) {}

    /// Adds a value for `index` (which must not have one yet) and returns it.
    template <class... Args>
    T& emplace(entity_index index, Args&&... args) {
        const std::uint32_t pos = push_index(index);
        if constexpr (!is_tag) {
            try {
                if constexpr (std::is_aggregate_v<T>) {
                    values_.push_back(T{std::forward<Args>(args)...});
                } else {
                    values_.emplace_back(std::forward<Args>(args)...);
                }
            } catch (...) {
                cut_identity_at(pos);
                pop_index(index);
                throw;
            }
        }
        // Disabled ones sit at the end: the new one goes before them. (The identity prefix
        // never reaches past the enabled ones, so this swap cannot cut it.)
        if (pos != enabled_) swap_positions(pos, enabled_);
        ++enabled_;
        return value(enabled_ - 1);  // the new value now ends the enabled prefix
    }

    [[nodiscard]] T& value(std::uint32_t pos) noexcept {
        if constexpr (is_tag) {
            (void)pos;
            return tag_instance();
        } else {
            return values_[pos];
        }
    }
    [[nodiscard]] const T& value(std::uint32_t pos) const noexcept {
        return const_cast<storage*>(this)->value(pos);
    }
    /// The values, in packed order (nullptr for tags).
    [[nodiscard]] T* values() noexcept {
        if constexpr (is_tag) {
            return nullptr;
        } else {
            return values_.data();
        }
    }

    /// The value of `index`, or nullptr.
    [[nodiscard]] T* find(entity_index index) noexcept {
        const std::uint32_t pos = position(index);
        return pos == absent ? nullptr : &value(pos);
    }

    bool erase(entity_index index) override {
        std::uint32_t pos = position(index);
        if (pos == absent) return false;
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
        const std::uint32_t pos = position(index);
        if (pos == absent) return false;
        if (enabled && pos >= enabled_) {  // above the identity prefix: it stays
            swap_positions(pos, enabled_);
            ++enabled_;
            ++layout_version_;
        } else if (!enabled && pos < enabled_) {
            --enabled_;
            cut_identity_at(pos);
            swap_positions(pos, enabled_);
            ++layout_version_;
        }
        return true;
    }

    void* value_at(std::uint32_t pos) noexcept override {
        if constexpr (is_tag) {
            (void)pos;
            return nullptr;
        } else {
            return &values_[pos];
        }
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

    void reserve(std::size_t count) override {
        reserve_indices(count);
        if constexpr (!is_tag) values_.reserve(count);
    }

    [[nodiscard]] std::size_t memory_bytes() const noexcept override {
        std::size_t bytes = index_memory_bytes();
        if constexpr (!is_tag) bytes += values_.capacity() * sizeof(T);
        return bytes;
    }

private:
    static T& tag_instance() noexcept {
        static T instance{};
        return instance;
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

    std::vector<T> values_;  // unused for tags (an empty vector allocates nothing)
};

namespace detail {
template <class T>
std::unique_ptr<sparse_set> make_storage_for() {
    return std::make_unique<storage<T>>();
}
}  // namespace detail

}  // namespace mosaic
