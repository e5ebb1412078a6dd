#pragma once
// action_checks: what the actions (actions.hpp) need besides their plain form: why a Delete
// would be refused (the row menu says it in place), and a Duplicate that also says which
// original each copy came from (the Hierarchy shows copies under their originals).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/entity.hpp>

namespace mosaic::editor {

class editor_state;

/// Why delete_entities() would refuse `entities` (a child of a prefab instance), or nothing.
[[nodiscard]] std::optional<std::string> why_not_deletable(editor_state& s,
                                                           std::span<const entity> entities);
/// duplicate_entities(), and `originals` (if given) receives the root each copied root was
/// copied from, in the same order.
std::vector<entity> duplicate_entities(editor_state& s, std::span<const entity> entities,
                                       std::vector<entity>* originals);

}  // namespace mosaic::editor
