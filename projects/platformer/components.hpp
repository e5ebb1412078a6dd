#pragma once
// The platformer's components: plain data, registered in register.cpp. The player and the
// enemies are the same kind of body (Walker, MoveIntent, Grounded, RigidBody, box Collider);
// only what fills their MoveIntent differs: the keyboard (KeyboardControl) or a patrol.

#include <cstdint>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic::platformer {

/// What a walker wants this tick, written by its brain (keyboard_control or patrol) and read
/// by the walker system.
struct MoveIntent {
    float move = 0.0f;  // -1: full speed left .. +1: full speed right
    bool jump = false;  // jump now (only happens on the ground)
};

/// How a body runs and jumps. Its acceleration comes from MoveIntent: towards `move` times
/// `max_speed`, at most `acceleration` (times `air_control` in the air).
struct Walker {
    float max_speed = 7.0f;      // units per second
    float acceleration = 50.0f;  // units per second squared
    float air_control = 0.6f;    // fraction of the acceleration it has in the air
    float jump_speed = 13.0f;    // upward velocity a jump starts with
};

/// Contact with the level this tick, found by ground_contacts.
struct Grounded {
    bool on_ground = false;
    mosaic::entity ground;  // the platform it stands on
    std::int32_t wall = 0;  // -1: a wall on its left, +1: on its right, 0: none
};

/// Fills MoveIntent from the keyboard: left/right arrows, jump on space or up (and A/D/W when
/// `wasd`).
struct KeyboardControl {
    bool wasd = true;
};

/// Fills MoveIntent for an enemy: walks at `speed` (a fraction of its top speed), turns at
/// walls and, when `turn_at_edges`, `look_ahead` before it would walk off its platform.
struct Patrol {
    std::int32_t direction = 1;  // +1 right, -1 left
    float speed = 0.35f;
    float look_ahead = 0.1f;
    bool turn_at_edges = true;
};

/// Level geometry: bodies stand on it and bump into it (with a box Collider). A one-way
/// platform only holds what lands on it from above.
struct Platform {
    bool one_way = false;
};

/// Sends the body back to `point`, at rest, when it falls below `fall_limit` or an enemy
/// touches it from the side.
struct Respawn {
    glm::vec2 point{0.0f, 0.0f};
    float fall_limit = -10.0f;
};

/// Moves its entity (the camera) smoothly after `target`.
struct Follow {
    mosaic::entity target;
    glm::vec2 offset{0.0f, 1.5f};
    float stiffness = 4.0f;  // per second: higher follows tighter
};

/// Which clip the body's Animator plays, by what the body does (the walk_animation system
/// switches them): standing, running, in the air. The body's Sprite also faces the way it
/// last moved (a negative Sprite.size.x mirrors it: the sheets face right).
struct WalkAnimations {
    mosaic::asset_path idle{};
    mosaic::asset_path run{};
    mosaic::asset_path jump{};
    float run_above = 0.5f;  // |velocity.x| above this plays `run`
};

}  // namespace mosaic::platformer
