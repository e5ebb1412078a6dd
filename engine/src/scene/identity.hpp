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
           type == type_id_of<Parent>() || type == type_id_of<inactive>();
}

}  // namespace mosaic::detail
