#pragma once
// Engine math is glm (Debian's libglm-dev). These specializations tell the registration
// table that glm vectors have the layout of its vec2/vec3/vec4 kinds.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <mosaic/ecs/field.hpp>

template <>
struct mosaic::field_traits<glm::vec2> {
    static_assert(sizeof(glm::vec2) == sizeof(mosaic::vec2));
    static constexpr field_kind kind = field_kind::vec2;
};
template <>
struct mosaic::field_traits<glm::vec3> {
    static_assert(sizeof(glm::vec3) == sizeof(mosaic::vec3));
    static constexpr field_kind kind = field_kind::vec3;
};
template <>
struct mosaic::field_traits<glm::vec4> {
    static_assert(sizeof(glm::vec4) == sizeof(mosaic::vec4));
    static constexpr field_kind kind = field_kind::vec4;
};
