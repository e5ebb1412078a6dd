#pragma once
// field_text: one field's value as text and back, by field kind — what scripts write, what
// the clipboard could carry, what tests compare. "1 2.5" for a vec2, "true", an enum's value
// name, a string, an entity's Name for a reference.

#include <string>
#include <string_view>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/world.hpp>

namespace mosaic::editor {

/// Writes `text` into element `element` of `field` of `component`. Returns "" or the error.
/// `w` resolves entity references by Name.
[[nodiscard]] std::string parse_field(const field_info& field, std::string_view text,
                                      void* component, const world& w);
/// The field's value (every element of a fixed array, separated by " | ").
[[nodiscard]] std::string format_field(const field_info& field, const void* component,
                                       const world& w);

}  // namespace mosaic::editor
