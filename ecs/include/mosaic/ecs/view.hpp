#pragma once
// view<A, B...>(exclude<C...>): the entities that have every A, B... and no C.
//
// Iteration walks the smallest of the pools and tests the others, unless a group helps:
//  * When the world has a group (group.hpp) whose types are all among the view's, every
//    match is in that group's front range, and the view walks only that range. Over exactly
//    the group's types (and with no inactive entity or excluded component around) it is a
//    pointer walk per page with no lookup and no test. The scheduler makes groups for its
//    systems' queries; views without one fall back to the rest of this list.
// Without a group, three things make it fast:
//  * Pools of components added together stay in the same packed order. Each pool remembers
//    how long a prefix it shares with another (sparse_set::common_prefix, until either
//    changes), and chunks of positions inside it run with no lookup at all; other chunks
//    are compared with memcmp first, which also finds them when they line up.
//  * Where the pools hold different entities, a batch is looked up without branching on
//    the answers (which entity has which component is as good as random), and the
//    callback runs for the matches after, their values prefetched.
//  * Disabled components sit after the enabled ones in each pool: skipping them costs
//    nothing per entity.
//  * A pool no group owns is kept in the driver's order (sparse_set::follow, asked for by
//    each() of a non-const world's view before it walks): it then lines up with the
//    driver, and in a chunk where only some pools line up, those are read at the driver's
//    position and only the others are looked up (each_partly_aligned).
//
// Order and structural changes: a view walks its pool from the last position to the first.
// Inside the loop it is allowed to remove components from the *current* entity or destroy
// it: the element moved into its place has already been visited. Anything else (adding
// components of the view's types, destroying other entities) must go through a
// command_buffer applied after the loop. The loop re-reads pool sizes each step, and looks
// positions up again once a pool's layout changed, so even a violation of that rule never
// reads out of bounds; it may only skip or repeat entities.
//
// A view is cheap: make it where you iterate. It sees the pools that exist when it is made
// (making one never creates the pools of excluded types, so systems can make views while
// running in parallel).
//
// A const type (`view<Position, const Velocity>`) is passed as a const reference: read-only.
// A const world makes only such views (`view<const Position>()` on a `const world&`).
//
// Values sit in pages (page_array.hpp), so chunks are whole pages: inside one, each pool's
// values are contiguous and the aligned loop is a pointer walk, with the page found once
// per chunk. A value reference handed to the callback stays valid while other entities
// gain components (pages never move); see storage.hpp for what moves values.
//
// Inactive entities (world::set_active(e, false), like Unity's SetActive) are skipped too,
// unless the view asks for include_disabled.
//
// Sections of this file: the tags (exclude, include_disabled, get, inactive); basic_view's
// public API (each, size, contains, get...); then its private walks, in the order each()
// picks them: the group walk (each_grouped), the aligned pointer walk per page
// (each_aligned, walk_page), the scattered batch lookup (each_scattered, find_all, locate,
// prefetch), and the helpers that choose between them (smallest, common_prefix, aligned).

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "assert.hpp"
#include "entity_pool.hpp"
#include "group.hpp"
#include "inline.hpp"
#include "storage.hpp"
#include "type_id.hpp"

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
/// The tag of the entity that holds the world's resources (world::resource).
struct resource_entity {};

template <class Get, class Exclude>
class basic_view;
class world;

