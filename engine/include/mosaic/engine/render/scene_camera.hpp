#pragma once
// The camera a playing game renders with: the scene's primary Camera entity, or the scene
// settings' camera when it has none (the caller passes that as the fallback).

#include <mosaic/ecs/fwd.hpp>

#include "camera2d.hpp"

namespace mosaic {

/// The first active entity with an enabled Camera whose `primary` is set (in Camera pool
/// order), else the first active Camera at all: its zoom, at the position of its
/// WorldTransform (else Transform; else the origin). `fallback` when no entity has one.
[[nodiscard]] camera2d game_camera(const world& world, const camera2d& fallback);

}  // namespace mosaic
