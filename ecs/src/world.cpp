#include "mosaic/ecs/world.hpp"

#include <algorithm>
#include <stdexcept>

namespace mosaic {

// --- entities --------------------------------------------------------------------------------

bool world::destroy(entity e) {
    if (!entities_.alive(e)) return false;
    // A callback destroying the entity again (from on_remove, say) is a no-op, not a loop.
    if (std::find(destroying_.begin(), destroying_.end(), e) != destroying_.end()) return false;
    destroying_.push_back(e);
    struct done {
        std::vector<entity>& list;
        ~done() { list.pop_back(); }
    } guard{destroying_};
    if (!on_destroy_.empty()) on_destroy_.emit(*this, e);
    // By index: a callback may create pools, which reallocates the table.
    for (std::size_t id = 0; id < pools_.id_limit(); ++id) {
        sparse_set* pool = pools_.find(static_cast<type_id>(id));
        if (pool && pool->contains(e.index)) erase_from(*pool, e);
    }
    return entities_.destroy(e);
}

bool world::set_active(entity e, bool active) {
    if (!entities_.alive(e)) return false;
    if (active) {
        remove<inactive>(e);
    } else if (!has<inactive>(e)) {
        add<inactive>(e);
    }
    return true;
}

bool world::erase_from(sparse_set& pool, entity e) {
    if (!pool.on_remove().empty()) {
        pool.on_remove().emit(*this, e);
        // The callback may already have removed it (or destroyed the entity).
        if (!pool.contains(e.index)) return true;
    }
    return pool.erase(e.index);
}

entity world::resource_holder() {
    storage<resource_entity>& holders = assure<resource_entity>();
    if (!holders.empty()) return entities_.at(holders.indices().front());
    const entity holder = create();
    add<resource_entity>(holder);
    return holder;
}

std::string world::dead_reason(entity e) const {
    if (e.is_null()) return "the handle is null";
    if (e.index >= entities_.slot_count()) return "no entity with this index was ever created";
    if (entities_.slot_alive(e.index)) {
        return "stale handle: the entity was destroyed and its slot reused by " +
               to_string(entities_.at(e.index));
    }
    return "stale handle: the entity was destroyed";
}

// --- by runtime type id ----------------------------------------------------------------------

sparse_set* world::assure(type_id type) {
    if (sparse_set* existing = pools_.find(type)) return existing;
    const type_info* info = find_type(type);
    if (!info || !info->make_storage) return nullptr;  // unknown, or retired with its module
    return &pools_.install(type, info->make_storage());
}

void world::disconnect_all_signals() noexcept {
    on_destroy_.disconnect_all();
    pools_.each([](sparse_set& pool) {
        pool.on_add().disconnect_all();
        pool.on_remove().disconnect_all();
    });
}

bool world::drop_pool(type_id type) noexcept {
    if (sparse_set* dropped = pools_.find(type)) drop_groups_of(*dropped);
    return pools_.uninstall(type) != nullptr;
}

bool world::has(entity e, type_id type) const noexcept {
    const sparse_set* p = pool(type);
    return p && entities_.alive(e) && p->contains(e.index);
}

namespace {
// try_get by id, for a world and a const world: the answer is as const as the world.
template <class World>
auto* value_in(World& w, entity e, type_id type) noexcept {
    auto* p = w.pool(type);
    using answer = decltype(p->value_at(0));
    if (!p || !w.alive(e)) return answer{};
    const std::uint32_t pos = p->position(e.index);
    return pos == sparse_set::absent ? answer{} : p->value_at(pos);
}
}  // namespace

void* world::try_get(entity e, type_id type) noexcept {
    return value_in(*this, e, type);
}

const void* world::try_get(entity e, type_id type) const noexcept {
    return value_in(*this, e, type);
}

bool world::add(entity e, type_id type) {
    if (!entities_.alive(e)) return false;
    sparse_set* p = assure(type);
    if (!p || !p->emplace_default(e.index)) return false;
    if (!p->on_add().empty()) p->on_add().emit(*this, e);
    return true;
}

bool world::add_copy(entity e, type_id type, const void* value) {
    if (!entities_.alive(e)) return false;
    sparse_set* p = assure(type);
    if (!p || !p->emplace_copy(e.index, value)) return false;
    if (!p->on_add().empty()) p->on_add().emit(*this, e);
    return true;
}

bool world::set_copy(entity e, type_id type, const void* value) {
    if (!entities_.alive(e)) return false;
    sparse_set* p = assure(type);
    if (!p) return false;
    if (p->contains(e.index)) return p->assign_copy(e.index, value);
    return add_copy(e, type, value);
}

bool world::remove(entity e, type_id type) {
    sparse_set* p = pool(type);
    if (!p || !entities_.alive(e) || !p->contains(e.index)) return false;
    return erase_from(*p, e);
}

bool world::set_enabled(entity e, type_id type, bool enabled) {
    sparse_set* p = pool(type);
    return p && entities_.alive(e) && p->set_enabled(e.index, enabled);
}

bool world::is_enabled(entity e, type_id type) const noexcept {
    const sparse_set* p = pool(type);
    return p && entities_.alive(e) && p->contains_enabled(e.index);
}

std::vector<type_id> world::components_of(entity e) const {
    std::vector<type_id> types;
    if (!entities_.alive(e)) return types;
    pools_.each([&](const sparse_set& pool) {
        if (pool.contains(e.index)) types.push_back(pool.type());
    });
    return types;
}

bool world::copy_component(type_id type, entity from, world& target, entity to) const {
    const sparse_set* source = pool(type);
    if (!source || !entities_.alive(from) || !target.alive(to)) return false;
    const std::uint32_t pos = source->position(from.index);
    if (pos == sparse_set::absent) return false;
    // Read the flag first: copying within one world may reorder this very pool.
    const bool enabled = pos < source->enabled_size();
    const void* value = source->value_at(pos);
    if (!target.set_copy(to, type, value)) return false;
    return target.set_enabled(to, type, enabled);
}

std::size_t world::copy_components(entity from, world& target, entity to) const {
    std::size_t copied = 0;
    for (const type_id type : components_of(from)) {
        if (copy_component(type, from, target, to)) ++copied;
    }
    return copied;
}

runtime_view world::view(std::span<const type_id> include, std::span<const type_id> exclude,
                         bool with_disabled) const {
    std::vector<const sparse_set*> in;
    std::vector<const sparse_set*> out;
    in.reserve(include.size());
    out.reserve(exclude.size());
    for (const type_id type : include) in.push_back(pool(type));
    for (const type_id type : exclude) out.push_back(pool(type));
    return runtime_view(entities_, find_pool<inactive>(), std::move(in), std::move(out),
                        with_disabled);
}

// --- whole world ---------------------------------------------------------------------------

world world::clone() const {
    world copy;
    copy.entities_ = entities_;
    copy.automatic_after_ = automatic_after_;
    pools_.each([&](const sparse_set& pool) {
        std::unique_ptr<sparse_set> cloned = pool.clone();
        if (!cloned) {
            const type_info* info = find_type(pool.type());
            throw std::logic_error("mosaic: world::clone: component type " +
                                   std::string(info ? info->name : "?") + " is not copyable");
        }
        copy.pools_.install(pool.type(), std::move(cloned));
    });
    // The cloned pools keep their order: the groups hold there as they do here.
    for (const std::unique_ptr<group>& g : groups_) {
        std::vector<sparse_set*> pools;
        for (const sparse_set* pool : g->pools()) pools.push_back(copy.pools_.find(pool->type()));
        auto made = std::make_unique<group>(std::move(pools));
        made->size_ = g->size_;
        made->automatic_ = g->automatic_;
        attach(*made);
        copy.groups_.push_back(std::move(made));
    }
    for (const group_answer& answer : group_answers_) {
        group* made = nullptr;
        for (std::size_t k = 0; k < groups_.size(); ++k) {
            if (groups_[k].get() == answer.made) made = copy.groups_[k].get();
        }
        copy.group_answers_.push_back({answer.types, made});
    }
    return copy;
}

void world::clear() noexcept {
    // Keeps the pools and their signals.
    pools_.each([](sparse_set& pool) { pool.clear(); });
    entities_.clear();
}

std::size_t world::memory_bytes() const noexcept {
    std::size_t bytes = entities_.memory_bytes() + pools_.memory_bytes();
    pools_.each([&](const sparse_set& pool) { bytes += sizeof(pool) + pool.memory_bytes(); });
    return bytes;
}

}  // namespace mosaic

