#include "mosaic/engine/scene/scene.hpp"

#include <mosaic/ecs/scheduler.hpp>

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

std::uint64_t scene::ensure_id(entity e) {
    if (const EntityId* id = world.try_get<EntityId>(e); id && id->value != 0) return id->value;
    std::uint64_t next = 1;
    if (const auto* pool = world.find_pool<EntityId>()) {
        for (const entity_index index : pool->indices()) {
            next = std::max(next, pool->value(pool->position(index)).value + 1);
        }
    }
    world.add_or_replace<EntityId>(e, next);
    return next;
}

void scene::assign_missing_ids() {
    std::uint64_t next = 1;
    if (const auto* pool = world.find_pool<EntityId>()) {
        for (const entity_index index : pool->indices()) {
            next = std::max(next, pool->value(pool->position(index)).value + 1);
        }
    }
    std::vector<entity> missing;
    world.each([&](entity e) {
        const EntityId* id = world.try_get<EntityId>(e);
        if (!id || id->value == 0) missing.push_back(e);
    });
    for (const entity e : missing) world.add_or_replace<EntityId>(e, next++);
}

scene scene::clone() const {
    scene copy;
    copy.world = world.clone();
    copy.settings = settings;
    copy.systems = systems;
    copy.unknown = unknown;
    return copy;
}

void scene::capture_systems(const scheduler& s) {
    for (const system* sys : s.ordered()) {
        system_setting setting{sys->name(), sys->is_enabled(), sys->schedule()};
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
