#pragma once
// world: the entities and one pool (storage<T>) per component type.
//
// Sections:
//   1. entities          create, destroy, alive
//   2. components        add, get, try_get, has, any_of, remove, replace, get_or_add, ...
//   3. enable / disable  components that stay on the entity but views skip
//   4. views and signals
//   5. by runtime id     what tools use: test, get, add, copy, remove, list by type id
//   6. whole world       clone (snapshots), clear, memory
//   7. resources         resource<T>(): one value per world (input, contacts, random)
//   8. groups            packed pools for the queries systems run every tick (group.hpp)
//   9. bulk operations   create N entities with values, destroy many, add to a whole view
//
// Misuse (a stale handle, get<T> of a missing component) fails a MOSAIC_CHECK with a message
// naming the entity and the type; in release builds the call then does nothing harmful
// (returns a scratch value, false or nullptr) instead of crashing.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "assert.hpp"
#include "entity_pool.hpp"
#include "group.hpp"
#include "pool_table.hpp"
#include "runtime_view.hpp"
#include "signal.hpp"
#include "storage.hpp"
#include "type_id.hpp"
#include "view.hpp"

namespace mosaic {

struct world_options {
    /// The most entities alive at once; create() throws capacity_error beyond it.
    std::uint32_t max_entities = entity_pool::index_limit;
};

namespace detail {
// create_with's arguments: a std::span<const T> gives one value per entity, anything else
// is one value for all.
template <class V>
struct bulk_arg {
    using component = V;
    static const V& at(const V& value, std::size_t) noexcept { return value; }
    static bool fits(const V&, std::size_t) noexcept { return true; }
};
template <class T, std::size_t Extent>
struct bulk_arg<std::span<T, Extent>> {
    using component = std::remove_const_t<T>;
    static const component& at(std::span<T, Extent> values, std::size_t k) noexcept {
        return values[k];
    }
    static bool fits(std::span<T, Extent> values, std::size_t n) noexcept {
        return values.size() >= n;
    }
};
template <class V>
using bulk_component_t = typename bulk_arg<V>::component;
template <class V>
const auto& bulk_value(const V& v, std::size_t k) noexcept {
    return bulk_arg<V>::at(v, k);
}
template <class V>
bool bulk_count_fits(const V& v, std::size_t n) noexcept {
    return bulk_arg<V>::fits(v, n);
}
template <class... T>
inline constexpr bool distinct_v = true;
template <class T, class... Rest>
inline constexpr bool distinct_v<T, Rest...> =
    (!std::is_same_v<T, Rest> && ...) && distinct_v<Rest...>;
}  // namespace detail

template <class... Get>
using view_t = basic_view<get_t<Get...>, exclude_t<>>;

class world_snapshot;

class world {
public:
    world() = default;
    explicit world(world_options options) : entities_(options.max_entities) {}
    world(world&&) noexcept = default;
    world& operator=(world&&) noexcept = default;
    world(const world&) = delete;  // copying a world is explicit: clone()
    world& operator=(const world&) = delete;
    ~world() = default;

    // --- 1. entities ----------------------------------------------------------------------

    /// A new entity. Ignoring it leaks it (nothing else names it), hence [[nodiscard]].
    [[nodiscard]] entity create() { return entities_.create(); }
    /// Creates out.size() entities (all or none; throws capacity_error when they don't fit).
    void create(std::span<entity> out) { entities_.create(out); }
    /// Creates exactly `e` (same index and generation) if its slot is free: for undo and
    /// snapshots. False when the slot is taken or `e` is not a valid handle.
    bool create_at(entity e) { return entities_.revive(e); }
    /// Destroys `e` and its components (on_destroy, then on_remove of each, fire first).
    /// False when `e` is not alive: destroying twice is harmless.
    bool destroy(entity e);
    [[nodiscard]] bool alive(entity e) const noexcept { return entities_.alive(e); }
    /// Number of live entities.
    [[nodiscard]] std::size_t size() const noexcept { return entities_.alive_count(); }
    [[nodiscard]] const entity_pool& entities() const noexcept { return entities_; }
    /// The most entities alive at once (world_options::max_entities): beyond it create()
    /// throws capacity_error, which inside a system makes that system fail (system_error)
    /// instead of the process running out of memory. Lowering it below size() keeps the
    /// entities; creating then throws until enough are destroyed.
    void set_entity_limit(std::uint32_t max_entities) noexcept {
        entities_.set_max_entities(max_entities);
    }
    [[nodiscard]] std::uint32_t entity_limit() const noexcept { return entities_.max_entities(); }
    /// Deactivates or reactivates an entity, like Unity's SetActive: it keeps its components
    /// (and their own enabled flags) but views skip it unless asked with include_disabled.
    /// Implemented as the `inactive` tag component. False when `e` is not alive.
    bool set_active(entity e, bool active);
    [[nodiscard]] bool is_active(entity e) const noexcept {
        return entities_.alive(e) && !has<inactive>(e);
    }
    /// f(entity) for every live entity, in index order.
    template <class F>
    void each(F&& f) const {
        entities_.each(f);
    }

