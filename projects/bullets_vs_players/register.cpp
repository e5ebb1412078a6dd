// Bullets vs players' registration: its components (with the editor's hints) and systems.
#include "bullets_vs_players.hpp"

#include <mosaic/engine/module.hpp>

namespace mosaic::bullets_vs_players {

void register_bullets_vs_players_components(component_table& table) {
    table.component<Player>("Player")
        .field("radius", &Player::radius,
               {.min = 0.01, .max = 10, .speed = 0.01f, .tooltip = "Hit circle radius"})
        .field("speed", &Player::speed,
               {.min = 0, .max = 50, .speed = 0.05f, .tooltip = "Wandering speed, units/s"})
        .field("turn_interval", &Player::turn_interval,
               {.min = 0.05,
                .max = 60,
                .speed = 0.01f,
                .tooltip = "Seconds between changes of direction, on average"})
        .field("turn_timer", &Player::turn_timer,
               {.min = 0, .max = 60, .speed = 0.01f, .tooltip = "Seconds until the next turn"})
        .field("hits", &Player::hits, {.min = 0, .max = 1000000, .tooltip = "Bullets taken"});
    table.component<Bullet>("Bullet")
        .field("radius", &Bullet::radius, {.min = 0.01, .max = 10, .speed = 0.01f})
        .field("damage", &Bullet::damage,
               {.min = 0, .max = 1000, .speed = 0.5f, .tooltip = "Taken off the Health it hits"});
    table.component<BulletEmitter>("BulletEmitter")
        .field("rate", &BulletEmitter::rate,
               {.min = 0, .max = 120, .speed = 0.1f, .tooltip = "Volleys per second"})
        .field("arms", &BulletEmitter::arms,
               {.min = 1, .max = 64, .tooltip = "Bullets per volley, spread around the circle"})
        .field("speed", &BulletEmitter::speed,
               {.min = 0, .max = 100, .speed = 0.1f, .tooltip = "Bullet speed, units/s"})
        .field("spin", &BulletEmitter::spin,
               {.min = -720, .max = 720, .speed = 1, .tooltip = "Degrees per second"})
        .field("angle", &BulletEmitter::angle, {.min = -360, .max = 360, .speed = 1})
        .field("cooldown", &BulletEmitter::cooldown,
               {.min = 0, .max = 60, .speed = 0.01f, .tooltip = "Seconds until the next volley"})
        .field("remaining", &BulletEmitter::remaining,
               {.min = -1, .max = 1000000, .tooltip = "Bullets left to fire; -1: endless"});
    table.component<PlayArea>("PlayArea")
        .field("half_size", &PlayArea::half_size,
               {.speed = 0.05f, .tooltip = "Players turn back at this box around the entity"});
}

void register_bullets_vs_players_systems(scheduler& s) {
    add_wander_system(s);
    add_emitters_system(s);
    add_bullet_hits_system(s);
    add_hurt_tint_system(s);
}

}  // namespace mosaic::bullets_vs_players

MOSAIC_GAME_MODULE("bullets_vs_players",
                   "Bullets vs players: 2000 bullets against 200 players, through a broad phase",
                   mosaic::bullets_vs_players::register_bullets_vs_players_components,
                   mosaic::bullets_vs_players::register_bullets_vs_players_systems)
