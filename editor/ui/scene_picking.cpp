#include "ui/scene_picking.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <vector>

#include <glm/common.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

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

/// What a click can hit on an entity: its enabled Sprite's box, else its Collider (circle:
/// `half.x` is the radius), on the layer it is drawn on (colliders below every sprite).
struct pickable_shape {
    placement at;
    glm::vec2 half{0.0f, 0.0f};
    bool circle = false;
    std::int64_t layer = 0;
};

std::optional<pickable_shape> shape_of(const world& w, entity e) {
    if (!w.is_active(e)) return std::nullopt;
    const std::optional<placement> p = placement_of(w, e);
    if (!p) return std::nullopt;
    if (const Sprite* sprite = w.try_get<Sprite>(e); sprite && w.is_enabled<Sprite>(e))
        return pickable_shape{*p, sprite->size * p->scale * 0.5f, false, sprite->layer};
    const Collider* c = w.try_get<Collider>(e);
    if (c == nullptr) return std::nullopt;
    const std::int64_t layer = std::numeric_limits<std::int32_t>::min();
    if (c->shape == ColliderShape::circle) {
        const float radius = c->size.x * std::max(std::abs(p->scale.x), std::abs(p->scale.y));
        return pickable_shape{*p, {radius, radius}, true, layer};
    }
    return pickable_shape{*p, c->size * p->scale, false, layer};
}

/// The topmost tile under `point` of any Tilemap: its map entity and the layer the tile is
/// drawn on (Tilemap.layer + the chunk's layer), as draw_world draws and GPU-picks tiles: a
/// tile covers its cell of the map, placed, rotated and scaled with the map. Empty cells
/// and cells outside the map's width and height are not hit.
struct tile_hit {
    entity map = null_entity;
    std::int64_t layer = std::numeric_limits<std::int64_t>::min();
};

tile_hit pick_tile(const world& w, glm::vec2 point) {
    tile_hit best;
    if (w.count<TileChunk>() == 0) return best;
    w.view<const TileChunk, const Parent>().each(
        [&](entity chunk, const TileChunk& tiles, const Parent& link) {
            const entity map = link.entity;
            if (!w.is_active(chunk) || !w.alive(map) || !w.is_active(map)) return;
            const Tilemap* info = w.try_get<Tilemap>(map);
            const std::optional<placement> p = placement_of(w, map);
            if (info == nullptr || !p) return;
            const std::int64_t layer = std::int64_t{info->layer} + tiles.layer;
            if (layer < best.layer) return;
            const glm::vec2 cell_size = info->tile_size * p->scale;
            if (cell_size.x == 0.0f || cell_size.y == 0.0f) return;
            // to_local turns about the map's position: its tile (0, 0) corner.
            const glm::vec2 cell = glm::floor(to_local(*p, point) / cell_size);
            if (!(std::abs(cell.x) < 1e9f && std::abs(cell.y) < 1e9f)) return;
            const auto x = static_cast<std::int64_t>(cell.x);
            const auto y = static_cast<std::int64_t>(cell.y);
            if (x < 0 || y < 0 || x >= info->width || y >= info->height) return;
            const std::int64_t column = x - tiles.x;
            const std::int64_t row = y - tiles.y;
            if (column < 0 || row < 0 || column >= tile_chunk_side || row >= tile_chunk_side)
                return;
            if (tiles.tiles[row * tile_chunk_side + column] == 0) return;
            best = {map, layer};
        });
    return best;
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
    // Tiles first: a sprite on the same layer draws over them, so it wins the tie below.
    const tile_hit tile = pick_tile(w, point);
    entity best = tile.map;
    std::int64_t best_layer = tile.layer;
    w.each([&](entity e) {
        const std::optional<pickable_shape> shape = shape_of(w, e);
        if (!shape || shape->layer < best_layer) return;
        bool hit = false;
        if (shape->circle) {
            const glm::vec2 d = point - shape->at.position;
            hit = d.x * d.x + d.y * d.y <= shape->half.x * shape->half.x;
        } else {
            hit = inside_box(shape->at, shape->half, point);
        }
        if (hit) {
            best = e;
            best_layer = shape->layer;
        }
    });
    return best;
}

std::optional<world_rect> bounds_of(const world& w, entity e) {
    const std::optional<pickable_shape> shape = shape_of(w, e);
    if (!shape) return std::nullopt;
    // The shape's axis-aligned bounds (a rotated box: its four corners).
    glm::vec2 extent{std::abs(shape->half.x), std::abs(shape->half.y)};
    if (!shape->circle) {
        const float r = shape->at.rotation * 3.14159265358979f / 180.0f;
        const float c = std::abs(std::cos(r));
        const float sn = std::abs(std::sin(r));
        extent = {extent.x * c + extent.y * sn, extent.x * sn + extent.y * c};
    }
    return world_rect{shape->at.position - extent, shape->at.position + extent};
}

std::vector<entity> entities_in_rect(const world& w, glm::vec2 corner_a, glm::vec2 corner_b) {
    const glm::vec2 lo{std::min(corner_a.x, corner_b.x), std::min(corner_a.y, corner_b.y)};
    const glm::vec2 hi{std::max(corner_a.x, corner_b.x), std::max(corner_a.y, corner_b.y)};
    std::vector<entity> out;
    w.each([&](entity e) {
        const std::optional<world_rect> b = bounds_of(w, e);
        if (b && b->max.x >= lo.x && b->min.x <= hi.x && b->max.y >= lo.y && b->min.y <= hi.y)
            out.push_back(e);
    });
    return out;
}

camera2d framing(const world& w, std::span<const entity> entities, camera2d current,
                 glm::vec2 viewport) {
    std::optional<world_rect> all;
    glm::vec2 sum{0.0f, 0.0f};
    int placed = 0;
    for (entity e : entities) {
        if (const std::optional<placement> p = placement_of(w, e)) {
            sum += p->position;
            ++placed;
        }
        if (const std::optional<world_rect> b = bounds_of(w, e))
            all = all ? world_rect{glm::min(all->min, b->min), glm::max(all->max, b->max)} : *b;
    }
    if (all) {
        current.position = (all->min + all->max) * 0.5f;
        // The box fills about two thirds of the view in its tighter direction, as Unity's F.
        const glm::vec2 size = glm::max(all->max - all->min, glm::vec2(1e-3f));
        const float aspect = viewport.x / std::max(viewport.y, 1.0f);
        const float height_needed = std::max(size.y, size.x / std::max(aspect, 1e-3f)) * 1.5f;
        current.zoom = std::clamp(camera2d::units_per_height / height_needed, camera2d::min_zoom,
                                  camera2d::max_zoom);
    } else if (placed > 0) {
        current.position = sum / static_cast<float>(placed);  // nothing drawn: centre only
    }
    return current;
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
