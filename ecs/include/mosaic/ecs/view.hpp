#pragma once
// view<A, B...>(exclude<C...>): the entities that have every A, B... and no C.
//
// Iteration walks the smallest of the pools and tests the others. Two things make it fast
// without asking the user to declare groups:
//  * Pools of components added together stay in the same packed order, so before the
//    sparse lookup a view checks whether the other pool holds the entity at the same
//    position (a sequential read that almost always hits).
//  * Disabled components sit after the enabled ones in each pool: skipping them costs
//    nothing per entity.
//
// Order and structural changes: a view walks its pool from the last position to the first.
// Inside the loop it is allowed to remove components from the *current* entity or destroy
// it: the element moved into its place has already been visited. Anything else (adding
// components of the view's types, destroying other entities) must go through a
// command_buffer applied after the loop. The loop re-reads pool sizes each step, so even a
// violation of that rule never reads out of bounds; it may only skip or repeat entities.
//
// A view is cheap: make it where you iterate. It sees the pools that exist when it is made
// (making one never creates the pools of excluded types, so systems can make views while
// running in parallel).
//
// A const type (`view<Position, const Velocity>`) is passed as a const reference: read-only.
//
// Inactive entities (world::set_active(e, false), like Unity's SetActive) are skipped too,
// unless the view asks for include_disabled.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

#include "entity_pool.hpp"
#include "storage.hpp"

namespace mosaic {

template <class... T>
struct exclude_t {};
/// `world.view<A>(exclude<B, C>)`: leave out entities that have B or C.
template <class... T>
inline constexpr exclude_t<T...> exclude{};

struct include_disabled_t {
    explicit constexpr include_disabled_t() = default;
};
/// `world.view<A>(include_disabled)`: disabled components count as present.
inline constexpr include_disabled_t include_disabled{};

template <class... T>
struct get_t {};

/// The tag an inactive entity carries (world::set_active). Views skip such entities.
struct inactive {};
/// The tag of the entity that holds the world's resources (world::singleton).
struct resource_entity {};

template <class Get, class Exclude>
class basic_view;

template <class... Get, class... Exclude>
class basic_view<get_t<Get...>, exclude_t<Exclude...>> {
    static_assert(sizeof...(Get) > 0, "a view needs at least one component type");
    static constexpr std::size_t get_count = sizeof...(Get);
    using positions = std::array<std::uint32_t, get_count>;

public:
    /// `inactive_entities` and `excluded` pools may be null (no entity ever had the type).
    basic_view(const entity_pool& entities, const sparse_set* inactive_entities,
               storage<std::remove_const_t<Get>>&... pools,
               std::array<const sparse_set*, sizeof...(Exclude)> excluded,
               bool with_disabled) noexcept
        : entities_(&entities),
          inactive_(inactive_entities),
          pools_(&pools...),
          excluded_(excluded),
          with_disabled_(with_disabled) {}

    /// Calls f(entity, Get&...) or f(Get&...) for every matching entity.
    template <class F>
    void each(F&& f) const {
        const sparse_set& driver = smallest();
        const bool no_filters = filters_inactive();
        // Chunks of positions, last first. A chunk where every pool holds the same entities
        // at the same positions (components added together) runs without any lookup.
        for (std::size_t end = limit(driver); end > 0;) {
            const std::size_t begin = end > chunk_size ? end - chunk_size : 0;
            if (no_filters && aligned(driver, begin, end)) {
                for (std::size_t i = end; i-- > begin;) {
                    if (i >= limit(driver)) continue;  // the pool shrank by more than one
                    invoke_aligned(f, driver.packed_data()[i], static_cast<std::uint32_t>(i),
                                   std::index_sequence_for<Get...>{});
                }
            } else {
                for (std::size_t i = end; i-- > begin;) {
                    if (i >= limit(driver)) continue;
                    const entity_index index = driver.packed_data()[i];
                    positions pos;
                    if (!locate(index, static_cast<std::uint32_t>(i), pos)) continue;
                    invoke(f, index, pos, std::index_sequence_for<Get...>{});
                }
            }
            end = begin;
        }
    }

    /// Upper bound of the number of matches: the size of the smallest pool.
    [[nodiscard]] std::size_t size_hint() const noexcept { return limit(smallest()); }

    [[nodiscard]] bool contains(entity e) const noexcept {
        positions pos;
        return entities_->alive(e) && locate(e.index, sparse_set::absent, pos);
    }

    class iterator {
    public:
        using value_type = std::tuple<entity, Get&...>;
        using difference_type = std::ptrdiff_t;
        using iterator_category = std::input_iterator_tag;

        iterator() = default;
        iterator(const basic_view* view, std::size_t next)
            : view_(view), driver_(&view->smallest()), next_(next) {
            advance();
        }
        value_type operator*() const { return dereference(std::index_sequence_for<Get...>{}); }
        iterator& operator++() {
            advance();
            return *this;
        }
        void operator++(int) { advance(); }
        friend bool operator==(const iterator& a, const iterator& b) noexcept {
            return a.at_end_ == b.at_end_ && (a.at_end_ || a.current_ == b.current_);
        }

