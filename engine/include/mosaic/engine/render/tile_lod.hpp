#pragma once
// tile_lod: the level of detail of zoomed-out tilemaps (tile_draw_cache.hpp uses it).
//
// Why: a 1024 x 1024 map seen whole is a million tiles of under a pixel; drawing each as a
// quad costs the rasteriser about a second a frame (Mesa's llvmpipe pays per primitive) and
// shows nothing a pixel could hold. When a tile is smaller than `detail_pixels` on screen,
// each chunk is drawn instead as ONE quad showing a small image of it: one texel per tile,
// the tile's average colour (texture_source::find_frame_colors), or one texel per 2 x 2,
// 4 x 4, ... tiles when even a texel per tile is under a pixel (the average of those tiles:
// a mipmap made on the CPU, sampled nearest, so neighbouring chunks never bleed in).
//
// Each chunk's levels sit together in one slot of lod_slot_width x lod_slot_height texels
// of a canvas page (texture_source::create_canvas), so every zoomed-out chunk of a map is
// one texture and one draw call:
//
//   +--------------------------------+----------------+
//   |                                | level 2: 16x16 |
//   |  level 1: 32 x 32              +--------+---+-+-+
//   |  (one texel per tile,          | lvl 3  |l4 |5|6|   level 3: 8x8, 4: 4x4, 5: 2x2,
//   |   row 0 at the top: the        |  8x8   |   | | |   6: 1x1 (the chunk's average)
//   |   chunk's top row of tiles)    +--------+---+-+-+
//   |                                |                |
//   +--------------------------------+----------------+
//
// A slot is rebuilt only when its chunk's tiles (or the map, tileset or texture source)
// changed AND the chunk is drawn zoomed out: painting one tile rebuilds one slot, and
// painting while zoomed in rebuilds none (they are built when next seen from far away).
//
// Colours are straight alpha, averaged weighted by alpha (a transparent texel does not
// darken its neighbours); empty cells and cells outside the map are transparent.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "texture_source.hpp"

namespace mosaic {

/// Level 0 is the tiles themselves; level n >= 1 has one texel per 2^(n-1) x 2^(n-1) tiles.
inline constexpr int max_tile_lod_level = 6;
/// Below this many screen pixels per tile (the smaller side), chunks are drawn as images.
inline constexpr float default_tile_detail_pixels = 2.0f;

/// The level to draw tiles of `tile_pixels` screen pixels at: 0 (tiles) from
/// `detail_pixels` up; below, the finest image level whose texels still cover a pixel
/// (level 1 down to 1 pixel per tile, level 2 down to half a pixel, ...), at most
/// max_tile_lod_level. 0 when tile_pixels is not a positive number (no zoom known).
[[nodiscard]] int tile_lod_level(float tile_pixels,
                                 float detail_pixels = default_tile_detail_pixels) noexcept;

inline constexpr int lod_slot_width = 48;
inline constexpr int lod_slot_height = 32;
inline constexpr int lod_slot_texels = lod_slot_width * lod_slot_height;

/// Where level `level` (1..max_tile_lod_level) sits in a slot, in texels from its top-left.
struct lod_rect {
    int x = 0;
    int y = 0;
    int side = 0;
};
[[nodiscard]] lod_rect lod_level_rect(int level) noexcept;

/// Fills `slot` (lod_slot_texels texels, rows top first) with every level of a chunk:
/// `tiles` as in TileChunk (row 0 at the bottom), `chunk_x`, `chunk_y` its first cell, cells
/// at or past `width` / `height` (the map's size) transparent. Tile n shows `colors[n - 1]`;
/// a number past `colors` shows `missing`; 0 is transparent.
void build_lod_slot(const std::int32_t* tiles, std::int32_t chunk_x, std::int32_t chunk_y,
                    std::int32_t width, std::int32_t height, std::span<const std::uint32_t> colors,
                    std::uint32_t missing, std::span<std::uint32_t> slot);

/// The average of `texels` (straight alpha, weighted by alpha; all transparent: 0).
[[nodiscard]] std::uint32_t average_rgba(std::span<const std::uint32_t> texels) noexcept;

/// Slots on canvas pages of one texture source: pages made as needed, freed slots reused.
class lod_slots {
public:
    static constexpr int page_side = 2048;
    static constexpr int slots_across = page_side / lod_slot_width;  // 42
    static constexpr int slots_down = page_side / lod_slot_height;   // 64
    static constexpr int slots_per_page = slots_across * slots_down;

    struct slot {
        texture_handle page = no_texture;
        int x = 0;  // texels, top-left of the slot
        int y = 0;
    };

    /// A free slot of `source`, or nothing when it has no canvases. A different source or
    /// generation than before: every slot is forgotten first (the pages were the old
    /// source's; at a new generation of the same source they are destroyed).
    [[nodiscard]] std::optional<int> take(texture_source& source);
    /// Whether the slots handed out so far are on `source`'s canvases as it is now.
    [[nodiscard]] bool current(const texture_source& source) const noexcept {
        return &source == source_ && source.generation() == generation_;
    }
    /// Forgets the source, its pages and every slot (not destroying the pages).
    void reset() noexcept;
    void give_back(int id);
    [[nodiscard]] slot where(int id) const noexcept;
    /// The region of `level` in slot `id`, for a quad.
    [[nodiscard]] texture_region region(int id, int level) const noexcept;
    /// Every slot free again (pages kept).
    void clear() noexcept;
    [[nodiscard]] std::size_t pages() const noexcept { return pages_.size(); }

private:
    texture_source* source_ = nullptr;
    std::uint64_t generation_ = 0;
    std::vector<texture_handle> pages_;
    std::vector<int> free_;
    int next_ = 0;  // slots below this were handed out at least once
};

}  // namespace mosaic
