#pragma once
// copy_names: the names Duplicate gives copies, numbered as Unity numbers them.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic::editor {

/// Every name in the world (what numbered_copy_name() must avoid).
[[nodiscard]] std::unordered_set<std::string> names_in(const world& w);
/// The name a copy of an entity named `name` gets: "Hunter" and "Hunter (1)" give
/// "Hunter (N)" with the first N after the source's own number that no entity has (`taken`),
/// never "Hunter (1) (1)". The base is shortened, never the number, so that the result fits
/// in `max_length` characters (a Name holds 63).
[[nodiscard]] std::string numbered_copy_name(std::string_view name,
                                             const std::function<bool(const std::string&)>& taken,
                                             std::size_t max_length = sizeof(Name::value) - 1);

}  // namespace mosaic::editor