namespace detail {
/// A view of a (non-const) world calls this from each() when no group covers exactly its
/// types: the world counts such calls per type set and, at the threshold, makes the group
/// (world.hpp, section 8). `may_build` is false while another view of the world iterates
/// (making a group then would move what that one walks). True when a group was made.
bool note_ungrouped_each(world& w, std::span<const type_id> types, bool may_build);
/// The pool a view reads `Get` from: const for a const type.
template <class Get>
using view_pool_t =
    std::conditional_t<std::is_const_v<Get>, const storage<std::remove_const_t<Get>>, storage<Get>>;

/// Where a view of a const world reads a type no entity ever had: an empty pool.
template <class T>
const storage<T>& empty_storage() {
    static const storage<T> none;
    return none;
}

/// view::get's answer after a failed check in release builds: a fresh default value.
template <class T>
T& view_fallback() {
    if constexpr (std::is_default_constructible_v<T> && std::is_move_assignable_v<T>) {
        thread_local T scratch{};
        scratch = T{};
        return scratch;
    } else {
        std::abort();  // no safe value exists for this type
    }
}

/// Position of T (const or not) in Get...: the first whose plain type is T's.
template <class T, class... Get>
constexpr std::size_t type_position() noexcept {
    constexpr std::array<bool, sizeof...(Get)> same{
        std::is_same_v<std::remove_const_t<T>, std::remove_const_t<Get>>...};
    for (std::size_t k = 0; k < same.size(); ++k) {
        if (same[k]) return k;
    }
    return same.size();
}
}  // namespace detail

template <class... Get, class... Exclude>
class basic_view<get_t<Get...>, exclude_t<Exclude...>> {
    static_assert(sizeof...(Get) > 0, "a view needs at least one component type");
    static constexpr std::size_t get_count = sizeof...(Get);
    using positions = std::array<std::uint32_t, get_count>;

public:
    /// `inactive_entities` and `excluded` pools may be null (no entity ever had the type).
    basic_view(const entity_pool& entities, const sparse_set* inactive_entities,
               detail::view_pool_t<Get>&... pools,
               std::array<const sparse_set*, sizeof...(Exclude)> excluded, bool with_disabled,
               world* owner = nullptr, std::uint32_t* iterating = nullptr) noexcept
        : entities_(&entities),
          inactive_(inactive_entities),
          pools_(&pools...),
          excluded_(excluded),
          with_disabled_(with_disabled),
          owner_(owner),
          iterating_(iterating) {}

    /// Calls f(entity, Get&...) or f(Get&...) for every matching entity.
    template <class F>
    void each(F&& f) const {
        const group* packed = usable_group();
        if constexpr (get_count > 1) {
            if (owner_ && !with_disabled_ && (!packed || packed->type_count() != get_count))
                [[unlikely]] {
                const std::array<type_id, get_count> types = std::apply(
                    [](auto*... pool) { return std::array<type_id, get_count>{pool->type()...}; },
                    pools_);
                const bool may_change = *iterating_ == 0;
                if (detail::note_ungrouped_each(*owner_, types, may_change))
                    packed = usable_group();
                // Pools no group owns follow the driver's order, so they line up with it.
                if (may_change) lead_followers(packed ? *packed->pools().front() : smallest());
            }
        }
        // While this walk runs, no other view of the world makes a group (see above).
        struct iterating_guard {
            std::uint32_t* depth;
            ~iterating_guard() {
                if (depth) --*depth;
            }
        } guard{iterating_};
        if (iterating_) ++*iterating_;
        const bool no_filters = filters_inactive();
        if (packed && packed->type_count() == get_count && no_filters) {
            // Exactly a group's types: its front range, a pointer walk per page.
            each_grouped(f, *packed, std::index_sequence_for<Get...>{});
            return;
        }
        // With a group over some of the types, every match is in its range: walk only that.
        const sparse_set& driver = packed ? *packed->pools().front() : smallest();
        const std::size_t walk_end = packed ? packed->size() : limit(driver);
        // Positions below this hold the same entities in every pool (as remembered by the
        // pools), while no pool's layout changes.
        const std::size_t known_aligned = no_filters ? common_prefix(driver) : 0;
        const layout_versions at_start = versions();
        [[maybe_unused]] positions prefixes{};
        [[maybe_unused]] bool prefixes_known = false;
        // Chunks of positions, last first, each inside one page of every pool. A chunk
        // where every pool holds the same entities at the same positions (components added
        // together) runs without any lookup.
        for (std::size_t end = walk_end; end > 0;) {
            const std::size_t begin = (end - 1) & ~(chunk_size - 1);
            if (no_filters && smallest_limit() >= end &&
                ((end <= known_aligned && versions() == at_start) || aligned(driver, begin, end))) {
                each_aligned(f, driver, begin, end, std::index_sequence_for<Get...>{});
            } else if (no_filters) {
                // With fewer than three pools, one that lines up with the driver makes the
                // chunk aligned (above): only views of three or more have partly lined-up
                // chunks.
                std::size_t rest = end;
                if constexpr (get_count >= 3) {
                    // Per pool, as remembered by the pools (sparse_set::common_prefix): a pool
                    // that follows the driver and has not moved since is known to line up
                    // over all of it, with no compare per chunk. Asked at the first such chunk.
                    if (!prefixes_known) prefixes = pool_prefixes(driver), prefixes_known = true;
                    const lined_up_pools lined =
                        lined_up(driver, begin, end, prefixes, versions() == at_start);
                    if (lined.any) {
                        rest = each_partly_aligned(f, driver, begin, end, lined.pools,
                                                   std::index_sequence_for<Get...>{});
                    }
                }
                if (rest > begin) each_scattered<false>(f, driver, begin, rest);
            } else {
                each_scattered<true>(f, driver, begin, end);
            }
            end = begin;
        }
    }