    // --- 2. components --------------------------------------------------------------------

    /// Adds a T built from `args` (aggregate initialisation for aggregates). Adding a
    /// component the entity already has is a mistake: the check fails, and in release the
    /// existing value is replaced.
    template <class T, class... Args>
    T& add(entity e, Args&&... args) {
        storage<T>& pool = assure<T>();
        if (!check_alive<T>(e, "add")) return fallback<T>();
        if (pool.contains(e.index)) [[unlikely]] {
            report_duplicate<T>(e);
            return replace<T>(e, std::forward<Args>(args)...);
        }
        T& value = pool.emplace(e.index, std::forward<Args>(args)...);
        if (!pool.on_add().empty()) {
            pool.on_add().emit(*this, e);
            // A callback may have moved the value (adding others), or removed it.
            if (T* moved = try_get<T>(e)) return *moved;
            report_missing<T>(e, "add (removed again by an on_add callback)");
            return fallback<T>();
        }
        return value;
    }

    /// Adds T, or assigns a new value when the entity already has one.
    template <class T, class... Args>
    T& add_or_replace(entity e, Args&&... args) {
        if (T* existing = try_get<T>(e)) {
            *existing = make_value<T>(std::forward<Args>(args)...);
            return *existing;
        }
        return add<T>(e, std::forward<Args>(args)...);
    }

    /// Assigns a new value to a component the entity has.
    template <class T, class... Args>
    T& replace(entity e, Args&&... args) {
        T& existing = get<T>(e);
        existing = make_value<T>(std::forward<Args>(args)...);
        return existing;
    }

    /// The entity's T, added from `args` first if it has none.
    template <class T, class... Args>
    T& get_or_add(entity e, Args&&... args) {
        if (T* existing = try_get<T>(e)) return *existing;
        return add<T>(e, std::forward<Args>(args)...);
    }

    /// The entity's T. It must have one (check fails otherwise; use try_get when unsure).
    template <class T>
    [[nodiscard]] T& get(entity e) {
        // try_get's lookup, written out again: through try_get, the compiler tests the
        // returned pointer for null once more on this hot path.
        storage<T>* pool = find_pool<T>();
        if (pool) [[likely]] {
            const std::uint32_t pos = pool->position(e.index);
            if (pos != sparse_set::absent && entities_.holds_slot_of(e)) [[likely]]
                return pool->value(pos);
        }
        return missing_in_get<T>(e.index, e.generation);
    }
    template <class T>
    [[nodiscard]] const T& get(entity e) const {
        const storage<T>* pool = find_pool<T>();
        if (pool) [[likely]] {
            const std::uint32_t pos = pool->position(e.index);
            if (pos != sparse_set::absent && entities_.holds_slot_of(e)) [[likely]]
                return pool->value(pos);
        }
        return missing_in_get<T>(e.index, e.generation);
    }

    /// The entity's T, or nullptr when it has none or `e` is not alive.
    template <class T>
    [[nodiscard]] T* try_get(entity e) noexcept {
        storage<T>* pool = find_pool<T>();
        if (!pool) return nullptr;
        const std::uint32_t pos = pool->position(e.index);
        // Found in the pool: the slot exists (a pool holds only indices of existing slots, so
        // no bounds test), and a matching generation means alive.
        return pos != sparse_set::absent && entities_.holds_slot_of(e) ? &pool->value(pos)
                                                                       : nullptr;
    }
    template <class T>
    [[nodiscard]] const T* try_get(entity e) const noexcept {
        const storage<T>* pool = find_pool<T>();
        if (!pool) return nullptr;
        const std::uint32_t pos = pool->position(e.index);
        return pos != sparse_set::absent && entities_.holds_slot_of(e) ? &pool->value(pos)
                                                                       : nullptr;
    }

