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
    return pools_.uninstall(type) != nullptr;
}

bool world::has(entity e, type_id type) const noexcept {
    const sparse_set* p = pool(type);
    return p && entities_.alive(e) && p->contains(e.index);
}

void* world::try_get(entity e, type_id type) noexcept {
    sparse_set* p = pool(type);
    if (!p || !entities_.alive(e)) return nullptr;
    const std::uint32_t pos = p->position(e.index);
    return pos == sparse_set::absent ? nullptr : p->value_at(pos);
}

const void* world::try_get(entity e, type_id type) const noexcept {
    return const_cast<world*>(this)->try_get(e, type);
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
    // value_at is non-const only because it hands out a mutable pointer; we only read.
    const void* value = const_cast<sparse_set*>(source)->value_at(pos);
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
    pools_.each([&](const sparse_set& pool) {
        std::unique_ptr<sparse_set> cloned = pool.clone();
        if (!cloned) {
            const type_info* info = find_type(pool.type());
            throw std::logic_error("mosaic: world::clone: component type " +
                                   std::string(info ? info->name : "?") + " is not copyable");
        }
        copy.pools_.install(pool.type(), std::move(cloned));
    });
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