    /// Upper bound of the number of matches: the size of the smallest pool, or of the
    /// group the view walks.
    [[nodiscard]] std::size_t size_hint() const noexcept {
        const group* packed = usable_group();
        return packed ? packed->size() : limit(smallest());
    }

    /// The group whose front range this view walks, or nullptr: a group of the world whose
    /// types are all among the view's (the one with the fewest members when several are),
    /// unless the view counts disabled components (groups hold enabled ones only).
    [[nodiscard]] const group* usable_group() const noexcept {
        if (with_disabled_) return nullptr;
        const std::array<const sparse_set*, get_count> mine = std::apply(
            [](auto*... pool) { return std::array<const sparse_set*, get_count>{pool...}; },
            pools_);
        const group* best = nullptr;
        for (const sparse_set* pool : mine) {
            for (const group* g : pool->groups()) {
                if (g->type_count() <= get_count && (!best || g->size() < best->size()) &&
                    g->owned_within(mine)) {
                    best = g;
                }
            }
        }
        return best;
    }

    /// True when `e` is alive and the view would visit it.
    [[nodiscard]] bool contains(entity e) const noexcept {
        positions pos;
        return entities_->alive(e) && locate(e.index, sparse_set::absent, pos);
    }

    /// The entity's T, one of the view's types (`const` as the view has it): like
    /// world::get, without finding the pool. The entity must have it (a failed check
    /// otherwise, then a scratch value in release builds); it need not match the view.
    template <class T>
    [[nodiscard]] auto& get(entity e) const {
        constexpr std::size_t k = detail::type_position<T, Get...>();
        static_assert(k < get_count, "view::get<T>: T is not one of the view's types");
        using stored = std::tuple_element_t<k, std::tuple<Get...>>;
        auto& pool = *std::get<k>(pools_);
        const std::uint32_t pos = pool.position(e.index);
        if (MOSAIC_CHECK(pos != sparse_set::absent && entities_->alive(e),
                         "view::get<" + std::string(type_name_of<std::remove_const_t<stored>>()) +
                             ">(" + to_string(e) + "): the entity is not alive or has none")) {
            return static_cast<stored&>(pool.value(pos));
        }
        return static_cast<stored&>(detail::view_fallback<std::remove_const_t<stored>>());
    }

    /// The first entity the view visits (iteration order), or null_entity when none.
    [[nodiscard]] entity front() const {
        const iterator it = begin();
        return it == end() ? null_entity : it.entity_at();
    }

    class iterator {
    public:
        using value_type = std::tuple<entity, Get&...>;
        using difference_type = std::ptrdiff_t;
        using iterator_category = std::input_iterator_tag;

        iterator() = default;
        iterator(const basic_view* view, const sparse_set& driver, std::size_t next)
            : view_(view), driver_(&driver), next_(next) {
            advance();
        }
        value_type operator*() const { return dereference(std::index_sequence_for<Get...>{}); }
        [[nodiscard]] entity entity_at() const { return view_->entities_->at(current_); }
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

