#pragma once
// Picking in the scene view, on the CPU: which entity is under a world point. The same rule
// as draw_world — active entities with an enabled Sprite, placed by their WorldTransform (or
// Transform) — plus the tiles of Tilemaps (a click on a tile picks its map entity) and
// Collider shapes for entities without a sprite; the highest sprite layer wins, as it is
// drawn on top, and a sprite wins over tiles on its own layer.

#include <optional>
#include <span>
#include <vector>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/math.hpp>
#include <mosaic/engine/render/camera2d.hpp>

namespace mosaic::editor {

struct placement {
    glm::vec2 position{0.0f, 0.0f};
    float rotation = 0.0f;  // degrees
    glm::vec2 scale{1.0f, 1.0f};
};

/// Where the entity is in the world (WorldTransform, else Transform), if it has either.
[[nodiscard]] std::optional<placement> placement_of(const world& w, entity e);

/// The topmost entity covering `point` (world units), or null.
[[nodiscard]] entity pick_entity(const world& w, glm::vec2 point);

/// The world-aligned box of what a click can hit on `e` (its Sprite, else its Collider), if
/// it has one.
[[nodiscard]] std::optional<world_rect> bounds_of(const world& w, entity e);

/// The camera that frames `entities` (Frame Selected, F): centred on the box around what
/// they draw, zoomed so that it fills about two thirds of a `viewport`-sized view; entities
/// that draw nothing are only centred on; none placed: `current` unchanged.
[[nodiscard]] camera2d framing(const world& w, std::span<const entity> entities, camera2d current,
                               glm::vec2 viewport);

/// The entities a marquee between two world corners touches: those pick_entity could hit,
/// whose bounds overlap the rectangle.
[[nodiscard]] std::vector<entity> entities_in_rect(const world& w, glm::vec2 corner_a,
                                                   glm::vec2 corner_b);

/// What a click on `picked` (the entity under the cursor) selects, as Unity does: first the
/// top-most ancestor of `picked` (the root of its group); when `current` (the selected entity)
/// is already on the way from that root to `picked`, the next one down towards `picked`, so
/// clicking again drills down. `exact` (Alt+click) selects `picked` itself.
[[nodiscard]] entity click_target(const world& w, entity picked, entity current, bool exact);

}  // namespace mosaic::editor
