// One game in two versions, as the user edits and rebuilds it (RELOAD_GAME_VERSION 1 or 2):
//
//   version 1: Mover{speed}, Legacy{count}; "move" adds speed to Transform.position.x
//   version 2: Mover{speed, boost = 2.5}, Legacy removed; "move" adds speed * boost
//
// reload_game_loads counts how often this copy of the module was loaded (its static state:
// a module that is really unloaded starts again from 0).
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/module.hpp>

namespace reload_game {

#if RELOAD_GAME_VERSION == 1
struct Mover {
    float speed = 1;
};
struct Legacy {
    int count = 7;
};
#else
struct Mover {
    float speed = 1;
    float boost = 2.5f;  // new in version 2
};
#endif

int loads = 0;

void register_components(mosaic::component_table& table) {
    ++loads;
#if RELOAD_GAME_VERSION == 1
    table.component<Mover>("Mover").field("speed", &Mover::speed);
    table.component<Legacy>("Legacy").field("count", &Legacy::count);
#else
    table.component<Mover>("Mover").field("speed", &Mover::speed).field("boost", &Mover::boost);
#endif
}

void move(mosaic::system_context& ctx) {
    ctx.view<mosaic::Transform, const Mover>().each([](mosaic::Transform& t, const Mover& m) {
#if RELOAD_GAME_VERSION == 1
        t.position.x += m.speed;
#else
        t.position.x += m.speed * m.boost;
#endif
    });
}

void register_systems(mosaic::scheduler& s) {
    s.add("move", &move).reads<Mover>().writes<mosaic::Transform>();
}

}  // namespace reload_game

extern "C" int reload_game_loads() {
    return reload_game::loads;
}
// The ids this module's code sees: a built-in type must have the host's id.
extern "C" mosaic::type_id reload_game_transform_id() {
    return mosaic::type_id_of<mosaic::Transform>();
}
extern "C" mosaic::type_id reload_game_mover_id() {
    return mosaic::type_id_of<reload_game::Mover>();
}

#if RELOAD_GAME_PANELS
// libpanels_v*.so: the same game with an editor panel (reload_panel.cpp).
void register_reload_panels(mosaic::panel_registry& panels);
MOSAIC_GAME_MODULE("reload_game", "a game rebuilt while the editor runs",
                   reload_game::register_components, reload_game::register_systems,
                   register_reload_panels)
#else
MOSAIC_GAME_MODULE("reload_game", "a game rebuilt while the editor runs",
                   reload_game::register_components, reload_game::register_systems)
#endif
