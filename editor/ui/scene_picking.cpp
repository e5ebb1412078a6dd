#include "ui/scene_picking.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>

namespace mosaic::editor {

namespace {

/// `point` in the frame of a rectangle centred at `p.position`, rotated by `p.rotation`.
glm::vec2 to_local(const placement& p, glm::vec2 point) {
    const float radians = -p.rotation * 3.14159265358979f / 180.0f;
    const glm::vec2 d = point - p.position;
    return {d.x * std::cos(radians) - d.y * std::sin(radians),
            d.x * std::sin(radians) + d.y * std::cos(radians)};
}

bool inside_box(const placement& p, glm::vec2 half, glm::vec2 point) {
    const glm::vec2 local = to_local(p, point);
    return std::abs(local.x) <= std::abs(half.x) && std::abs(local.y) <= std::abs(half.y);
}

}  // namespace

std::optional<placement> placement_of(const world& w, entity e) {
    if (const WorldTransform* t = w.try_get<WorldTransform>(e))
        return placement{t->position, t->rotation, t->scale};
    if (const Transform* t = w.try_get<Transform>(e))
        return placement{t->position, t->rotation, t->scale};
    return std::nullopt;
}

entity pick_entity(const world& w, glm::vec2 point) {
    entity best = null_entity;
    std::int64_t best_layer = std::numeric_limits<std::int64_t>::min();
    w.each([&](entity e) {
        if (!w.is_active(e)) return;
        const std::optional<placement> p = placement_of(w, e);
        if (!p) return;
        if (const Sprite* sprite = w.try_get<Sprite>(e); sprite && w.is_enabled<Sprite>(e)) {
            const glm::vec2 half = sprite->size * p->scale * 0.5f;
            if (sprite->layer >= best_layer && inside_box(*p, half, point)) {
                best = e;
                best_layer = sprite->layer;
            }
            return;
        }
        if (const Collider* c = w.try_get<Collider>(e)) {
            bool hit = false;
            if (c->shape == ColliderShape::circle) {
                const float radius =
                    c->size.x * std::max(std::abs(p->scale.x), std::abs(p->scale.y));
                const glm::vec2 d = point - p->position;
                hit = d.x * d.x + d.y * d.y <= radius * radius;
            } else {
                hit = inside_box(*p, c->size * p->scale, point);
            }
            // Colliders without sprites count as the lowest layer.
            const std::int64_t layer = std::numeric_limits<std::int32_t>::min();
            if (hit && layer >= best_layer) {
                best = e;
                best_layer = layer;
            }
        }
    });
    return best;
}

entity click_target(const world& w, entity picked, entity current, bool exact) {
    if (exact || picked.is_null()) return picked;
    // picked, its parent, ..., the root (a hand-made cycle ends where it closes).
    std::vector<entity> chain{picked};
    for (entity p = parent_of(w, picked); !p.is_null() && chain.size() <= w.size();
         p = parent_of(w, p)) {
        if (std::find(chain.begin(), chain.end(), p) != chain.end()) break;
        chain.push_back(p);
    }
    const auto at = std::find(chain.begin(), chain.end(), current);
    if (at == chain.end()) return chain.back();
    return at == chain.begin() ? picked : *std::prev(at);
}

}  // namespace mosaic::editor
