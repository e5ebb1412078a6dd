#pragma once
// Narrow phase: exact tests between two collider shapes in world space. Boxes are axis
// aligned (a rotated entity's box is not rotated: enough for the sample games, and cheap).

#include <optional>

#include "../components.hpp"
#include "broad_phase.hpp"

namespace mosaic {

struct world_shape {
    ColliderShape kind = ColliderShape::circle;
    glm::vec2 center{0.0f, 0.0f};
    glm::vec2 half{0.0f, 0.0f};  // circle: radius in x (and y); box: half extents
};

/// The collider of an entity at `where`, scaled by its world scale.
[[nodiscard]] world_shape make_shape(const Collider& c, const WorldTransform& where) noexcept;
[[nodiscard]] aabb bounds(const world_shape& s) noexcept;

struct overlap {
    glm::vec2 normal{1.0f, 0.0f};  // from a towards b
    float depth = 0.0f;
};
/// How `a` and `b` overlap, or nothing when they do not touch.
[[nodiscard]] std::optional<overlap> intersect(const world_shape& a, const world_shape& b) noexcept;

}  // namespace mosaic