    [[nodiscard]] iterator begin() const {
        if (const group* packed = usable_group()) {
            return iterator(this, *packed->pools().front(), packed->size());
        }
        return iterator(this, smallest(), limit(smallest()));
    }
    [[nodiscard]] iterator end() const {
        iterator it;
        it.at_end_ = true;
        return it;
    }

private:
    MOSAIC_ALWAYS_INLINE std::size_t limit(const sparse_set& pool) const noexcept {
        return with_disabled_ ? pool.size() : pool.enabled_size();
    }

    const sparse_set& smallest() const noexcept {
        const sparse_set* best = std::get<0>(pools_);
        std::apply(
            [&](auto*... pool) { ((limit(*pool) < limit(*best) ? (best = pool, 0) : 0), ...); },
            pools_);
        return *best;
    }

    // The view's pools no group owns follow `driver` (sparse_set::follow). Only views of a
    // non-const world (owner_) call this, so casting const away is sound.
    void lead_followers(const sparse_set& driver) const {
        std::apply(
            [&](auto*... pool) {
                ((pool != &driver && pool->groups().empty()
                      ? (void)const_cast<sparse_set&>(static_cast<const sparse_set&>(*pool))
                            .follow(driver, limit(driver))
                      : void()),
                 ...);
            },
            pools_);
    }

    // Positions [begin, end) of the driver when the pools hold different entities. Which
    // entity has which component is then as good as random, and a branch on it would be
    // mispredicted half the time, which costs more than the lookups. So a batch is looked up
    // first without branching on the results, and the matches are called after. A callback
    // may remove the current entity's components, which moves others: once a pool's layout
    // changed, the rest of the batch is looked up again, one by one.
    template <bool Filtered, class F>
    void each_scattered(F& f, const sparse_set& driver, std::size_t begin, std::size_t end) const {
        std::array<std::uint32_t, batch_size> at;  // driver positions of the matches
        std::array<positions, batch_size> found;   // and their positions in every pool
        for (std::size_t batch_end = end; batch_end > begin;) {
            const std::size_t batch_begin = batch_end - std::min(batch_end - begin, batch_size);
            // The driver's own position is known: it gets no lookup and no limit.
            const positions limits = std::apply(
                [&](auto*... pool) {
                    return positions{static_cast<std::uint32_t>(pool == &driver ? sparse_set::absent
                                                                                : limit(*pool))...};
                },
                pools_);
            const finders find = std::apply(
                [](auto*... pool) { return finders{sparse_set::position_finder(*pool)...}; },
                pools_);
            const entity_index* driver_indices = driver.packed_data();
            std::size_t count = 0;
            for (std::size_t i = std::min(batch_end, limit(driver)); i-- > batch_begin;) {
                at[count] = static_cast<std::uint32_t>(i);
                const entity_index index = driver_indices[i];
                bool match = find_all(index, limits, find, static_cast<std::uint32_t>(i),
                                      found[count], std::index_sequence_for<Get...>{});
                if constexpr (Filtered) match = match && passes_filters(index);
                count += match ? 1 : 0;
            }
            const std::uint64_t before = version_sum();
            for (std::size_t k = 0; k < count; ++k) {
                // The matches are scattered over the value arrays, beyond what the hardware
                // prefetcher guesses: ask for the values a few calls ahead.
                if (k + prefetch_distance < count) {
                    prefetch_values(found[k + prefetch_distance],
                                    std::index_sequence_for<Get...>{});
                }
                if (version_sum() == before) [[likely]] {
                    invoke(f, driver.packed_data()[at[k]], found[k],
                           std::index_sequence_for<Get...>{});
                    continue;
                }
                if (at[k] >= limit(driver)) continue;
                const entity_index index = driver.packed_data()[at[k]];
                positions pos;
                if (!locate(index, at[k], pos)) continue;
                invoke(f, index, pos, std::index_sequence_for<Get...>{});
            }
            batch_end = batch_begin;
        }
    }

