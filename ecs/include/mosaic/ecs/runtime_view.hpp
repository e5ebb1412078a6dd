#pragma once
// A view built from runtime type ids, for tools that only know ids (the editor's
// hierarchy filter, the serializer). Same rules as basic_view: walks the smallest pool
// backwards; removing from or destroying the current entity is allowed; inactive entities
// and disabled components are skipped unless `with_disabled`.

#include <cstddef>
#include <vector>

#include "entity_pool.hpp"
#include "sparse_set.hpp"

namespace mosaic {

class runtime_view {
public:
    /// `include` pools may contain nullptr (a type no entity ever had): the view is empty.
    /// `inactive_entities`: the pool of the `inactive` tag (nullptr when none exists).
    runtime_view(const entity_pool& entities, const sparse_set* inactive_entities,
                 std::vector<const sparse_set*> include, std::vector<const sparse_set*> exclude,
                 bool with_disabled)
        : entities_(&entities),
          inactive_(inactive_entities),
          include_(std::move(include)),
          exclude_(std::move(exclude)),
          with_disabled_(with_disabled) {}

    /// Calls f(entity) for every match.
    template <class F>
    void each(F&& f) const {
        const sparse_set* driver = smallest();
        if (!driver) return;
        for (std::size_t i = limit(*driver); i-- > 0;) {
            if (i >= limit(*driver)) continue;
            const entity_index index = driver->packed_data()[i];
            if (matches(index)) f(entities_->at(index));
        }
    }

    [[nodiscard]] bool contains(entity e) const noexcept {
        return entities_->alive(e) && smallest() && matches(e.index);
    }

    /// Number of matches (walks the view).
    [[nodiscard]] std::size_t count() const {
        std::size_t n = 0;
        each([&n](entity) { ++n; });
        return n;
    }

private:
    std::size_t limit(const sparse_set& pool) const noexcept {
        return with_disabled_ ? pool.size() : pool.enabled_size();
    }
    const sparse_set* smallest() const noexcept {
        const sparse_set* best = nullptr;
        for (const sparse_set* pool : include_) {
            if (!pool) return nullptr;
            if (!best || limit(*pool) < limit(*best)) best = pool;
        }
        return best;
    }
    bool matches(entity_index index) const noexcept {
        for (const sparse_set* pool : include_) {
            if (pool->position(index) >= limit(*pool)) return false;
        }
        for (const sparse_set* pool : exclude_) {
            if (pool && pool->position(index) < limit(*pool)) return false;
        }
        return with_disabled_ || !inactive_ || !inactive_->contains(index);
    }

    const entity_pool* entities_;
    const sparse_set* inactive_;
    std::vector<const sparse_set*> include_;
    std::vector<const sparse_set*> exclude_;
    bool with_disabled_;
};

}  // namespace mosaic
