#pragma once
// How the editor names an entity on screen: its Name, or "Entity 42" (the slot index) when
// it has none.

#include <string>
#include <string_view>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>

namespace mosaic::editor {

/// The Name, without copying (empty when the entity has none).
[[nodiscard]] inline std::string_view entity_name(const world& w, entity e) {
    const Name* name = w.try_get<Name>(e);
    return name ? std::string_view(name->value) : std::string_view{};
}

[[nodiscard]] inline std::string entity_label(const world& w, entity e) {
    if (e.is_null()) return "None";
    if (!w.alive(e)) return "(destroyed)";
    const std::string_view name = entity_name(w, e);
    return name.empty() ? "Entity " + std::to_string(e.index) : std::string(name);
}

/// True when `text` contains `lowered_needle` (already lower-case), ignoring ASCII case.
[[nodiscard]] bool contains_ignoring_case(std::string_view text, std::string_view lowered_needle);

}  // namespace mosaic::editor
