#pragma once
// The stress test's components: plain data, registered in register.cpp. A scene holds one
// small StressSpawner instead of 100,000 entities; the sprites exist only while playing.

#include <cstdint>

#include <mosaic/engine/components.hpp>

namespace mosaic::stress {

/// The ranges of StressSpawner's fields: the inspector's limits (register.cpp) and what the
/// spawner clamps values read from files to (a file can say anything: 2^31-1 sprites, an
/// infinite speed, a negative box). A sprite takes about 500-620 bytes while playing (its
/// components, colliders, contacts): 10,000,000 needed 4.9-6.2 GB and ended in bad_alloc
/// under a 4 GB limit; 1,000,000 needs about 0.6 GB, which any machine the editor runs on has.
struct spawner_limits {
    static constexpr std::int32_t max_count = 1'000'000;
    static constexpr float max_half_size = 100'000.0f;
    static constexpr float max_speed = 100.0f;
    static constexpr float min_size = 0.01f;
    static constexpr float max_size = 10.0f;
};

/// Spawns `count` moving, colliding sprites (the "sprite" archetype) on the first tick,
/// scattered over `half_size` around the entity, each moving in a random direction (the
/// Random resource: the same seed gives the same sprites).
struct StressSpawner {
    std::int32_t count = 100000;
    glm::vec2 half_size{200.0f, 200.0f};
    float min_speed = 0.5f;  // world units per second
    float max_speed = 4.0f;
    float size = 0.4f;         // sprite size; the collider is a circle of half that radius
    std::int32_t spawned = 0;  // how many it has spawned; it spawns only while this is 0
};

/// Keeps a sprite inside a box: it bounces off the edges.
struct Bouncer {
    glm::vec2 min{-200.0f, -200.0f};
    glm::vec2 max{200.0f, 200.0f};
};

}  // namespace mosaic::stress
