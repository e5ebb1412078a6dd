#pragma once
// Entities by their Name component: what scripts, field text and the actions use to find
// and label entities.

#include <string>
#include <string_view>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic::editor {

/// The name's text (the array is NUL-terminated unless full).
[[nodiscard]] std::string_view name_text(const Name& n) noexcept;
/// The entity's name, or "" when it has none.
[[nodiscard]] std::string name_of(const world& w, entity e);
/// The entity with this name; among several, the one with the lowest file id, so the answer
/// does not depend on pool order. Null when none.
[[nodiscard]] entity find_named(const world& w, std::string_view name);

}  // namespace mosaic::editor
