#include "mosaic/engine/systems/builtin_systems.hpp"

#include "mosaic/engine/input.hpp"
#include "mosaic/engine/resources.hpp"

namespace mosaic {

void register_builtin_systems(scheduler& s) {
    add_input_system(s);
    add_gravity_system(s);
    add_movement_system(s);
    add_hierarchy_system(s);
    add_collision_system(s);
    add_damage_system(s);
    add_lifetime_system(s);
}

void add_builtin_resources(world& w) {
    w.resource<Input>();
    w.resource<Physics>();
    w.resource<Random>();
    w.resource<Contacts>();
    w.resource<GameLog>();
    w.resource<Archetypes>();
    w.resource<Prefabs>();
}

}  // namespace mosaic
