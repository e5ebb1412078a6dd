// The platformer's registration: its components (with the editor's hints) and systems.
#include "platformer.hpp"

#include <mosaic/engine/module.hpp>

namespace mosaic::platformer {

void register_platformer_components(component_table& table) {
    table.component<MoveIntent>("MoveIntent")
        .field("move", &MoveIntent::move,
               {.min = -1, .max = 1, .speed = 0.01f, .tooltip = "-1 left .. +1 right"})
        .field("jump", &MoveIntent::jump, {.tooltip = "Jump this tick (on the ground)"});
    table.component<Walker>("Walker")
        .field("max_speed", &Walker::max_speed,
               {.min = 0, .max = 50, .speed = 0.05f, .tooltip = "Units per second"})
        .field("acceleration", &Walker::acceleration,
               {.min = 0, .max = 500, .speed = 0.5f, .tooltip = "Units per second squared"})
        .field("air_control", &Walker::air_control,
               {.min = 0,
                .max = 1,
                .speed = 0.01f,
                .tooltip = "Fraction of the acceleration in the air"})
        .field("jump_speed", &Walker::jump_speed,
               {.min = 0, .max = 100, .speed = 0.05f, .tooltip = "Upward speed of a jump"});
    table.component<Grounded>("Grounded")
        .field("on_ground", &Grounded::on_ground, {.read_only = true})
        .field("ground", &Grounded::ground,
               {.read_only = true, .tooltip = "The platform it stands on"})
        .field("wall", &Grounded::wall,
               {.min = -1, .max = 1, .read_only = true, .tooltip = "-1 wall left, +1 right"});
    table.component<KeyboardControl>("KeyboardControl")
        .field("wasd", &KeyboardControl::wasd, {.tooltip = "A/D/W as well as the arrows"});
    table.component<Patrol>("Patrol")
        .field("direction", &Patrol::direction, {.min = -1, .max = 1, .tooltip = "+1 right"})
        .field("speed", &Patrol::speed,
               {.min = 0, .max = 1, .speed = 0.01f, .tooltip = "Fraction of the top speed"})
        .field("look_ahead", &Patrol::look_ahead,
               {.min = -5, .max = 5, .speed = 0.01f, .tooltip = "Turns this far before an edge"})
        .field("turn_at_edges", &Patrol::turn_at_edges);
    table.component<Platform>("Platform")
        .field("one_way", &Platform::one_way, {.tooltip = "Only holds from above"});
    table.component<Respawn>("Respawn")
        .field("point", &Respawn::point, {.speed = 0.05f})
        .field("fall_limit", &Respawn::fall_limit,
               {.speed = 0.05f, .tooltip = "Sent back when it falls below this height"});
    table.component<WalkAnimations>("WalkAnimations")
        .field("idle", &WalkAnimations::idle, {.tooltip = "Clip played standing"})
        .field("run", &WalkAnimations::run, {.tooltip = "Clip played running"})
        .field("jump", &WalkAnimations::jump, {.tooltip = "Clip played in the air"})
        .field("run_above", &WalkAnimations::run_above,
               {.min = 0, .max = 50, .speed = 0.01f, .tooltip = "Runs above this speed"});
    table.component<Follow>("Follow")
        .field("target", &Follow::target)
        .field("offset", &Follow::offset, {.speed = 0.05f})
        .field("stiffness", &Follow::stiffness,
               {.min = 0, .max = 100, .speed = 0.05f, .tooltip = "Higher follows tighter"});
}

void register_platformer_systems(scheduler& s) {
    add_keyboard_control_system(s);
    add_patrol_system(s);
    add_walker_system(s);
    add_ground_contacts_system(s);
    add_stomp_system(s);
    add_respawn_system(s);
    add_camera_follow_system(s);
    add_walk_animation_system(s);
}

}  // namespace mosaic::platformer

MOSAIC_GAME_MODULE("platformer",
                   "Platformer movement: run and jump with the arrows, enemies on patrol",
                   mosaic::platformer::register_platformer_components,
                   mosaic::platformer::register_platformer_systems)
