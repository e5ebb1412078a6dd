#include "mosaic/engine/physics/shapes.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>
#include <glm/vector_relational.hpp>

namespace mosaic {

world_shape make_shape(const Collider& c, const WorldTransform& where) noexcept {
    world_shape s;
    s.kind = c.shape;
    s.center = where.position;
    const glm::vec2 scale = glm::abs(where.scale);
    if (c.shape == ColliderShape::circle) {
        const float r = c.size.x * std::max(scale.x, scale.y);
        s.half = {r, r};
    } else {
        s.half = c.size * scale;
    }
    return s;
}

aabb bounds(const world_shape& s) noexcept {
    return {s.center - s.half, s.center + s.half};
}

namespace {

std::optional<overlap> circle_circle(const world_shape& a, const world_shape& b) {
    const glm::vec2 d = b.center - a.center;
    const float r = a.half.x + b.half.x;
    const float dist2 = d.x * d.x + d.y * d.y;
    if (dist2 > r * r) return std::nullopt;
    const float dist = std::sqrt(dist2);
    overlap o;
    o.normal = dist > 1e-6f ? d / dist : glm::vec2{1.0f, 0.0f};
    o.depth = r - dist;
    return o;
}

std::optional<overlap> box_box(const world_shape& a, const world_shape& b) {
    const glm::vec2 d = b.center - a.center;
    const float px = a.half.x + b.half.x - std::abs(d.x);
    const float py = a.half.y + b.half.y - std::abs(d.y);
    if (px < 0.0f || py < 0.0f) return std::nullopt;
    overlap o;
    if (px < py) {
        o.normal = {d.x < 0.0f ? -1.0f : 1.0f, 0.0f};
        o.depth = px;
    } else {
        o.normal = {0.0f, d.y < 0.0f ? -1.0f : 1.0f};
        o.depth = py;
    }
    return o;
}

// `box` against `circle`; the normal points from the box to the circle.
std::optional<overlap> box_circle(const world_shape& box, const world_shape& circle) {
    const glm::vec2 d = circle.center - box.center;
    const glm::vec2 closest = glm::clamp(d, -box.half, box.half);
    const bool inside = closest == d;
    const float r = circle.half.x;
    if (!inside) {
        const glm::vec2 gap = d - closest;
        const float dist2 = gap.x * gap.x + gap.y * gap.y;
        if (dist2 > r * r) return std::nullopt;
        const float dist = std::sqrt(dist2);
        overlap o;
        o.normal = dist > 1e-6f ? gap / dist : glm::vec2{0.0f, 1.0f};
        o.depth = r - dist;
        return o;
    }
    // The centre is inside the box: push out through the nearest side.
    const float px = box.half.x - std::abs(d.x);
    const float py = box.half.y - std::abs(d.y);
    overlap o;
    if (px < py) {
        o.normal = {d.x < 0.0f ? -1.0f : 1.0f, 0.0f};
        o.depth = px + r;
    } else {
        o.normal = {0.0f, d.y < 0.0f ? -1.0f : 1.0f};
        o.depth = py + r;
    }
    return o;
}

}  // namespace

std::optional<overlap> intersect(const world_shape& a, const world_shape& b) noexcept {
    const bool a_circle = a.kind == ColliderShape::circle;
    const bool b_circle = b.kind == ColliderShape::circle;
    if (a_circle && b_circle) return circle_circle(a, b);
    if (!a_circle && !b_circle) return box_box(a, b);
    if (!a_circle) return box_circle(a, b);
    std::optional<overlap> o = box_circle(b, a);
    if (o) o->normal = -o->normal;
    return o;
}

}  // namespace mosaic