    // Which pools hold the driver's entities at positions [begin, end) of one chunk (the
    // driver does), and whether any other than the driver does.
    struct lined_up_pools {
        std::array<bool, get_count> pools{};
        bool any = false;
    };
    // `prefixes`: each pool's common prefix with the driver, valid while `unchanged`.
    lined_up_pools lined_up(const sparse_set& driver, std::size_t begin, std::size_t end,
                            const positions& prefixes, bool unchanged) const noexcept {
        lined_up_pools out;
        // A callback that broke the rules may have shrunk the driver below the chunk: the
        // batched walk, which reads only below the limits, does such a chunk.
        if (limit(driver) < end) return out;
        std::size_t k = 0;
        std::apply(
            [&](auto*... pool) {
                ((out.pools[k] =
                      pool == &driver ||
                      (limit(*pool) >= end &&
                       ((unchanged && end <= prefixes[k]) ||
                        std::memcmp(pool->packed_data() + begin, driver.packed_data() + begin,
                                    (end - begin) * sizeof(entity_index)) == 0)),
                  out.any = out.any || (pool != &driver && out.pools[k]), ++k),
                 ...);
            },
            pools_);
        return out;
    }

    // Positions [begin, end) of the driver when some pools line up with it there (`lined`:
    // a pool that follows the driver, sparse_set::follow) and the others do not: the lined
    // up ones are read at the driver's position, the others looked up, one entity at a
    // time. The test of the lookups is a branch: where pools line up, the entities are
    // mostly of one kind and it is well predicted (where they do not, each_scattered's
    // batches avoid it). Once a callback changed a pool's layout, it stops and returns
    // where it stopped: each_scattered, which looks every position up again, does the rest.
    //
    // Which pools line up is a template argument (a bit per pool) for views of up to
    // `max_lined_types` types: the loop then holds no test of it, looks up only the others
    // and reads the lined-up ones from their page's base, as walk_page does (about half the
    // instructions per entity of the form that tests it, measured on the frame benchmark).
    static constexpr std::size_t max_lined_types = 3;
    template <class F, std::size_t... I>
    std::size_t each_partly_aligned(F& f, const sparse_set& driver, std::size_t begin,
                                    std::size_t end, const std::array<bool, get_count>& lined,
                                    std::index_sequence<I...> types) const {
        if constexpr (get_count <= max_lined_types) {
            std::uint32_t mask = 0;
            ((mask |= lined[I] ? 1u << I : 0u), ...);
            return dispatch_lined<3>(f, driver, begin, end, mask, lined, types);
        } else {
            return each_lined_runtime(f, driver, begin, end, lined, types);
        }
    }
    // each_lined<Mask> for the mask given, trying the masks from `Mask` up; only those with
    // two or more pools lined up (the driver and another) are made.
    template <std::uint32_t Mask, class F, std::size_t... I>
    std::size_t dispatch_lined(F& f, const sparse_set& driver, std::size_t begin, std::size_t end,
                               std::uint32_t mask, const std::array<bool, get_count>& lined,
                               std::index_sequence<I...> types) const {
        if constexpr (Mask >= (1u << get_count)) {
            return each_lined_runtime(f, driver, begin, end, lined, types);  // not reached
        } else if constexpr (std::popcount(Mask) < 2) {
            return dispatch_lined<Mask + 1>(f, driver, begin, end, mask, lined, types);
        } else {
            if (mask == Mask) return each_lined<Mask>(f, driver, begin, end, types);
            return dispatch_lined<Mask + 1>(f, driver, begin, end, mask, lined, types);
        }
    }
    template <std::uint32_t Mask, class F, std::size_t... I>
    std::size_t each_lined(F& f, const sparse_set& driver, std::size_t begin, std::size_t end,
                           std::index_sequence<I...>) const {
        // The pools, copied where the callback cannot reach them: the loop keeps them in
        // registers instead of reading them again after every call.
        const std::tuple<detail::view_pool_t<Get>*...> pools = pools_;
        const positions limits{static_cast<std::uint32_t>(limit(*std::get<I>(pools)))...};
        const finders find{sparse_set::position_finder(*std::get<I>(pools))...};
        // The chunk lies inside one page of every pool: a lined-up pool's values are read
        // from that page's base.
        const auto first = static_cast<std::uint32_t>(begin);
        // (Only theirs: the others may hold fewer entries than `begin`.)
        const std::tuple bases{
            (((Mask >> I) & 1u) != 0 ? std::get<I>(pools)->page_values(first) : nullptr)...};
        const entity_index* indices = driver.packed_data();
        const std::uint64_t before = version_sum(pools);
        for (std::size_t i = end; i > begin;) {
            --i;
            const entity_index index = indices[i];
            positions pos;
            bool all = true;
            ((((Mask >> I) & 1u) != 0
                  ? void()
                  : void((pos[I] = find[I](index), all = all & (pos[I] < limits[I])))),
             ...);
            if (!all) continue;
            call(f, index, lined_value<Mask, I>(std::get<I>(bases), pools, pos, i - begin)...);
            if (version_sum(pools) != before) [[unlikely]]
                return i;
        }
        return begin;
    }
    template <std::uint32_t Mask, std::size_t I, class V, class Pools>
    static decltype(auto) lined_value(V* base, const Pools& pools, const positions& pos,
                                      std::size_t at) noexcept {
        if constexpr (((Mask >> I) & 1u) != 0) {
            return page_value<I>(base, at);
        } else {
            return std::get<I>(pools)->value(pos[I]);
        }
    }
    // The same for views of more types, testing per pool whether it lines up.
    template <class F, std::size_t... I>
    std::size_t each_lined_runtime(F& f, const sparse_set& driver, std::size_t begin,
                                   std::size_t end, const std::array<bool, get_count>& lined,
                                   std::index_sequence<I...>) const {
        const positions limits{static_cast<std::uint32_t>(limit(*std::get<I>(pools_)))...};
        const finders find{sparse_set::position_finder(*std::get<I>(pools_))...};
        const auto first = static_cast<std::uint32_t>(begin);
        const std::tuple bases{(lined[I] ? std::get<I>(pools_)->page_values(first) : nullptr)...};
        const entity_index* indices = driver.packed_data();
        const std::uint64_t before = version_sum(pools_);
        for (std::size_t i = end; i > begin;) {
            --i;
            const entity_index index = indices[i];
            positions pos;
            bool all = true;
            ((pos[I] = lined[I] ? static_cast<std::uint32_t>(i) : find[I](index),
              all = all & (pos[I] < limits[I])),
             ...);
            if (!all) continue;
            call(f, index,
                 (lined[I] ? page_value<I>(std::get<I>(bases), i - begin)
                           : std::get<I>(pools_)->value(pos[I]))...);
            if (version_sum(pools_) != before) [[unlikely]]
                return i;
        }
        return begin;
    }

