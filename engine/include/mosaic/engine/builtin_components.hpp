#pragma once
// Registers the engine's built-in components (components.hpp) in a component table.

#include <mosaic/ecs/component_table.hpp>

namespace mosaic {

void register_builtin_components(component_table& table);

}  // namespace mosaic
