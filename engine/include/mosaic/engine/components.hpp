#pragma once
// The engine's built-in components: plain data, registered in the component table by
// register_builtin_components() (builtin_components.cpp). Angles are in degrees, distances
// in world units, times in seconds.

#include <cstdint>
#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/field.hpp>

#include "math.hpp"

namespace mosaic {

/// The entity's display name (the hierarchy shows it; scene files store it per entity).
struct Name {
    char value[64] = {};
};

/// Position, rotation and scale, relative to the Parent if there is one.
struct Transform {
    glm::vec2 position{0.0f, 0.0f};
    float rotation = 0.0f;
    glm::vec2 scale{1.0f, 1.0f};
};

/// The transform in world space, computed every tick by the hierarchy system.
struct WorldTransform {
    glm::vec2 position{0.0f, 0.0f};
    float rotation = 0.0f;
    glm::vec2 scale{1.0f, 1.0f};
};

/// Makes the entity a child of `entity` in the hierarchy (cycles are rejected).
struct Parent {
    mosaic::entity entity;
};

struct RigidBody {
    glm::vec2 velocity{0.0f, 0.0f};
    glm::vec2 acceleration{0.0f, 0.0f};
    float damping = 0.0f;        // fraction of velocity lost per second
    float gravity_scale = 0.0f;  // 1: falls with the scene's gravity
};

/// A rectangle of `size` world units showing `texture`: an image (.png/.jpg), or one frame
/// of a sprite sheet (a .json file, assets/sheet_json.hpp) chosen by `frame` (its index in
/// the sheet, file order; animation sets it every tick). Without a texture: the tint.
struct Sprite {
    mosaic::color tint{1.0f, 1.0f, 1.0f, 1.0f};
    glm::vec2 size{1.0f, 1.0f};
    mosaic::asset_path texture{};
    std::int32_t layer = 0;  // higher draws on top
    std::int32_t frame = 0;  // added after version 1 scenes: files without it load frame 0
};

enum class TextAlign : std::uint8_t { left, center, right };

/// A line (or lines, split at '\n') of text drawn at the entity, `size` world units to the
/// em, from a TrueType `font` (empty: DejaVu Sans), centred vertically on the position.
struct Text {
    char text[128] = {};
    mosaic::asset_path font{};
    float size = 1.0f;
    mosaic::color fill{1.0f, 1.0f, 1.0f, 1.0f};  // "color" in files and the inspector
    TextAlign align = TextAlign::center;
    std::int32_t layer = 0;
};

struct Camera {
    float zoom = 1.0f;  // pixels per world unit = zoom * viewport height / 10
    bool primary = true;
};

enum class ColliderShape : std::uint8_t { circle, box };

struct Collider {
    ColliderShape shape = ColliderShape::circle;
    glm::vec2 size{0.5f, 0.5f};         // circle: radius in x; box: half extents
    std::uint32_t layer = 1;            // bits this collider is on
    std::uint32_t mask = 0xFFFF'FFFFu;  // bits it collides with
};

/// Destroyed when `seconds` runs out.
struct Lifetime {
    float seconds = 1.0f;
};

struct Health {
    float current = 100.0f;
    float max = 100.0f;
};

/// Entities on the same team do not damage each other.
struct Team {
    std::int32_t id = 0;
};

/// Deals `amount` to the Health of whatever it touches (the "damage" system), then is
/// destroyed if `destroy_on_hit` (a bullet).
struct Damage {
    float amount = 10.0f;
    bool destroy_on_hit = true;
};

}  // namespace mosaic