    // Positions [begin, end) inside one chunk, where every pool holds the driver's entities
    // at the same positions: each pool's page is found once, then a pointer walk. The pools'
    // limits are read again after each call: a callback that breaks the rules (removes other
    // entities' components) never makes this read past them (see walk_page).
    template <class F, std::size_t... I>
    void each_aligned(F& f, const sparse_set& driver, std::size_t begin, std::size_t end,
                      std::index_sequence<I...>) const {
        // The bound reads the pools' sizes after every call. It holds copies of the pool
        // pointers and of the flag, where the callback cannot reach them: a callback that
        // stores a char (which may alias anything) then makes the loop read the two sizes
        // again, not the view's members too.
        const std::tuple<detail::view_pool_t<Get>*...> pools = pools_;
        const bool with_disabled = with_disabled_;
        walk_page(
            f, driver, begin, end,
            [pools, with_disabled]() -> std::size_t {
                std::size_t fewest = sparse_set::absent;
                ((fewest = std::min(fewest, with_disabled ? std::get<I>(pools)->size()
                                                          : std::get<I>(pools)->enabled_size())),
                 ...);
                return fewest;
            },
            std::index_sequence<I...>{});
    }
    // A group's front range when the view's types are exactly the group's: every position
    // matches, every pool holds the same entity there, page by page. Removing the current
    // entity's components is fine (it leaves by swapping with the group's last member,
    // already visited); the group's size bounds the walk however the callback breaks the
    // rules.
    template <class F, std::size_t... I>
    void each_grouped(F& f, const group& g, std::index_sequence<I...>) const {
        const sparse_set& driver = *g.pools().front();
        for (std::size_t end = g.size(); end > 0;) {
            const std::size_t begin = (end - 1) & ~(chunk_size - 1);
            end = std::min<std::size_t>(
                begin, walk_page(
                           f, driver, begin, end, [&]() -> std::size_t { return g.size(); },
                           std::index_sequence<I...>{}));
        }
    }

