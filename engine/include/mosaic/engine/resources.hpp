#pragma once
// The engine's resources: values a world holds once (world.singleton<T>()), read and written
// by systems like components. Input is in input.hpp.

#include <cstdint>
#include <string_view>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/entity.hpp>

#include "math.hpp"

namespace mosaic {

/// World physics settings, copied from the scene's settings when a game starts.
struct Physics {
    glm::vec2 gravity{0.0f, -9.81f};
};

/// The game's random numbers: one deterministic generator (splitmix64) per world, seeded by
/// `mosaic-run --seed`, so a run with the same seed gives the same result. Systems that draw
/// from it write it, so the scheduler never runs two of them at once.
struct Random {
    std::uint64_t state = 0x9E37'79B9'7F4A'7C15ull;

    std::uint64_t next() noexcept {
        std::uint64_t z = (state += 0x9E37'79B9'7F4A'7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1).
    float unit() noexcept { return static_cast<float>(next() >> 40) * 0x1.0p-24f; }
    /// Uniform in [low, high).
    float range(float low, float high) noexcept { return low + (high - low) * unit(); }
};

/// One overlap found by the collision system this tick.
struct contact {
    entity a;
    entity b;
    glm::vec2 normal{0.0f, 0.0f};  // unit vector from a towards b
    float depth = 0.0f;            // how far they overlap along the normal
};

/// This tick's contacts (written by the "collision" system, read by damage and games),
/// sorted so every run and thread count gives the same order.
struct Contacts {
    std::vector<contact> list;
};

/// The project's archetypes (its NAME.archetype.json files), for systems that spawn things:
/// `spawn(ctx.commands(), *ctx.singleton<const Archetypes>().find("bullet"))`.
struct Archetypes {
    std::vector<archetype> list;

    /// The archetype named `name`, or nullptr.
    [[nodiscard]] const archetype* find(std::string_view name) const noexcept {
        for (const archetype& a : list) {
            if (a.name() == name) return &a;
        }
        return nullptr;
    }
};

}  // namespace mosaic
