#pragma once
// prefab_tree: the order in which make_prefab() (prefab.hpp) numbers an entity tree, so that
// the entities a prefab was made of can be linked to its nodes (the editor's Create Prefab
// makes its source an instance of the new prefab).

#include <vector>

#include <mosaic/ecs/world.hpp>

namespace mosaic {

/// `root` and its descendants in the order make_prefab() numbers them (depth first, children
/// by file id): the entity at index i becomes the prefab's node with file id i + 1.
[[nodiscard]] std::vector<entity> prefab_tree_order(const world& w, entity root);

}  // namespace mosaic
