#pragma once
// Internal: the components a scene file stores as entity keys ("id", "name", "parent",
// "enabled") rather than in "components".

#include <mosaic/ecs/type_id.hpp>
#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/scene/scene.hpp"

namespace mosaic::detail {

inline bool is_identity_component(type_id type) {
    return type == type_id_of<EntityId>() || type == type_id_of<Name>() ||
           type == type_id_of<Parent>() || type == type_id_of<inactive>() ||
           type == type_id_of<resource_entity>();
}

/// False for the entity holding the world's resources (world::resource): input state,
/// contacts and the like are run-time data, never part of a scene file.
inline bool is_scene_entity(const world& w, entity e) {
    return !w.has<resource_entity>(e);
}

}  // namespace mosaic::detail
