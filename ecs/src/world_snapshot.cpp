#include "mosaic/ecs/world_snapshot.hpp"

#include <stdexcept>
#include <string>

#include "mosaic/ecs/group.hpp"
#include "mosaic/ecs/sparse_set.hpp"

namespace mosaic {

world_snapshot world_snapshot::of(const world& w, const world_snapshot* previous) {
    world_snapshot s;
    s.entities_ = w.entities_;
    std::size_t next = 0;  // pools come in type order in both: walk previous's alongside
    w.pools_.each([&](const sparse_set& pool) {
        pool_entry entry;
        entry.type = pool.type();
        if (previous) {
            while (next < previous->pools_.size() && previous->pools_[next].type < pool.type())
                ++next;
            if (next < previous->pools_.size() && previous->pools_[next].type == pool.type() &&
                pool.same_as(*previous->pools_[next].pool)) {
                entry.pool = previous->pools_[next].pool;
                entry.bytes = previous->pools_[next].bytes;
                entry.shared = true;
            }
        }
        if (!entry.pool) {
            std::unique_ptr<sparse_set> copy = pool.clone();
            if (!copy) {
                const type_info* info = find_type(pool.type());
                throw std::logic_error("mosaic: world_snapshot: component type " +
                                       std::string(info ? info->name : "?") + " is not copyable");
            }
            entry.bytes = sizeof(*copy) + copy->memory_bytes();
            entry.pool = std::move(copy);
        }
        s.pools_.push_back(std::move(entry));
    });
    for (const std::unique_ptr<group>& g : w.groups_) {
        group_entry entry;
        for (const sparse_set* pool : g->pools()) entry.pools.push_back(pool->type());
        entry.size = g->size_;
        s.groups_.push_back(std::move(entry));
    }
    for (const world::group_answer& answer : w.group_answers_) {
        answer_entry entry{answer.types, -1};
        for (std::size_t k = 0; k < w.groups_.size(); ++k) {
            if (w.groups_[k].get() == answer.made) entry.group = static_cast<std::ptrdiff_t>(k);
        }
        s.answers_.push_back(std::move(entry));
    }
    return s;
}

world world_snapshot::restore() const {
    // As world::clone, from the kept pools.
    world copy;
    copy.entities_ = entities_;
    for (const pool_entry& entry : pools_) copy.pools_.install(entry.type, entry.pool->clone());
    for (const group_entry& entry : groups_) {
        std::vector<sparse_set*> pools;
        for (const type_id type : entry.pools) pools.push_back(copy.pools_.find(type));
        auto made = std::make_unique<group>(std::move(pools));
        made->size_ = static_cast<std::uint32_t>(entry.size);
        world::attach(*made);
        copy.groups_.push_back(std::move(made));
    }
    for (const answer_entry& answer : answers_) {
        group* made = answer.group >= 0 ? copy.groups_[static_cast<std::size_t>(answer.group)].get()
                                        : nullptr;
        copy.group_answers_.push_back({answer.types, made});
    }
    return copy;
}

std::size_t world_snapshot::own_bytes() const noexcept {
    std::size_t bytes = sizeof(*this) + entities_.memory_bytes();
    for (const pool_entry& entry : pools_)
        if (!entry.shared) bytes += entry.bytes;
    return bytes;
}

std::size_t world_snapshot::adopt_shared() noexcept {
    std::size_t grew = 0;
    for (pool_entry& entry : pools_) {
        if (!entry.shared) continue;
        entry.shared = false;
        grew += entry.bytes;
    }
    return grew;
}

std::size_t world_snapshot::shared_pools() const noexcept {
    std::size_t n = 0;
    for (const pool_entry& entry : pools_) n += entry.shared ? 1 : 0;
    return n;
}

}  // namespace mosaic