    private:
        friend class basic_view;
        void advance() {
            // The pool chosen at begin(): removing the current entity's components may
            // change which pool is smallest, but not the one this loop walks.
            const sparse_set& driver = *driver_;
            while (next_-- > 0) {
                if (next_ >= view_->limit(driver)) continue;
                current_ = driver.packed_data()[next_];
                if (view_->locate(current_, static_cast<std::uint32_t>(next_), pos_)) return;
            }
            next_ = 0;
            at_end_ = true;
        }
        template <std::size_t... I>
        value_type dereference(std::index_sequence<I...>) const {
            return value_type{view_->entities_->at(current_),
                              std::get<I>(view_->pools_)->value(pos_[I])...};
        }

        const basic_view* view_ = nullptr;
        const sparse_set* driver_ = nullptr;
        std::size_t next_ = 0;
        entity_index current_ = entity::null_index;
        positions pos_{};
        bool at_end_ = false;
    };

    [[nodiscard]] iterator begin() const { return iterator(this, limit(smallest())); }
    [[nodiscard]] iterator end() const {
        iterator it;
        it.at_end_ = true;
        return it;
    }

private:
    std::size_t limit(const sparse_set& pool) const noexcept {
        return with_disabled_ ? pool.size() : pool.enabled_size();
    }

    const sparse_set& smallest() const noexcept {
        const sparse_set* best = std::get<0>(pools_);
        std::apply(
            [&](auto*... pool) { ((limit(*pool) < limit(*best) ? (best = pool, 0) : 0), ...); },
            pools_);
        return *best;
    }

    // Finds the position of `index` in every pool (`hint`: its position in the driver, tried
    // first in each pool) and checks the exclusions.
    bool locate(entity_index index, std::uint32_t hint, positions& pos) const noexcept {
        bool found = true;
        std::size_t k = 0;
        std::apply(
            [&](auto*... pool) {
                ((found = found && locate_in(*pool, index, hint, pos[k++])), ...);
            },
            pools_);
        if (!found) return false;
        if (!with_disabled_ && inactive_ && !inactive_->empty() && inactive_->contains(index)) {
            return false;
        }
        for (const sparse_set* pool : excluded_) {
            if (!pool) continue;
            if (with_disabled_ ? pool->contains(index) : pool->contains_enabled(index)) {
                return false;
            }
        }
        return true;
    }

    bool locate_in(const sparse_set& pool, entity_index index, std::uint32_t hint,
                   std::uint32_t& pos) const noexcept {
        const std::size_t lim = limit(pool);
        pos = (hint < lim && pool.packed_data()[hint] == index) ? hint : pool.position(index);
        return pos < lim;  // `absent` is larger than any limit
    }

    static constexpr std::size_t chunk_size = 1024;

    // True when no entity can be filtered out by the inactive tag or an exclusion.
    bool filters_inactive() const noexcept {
        if (!with_disabled_ && inactive_ && !inactive_->empty()) return false;
        for (const sparse_set* pool : excluded_) {
            if (pool && !pool->empty()) return false;
        }
        return true;
    }

    // Every pool has the driver's entities at positions [begin, end), all within its limit.
    // Removing the current entity's components inside the loop keeps this true for the
    // positions still to visit: swap-and-pop only moves elements from later positions.
    bool aligned(const sparse_set& driver, std::size_t begin, std::size_t end) const noexcept {
        bool same = true;
        std::apply(
            [&](auto*... pool) {
                ((same = same &&
                         (pool == &driver ||
                          (limit(*pool) >= end &&
                           std::memcmp(pool->packed_data() + begin, driver.packed_data() + begin,
                                       (end - begin) * sizeof(entity_index)) == 0))),
                 ...);
            },
            pools_);
        return same;
    }

    template <class F, std::size_t... I>
    void invoke_aligned(F& f, entity_index index, std::uint32_t pos,
                        std::index_sequence<I...>) const {
        if constexpr (std::is_invocable_v<F&, entity, Get&...>) {
            f(entities_->at(index), static_cast<Get&>(std::get<I>(pools_)->value(pos))...);
        } else {
            f(static_cast<Get&>(std::get<I>(pools_)->value(pos))...);
        }
    }

    template <class F, std::size_t... I>
    void invoke(F& f, entity_index index, const positions& pos, std::index_sequence<I...>) const {
        if constexpr (std::is_invocable_v<F&, entity, Get&...>) {
            f(entities_->at(index), static_cast<Get&>(std::get<I>(pools_)->value(pos[I]))...);
        } else {
            static_assert(std::is_invocable_v<F&, Get&...>,
                          "view::each: the callback must take (entity, Components&...) or "
                          "(Components&...) in the order of the view's types");
            f(static_cast<Get&>(std::get<I>(pools_)->value(pos[I]))...);
        }
    }

    const entity_pool* entities_;
    const sparse_set* inactive_;
    std::tuple<storage<std::remove_const_t<Get>>*...> pools_;
    std::array<const sparse_set*, sizeof...(Exclude)> excluded_;
    bool with_disabled_;
};

}  // namespace mosaic