namespace mosaic {

// --- groups ----------------------------------------------------------------------------------

const group* world::assure_group(std::span<const type_id> types) {
    // The scheduler asks again before every phase: an answer already given is found
    // without allocating (same count, every type in it, no type twice in the question).
    const auto in = [](const std::vector<type_id>& sorted_types, type_id type) {
        return std::binary_search(sorted_types.begin(), sorted_types.end(), type);
    };
    bool distinct = true;
    for (std::size_t i = 0; i < types.size() && distinct; ++i) {
        for (std::size_t j = 0; j < i; ++j) distinct = distinct && types[i] != types[j];
    }
    if (distinct) {
        for (const group_answer& answer : group_answers_) {
            if (answer.types.size() == types.size() &&
                std::all_of(types.begin(), types.end(),
                            [&](type_id type) { return in(answer.types, type); })) {
                return answer.made;
            }
        }
    }
    std::vector<type_id> sorted(types.begin(), types.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (const group_answer& answer : group_answers_) {
        if (answer.types == sorted) return answer.made;
    }
    group* made = make_group(sorted);
    group_answers_.push_back({std::move(sorted), made});
    return made;
}

std::size_t world::order_followers(std::span<const type_id> types) {
    // A member, kept between calls: the scheduler calls this every tick, allocation-free.
    std::vector<const sparse_set*>& mine = follow_scratch_;
    mine.clear();
    for (const type_id type : types) {
        const sparse_set* found = pools_.find(type);
        if (!found) return 0;
        mine.push_back(found);
    }
    if (mine.size() < 2) return 0;
    // The driver as basic_view::each picks it: the front pool of the smallest group within
    // the types, else the pool with the fewest enabled entries (the first of equals).
    const group* best = nullptr;
    for (const sparse_set* pool : mine) {
        for (const group* g : pool->groups()) {
            if (g->type_count() <= mine.size() && (!best || g->size() < best->size()) &&
                g->owned_within(mine)) {
                best = g;
            }
        }
    }
    if (best && best->type_count() == mine.size()) return 0;  // exactly grouped: aligned
    const sparse_set* driver = best ? best->pools().front() : mine.front();
    if (!best) {
        for (const sparse_set* pool : mine) {
            if (pool->enabled_size() < driver->enabled_size()) driver = pool;
        }
    }
    std::size_t following = 0;
    for (const sparse_set* pool : mine) {
        if (pool == driver || !pool->groups().empty()) continue;
        // The world owns its pools: `mine` only holds them as const for owned_within.
        if (const_cast<sparse_set*>(pool)->follow(*driver, driver->enabled_size())) ++following;
    }
    return following;
}

group* world::make_group(const std::vector<type_id>& types, bool automatic) {
    if (types.size() < 2) return nullptr;
    std::vector<sparse_set*> pools;
    for (const type_id type : types) {
        sparse_set* pool = assure(type);
        if (!pool) return nullptr;
        pools.push_back(pool);
    }
    // Groups sharing a pool must nest. Members of the groups nested inside this one (more
    // types) already sit at the front of all of this one's pools: the largest of those
    // ranges is where this group starts.
    std::uint32_t start = 0;
    std::vector<group*> giving_way;  // automatic groups a declared one replaces
    for (const std::unique_ptr<group>& other : groups_) {
        const bool overlaps = std::any_of(pools.begin(), pools.end(),
                                          [&](const sparse_set* p) { return other->owns(*p); });
        if (!overlaps) continue;
        const bool other_inside = other->owned_within(pools);
        const bool other_around = std::all_of(pools.begin(), pools.end(),
                                              [&](const sparse_set* p) { return other->owns(*p); });
        if (other_inside && other_around) return other.get();
        if (!other_inside && !other_around) {
            if (automatic || !other->automatic_) return nullptr;
            giving_way.push_back(other.get());
            continue;
        }
        if (other_around) start = std::max(start, other->size());
    }
    for (group* dropped : giving_way) drop_group(dropped);
    auto made = std::make_unique<group>(std::move(pools));
    made->automatic_ = automatic;
    made->size_ = start;
    attach(*made);
    made->fill();
    groups_.push_back(std::move(made));
    return groups_.back().get();
}

void world::attach(group& g) {
    for (sparse_set* pool : g.pools_) {
        // Groups sharing a pool nest, so type count orders them outer to inner.
        const auto at =
            std::find_if(pool->groups_.begin(), pool->groups_.end(),
                         [&](const group* h) { return h->type_count() > g.type_count(); });
        pool->groups_.insert(at, &g);
    }
}

void world::drop_group(group* g) noexcept {
    // The pools keep their order; only the bookkeeping goes. Answers naming it become
    // refusals (its type set now conflicts with the group that replaced it).
    for (sparse_set* owned : g->pools_) std::erase(owned->groups_, g);
    for (group_answer& answer : group_answers_) {
        if (answer.made == g) answer.made = nullptr;
    }
    std::erase_if(groups_, [&](const std::unique_ptr<group>& held) { return held.get() == g; });
}

std::size_t world::drop_automatic_groups() noexcept {
    std::vector<group*> automatic;
    for (const std::unique_ptr<group>& g : groups_) {
        if (g->automatic_) automatic.push_back(g.get());
    }
    for (group* g : automatic) drop_group(g);
    std::erase_if(group_answers_, [](const group_answer& answer) { return !answer.made; });
    query_uses_.clear();
    return automatic.size();
}

bool world::note_ungrouped_each(std::span<const type_id> types, bool may_build) {
    std::vector<type_id> sorted(types.begin(), types.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.size() < 2) return false;
    auto use = std::find_if(query_uses_.begin(), query_uses_.end(),
                            [&](const query_use& u) { return u.types == sorted; });
    if (use == query_uses_.end()) {
        query_uses_.push_back({sorted, 0, false});
        use = query_uses_.end() - 1;
    }
    if (use->tried || ++use->each_calls < automatic_after_ || !may_build) return false;
    use->tried = true;
    for (const group_answer& answer : group_answers_) {
        if (answer.types == sorted) return false;  // asked before: refused, or nested elsewhere
    }
    group* made = make_group(sorted, true);
    group_answers_.push_back({std::move(sorted), made});
    return made != nullptr;
}

bool detail::note_ungrouped_each(world& w, std::span<const type_id> types, bool may_build) {
    return w.note_ungrouped_each(types, may_build);
}

void world::drop_groups_of(sparse_set& pool) noexcept {
    if (pool.groups_.empty()) return;
    for (std::size_t k = groups_.size(); k-- > 0;) {
        group& g = *groups_[k];
        if (!g.owns(pool)) continue;
        for (sparse_set* owned : g.pools_) {
            std::erase(owned->groups_, &g);
        }
        groups_.erase(groups_.begin() + static_cast<std::ptrdiff_t>(k));
    }
    group_answers_.clear();  // refusals may no longer hold; answers may name dropped groups
    query_uses_.clear();
}

}  // namespace mosaic
