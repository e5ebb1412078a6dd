// Tiny Tanks' registration: its components (with the editor's hints) and its systems.
#include "tiny_tanks.hpp"

#include <mosaic/engine/module.hpp>

namespace mosaic::tiny_tanks {

namespace {

// LeftTrack and RightTrack have the same fields.
template <class T>
void register_track(component_table& table, const char* name) {
    table.component<T>(name)
        .field(
            "speed", &T::speed,
            {.min = -10, .max = 10, .speed = 0.05f, .tooltip = "Units per second; the AI sets it"})
        .field("max_speed", &T::max_speed,
               {.min = 0, .max = 10, .speed = 0.05f, .tooltip = "The speed is limited to this"});
}

}  // namespace

void register_tiny_tanks_components(component_table& table) {
    table.component<Hull>("Hull").field(
        "track_width", &Hull::track_width,
        {.min = 0.1,
         .max = 5,
         .speed = 0.01f,
         .tooltip = "Distance between the tracks: wider turns slower"});
    register_track<LeftTrack>(table, "LeftTrack");
    register_track<RightTrack>(table, "RightTrack");
    table.component<Turret>("Turret")
        .field("sweep_speed", &Turret::sweep_speed,
               {.min = 0, .max = 720, .speed = 1, .tooltip = "Degrees per second"})
        .field("sweep_range", &Turret::sweep_range,
               {.min = 0, .max = 180, .speed = 1, .tooltip = "Sweeps this far either side"})
        .field("sweep_direction", &Turret::sweep_direction,
               {.min = -1, .max = 1, .tooltip = "+1 counter-clockwise, -1 clockwise"})
        .field("reload_time", &Turret::reload_time,
               {.min = 0.05, .max = 60, .speed = 0.01f, .tooltip = "Seconds between shots"})
        .field("reload", &Turret::reload,
               {.min = 0, .max = 60, .speed = 0.01f, .tooltip = "Seconds until the next shot"})
        .field("gun_power", &Turret::gun_power,
               {.min = 0, .max = 100, .speed = 0.1f, .tooltip = "Bullet speed, units per second"})
        .field("muzzle", &Turret::muzzle,
               {.min = 0,
                .max = 5,
                .speed = 0.01f,
                .tooltip = "Bullets appear this far ahead of the turret"});
    table.component<TankBrain>("TankBrain")
        .field("cruise", &TankBrain::cruise,
               {.min = 0, .max = 1, .speed = 0.01f, .tooltip = "Fraction of top speed"})
        .field("aggression", &TankBrain::aggression,
               {.min = 0,
                .max = 1,
                .speed = 0.01f,
                .tooltip = "0 wanders, 1 heads straight for the nearest enemy"})
        .field("standoff", &TankBrain::standoff,
               {.min = 0,
                .max = 50,
                .speed = 0.05f,
                .tooltip = "Slows down closer than this to its target"})
        .field("caution", &TankBrain::caution,
               {.min = 0,
                .max = 50,
                .speed = 0.05f,
                .tooltip = "Turns back this far from the arena's edge"})
        .field("wander", &TankBrain::wander,
               {.min = -1, .max = 1, .speed = 0.01f, .tooltip = "Current random steering"});
    table.component<Arena>("Arena").field(
        "half_size", &Arena::half_size,
        {.speed = 0.05f, .tooltip = "The AI keeps inside this box around the entity"});
    table.component<Wall>("Wall").field("stops_bullets", &Wall::stops_bullets);
    table.component<SpawnPoint>("SpawnPoint")
        .field("team", &SpawnPoint::team, {.min = 0, .max = 64})
        .field("keep_alive", &SpawnPoint::keep_alive,
               {.min = 0, .max = 100, .tooltip = "Sends tanks while the team has fewer"})
        .field("interval", &SpawnPoint::interval,
               {.min = 0, .max = 600, .speed = 0.05f, .tooltip = "Seconds between two tanks"})
        .field("timer", &SpawnPoint::timer,
               {.min = 0, .max = 600, .speed = 0.05f, .tooltip = "Seconds until the next one"})
        .field("tint", &SpawnPoint::tint, {.tooltip = "Hull colour of the tanks it sends"});
    table.component<Score>("Score")
        .field("team", &Score::team, {.min = 0, .max = 64, .tooltip = "Counts this team's hits"})
        .field("title", &Score::title, {.tooltip = "The team's name on the label"})
        .field("hits", &Score::hits, {.min = 0, .max = 1000000})
        .field("kills", &Score::kills, {.min = 0, .max = 1000000});
}

void register_tiny_tanks_systems(scheduler& s) {
    add_tank_ai_system(s);
    add_tank_drive_system(s);
    add_turret_system(s);
    add_tank_contacts_system(s);
    add_wreckage_system(s);
    add_reinforcements_system(s);
    add_scoreboard_system(s);
}

}  // namespace mosaic::tiny_tanks

MOSAIC_GAME_MODULE("tiny_tanks",
                   "Tiny Tanks: two teams of track-driven tanks with sweeping turrets",
                   mosaic::tiny_tanks::register_tiny_tanks_components,
                   mosaic::tiny_tanks::register_tiny_tanks_systems,
                   mosaic::tiny_tanks::register_tiny_tanks_panels)
