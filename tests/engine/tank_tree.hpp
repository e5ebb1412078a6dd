#pragma once
// The prefab tests' tank: hull > (turret > barrel), left track, right track — a tree with
// depth, siblings and a component only one member has.
#include <cstring>
#include <string>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>

namespace mosaic::test {

inline Name named(const char* text) {
    Name n;
    std::strncpy(n.value, text, sizeof n.value - 1);
    return n;
}

inline std::string name_of(const world& w, entity e) {
    const Name* n = w.try_get<Name>(e);
    return n ? n->value : "";
}

/// Builds the tank in `w`; returns its hull (the root), and its turret in `turret`.
inline entity build_tank(world& w, entity* turret_out = nullptr) {
    const entity hull = w.create();
    w.add<Name>(hull, named("Tank"));
    w.add<Transform>(hull, Transform{.position = {3, 4}});
    w.add<Health>(hull, Health{.current = 80, .max = 100});
    const entity turret = w.create();
    w.add<Name>(turret, named("Turret"));
    w.add<Transform>(turret, Transform{.position = {-0.1f, 0}});
    set_parent(w, turret, hull);
    if (turret_out) *turret_out = turret;
    const entity barrel = w.create();
    w.add<Name>(barrel, named("Barrel"));
    w.add<Transform>(barrel, Transform{.position = {0.4f, 0}});
    w.add<Sprite>(barrel, Sprite{.size = {0.6f, 0.1f}});
    set_parent(w, barrel, turret);
    for (const char* side : {"Left track", "Right track"}) {
        const entity track = w.create();
        w.add<Name>(track, named(side));
        w.add<Transform>(track);
        set_parent(w, track, hull);
    }
    return hull;
}

}  // namespace mosaic::test
