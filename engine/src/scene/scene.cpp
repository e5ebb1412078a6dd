#include "mosaic/engine/scene/scene.hpp"

#include <mosaic/ecs/scheduler.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "identity.hpp"

namespace mosaic {

entity scene::find(std::uint64_t id) const {
    entity found = null_entity;
    if (id == 0) return found;
    const auto* pool = world.find_pool<EntityId>();
    if (!pool) return found;
    for (const entity_index index : pool->indices()) {
        if (pool->value(pool->position(index)).value == id) return world.entities().at(index);
    }
    return found;
}

namespace {

// Hands out ids not yet used in `w`: above the largest one, or, once that would wrap past
// 2^64 - 1, the smallest free ones.
class id_source {
public:
    explicit id_source(const world& w) {
        if (const auto* pool = w.find_pool<EntityId>()) {
            for (const entity_index index : pool->indices()) {
                const std::uint64_t id = pool->value(pool->position(index)).value;
                used_.push_back(id);
                if (id >= next_) next_ = id + 1;
                if (id == UINT64_MAX) wrapped_ = true;
            }
        }
        if (wrapped_) std::sort(used_.begin(), used_.end());
    }
    std::uint64_t next() {
        if (!wrapped_) return next_++;
        while (std::binary_search(used_.begin(), used_.end(), low_)) ++low_;
        return low_++;
    }

private:
    std::vector<std::uint64_t> used_;
    std::uint64_t next_ = 1;
    std::uint64_t low_ = 1;
    bool wrapped_ = false;
};

}  // namespace

std::uint64_t scene::ensure_id(entity e) {
    if (const EntityId* id = world.try_get<EntityId>(e); id && id->value != 0) return id->value;
    const std::uint64_t id = id_source(world).next();
    world.add_or_replace<EntityId>(e, id);
    return id;
}

void scene::assign_missing_ids() {
    std::vector<entity> missing;
    world.each([&](entity e) {
        if (!detail::is_scene_entity(world, e)) return;
        const EntityId* id = world.try_get<EntityId>(e);
        if (!id || id->value == 0) missing.push_back(e);
    });
    if (missing.empty()) return;
    id_source ids(world);
    for (const entity e : missing) world.add_or_replace<EntityId>(e, ids.next());
}

scene scene::clone() const {
    scene copy;
    copy.world = world.clone();
    copy.settings = settings;
    copy.systems = systems;
    copy.unknown = unknown;
    copy.prefab_overrides = prefab_overrides;
    copy.prefabs = prefabs;
    return copy;
}

void scene::capture_systems(const scheduler& s, std::span<const system_setting> unlisted) {
    for (const system* sys : s.ordered()) {
        system_setting setting{sys->name(), sys->enabled(), sys->every()};
        const auto registered = std::find_if(unlisted.begin(), unlisted.end(),
                                             [&](const auto& u) { return u.name == setting.name; });
        if (registered != unlisted.end() && *registered == setting) {
            // As it was when the scene started, which did not list it: no entry (nor churn).
            std::erase_if(systems, [&](const auto& e) { return e.name == setting.name; });
            continue;
        }
        bool found = false;
        for (system_setting& existing : systems) {
            if (existing.name == setting.name) {
                existing = setting;
                found = true;
            }
        }
        if (!found) systems.push_back(setting);
    }
}

void scene::apply_systems(scheduler& s) const {
    for (const system_setting& setting : systems) {
        if (system* sys = s.find(setting.name)) {
            sys->enabled(setting.enabled);
            sys->every(setting.rate);
        }
    }
}

}  // namespace mosaic
