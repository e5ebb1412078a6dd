// world::destroy(span): many entities at once. With no signal to fire in between, the
// entities are marked first, then each pool loses its marked entries in one ordered pass
// when they are a large part of it (a swap-and-pop per entry otherwise), then the ids are
// freed. With signals connected, or for a short list, it is destroy(e) one by one: the
// same callbacks in the same order.
#include <algorithm>

#include "mosaic/ecs/world.hpp"

namespace mosaic {

namespace {
// Below one entity to destroy in this many alive, marking costs more than it saves.
constexpr std::size_t marks_pay_off_below = 16;
// A pool losing fewer than one entry in this many of its own is cheaper to erase from.
constexpr std::size_t compact_from_share = 4;
}  // namespace

std::size_t world::destroy(std::span<const entity> list) {
    bool signals = !on_destroy_.empty() || !destroying_.empty();
    pools_.each([&](sparse_set& pool) { signals = signals || !pool.on_remove().empty(); });
    if (signals || list.size() * marks_pay_off_below < entities_.alive_count()) {
        std::size_t destroyed = 0;
        for (const entity e : list) destroyed += destroy(e) ? 1 : 0;  // repeats: false
        return destroyed;
    }
    bulk_marks_.assign(entities_.slot_count(), 0);
    std::vector<entity> doomed;
    doomed.reserve(list.size());
    for (const entity e : list) {
        if (!entities_.alive(e) || bulk_marks_[e.index]) continue;  // stale, null or repeated
        bulk_marks_[e.index] = 1;
        doomed.push_back(e);
    }
    pools_.each([&](sparse_set& pool) {
        if (pool.empty()) return;
        if (pool.has_groups() || doomed.size() * compact_from_share < pool.size()) {
            for (const entity e : doomed) {
                if (pool.contains(e.index)) pool.erase(e.index);
            }
        } else {
            pool.erase_marked(bulk_marks_);
        }
    });
    for (const entity e : doomed) entities_.destroy(e);
    return doomed.size();
}

}  // namespace mosaic
