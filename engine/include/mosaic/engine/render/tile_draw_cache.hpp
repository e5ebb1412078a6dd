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
// Zoomed out (draw() told the screen pixels per world unit), a chunk whose tiles are smaller
// than detail_pixels on screen is drawn as one quad showing a low-resolution image of it
// (tile_lod.hpp): one texel per tile (its frame's average colour), or per 2 x 2, 4 x 4 ...
// tiles further out. The image is built when the chunk is first seen so and again only when
// it changed; the tile quads likewise are built only when the chunk is seen up close. So a
// whole 1M-tile map is 1,024 quads, and painting one tile rebuilds one chunk's image.
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
#include "tile_lod.hpp"

namespace mosaic {

/// What the last draw() did (tests and benchmarks).
struct tile_draw_stats {
    std::size_t chunks = 0;       // TileChunks of a Tilemap seen
    std::size_t visible = 0;      // of those, inside the view and drawn
    std::size_t rebuilt = 0;      // tile quads built again this frame
    std::size_t tiles = 0;        // quads appended for single tiles
    std::size_t lod_chunks = 0;   // visible chunks drawn as one low-resolution image
    std::size_t lod_rebuilt = 0;  // of those, images built again (and uploaded) this frame
    int lod_level = 0;            // the level drawn (tile_lod_level; 0: tiles)
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
    /// `list`. `textures` null: untextured white quads. `pixels_per_unit` (camera2d's) > 0:
    /// chunks whose tiles are under detail_pixels() on screen are drawn as one image each
    /// (needs a texture source with canvases); 0: always tile by tile.
    void draw(const world& w, texture_source* textures, draw_list& list,
              const world_rect* visible = nullptr, float pixels_per_unit = 0.0f);

    /// Screen pixels per tile below which chunks are drawn as images (tile_lod_level).
    void set_detail_pixels(float pixels) noexcept { detail_pixels_ = pixels; }
    [[nodiscard]] float detail_pixels() const noexcept { return detail_pixels_; }

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
        std::vector<std::int32_t> tiles;  // what `quads` and the image are built from
        std::vector<draw_instance> quads;
        bool quads_stale = true;  // `tiles` or `key` changed since `quads` were built
        bool image_stale = true;  // ... since the low-resolution image was uploaded
        int lod_slot = -1;        // lod_slots id of its image; -1: none yet
        std::uint64_t seen = 0;
    };

    void build(chunk_entry& entry, std::int32_t chunk_x, std::int32_t chunk_y, const tileset* set,
               texture_source* textures);
    // Builds and uploads `entry`'s image; false when the source has no canvases.
    bool build_image(chunk_entry& entry, std::int32_t chunk_x, std::int32_t chunk_y,
                     const tileset* set, texture_source& textures);
    void forget_chunks();

    Tilesets tilesets_;
    std::unordered_map<std::uint64_t, chunk_entry> chunks_;  // by chunk entity
    std::vector<std::string> warnings_;
    tile_draw_stats stats_;
    std::uint64_t pass_ = 0;
    float detail_pixels_ = default_tile_detail_pixels;
    lod_slots slots_;
    std::vector<std::uint32_t> slot_texels_;  // one slot, reused
};

}  // namespace mosaic