    /// True when `e` is alive and has every one of T..., enabled or not (a disabled
    /// component is still there: get<T> returns it). Whether it is enabled:
    /// is_enabled<T>(e), in section 3; views skip disabled components unless asked.
    template <class... T>
    [[nodiscard]] bool has(entity e) const noexcept {
        return entities_.alive(e) && (contains_in<T>(e.index) && ...);
    }
    /// True when `e` is alive and has at least one of T...
    template <class... T>
    [[nodiscard]] bool any_of(entity e) const noexcept {
        return entities_.alive(e) && (contains_in<T>(e.index) || ...);
    }

    /// Removes the entity's T (on_remove fires first). False when it had none.
    template <class T>
    bool remove(entity e) {
        storage<T>* pool = find_pool<T>();
        if (!pool || !entities_.alive(e) || !pool->contains(e.index)) return false;
        return erase_from(*pool, e);
    }

    /// Removes T from every entity.
    template <class T>
    void clear() {
        storage<T>* pool = find_pool<T>();
        if (!pool) return;
        if (pool->on_remove().empty()) {
            pool->clear();
            return;
        }
        while (!pool->empty()) erase_from(*pool, entities_.at(pool->indices().back()));
    }

    /// How many entities have T (enabled or not).
    template <class T>
    [[nodiscard]] std::size_t count() const noexcept {
        const storage<T>* pool = find_pool<T>();
        return pool ? pool->size() : 0;
    }

    /// The pool of T, created on first use.
    template <class T>
    storage<T>& assure() {
        const type_id id = type_id_of<T>();
        if (sparse_set* pool = pools_.find(id)) [[likely]] {
            return static_cast<storage<T>&>(*pool);
        }
        return make_pool<T>(id);
    }
    template <class T>
    [[nodiscard]] storage<T>* find_pool() noexcept {
        // A type without an id yet has no pool: no need to register it here.
        return static_cast<storage<T>*>(
            pools_.find(detail::type_id_if_known<std::remove_cvref_t<T>>()));
    }
    template <class T>
    [[nodiscard]] const storage<T>* find_pool() const noexcept {
        return static_cast<const storage<T>*>(
            pools_.find(detail::type_id_if_known<std::remove_cvref_t<T>>()));
    }

    // --- 3. enable / disable ----------------------------------------------------------------

    /// Enables or disables the entity's T. A disabled component keeps its data; views skip
    /// it unless asked with include_disabled. False when the entity has no T.
    template <class T>
    bool set_enabled(entity e, bool enabled) {
        storage<T>* pool = find_pool<T>();
        return pool && entities_.alive(e) && pool->set_enabled(e.index, enabled);
    }
    template <class T>
    bool enable(entity e) {
        return set_enabled<T>(e, true);
    }
    template <class T>
    bool disable(entity e) {
        return set_enabled<T>(e, false);
    }
    /// True when the entity has T and it is enabled (has<T> is true for a disabled one too).
    template <class T>
    [[nodiscard]] bool is_enabled(entity e) const noexcept {
        const storage<T>* pool = find_pool<T>();
        return pool && entities_.alive(e) && pool->contains_enabled(e.index);
    }

    // --- 4. views and signals ---------------------------------------------------------------

    // Views of a non-const world count their each() calls (section 8: automatic groups).
    template <class... Get, class... Exclude>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<Exclude...>> view(
        exclude_t<Exclude...> = {}) {
        return {entities_,
                find_pool<inactive>(),
                assure<std::remove_const_t<Get>>()...,
                {find_pool<Exclude>()...},
                false,
                view_owner(),
                &views_iterating_};
    }
    template <class... Get, class... Exclude>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<Exclude...>> view(exclude_t<Exclude...>,
                                                                        include_disabled_t) {
        return {entities_,
                find_pool<inactive>(),
                assure<std::remove_const_t<Get>>()...,
                {find_pool<Exclude>()...},
                true,
                view_owner(),
                &views_iterating_};
    }
    template <class... Get>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<>> view(include_disabled_t) {
        return {
            entities_,    find_pool<inactive>(), assure<std::remove_const_t<Get>>()..., {}, true,
            view_owner(), &views_iterating_};
    }