    // Calls f for positions [begin, end) of one page, last first, where every pool holds the
    // driver's entity at each position and `bound()` (a group's size, or the pools' smallest
    // limit) is at least `end`: a pointer walk over each pool's values. Returns the bound
    // as it is at the end.
    //
    // The bound is read again after every call. A callback that removes the current entity's
    // components lowers it by one, which leaves every position still to visit below it; one
    // that breaks the rules (removes others' components) may lower it past the next
    // position. Either way, once it changed, the rest of the page is walked one position at
    // a time below the bound as it is then, so the walk never reads past it. When the
    // callback provably stores nothing the bound depends on (it only writes the components'
    // fields: a float is never a size), the compiler sees a bound that cannot change and
    // drops the test: the loop is the raw loop over the arrays.
    template <class F, class Bound, std::size_t... I>
    std::size_t walk_page(F& f, const sparse_set& driver, std::size_t begin, std::size_t end,
                          Bound bound, std::index_sequence<I...>) const {
        const auto first = static_cast<std::uint32_t>(begin);
        const std::tuple bases{std::get<I>(pools_)->page_values(first)...};
        const auto visit = [&](std::size_t i) {
            call(f, driver.packed_data()[i], page_value<I>(std::get<I>(bases), i - begin)...);
        };
        const std::size_t at_start = bound();
        std::size_t i = end;
        while (i > begin) {
            visit(--i);
            if (bound() != at_start) [[unlikely]]
                break;
        }
        // Only after a change of the bound is there anything left to do here.
        while ((i = std::min(i, bound())) > begin) visit(--i);
        return bound();
    }

    // Value `at` of a page: for tags, the one instance whatever `at`.
    template <std::size_t I, class V>
    static V& page_value(V* base, std::size_t at) noexcept {
        using T = std::remove_const_t<std::tuple_element_t<I, std::tuple<Get...>>>;
        if constexpr (storage<T>::is_tag) {
            (void)at;
            return *base;
        } else {
            return base[at];
        }
    }

    // Looks `index` up in every pool without branching on whether it is there; true when it
    // is in all of them. The driver, marked by the limit `absent`, is at `driver_pos`.
    using finders = std::array<sparse_set::position_finder, get_count>;
    template <std::size_t... K>
    static bool find_all(entity_index index, const positions& limits, const finders& find,
                         std::uint32_t driver_pos, positions& pos,
                         std::index_sequence<K...>) noexcept {
        bool all = true;
        ((pos[K] = limits[K] == sparse_set::absent ? driver_pos : find[K](index),
          all = all & (pos[K] < limits[K])),
         ...);
        return all;
    }

    static constexpr std::size_t prefetch_distance = 16;

    // A hint only: a prefetch never faults, and pages outlive every position they held, so a
    // position the callback made stale (by removing a component) costs a useless fetch.
    template <std::size_t... I>
    void prefetch_values(const positions& pos, std::index_sequence<I...>) const noexcept {
        (prefetch_value(*std::get<I>(pools_), pos[I]), ...);
    }
    template <class Pool>
    static void prefetch_value(Pool& pool, std::uint32_t pos) noexcept {
        pool.prefetch(pos);
    }

    // Layout versions only grow, so their sum changes exactly when one of them does: one
    // compare after each call instead of one per pool.
    std::uint64_t version_sum() const noexcept { return version_sum(pools_); }
    template <class Pools>
    static std::uint64_t version_sum(const Pools& pools) noexcept {
        return std::apply([](auto*... pool) { return (pool->layout_version() + ...); }, pools);
    }

