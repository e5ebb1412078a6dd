#pragma once
// How the editor names an entity on screen: its Name, or, when it has none, what it is: a
// tilemap's chunk is "Tile chunk (32, 0)" (the cell of its first tile; ", layer 1" past the
// first layer) so the children of a map say which part of it they hold; anything else is
// "Entity 42" (the slot index).

#include <string>
#include <string_view>

#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

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
    if (!name.empty()) return std::string(name);
    if (const TileChunk* chunk = w.try_get<TileChunk>(e)) {
        std::string label =
            "Tile chunk (" + std::to_string(chunk->x) + ", " + std::to_string(chunk->y) + ")";
        if (chunk->layer != 0) label += ", layer " + std::to_string(chunk->layer);
        return label;
    }
    return "Entity " + std::to_string(e.index);
}

/// True when `text` contains `lowered_needle` (already lower-case), ignoring ASCII case.
[[nodiscard]] bool contains_ignoring_case(std::string_view text, std::string_view lowered_needle);

}  // namespace mosaic::editor