    /// Views of a const world read only: every type must be const (`view<const T>()`). A
    /// type no entity ever had is read from an empty pool (a const world makes none).
    template <class... Get, class... Exclude>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<Exclude...>> view(
        exclude_t<Exclude...> = {}) const {
        static_assert((std::is_const_v<Get> && ...),
                      "a view of a const world reads only: view<const T...>()");
        return {entities_,
                find_pool<inactive>(),
                pool_or_empty<Get>()...,
                {find_pool<Exclude>()...},
                false};
    }
    template <class... Get, class... Exclude>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<Exclude...>> view(exclude_t<Exclude...>,
                                                                        include_disabled_t) const {
        static_assert((std::is_const_v<Get> && ...),
                      "a view of a const world reads only: view<const T...>()");
        return {entities_,
                find_pool<inactive>(),
                pool_or_empty<Get>()...,
                {find_pool<Exclude>()...},
                true};
    }
    template <class... Get>
    [[nodiscard]] basic_view<get_t<Get...>, exclude_t<>> view(include_disabled_t) const {
        static_assert((std::is_const_v<Get> && ...),
                      "a view of a const world reads only: view<const T...>()");
        return {entities_, find_pool<inactive>(), pool_or_empty<Get>()..., {}, true};
    }

    template <class T>
    signal& on_add() {
        return assure<T>().on_add();
    }
    template <class T>
    signal& on_remove() {
        return assure<T>().on_remove();
    }
    /// Fires before an entity's components are removed and its id freed.
    signal& on_destroy() noexcept { return on_destroy_; }

    // --- 5. by runtime type id -----------------------------------------------------------

    /// The pool for `type`, or nullptr when no entity of this world ever had one.
    [[nodiscard]] sparse_set* pool(type_id type) noexcept { return pools_.find(type); }
    [[nodiscard]] const sparse_set* pool(type_id type) const noexcept { return pools_.find(type); }
    /// The pool for `type`, created if needed; nullptr when `type` is not a known type id.
    sparse_set* assure(type_id type);
    /// Destroys the pool of `type` with every component in it, and its signals (no signal
    /// fires). For tools that unload the code of a type (a game module's hot reload): a
    /// pool's functions live in the module that made its type. False when there was none.
    bool drop_pool(type_id type) noexcept;
    /// Disconnects every signal of the world and its pools (their callbacks are code that
    /// may be unloaded: a game module's).
    void disconnect_all_signals() noexcept;

    [[nodiscard]] bool has(entity e, type_id type) const noexcept;
    /// Pointer to the entity's component, nullptr when it has none (or for tag types, which
    /// hold no data: use has()).
    [[nodiscard]] void* try_get(entity e, type_id type) noexcept;
    [[nodiscard]] const void* try_get(entity e, type_id type) const noexcept;
    /// Adds a default-constructed component; false if present, not alive or not possible.
    bool add(entity e, type_id type);
    /// Adds a copy of `*value` (of the type with id `type`); false as for add().
    bool add_copy(entity e, type_id type, const void* value);
    /// Adds or assigns a copy of `*value`.
    bool set_copy(entity e, type_id type, const void* value);
    bool remove(entity e, type_id type);
    bool set_enabled(entity e, type_id type, bool enabled);
    [[nodiscard]] bool is_enabled(entity e, type_id type) const noexcept;
    /// The types of the entity's components, in type id order.
    [[nodiscard]] std::vector<type_id> components_of(entity e) const;
    /// Copies the component (value and enabled flag) of `from` into entity `to` of world
    /// `target` (which may be this world), adding or overwriting it. False when `from` has
    /// none, `to` is not alive or the type is not copyable.
    bool copy_component(type_id type, entity from, world& target, entity to) const;
    /// Copies every component of `from` onto `to` (in `target`). Returns how many.
    std::size_t copy_components(entity from, world& target, entity to) const;
    [[nodiscard]] runtime_view view(std::span<const type_id> include,
                                    std::span<const type_id> exclude = {},
                                    bool with_disabled = false) const;
    /// f(sparse_set&) for every pool of this world.
    template <class F>
    void each_pool(F&& f) const {
        pools_.each(f);
    }