    using layout_versions = std::array<std::uint64_t, get_count>;
    layout_versions versions() const noexcept {
        return std::apply([](auto*... pool) { return layout_versions{pool->layout_version()...}; },
                          pools_);
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
        return found && passes_filters(index);
    }

    // Not inactive (unless the view includes disabled ones) and none of the excluded types.
    bool passes_filters(entity_index index) const noexcept {
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

    // A power of two no larger than any pool's page: chunks aligned to it never straddle a
    // page (storage<T>::page_size, 1024 for small types).
    static constexpr std::size_t chunk_size =
        std::min({std::size_t{1024}, storage<std::remove_const_t<Get>>::page_size...});
    static constexpr std::size_t batch_size = 256;

    // True when no entity can be filtered out by the inactive tag or an exclusion.
    bool filters_inactive() const noexcept {
        if (!with_disabled_ && inactive_ && !inactive_->empty()) return false;
        for (const sparse_set* pool : excluded_) {
            if (pool && !pool->empty()) return false;
        }
        return true;
    }

    // The length of the position range where every pool holds the driver's entities.
    std::size_t common_prefix(const sparse_set& driver) const {
        std::size_t length = limit(driver);
        std::apply(
            [&](auto*... pool) {
                ((length =
                      pool == &driver ? length : std::min(length, driver.common_prefix(*pool))),
                 ...);
            },
            pools_);
        return length;
    }

    // For each pool, the length of the position range where it holds the driver's entities
    // (the driver's own: its limit).
    positions pool_prefixes(const sparse_set& driver) const {
        const auto length = static_cast<std::uint32_t>(limit(driver));
        return std::apply(
            [&](auto*... pool) {
                return positions{pool == &driver
                                     ? length
                                     : std::min(length, static_cast<std::uint32_t>(
                                                            driver.common_prefix(*pool)))...};
            },
            pools_);
    }

    // The fewest elements any pool has within its limit.
    MOSAIC_ALWAYS_INLINE std::size_t smallest_limit() const noexcept {
        // By value, not std::min's references: loops that test this after every call keep
        // the answer in a register.
        std::size_t fewest = limit(*std::get<0>(pools_));
        std::apply(
            [&](auto*... pool) { ((fewest = limit(*pool) < fewest ? limit(*pool) : fewest), ...); },
            pools_);
        return fewest;
    }

    // Every pool has the driver's entities at positions [begin, end) (smallest_limit() >= end
    // checked first). Removing the current entity's components inside the loop keeps this
    // true for the positions still to visit: swap-and-pop only moves elements from later
    // positions.
    bool aligned(const sparse_set& driver, std::size_t begin, std::size_t end) const noexcept {
        return std::apply(
            [&](auto*... pool) {
                return ((pool == &driver ||
                         std::memcmp(pool->packed_data() + begin, driver.packed_data() + begin,
                                     (end - begin) * sizeof(entity_index)) == 0) &&
                        ...);
            },
            pools_);
    }

    template <class F, std::size_t... I>
    void invoke(F& f, entity_index index, const positions& pos, std::index_sequence<I...>) const {
        call(f, index, std::get<I>(pools_)->value(pos[I])...);
    }

    // Calls f with the entity (when it takes one) and the values, as the view's types say.
    template <class F, class... Value>
    void call(F& f, entity_index index, Value&... values) const {
        if constexpr (std::is_invocable_v<F&, entity, Get&...>) {
            f(entities_->at(index), static_cast<Get&>(values)...);
        } else {
            static_assert(std::is_invocable_v<F&, Get&...>,
                          "view::each: the callback must take (entity, Components&...) or "
                          "(Components&...) in the order of the view's types");
            (void)index;
            f(static_cast<Get&>(values)...);
        }
    }

    const entity_pool* entities_;
    const sparse_set* inactive_;
    std::tuple<detail::view_pool_t<Get>*...> pools_;
    std::array<const sparse_set*, sizeof...(Exclude)> excluded_;
    bool with_disabled_;
    world* owner_;              // counts ungrouped each() calls; nullptr: never
    std::uint32_t* iterating_;  // the owner's count of views iterating now
};

}  // namespace mosaic
