#pragma once
// The engine's resources: values a world holds once (world.resource<T>()), read and written
// by systems like components. Input is in input.hpp.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/entity.hpp>

#include "math.hpp"
#include "scene/prefab.hpp"

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
///
/// Bounded: a tick reports at most `max_contacts` (colliders piled in one place overlap in
/// n^2/2 pairs: 100,000 in one point would be 5 billion). A tick over the cap reports the
/// contacts the broad phase found first (the same on every run, sorted), sets `truncated` and
/// counts in `truncated_ticks`; the game log gets one warning when a run of such ticks starts.
struct Contacts {
    static constexpr std::size_t default_max_contacts = std::size_t{1} << 20;

    std::vector<contact> list;
    /// The most contacts one tick reports (a game may change it; 24 bytes each).
    std::size_t max_contacts = default_max_contacts;
    /// This tick's list is incomplete: the cap (or the broad phase's work budget) was hit.
    bool truncated = false;
    /// Ticks whose list was truncated, since the world got this resource.
    std::uint64_t truncated_ticks = 0;
    /// Colliders left out because their position or size is not finite or their size is
    /// negative (each entity counted, and warned about, once).
    std::uint64_t ignored_colliders = 0;
};

/// What the game's systems tell the user: a collider ignored for a NaN position, a spawner's
/// value clamped to its field's range. The editor moves the lines to its console (warnings),
/// mosaic-run prints them on stderr. Systems write a line once per cause (per entity, per
/// overflow), never every tick; past `max_lines` unread lines, new ones are only counted.
struct GameLog {
    static constexpr std::size_t max_lines = 1000;

    std::vector<std::string> warnings;  // unread, oldest first
    std::size_t dropped = 0;            // warnings not kept since the last take()

    void warning(std::string text) {
        if (warnings.size() < max_lines) {
            warnings.push_back(std::move(text));
        } else {
            ++dropped;
        }
    }
    /// The unread warnings, and a line counting the dropped ones; the log is then empty.
    [[nodiscard]] std::vector<std::string> take() {
        std::vector<std::string> out = std::move(warnings);
        warnings.clear();
        if (dropped) {
            out.push_back(std::to_string(dropped) + " more warnings not shown");
            dropped = 0;
        }
        return out;
    }
};

/// The project's archetypes (its NAME.archetype.json files), for systems that spawn things:
/// `spawn(ctx.commands(), *ctx.resource<const Archetypes>().find("bullet"))`.
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

/// The project's prefabs (its NAME.prefab.json files, next to the archetypes), for systems
/// that spawn entity trees: `spawn(ctx.commands(), *ctx.resource<const Prefabs>().find("tank"))`.
struct Prefabs {
    std::vector<prefab> list;

    /// The prefab named `name`, or nullptr.
    [[nodiscard]] const prefab* find(std::string_view name) const noexcept {
        for (const prefab& p : list) {
            if (p.name() == name) return &p;
        }
        return nullptr;
    }
};

}  // namespace mosaic
