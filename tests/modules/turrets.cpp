// A game whose only system fails on tick 10: by throwing (TURRET_FAILS_WITH_EXCEPTION=1) or by
// a failed MOSAIC_CHECK (0). Game code cannot lose the user's work: the editor stops Play and
// restores the scene, mosaic-run exits 1 naming the system and the tick. TURRET_CRASHES=1
// crashes the process instead (SIGSEGV; 2: std::abort), as a null pointer would: played in a
// separate process, the editor reports the crash and lives on.
#include <csignal>
#include <cstdlib>
#include <stdexcept>

#ifndef TURRET_CRASHES
#define TURRET_CRASHES 0
#endif

#include <mosaic/ecs/assert.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/module.hpp>

namespace turrets {

struct Turret {
    float angle = 0;
};

void register_components(mosaic::component_table& table) {
    table.component<Turret>("Turret").field("angle", &Turret::angle);
}

void turn_then_fail(mosaic::system_context& ctx) {
    ctx.view<Turret>().each([](Turret& t) { t.angle += 1; });
    if (ctx.tick() != 10) return;
#if TURRET_CRASHES == 1
    std::raise(SIGSEGV);  // what writing through a null pointer does, without the UB
#elif TURRET_CRASHES == 2
    std::abort();
#elif TURRET_FAILS_WITH_EXCEPTION
    throw std::runtime_error("the turret lost its target");
#else
    MOSAIC_CHECK(ctx.tick() != 10, "turret: no target on tick 10");
#endif
}

void register_systems(mosaic::scheduler& s) {
    s.add("turret", &turn_then_fail).writes<Turret>();
}

}  // namespace turrets

MOSAIC_GAME_MODULE("turrets", "a turret that fails on tick 10", turrets::register_components,
                   turrets::register_systems)
