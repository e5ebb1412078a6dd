#pragma once
// Tile colliders: the solid tiles of every Tilemap become boxes for the collision system,
// merged into rectangles (a wall of 1,000 tiles is one box, a floor with a gap two), and
// rebuilt per chunk: each tick the "tile_colliders" system compares every TileChunk with the
// copy it merged last time and re-merges only the chunks that changed (a tile set by game
// code, a Stop that restored them, a rewind), then joins rectangles across chunk borders.
//
// Contacts with tiles name the Tilemap entity (contact.a or .b); tile boxes never collide
// with each other. A box's bottom-left is the map's WorldTransform position plus its tile
// coordinates times Tilemap.tile_size (scaled by the world scale; rotation is not applied).
//
// Bad maps: a tile number past the tileset, a Tilemap larger than max_tilemap_side, a chunk
// outside the map: reported once per map in the GameLog, those tiles left out; never a crash.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <mosaic/ecs/scheduler.hpp>
#include <mosaic/ecs/world.hpp>

#include "../physics/broad_phase.hpp"
#include "tilemap.hpp"
#include "tileset.hpp"

namespace mosaic {

/// Tiles [x0, x1) x [y0, y1).
struct tile_rect {
    std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    friend bool operator==(const tile_rect&, const tile_rect&) = default;
};

/// The solid tiles of a side x side square (row 0 at the bottom) as rectangles: runs along
/// rows, stacked when the row above has the same run. Appends to `out`, in local tiles.
void merge_solid_tiles(const std::int32_t* tiles, int side, const tileset& set,
                       std::vector<tile_rect>& out);
/// Joins rectangles that touch along a whole edge (same rows side by side, same columns one
/// above the other): what merge_solid_tiles made per chunk becomes one box across chunks.
void merge_touching(std::vector<tile_rect>& rects);

struct tile_box {
    entity map;
    aabb box;
    std::uint32_t layer = 1;
    std::uint32_t mask = 0xFFFF'FFFFu;
};

/// What the last update did (tests and benchmarks).
struct tile_collider_stats {
    std::size_t chunks = 0;   // TileChunks seen
    std::size_t rebuilt = 0;  // re-merged this update
    std::size_t boxes = 0;    // boxes handed to collision
};

/// The per-chunk merge cache and this tick's boxes; shared by the tile_colliders system
/// (which updates it) and the collision system (which reads the boxes after it).
class tile_collider_cache {
public:
    /// Re-merges the chunks of `w` that changed, then places every map's boxes in the world.
    void update(world& w);
    [[nodiscard]] const std::vector<tile_box>& boxes() const noexcept { return boxes_; }
    [[nodiscard]] const tile_collider_stats& stats() const noexcept { return stats_; }

private:
    struct chunk_entry {
        std::vector<std::int32_t> tiles;  // the chunk as last merged
        std::vector<tile_rect> rects;     // in map tiles
        entity map;
        std::uint64_t tileset_generation = 0;
        std::uint64_t seen = 0;
    };
    struct map_entry {
        std::vector<tile_rect> rects;  // merged across chunks
        bool dirty = true;
        bool warned = false;
        std::uint64_t seen = 0;
    };
    std::unordered_map<std::uint64_t, chunk_entry> chunks_;  // by entity bits
    std::unordered_map<std::uint64_t, map_entry> maps_;
    std::vector<tile_box> boxes_;
    tile_collider_stats stats_;
    std::uint64_t pass_ = 0;
};

/// The "tile_colliders" system (post_update, order -60: after the hierarchy, before
/// collision), exclusive. register_builtin_systems adds it with the collision system.
system& add_tile_collider_system(scheduler& s, std::shared_ptr<tile_collider_cache> cache);

}  // namespace mosaic
