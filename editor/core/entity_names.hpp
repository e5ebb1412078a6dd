#pragma once
// Entities by their Name component: what scripts, field text and the actions use to find
// and label entities.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

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

/// Every name in the world (what numbered_copy_name() must avoid).
[[nodiscard]] std::unordered_set<std::string> names_in(const world& w);
/// The name a copy of an entity named `name` gets, as Unity numbers them: "Hunter" and
/// "Hunter (1)" give "Hunter (N)" with the first N after the source's own number that no
/// entity has (`taken`), never "Hunter (1) (1)". The base is shortened, never the number,
/// so that the result fits in `max_length` characters (a Name holds 63).
[[nodiscard]] std::string numbered_copy_name(std::string_view name,
                                             const std::function<bool(const std::string&)>& taken,
                                             std::size_t max_length = sizeof(Name::value) - 1);

}  // namespace mosaic::editor