    // --- 6. whole world ------------------------------------------------------------------

    /// An independent copy: same entity ids, components, order and enabled flags. Signals
    /// are not copied. Throws std::logic_error when a pool holds a non-copyable type.
    [[nodiscard]] world clone() const;
    /// Destroys every entity and component. No signals fire; connected ones stay connected.
    void clear() noexcept;
    /// Bytes held by the entity slots and all pools.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

    // --- 7. resources ---------------------------------------------------------------------
    // A resource is a component that exists once per world (keyboard state, this tick's
    // contacts, the random generator). Resources live on one entity tagged resource_entity,
    // so they are ordinary ECS data (views, clone and snapshots see them) while scene files
    // and the editor's hierarchy can leave that entity out.

    /// The world's T, added (default-constructed) to the resource entity if missing.
    template <class T>
    T& resource() {
        if (T* existing = try_resource<T>()) return *existing;
        return add<T>(resource_holder());
    }
    /// The world's T, or nullptr when there is none.
    template <class T>
    [[nodiscard]] T* try_resource() noexcept {
        storage<T>* pool = find_pool<T>();
        return pool && !pool->empty() ? &pool->value(0) : nullptr;
    }
    template <class T>
    [[nodiscard]] const T* try_resource() const noexcept {
        const storage<T>* pool = find_pool<T>();
        return pool && !pool->empty() ? &pool->value(0) : nullptr;
    }
    /// The entity holding the resources (created on first use).
    entity resource_holder();

    // --- 8. groups --------------------------------------------------------------------------
    // A group keeps the entities having all of its types (enabled) packed at the front of
    // each of their pools, in the same order, so views over those types walk aligned arrays
    // (group.hpp). Nobody declares one by hand: the scheduler asks for one per query its
    // systems run (scheduler::each, view_t parameters) before each phase, and every view
    // over those types, the systems' or anyone else's, uses it.

    /// The group over exactly `types` (any order; duplicates count once), made on the first
    /// request and kept; later requests return the same one. nullptr when there are fewer
    /// than two distinct types, a type has no pool and cannot get one, or a pool is already
    /// owned by a group that neither contains nor is contained in this one (the first asker
    /// keeps it; views over these types then iterate as without a group). The answer is
    /// remembered: asking every tick costs a lookup.
    const group* assure_group(std::span<const type_id> types);
    template <class... T>
    const group* assure_group() {
        const type_id types[] = {type_id_of<std::remove_const_t<T>>()...};
        return assure_group(types);
    }
    /// What a view over `types` (in this order) does before it walks, when no group covers
    /// them exactly: the pools no group owns follow the pool the view walks (its group's, or
    /// the smallest; sparse_set::follow). The scheduler calls it for its systems' queries
    /// before they run (they may run in parallel, where reordering would race). Returns how
    /// many pools follow that driver.
    std::size_t order_followers(std::span<const type_id> types);

    // Automatic groups: a view of a non-const world over two or more types that no group
    // covers exactly (world.view<A, B, C>().each(...)) counts its each() calls per type set;
    // at the `after`-th the world makes the group over those types itself, as if asked with
    // assure_group, and later walks of that view (anyone's) are the group's pointer walk.
    // Policy (ecs/README.md, *Automatic groups*): what is counted is each() of views made
    // outside a scheduler phase (systems declare their queries), never inside another
    // view's each(); a type set is tried once (a refusal, because its pools belong to a
    // group it does not nest with, is kept: first come, first served among automatic
    // groups); an automatic group gives way, dropped, to a declared one (assure_group, the
    // scheduler) that needs its pools. Groups cost adds, removes and destroys of their types
    // (README figures); drop_automatic_groups() removes them all.

    /// After how many each() calls the world groups a view's types (0: never). Default 3.
    void set_automatic_groups(std::uint32_t after) noexcept { automatic_after_ = after; }
    [[nodiscard]] std::uint32_t automatic_groups() const noexcept { return automatic_after_; }
    /// Drops every automatic group and forgets the counts; returns how many it dropped.
    std::size_t drop_automatic_groups() noexcept;
    /// While paused, views count nothing (the scheduler pauses around its phases, whose
    /// systems may run in parallel).
    void pause_automatic_groups(bool paused) noexcept { automatic_paused_ = paused; }

