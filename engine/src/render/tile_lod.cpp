// tile_lod (tile_lod.hpp): which level a zoom draws, a chunk's levels as averaged texels, and
// the canvas slots they are uploaded to.
#include <mosaic/engine/render/tile_lod.hpp>

#include <array>
#include <cmath>

#include <mosaic/engine/tilemap/tilemap.hpp>

namespace mosaic {

static_assert(tile_chunk_side == 32, "the slot layout holds a 32 x 32 chunk");

int tile_lod_level(float tile_pixels, float detail_pixels) noexcept {
    if (!(tile_pixels > 0.0f) || tile_pixels >= detail_pixels) return 0;
    int level = 1;
    float texel_pixels = tile_pixels;
    while (texel_pixels < 1.0f && level < max_tile_lod_level) {
        texel_pixels *= 2.0f;
        ++level;
    }
    return level;
}

lod_rect lod_level_rect(int level) noexcept {
    switch (level) {
        case 1:
            return {0, 0, 32};
        case 2:
            return {32, 0, 16};
        case 3:
            return {32, 16, 8};
        case 4:
            return {40, 16, 4};
        case 5:
            return {44, 16, 2};
        default:
            return {46, 16, 1};
    }
}

std::uint32_t average_rgba(std::span<const std::uint32_t> texels) noexcept {
    std::uint64_t r = 0, g = 0, b = 0, a = 0;
    for (const std::uint32_t t : texels) {
        const std::uint64_t alpha = t >> 24;
        r += (t & 0xFFu) * alpha;
        g += ((t >> 8) & 0xFFu) * alpha;
        b += ((t >> 16) & 0xFFu) * alpha;
        a += alpha;
    }
    if (a == 0 || texels.empty()) return 0;
    const auto channel = [&](std::uint64_t sum) {
        return static_cast<std::uint32_t>((sum + a / 2) / a);  // colour weighted by alpha
    };
    const auto alpha = static_cast<std::uint32_t>((a + texels.size() / 2) / texels.size());
    return channel(r) | (channel(g) << 8) | (channel(b) << 16) | (alpha << 24);
}

void build_lod_slot(const std::int32_t* tiles, std::int32_t chunk_x, std::int32_t chunk_y,
                    std::int32_t width, std::int32_t height, std::span<const std::uint32_t> colors,
                    std::uint32_t missing, std::span<std::uint32_t> slot) {
    const auto at = [&](lod_rect r, int column, int row) -> std::uint32_t& {
        return slot[static_cast<std::size_t>((r.y + row) * lod_slot_width + r.x + column)];
    };
    // Level 1: a texel per tile; texel row 0 is the chunk's top row (tiles row 31).
    const lod_rect base = lod_level_rect(1);
    for (int row = 0; row < tile_chunk_side; ++row) {
        const int tile_row = tile_chunk_side - 1 - row;
        const bool row_inside = chunk_y + tile_row >= 0 && chunk_y + tile_row < height;
        for (int column = 0; column < tile_chunk_side; ++column) {
            const std::int32_t tile = tiles[tile_row * tile_chunk_side + column];
            const bool inside = row_inside && chunk_x + column >= 0 && chunk_x + column < width;
            std::uint32_t texel = 0;
            if (inside && tile != 0) {
                texel = tile > 0 && static_cast<std::size_t>(tile) <= colors.size()
                            ? colors[static_cast<std::size_t>(tile) - 1]
                            : missing;
            }
            at(base, column, row) = texel;
        }
    }
    // Each next level: the average of 2 x 2 texels of the one before.
    for (int level = 2; level <= max_tile_lod_level; ++level) {
        const lod_rect from = lod_level_rect(level - 1);
        const lod_rect to = lod_level_rect(level);
        for (int row = 0; row < to.side; ++row) {
            for (int column = 0; column < to.side; ++column) {
                const std::array<std::uint32_t, 4> four = {
                    at(from, 2 * column, 2 * row), at(from, 2 * column + 1, 2 * row),
                    at(from, 2 * column, 2 * row + 1), at(from, 2 * column + 1, 2 * row + 1)};
                at(to, column, row) = average_rgba(four);
            }
        }
    }
}

std::optional<int> lod_slots::take(texture_source& source) {
    if (!current(source)) {
        if (&source == source_)
            for (const texture_handle page : pages_) source.destroy_canvas(page);
        reset();
        source_ = &source;
        generation_ = source.generation();
    }
    if (!free_.empty()) {
        const int id = free_.back();
        free_.pop_back();
        return id;
    }
    if (next_ == static_cast<int>(pages_.size()) * slots_per_page) {
        const texture_handle page = source.create_canvas(page_side, page_side);
        if (page == no_texture) return std::nullopt;
        pages_.push_back(page);
    }
    return next_++;
}

void lod_slots::give_back(int id) {
    if (id >= 0 && id < next_) free_.push_back(id);
}

lod_slots::slot lod_slots::where(int id) const noexcept {
    const int page = id / slots_per_page;
    const int index = id % slots_per_page;
    return {.page = pages_[static_cast<std::size_t>(page)],
            .x = index % slots_across * lod_slot_width,
            .y = index / slots_across * lod_slot_height};
}

texture_region lod_slots::region(int id, int level) const noexcept {
    const slot s = where(id);
    const lod_rect r = lod_level_rect(level);
    return {.texture = s.page,
            .uv = uv_rect_of_pixels(s.x + r.x, s.y + r.y, r.side, r.side, page_side, page_side)};
}

void lod_slots::reset() noexcept {
    source_ = nullptr;
    generation_ = 0;
    pages_.clear();
    clear();
}

void lod_slots::clear() noexcept {
    free_.clear();
    next_ = 0;
}

}  // namespace mosaic
