#pragma once
// Tiny Tanks' components: plain data, registered in register.cpp. A tank is a hull entity
// (Hull, LeftTrack, RightTrack, TankBrain and the engine's Transform, RigidBody, Collider,
// Health, Team, Sprite) with child entities for its parts: the turret (Turret), its barrel
// and the two track sprites. Angles are in degrees, counter-clockwise, 0 along +x.

#include <cstdint>

#include <mosaic/engine/components.hpp>

namespace mosaic::tiny_tanks {

/// The tank's body. Its tracks drive it like a wheelchair: the mean of their speeds moves it
/// forward, their difference over `track_width` turns it.
struct Hull {
    float track_width = 0.8f;  // distance between the track centres, world units
};

/// The left track: its speed along the hull's heading, world units per second.
struct LeftTrack {
    float speed = 0.0f;      // what the driver (TankBrain) asks for
    float max_speed = 2.5f;  // |speed| is limited to this
};

/// The right track, as the left one.
struct RightTrack {
    float speed = 0.0f;
    float max_speed = 2.5f;
};

/// A gun on a child entity of the hull. It sweeps its rotation (relative to the hull) back
/// and forth and fires a bullet (the "bullet" archetype) every `reload_time` seconds.
struct Turret {
    float sweep_speed = 40.0f;         // degrees per second
    float sweep_range = 35.0f;         // sweeps between -range and +range around the heading
    std::int32_t sweep_direction = 1;  // +1 counter-clockwise, -1 clockwise
    float reload_time = 1.2f;          // seconds between shots
    float reload = 1.2f;               // seconds until the next shot; fires when it reaches 0
    float gun_power = 9.0f;            // bullet speed, world units per second
    float muzzle = 0.6f;               // how far ahead of the turret bullets appear
};

/// The AI driver: sets the track speeds of its hull. It heads for the nearest enemy, drifts a
/// little at random and turns back towards the centre near the arena's edge.
struct TankBrain {
    float cruise = 0.8f;      // fraction of the tracks' top speed it drives at
    float aggression = 0.7f;  // 0: wanders, 1: steers straight at the nearest enemy
    float standoff = 3.5f;    // slows down closer than this to its target
    float caution = 2.5f;     // turns back this far from the arena's edge
    float wander = 0.0f;      // current random steering, -1..1 (changes every think)
};

/// The playing field: `half_size` around the entity's position. The AI keeps inside it; the
/// walls that actually stop tanks and bullets are Wall entities.
struct Arena {
    glm::vec2 half_size{12.0f, 8.0f};
};

/// A solid obstacle (with a box Collider): tanks are pushed out of it, bullets stop on it.
struct Wall {
    bool stops_bullets = true;
};

/// Sends a new tank of `team` (tank and turret archetypes) when the team has fewer than
/// `keep_alive` tanks, at most one every `interval` seconds.
struct SpawnPoint {
    std::int32_t team = 0;
    std::int32_t keep_alive = 4;                 // 0: never sends any
    float interval = 4.0f;                       // seconds between two tanks
    float timer = 4.0f;                          // seconds until it may send the next one
    mosaic::color tint{1.0f, 1.0f, 1.0f, 1.0f};  // the hull colour of its tanks
};

/// A team's score, shown by the Text component of the same entity (a HUD label): the
/// scoreboard system counts the hits of the team's bullets on enemy hulls, and the hulls
/// they destroyed, and writes "TITLE  hits H  kills K" into the Text.
struct Score {
    std::int32_t team = 0;
    char title[24] = {};  // the team's name on the label
    std::int32_t hits = 0;
    std::int32_t kills = 0;
};

}  // namespace mosaic::tiny_tanks
