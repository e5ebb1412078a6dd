#pragma once
// tile_draw_cache: the tiles of every Tilemap as draw_list quads, built per chunk and kept.
//
// A 1024 x 1024 map is a million tiles; building a million quads every frame would cost more
// than the frame. So each TileChunk's quads are built once and kept with a copy of the tiles
// they were built from; a frame compares the chunk with that copy (4 KiB) and copies the kept
// quads into the list. A chunk is built again only when something it depends on changed: its
// tiles (painting, game code, Stop, undo), its map's placement, tile size or layer, the
// tileset (Tilesets::generation) or the texture source's regions (texture_source::generation,
// a hot reload). With `visible` given, chunks outside it are skipped without being looked at
// further, so a view of part of a huge map costs what it shows.
//
// Tiles are ordinary textured quads of the renderer: tile n of a chunk shows frame n - 1 of the
// tileset's sprite sheet (an atlas region), so a map draws in one call per (layer, atlas page),
// batched with the sprites. Each tile covers its cell exactly (frame pivots are ignored);
// tile (x, y) has its bottom-left corner at the map's position + (x, y) * tile_size, scaled
// and rotated with the map. A chunk's layer k draws at Sprite layer Tilemap.layer + k. Tiles
// are picked as the Tilemap entity.
//
// Bad maps never crash and are seen: a tileset that does not load, a tile number past the
// tileset, or a sheet whose image is missing show the texture source's placeholder (the
// magenta checker); the tileset's message is kept for take_warnings(), once per file. Tiles
// outside the map (a chunk past width/height) are not drawn.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include <mosaic/ecs/fwd.hpp>

#include "../tilemap/tileset.hpp"
#include "camera2d.hpp"
#include "draw_list.hpp"
#include "texture_source.hpp"

namespace mosaic {

/// What the last draw() did (tests and benchmarks).
struct tile_draw_stats {
    std::size_t chunks = 0;   // TileChunks of a Tilemap seen
    std::size_t visible = 0;  // of those, inside the view and drawn
    std::size_t rebuilt = 0;  // built again this frame
    std::size_t tiles = 0;    // quads appended
};

class tile_draw_cache {
public:
    /// `project_folder`: what Tilemap.tileset paths (and the tilesets' sheets) are relative to.
    explicit tile_draw_cache(std::filesystem::path project_folder = {});

    /// Another project: forgets the tilesets and every chunk (nothing when it is the same).
    void set_project_folder(const std::filesystem::path& folder);
    [[nodiscard]] const std::filesystem::path& project_folder() const noexcept {
        return tilesets_.root;
    }

    /// Appends the tiles of every chunk overlapping `visible` (every chunk when null) to
    /// `list`. `textures` null: untextured white quads.
    void draw(const world& w, texture_source* textures, draw_list& list,
              const world_rect* visible = nullptr);

    /// The tilesets read so far; forget() one to read it again (a tileset file changed).
    [[nodiscard]] Tilesets& tilesets() noexcept { return tilesets_; }
    /// Messages about tilesets that did not load, since the last call.
    [[nodiscard]] std::vector<std::string> take_warnings();
    [[nodiscard]] const tile_draw_stats& stats() const noexcept { return stats_; }

private:
    struct chunk_key {
        glm::vec2 origin{0.0f, 0.0f};
        glm::vec2 step_x{0.0f, 0.0f};  // one tile to the right, in world units
        glm::vec2 step_y{0.0f, 0.0f};  // one tile up
        float rotation = 0.0f;
        glm::vec2 tile_size{0.0f, 0.0f};
        std::int32_t layer = 0;
        std::int32_t width = 0;
        std::int32_t height = 0;
        std::uint32_t map_index = 0;
        std::uint64_t tileset_generation = 0;
        std::uint64_t texture_generation = 0;
        const void* textures = nullptr;
        const void* tileset = nullptr;
        friend bool operator==(const chunk_key&, const chunk_key&) = default;
    };
    struct chunk_entry {
        chunk_key key;
        std::vector<std::int32_t> tiles;  // what `quads` were built from
        std::vector<draw_instance> quads;
        std::uint64_t seen = 0;
    };

    void build(chunk_entry& entry, const std::int32_t* tiles, std::int32_t chunk_x,
               std::int32_t chunk_y, const tileset* set, texture_source* textures);

    Tilesets tilesets_;
    std::unordered_map<std::uint64_t, chunk_entry> chunks_;  // by chunk entity
    std::vector<std::string> warnings_;
    tile_draw_stats stats_;
    std::uint64_t pass_ = 0;
};

}  // namespace mosaic
