#pragma once
// The components every variant of every workload works on, and the per-entity work done
// with them, so that mosaic, object_model and raw compute exactly the same thing.

namespace bench {

struct Position {
    float x = 0.0f;
    float y = 0.0f;
    float z = 0.0f;
};

struct Velocity {
    float x = 0.0f;
    float y = 0.0f;
    float z = 0.0f;
};

struct Health {
    int current = 100;
    int max = 100;
};

/// The fixed time step of one pass (a 60 Hz frame).
inline constexpr float dt = 1.0f / 60.0f;

/// iterate_pos_vel: pos += vel * dt.
inline void integrate(Position& p, const Velocity& v) noexcept {
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
}

/// iterate_sparse3: reads all three components; only the living move.
inline void integrate_if_alive(Position& p, const Velocity& v, const Health& h) noexcept {
    const float step = h.current > 0 ? dt : 0.0f;
    p.x += v.x * step;
    p.y += v.y * step;
    p.z += v.z * step;
}

}  // namespace bench
