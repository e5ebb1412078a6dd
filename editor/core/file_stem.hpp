#pragma once
// file_stem: a file name from an entity's name, for the prefab and archetype files the
// editor writes (prefab_actions.cpp, archetype_actions.cpp).

#include <string>
#include <string_view>

namespace mosaic::editor {

/// Letters, digits, space, '-' and '_' kept, anything else '_' ("Prefab" when nothing is left).
[[nodiscard]] std::string file_stem(std::string_view name);

}  // namespace mosaic::editor
