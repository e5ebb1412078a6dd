#pragma once
// Bullets vs players: hundreds of wandering players, thousands of bullets, and one system that
// works on the two collections at once through the broad phase. See README.md.
//
//   phase        order  system       does
//   update        -10   wander       players pick a new direction now and then (Random) and
//                                    turn back at the PlayArea's edge
//   update         -5   emitters     BulletEmitter fires volleys of the "bullet" archetype
//   post_update     0   bullet_hits  each bullet hits the nearest player it overlaps
//                                    (grid_broad_phase::pairs_between, not every pair)
//   post_update    10   hurt_tint    players redden as they lose health
//
// The engine's movement moves both, its lifetime system expires bullets.

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/engine/physics/broad_phase.hpp>
#include <mosaic/engine/project.hpp>

#include "components.hpp"

namespace mosaic::bullets_vs_players {

void register_bullets_vs_players_components(component_table& table);
void register_bullets_vs_players_systems(scheduler& s);

system& add_wander_system(scheduler& s);
system& add_emitters_system(scheduler& s);
system& add_bullet_hits_system(scheduler& s);
system& add_hurt_tint_system(scheduler& s);

struct circle {
    glm::vec2 center{0.0f, 0.0f};
    float radius = 0.0f;
};

/// Which player each bullet hits: the nearest one it overlaps (ties: the lower index). Only
/// pairs the grid finds overlapping are tested, so the cost follows the bullets and players
/// near each other, not bullets x players. Keeps its memory between calls.
class hit_finder {
public:
    static constexpr std::uint32_t miss = std::numeric_limits<std::uint32_t>::max();

    /// out[i]: the index in `players` of the player bullet i hits, or `miss`.
    void find(std::span<const circle> bullets, std::span<const circle> players,
              std::vector<std::uint32_t>& out);
    /// How many bullet-player pairs the last find() tested exactly (what the grid let
    /// through, far fewer than bullets x players).
    [[nodiscard]] std::size_t candidate_pairs() const noexcept { return pairs_.size(); }

private:
    grid_broad_phase grid_;
    std::vector<aabb> bullet_boxes_, player_boxes_;
    std::vector<index_pair> pairs_;
    std::vector<float> nearest_;  // per bullet: squared distance to the player it hits
};

/// The archetypes the scene and the emitters use.
[[nodiscard]] archetype bullet_archetype();  // "bullet"
[[nodiscard]] archetype player_archetype();  // "player"

}  // namespace mosaic::bullets_vs_players