    /// f(const group&) for every group of this world, oldest first.
    template <class F>
    void each_group(F&& f) const {
        for (const std::unique_ptr<group>& g : groups_) f(static_cast<const group&>(*g));
    }

    // --- 9. bulk operations ---------------------------------------------------------------
    // The one-at-a-time calls, for many entities at once: each pool is found once, made
    // room in once, and filled in a loop with no per-entity checks left to do.

    /// Creates out.size() entities, each with one component per argument: an argument that
    /// is a `std::span<const T>` gives entity k the value at k (it must hold out.size()
    /// values; a shorter one fails a check and nothing is created); any other argument is a
    /// value copied to every entity. The types must be distinct. on_add signals fire after
    /// every entity has all its components. All or none: throws capacity_error before
    /// creating any when they would not fit.
    ///   world.create_with(out, Position{}, std::span<const Velocity>(velocities));
    template <class... Values>
    void create_with(std::span<entity> out, const Values&... values) {
        static_assert(detail::distinct_v<detail::bulk_component_t<Values>...>,
                      "create_with: one argument per component type");
        if (!(MOSAIC_CHECK(detail::bulk_count_fits(values, out.size()),
                           "create_with: a span of values is shorter than the entities to "
                           "create (" +
                               std::to_string(out.size()) + ")") &&
              ...)) {
            return;
        }
        (assure<detail::bulk_component_t<Values>>(), ...);
        entities_.create(out);
        bulk_indices_.resize(out.size());
        for (std::size_t k = 0; k < out.size(); ++k) bulk_indices_[k] = out[k].index;
        (assure<detail::bulk_component_t<Values>>().emplace_n(
             bulk_indices_,
             [&](std::size_t k) -> const auto& { return detail::bulk_value(values, k); }),
         ...);
        (emit_added<detail::bulk_component_t<Values>>(out), ...);
    }

    /// Destroys every live entity of `list`, as destroy(e) one by one would (signals
    /// included), and returns how many it destroyed: handles that are not alive (stale,
    /// null) and repeats are skipped, never an error. Without signals connected, each pool
    /// that loses a large part of its entries is compacted in one pass that keeps the
    /// order of the rest, instead of a swap-and-pop per entry.
    std::size_t destroy(std::span<const entity> list);

    /// Adds a T (a copy of `value`) to every entity `matching` visits and returns how many
    /// got one; those that already have a T keep theirs. The view is walked first, then the
    /// components added (adding while iterating is not allowed, this is the legal form).
    template <class T, class View>
    std::size_t add_to_all(const View& matching, const T& value = T{}) {
        storage<T>& pool = assure<T>();
        bulk_indices_.clear();
        bulk_indices_.reserve(matching.size_hint());
        matching.each([&](entity e, auto&...) {
            if (!pool.contains(e.index)) bulk_indices_.push_back(e.index);
        });
        pool.emplace_n(bulk_indices_, [&](std::size_t) -> const T& { return value; });
        if (!pool.on_add().empty()) {
            for (const entity_index index : std::vector<entity_index>(bulk_indices_)) {
                pool.on_add().emit(*this, entities_.at(index));
            }
        }
        return bulk_indices_.size();
    }

private:
    friend bool detail::note_ungrouped_each(world&, std::span<const type_id>, bool);
    world* view_owner() noexcept {
        return automatic_after_ == 0 || automatic_paused_ ? nullptr : this;
    }
    bool note_ungrouped_each(std::span<const type_id> types, bool may_build);
    void drop_group(group* g) noexcept;

    template <class T>
    void emit_added(std::span<const entity> added) {
        storage<T>& pool = assure<T>();
        if (pool.on_add().empty()) return;
        for (const entity e : added) {
            if (entities_.alive(e)) pool.on_add().emit(*this, e);
        }
    }

    template <class T>
    const storage<std::remove_const_t<T>>& pool_or_empty() const {
        const storage<std::remove_const_t<T>>* pool = find_pool<std::remove_const_t<T>>();
        return pool ? *pool : detail::empty_storage<std::remove_const_t<T>>();
    }

