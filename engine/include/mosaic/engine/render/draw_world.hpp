#pragma once
// draw_world: a scene's sprites (and, for the editor, its colliders) as draw_list records.
//
// Every active entity with an enabled Sprite and a placement becomes one quad: centre at
// the position, size = Sprite::size * scale, the rotation, the tint, the sprite's layer and
// the entity's index as its pick id. The placement is the WorldTransform (what the
// hierarchy system computed) or, when the entity has none (edit mode, before the first
// tick), its Transform; an entity with neither is skipped.
//
// Textures come from options.textures (asset path and Sprite::frame -> a region of a
// texture, often an atlas shared by many images). Without a source or with an empty path the
// sprite is drawn untextured (its tint); a file that cannot be loaded or a frame the sheet
// does not have shows the source's placeholder (a magenta checker). A frame's pivot is put
// on the position.
//
// Tilemaps: with options.tiles, every TileChunk's tiles become quads from the per-chunk cache
// (tile_draw_cache.hpp), before the sprites so a sprite on a tile's layer draws over it; with
// options.visible, only chunks overlapping that rectangle (the view) are appended; with
// options.pixels_per_unit, chunks of tiles under a couple of pixels are one image each.
//
// Text components become one quad per glyph (font.hpp lays them out), rotated and scaled
// with the entity, picked as it, in the Text's layer; a font that cannot be loaded shows one
// placeholder box.
//
// It only reads the world and appends to the list (call list.clear() first for a new
// frame), so the editor can add a grid before and gizmos after. Built for large scenes: one
// pass over the Sprite pool, no allocation per sprite.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <mosaic/ecs/field.hpp>
#include <mosaic/ecs/fwd.hpp>

#include "camera2d.hpp"
#include "draw_list.hpp"
#include "texture_source.hpp"

namespace mosaic {

class tile_draw_cache;

struct draw_world_options {
    texture_source* textures = nullptr;  // null: every sprite untextured
    /// Tilemaps' tiles, built per chunk and kept here; null: tilemaps are not drawn.
    tile_draw_cache* tiles = nullptr;
    /// Only tile chunks overlapping this rectangle are drawn (null: all of them).
    const world_rect* visible = nullptr;
    /// The view's scale (camera2d::pixels_per_unit): zoomed out, tile chunks are drawn as one
    /// low-resolution image each (tile_lod.hpp). 0: always tile by tile.
    float pixels_per_unit = 0.0f;
    bool sprites = true;
    /// Text components, one quad per glyph from the font's atlas (needs `textures`).
    bool texts = true;
    /// Outlines of Collider shapes (circle: radius * the larger |scale|; box: half extents
    /// * |scale|, rotated), picked as their entity.
    bool collider_outlines = false;
    color collider_color{0.35f, 1.0f, 0.35f, 1.0f};
    float collider_outline_pixels = 1.5f;
    std::int32_t collider_layer = std::numeric_limits<std::int32_t>::max();  // above sprites
};

struct draw_world_stats {
    std::size_t sprites = 0;
    std::size_t texts = 0;
    std::size_t colliders = 0;
    std::size_t tiles = 0;
};

draw_world_stats draw_world(const world& world, draw_list& list,
                            const draw_world_options& options = {});

}  // namespace mosaic
