// A game whose registration throws: hosts go on with the built-in components and systems and
// say why.
#include <stdexcept>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/module.hpp>

namespace broken {

struct Gear {
    int teeth = 12;
};

void register_components(mosaic::component_table& table) {
    table.component<Gear>("Gear").field("teeth", &Gear::teeth);
}

void register_systems(mosaic::scheduler&) {
    throw std::runtime_error("missing config file gears.cfg");
}

}  // namespace broken

MOSAIC_GAME_MODULE("broken", "registration throws", broken::register_components,
                   broken::register_systems)
