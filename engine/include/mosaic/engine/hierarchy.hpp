#pragma once
// The transform hierarchy: Parent links entities into trees; Transform is relative to the
// parent; WorldTransform is the result in world space, recomputed every tick (and by the
// editor whenever it draws).
//
// Cycles are rejected where links are made (set_parent). A cycle that arrives another way (a
// hand-edited component) cannot hang or crash the update: the entity where the walk comes
// back to itself is treated as a root until the link is fixed.

#include <string>

#include <mosaic/ecs/world.hpp>

#include "mosaic/engine/components.hpp"

namespace mosaic {

/// True when making `parent` the parent of `child` would close a loop (`parent` is `child`
/// or one of its descendants).
[[nodiscard]] bool would_create_cycle(const world& w, entity child, entity parent);

/// Links `child` under `parent` (null: makes it a root). On failure (dead entities, a cycle)
/// nothing changes and `error`, when given, says why.
bool set_parent(world& w, entity child, entity parent, std::string* error = nullptr);

/// The parent, or null for a root (also when the link points at a dead entity).
[[nodiscard]] entity parent_of(const world& w, entity e);

/// Computes WorldTransform for every entity with a Transform, adding it where missing.
void update_world_transforms(world& w);

/// The world transform of `e`, composed from the Transforms up its chain of parents now (the
/// cached WorldTransform is only as fresh as the last update). Identity without a Transform.
[[nodiscard]] WorldTransform world_transform_of(const world& w, entity e);

/// The local Transform that puts a child of a parent at `parent` (world space) at `target`
/// (world space): the inverse of composing. An axis the parent scales to zero cannot be
/// inverted; the child keeps `target`'s value there unscaled.
[[nodiscard]] Transform local_transform_for(const WorldTransform& parent,
                                            const WorldTransform& target);

}  // namespace mosaic
