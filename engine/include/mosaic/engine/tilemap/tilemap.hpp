#pragma once
// Tilemaps as world state. A Tilemap entity says where the map is and which tileset it uses;
// its tiles live in TileChunk children (Parent = the Tilemap entity), each a square of
// tile_chunk_side x tile_chunk_side tile numbers of one layer.
//
// Why chunk entities: tiles must be world data like any component, so Stop restores tiles
// game code changed, the timeline's rewind and recorded replays reproduce them, scene files,
// the binary format, undo and the merge driver carry them, all with nothing written for
// tilemaps. The registration table holds plain fixed-size data, so a map of any size is many
// fixed-size chunks: a 1024 x 1024 map is 1,024 chunks of 32 x 32 (4 KiB each, 4 MiB in
// all), and only chunks that hold tiles exist. A change to one tile touches one chunk, so the
// collider and draw caches rebuild that chunk only, and two people painting different parts
// of a map change different chunks (or different cells of one: the merge driver merges
// number arrays cell by cell).
//
// Tile numbers: 0 is empty; n is the tileset's tile n - 1 (the sheet's frame n - 1). A number
// past the tileset draws a placeholder and is reported once (tileset.hpp).

#include <cstdint>
#include <optional>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/ecs/field.hpp>
#include <mosaic/ecs/world.hpp>

#include "../math.hpp"

namespace mosaic {

inline constexpr int tile_chunk_side = 32;
inline constexpr int tile_chunk_tiles = tile_chunk_side * tile_chunk_side;

struct Tilemap {
    mosaic::asset_path tileset{};     // a *.tileset.json file
    glm::vec2 tile_size{1.0f, 1.0f};  // world units of one tile
    std::int32_t width = 16;          // tiles; the map spans [0, width) x [0, height)
    std::int32_t height = 16;
    std::int32_t layer = 0;            // Sprite layer of its first tile layer
    std::uint32_t collider_layer = 1;  // solid tiles collide like a Collider with these bits
    std::uint32_t collider_mask = 0xFFFF'FFFFu;
};

/// The most tiles a map may have on a side (a 4096 x 4096 map is 16M tiles, 64 MiB).
inline constexpr std::int32_t max_tilemap_side = 4096;
/// The most tile layers.
inline constexpr std::int32_t max_tile_layers = 16;

/// Tiles (x, y) to (x + 31, y + 31) of one layer, x and y multiples of tile_chunk_side;
/// tiles[row * tile_chunk_side + column], row 0 at the bottom (y grows up, like the world).
struct TileChunk {
    std::int32_t x = 0;
    std::int32_t y = 0;
    std::int32_t layer = 0;
    std::int32_t tiles[tile_chunk_tiles] = {};
};

/// Reads and writes the tiles of one Tilemap entity in a world (finding its chunks once).
/// For game code (a destructible wall: `tiles.set(x, y, 0)`), tools and tests. It walks the
/// world's TileChunk entities when made; keep it for a batch of edits, not across ticks.
class tile_access {
public:
    tile_access(world& w, entity map);

    /// The tile at (x, y) of `layer`: 0 (empty) outside the map or where no chunk exists.
    [[nodiscard]] std::int32_t get(int x, int y, int layer = 0) const;
    /// Sets the tile at (x, y) of `layer`, creating its chunk if needed (a structural change:
    /// not from a parallel system; use an exclusive one). False outside the map.
    bool set(int x, int y, std::int32_t tile, int layer = 0);
    /// The chunk entity holding (x, y) of `layer`, if there is one.
    [[nodiscard]] std::optional<entity> chunk_at(int x, int y, int layer = 0) const;

private:
    [[nodiscard]] std::uint64_t key(int cx, int cy, int layer) const noexcept;
    world* world_;
    entity map_;
    const Tilemap* info_;
    std::vector<std::pair<std::uint64_t, entity>> chunks_;  // sorted by key
};

}  // namespace mosaic
