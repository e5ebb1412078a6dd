#pragma once
// Bullets vs players' components: plain data, registered in register.cpp. Players wander a
// play area; emitters spray bullets in spinning spirals; the bullet_hits system matches the
// two collections through the broad phase.

#include <cstdint>

#include <mosaic/engine/components.hpp>

namespace mosaic::bullets_vs_players {

/// Someone to hit: a circle of `radius` that wanders at `speed`, changing direction every
/// `turn_interval` seconds or so. Bullets lower its Health; it is gone at zero.
struct Player {
    float radius = 0.35f;
    float speed = 2.0f;          // world units per second
    float turn_interval = 1.5f;  // seconds between changes of direction, on average
    float turn_timer = 0.0f;     // seconds until the next change
    std::int32_t hits = 0;       // bullets taken so far
};

/// A circle of `radius` that takes `damage` off the first player it touches, then vanishes.
struct Bullet {
    float radius = 0.1f;
    float damage = 10.0f;
};

/// Fires volleys of `arms` bullets (the "bullet" archetype), evenly spread around the circle
/// and turning with `spin`, `rate` volleys per second, until `remaining` runs out.
struct BulletEmitter {
    float rate = 6.0f;             // volleys per second
    std::int32_t arms = 4;         // bullets per volley
    float speed = 6.0f;            // bullet speed, world units per second
    float spin = 60.0f;            // degrees per second
    float angle = 0.0f;            // direction of the first arm, degrees
    float cooldown = 0.0f;         // seconds until the next volley
    std::int32_t remaining = 250;  // bullets left to fire; -1: never runs out
};

/// Where players may go: `half_size` around the entity's position (they turn back at its edge).
struct PlayArea {
    glm::vec2 half_size{20.0f, 20.0f};
};

}  // namespace mosaic::bullets_vs_players