    template <class T>
    bool contains_in(entity_index index) const noexcept {
        const storage<std::remove_const_t<T>>* pool = find_pool<std::remove_const_t<T>>();
        return pool && pool->contains(index);
    }

    template <class T, class... Args>
    static T make_value(Args&&... args) {
        if constexpr (std::is_aggregate_v<T>) {
            return T{std::forward<Args>(args)...};
        } else {
            return T(std::forward<Args>(args)...);
        }
    }

    // The checks keep their messages in cold, out-of-line functions: what stays inline is a
    // compare and a branch, small enough for the compiler to inline add() into the caller's
    // loop (create at 1M entities went from 27.6 to 19.7 ns per entity).
    template <class T>
    bool check_alive(entity e, const char* operation) {
        if (entities_.alive(e)) [[likely]]
            return true;
        report_missing<T>(e, operation);  // names the dead entity
        return false;
    }

    // get()'s failure path. The handle comes in halves, which get() already has in
    // registers: passing the whole 64-bit handle made the compiler load it once more per call
    // on the hot path.
    template <class T>
    [[gnu::cold, gnu::noinline]] T& missing_in_get(entity_index index,
                                                   std::uint32_t generation) const {
        report_missing<T>(entity{index, generation}, "get");
        return fallback<T>();
    }

    template <class T>
    [[gnu::cold, gnu::noinline]] void report_duplicate(entity e) const {
        detail::assert_failed("!has<T>(e)",
                              "add<" + std::string(type_name_of<T>()) + ">(" + to_string(e) +
                                  "): the entity already has one; use replace or get_or_add",
                              __FILE__, __LINE__);
    }

    template <class T>
    [[gnu::noinline]] storage<T>& make_pool(type_id id) {
        return static_cast<storage<T>&>(pools_.install(id, std::make_unique<storage<T>>()));
    }

    template <class T>
    [[gnu::cold, gnu::noinline]] void report_missing(entity e, const char* operation) const {
        const std::string call = std::string(operation) + "<" + std::string(type_name_of<T>()) +
                                 ">(" + to_string(e) + ")";
        if (!entities_.alive(e)) {
            detail::assert_failed("alive(e)", call + ": " + dead_reason(e), __FILE__, __LINE__);
        } else {
            detail::assert_failed("has<T>(e)",
                                  call + ": the entity has no " + std::string(type_name_of<T>()) +
                                      " component (use try_get or has first)",
                                  __FILE__, __LINE__);
        }
    }

    std::string dead_reason(entity e) const;

    /// Where a failed check in release builds gets its reference from: a fresh value each
    /// time, so the caller's writes go nowhere and reads see defaults.
    template <class T>
    static T& fallback() {
        if constexpr (std::is_default_constructible_v<T> && std::is_move_assignable_v<T>) {
            thread_local T scratch{};
            scratch = T{};
            return scratch;
        } else {
            std::abort();  // no safe value exists for this type
        }
    }

    friend class world_snapshot;  // reads and rebuilds the parts clone() copies

    bool erase_from(sparse_set& pool, entity e);
    group* make_group(const std::vector<type_id>& types, bool automatic = false);
    static void attach(group& g);  // into its pools' group lists, outer first
    void drop_groups_of(sparse_set& pool) noexcept;

    entity_pool entities_;
    pool_table pools_;
    signal on_destroy_;
    std::vector<entity> destroying_;  // entities inside destroy(), against re-entry
    std::vector<std::unique_ptr<group>> groups_;
    struct group_answer {
        std::vector<type_id> types;  // sorted, distinct
        group* made;                 // nullptr: refused
    };
    std::vector<group_answer> group_answers_;  // every assure_group request so far
    struct query_use {
        std::vector<type_id> types;  // sorted, distinct
        std::uint32_t each_calls = 0;
        bool tried = false;  // the group was asked for (made or refused)
    };
    std::vector<query_use> query_uses_;  // views' ungrouped each() calls, per type set
    std::uint32_t automatic_after_ = 3;
    bool automatic_paused_ = false;
    std::uint32_t views_iterating_ = 0;
    std::vector<const sparse_set*> follow_scratch_;  // order_followers' pools
    std::vector<entity_index> bulk_indices_;         // scratch of the bulk operations
    std::vector<std::uint8_t> bulk_marks_;           // destroy(span): which slots go
};

}  // namespace mosaic
