// The stress test's registration: its components (with the editor's hints) and systems.
#include "stress.hpp"

#include <mosaic/engine/module.hpp>

namespace mosaic::stress {

void register_stress_components(component_table& table) {
    using limits = spawner_limits;
    table.component<StressSpawner>("StressSpawner")
        .field("count", &StressSpawner::count,
               {.min = 0, .max = limits::max_count, .tooltip = "Sprites spawned on the first tick"})
        .field("half_size", &StressSpawner::half_size,
               {.min = 0,
                .max = limits::max_half_size,
                .speed = 0.5f,
                .tooltip = "They are scattered over, and bounce inside, this box"})
        .field("min_speed", &StressSpawner::min_speed,
               {.min = 0, .max = limits::max_speed, .speed = 0.05f, .tooltip = "Units per second"})
        .field("max_speed", &StressSpawner::max_speed,
               {.min = 0, .max = limits::max_speed, .speed = 0.05f, .tooltip = "Units per second"})
        .field("size", &StressSpawner::size,
               {.min = limits::min_size,
                .max = limits::max_size,
                .speed = 0.01f,
                .tooltip = "Sprite size"})
        .field(
            "spawned", &StressSpawner::spawned,
            {.min = 0, .max = limits::max_count, .tooltip = "How many it spawned; 0 spawns again"});
    table.component<Bouncer>("Bouncer")
        .field("min", &Bouncer::min, {.speed = 0.05f, .tooltip = "Lower-left corner of its box"})
        .field("max", &Bouncer::max, {.speed = 0.05f, .tooltip = "Upper-right corner"});
}

void register_stress_systems(scheduler& s) {
    add_stress_spawn_system(s);
    add_bounce_system(s);
    add_stress_collisions_system(s);
}

}  // namespace mosaic::stress

MOSAIC_GAME_MODULE("stress", "Stress: 100,000 moving, colliding sprites from one spawner",
                   mosaic::stress::register_stress_components,
                   mosaic::stress::register_stress_systems)
