// tile_draw_cache (tile_draw_cache.hpp): per-chunk quads, built when a chunk changes and
// copied into the frame's draw list otherwise.
#include <mosaic/engine/render/tile_draw_cache.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <span>

#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

namespace mosaic {

namespace {

std::uint64_t bits(entity e) noexcept {
    return (static_cast<std::uint64_t>(e.generation) << 32) | e.index;
}

glm::vec2 rotated(glm::vec2 v, float degrees) noexcept {
    const float radians = glm::radians(degrees);
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

bool overlaps(const world_rect& a, glm::vec2 min, glm::vec2 max) noexcept {
    return !(max.x < a.min.x || min.x > a.max.x || max.y < a.min.y || min.y > a.max.y);
}

}  // namespace

tile_draw_cache::tile_draw_cache(std::filesystem::path project_folder) {
    tilesets_.root = std::move(project_folder);
}

void tile_draw_cache::set_project_folder(const std::filesystem::path& folder) {
    if (folder == tilesets_.root) return;
    tilesets_ = Tilesets{};
    tilesets_.root = folder;
    forget_chunks();
}

void tile_draw_cache::forget_chunks() {
    chunks_.clear();
    slots_.reset();  // the texture source may be another one now (a project switch)
}

std::vector<std::string> tile_draw_cache::take_warnings() {
    std::vector<std::string> out;
    out.swap(warnings_);
    return out;
}

void tile_draw_cache::draw(const world& w, texture_source* textures, draw_list& list,
                           const world_rect* visible, float pixels_per_unit) {
    ++pass_;
    stats_ = {};
    const std::uint64_t texture_generation = textures != nullptr ? textures->generation() : 0;
    if (textures != nullptr && !slots_.current(*textures)) {
        // Another source or a reload: the images' slots were on canvases that are gone.
        for (auto& [id, entry] : chunks_) {
            entry.lod_slot = -1;
            entry.image_stale = true;
        }
    }
    w.view<const TileChunk, const Parent>().each([&](entity e, const TileChunk& c,
                                                     const Parent& p) {
        const Tilemap* map = w.try_get<Tilemap>(p.entity);
        if (map == nullptr || !w.is_active(p.entity)) return;
        ++stats_.chunks;
        chunk_entry& entry = chunks_[bits(e)];
        entry.seen = pass_;

        chunk_key key;
        glm::vec2 scale{1.0f, 1.0f};
        if (const WorldTransform* t = w.try_get<WorldTransform>(p.entity)) {
            key.origin = t->position;
            key.rotation = t->rotation;
            scale = t->scale;
        } else if (const Transform* local = w.try_get<Transform>(p.entity)) {
            key.origin = local->position;
            key.rotation = local->rotation;
            scale = local->scale;
        }
        key.tile_size = map->tile_size * scale;
        key.step_x = rotated({key.tile_size.x, 0.0f}, key.rotation);
        key.step_y = rotated({0.0f, key.tile_size.y}, key.rotation);
        key.layer = map->layer + c.layer;
        key.width = std::min(map->width, max_tilemap_side);
        key.height = std::min(map->height, max_tilemap_side);
        key.map_index = p.entity.index;
        key.texture_generation = texture_generation;
        key.textures = textures;

        if (visible != nullptr) {
            const glm::vec2 corner = key.origin + static_cast<float>(c.x) * key.step_x +
                                     static_cast<float>(c.y) * key.step_y;
            const glm::vec2 across = static_cast<float>(tile_chunk_side) * key.step_x;
            const glm::vec2 up = static_cast<float>(tile_chunk_side) * key.step_y;
            const glm::vec2 points[] = {corner, corner + across, corner + up, corner + across + up};
            glm::vec2 low = points[0];
            glm::vec2 high = points[0];
            for (const glm::vec2 q : points) {
                low = glm::min(low, q);
                high = glm::max(high, q);
            }
            if (!overlaps(*visible, low, high)) return;
        }
        ++stats_.visible;

        const std::string_view set_path(map->tileset.path,
                                        strnlen(map->tileset.path, sizeof map->tileset.path));
        const tileset* set = set_path.empty() ? nullptr : tilesets_.get(set_path, warnings_);
        key.tileset = set;
        key.tileset_generation = tilesets_.generation();

        const bool same = entry.key == key && entry.tiles.size() == tile_chunk_tiles &&
                          std::memcmp(entry.tiles.data(), c.tiles, sizeof c.tiles) == 0;
        if (!same) {
            entry.key = key;
            entry.tiles.assign(c.tiles, c.tiles + tile_chunk_tiles);
            entry.quads_stale = true;
            entry.image_stale = true;
        }

        // Zoomed out: the chunk as one quad showing its image.
        const float tile_pixels =
            pixels_per_unit * std::min(std::abs(key.tile_size.x), std::abs(key.tile_size.y));
        const int level = textures != nullptr && pixels_per_unit > 0.0f
                              ? tile_lod_level(tile_pixels, detail_pixels_)
                              : 0;
        stats_.lod_level = level;
        if (level > 0) {
            bool ready = entry.lod_slot >= 0 && !entry.image_stale;
            if (!ready) {
                ready = build_image(entry, c.x, c.y, set, *textures);
                if (ready) ++stats_.lod_rebuilt;
            }
            if (ready) {
                const texture_region region = slots_.region(entry.lod_slot, level);
                const float half = 0.5f * static_cast<float>(tile_chunk_side);
                list.push(draw_instance{.center = key.origin +
                                                  (static_cast<float>(c.x) + half) * key.step_x +
                                                  (static_cast<float>(c.y) + half) * key.step_y,
                                        .size = static_cast<float>(tile_chunk_side) * key.tile_size,
                                        .rotation = key.rotation,
                                        .rgba = 0xFFFF'FFFFu,
                                        .pick_id = static_cast<std::int32_t>(key.map_index),
                                        .shape = instance_shape::quad,
                                        .outline_pixels = 0.0f,
                                        .layer = key.layer,
                                        .texture = region.texture,
                                        .uv = region.uv});
                ++stats_.lod_chunks;
                return;
            }
            stats_.lod_level = 0;  // a source without canvases: tile by tile
        }

        if (entry.quads_stale) {
            build(entry, c.x, c.y, set, textures);
            entry.quads_stale = false;
            ++stats_.rebuilt;
        }
        list.reserve_more(entry.quads.size());
        for (const draw_instance& q : entry.quads) list.push(q);
        stats_.tiles += entry.quads.size();
    });
    // Chunks that went (destroyed, or a Stop restored a world without them).
    std::erase_if(chunks_, [&](const auto& c) {
        if (c.second.seen == pass_) return false;
        if (c.second.lod_slot >= 0) slots_.give_back(c.second.lod_slot);
        return true;
    });
}

bool tile_draw_cache::build_image(chunk_entry& entry, std::int32_t chunk_x, std::int32_t chunk_y,
                                  const tileset* set, texture_source& textures) {
    if (entry.lod_slot < 0 || !slots_.current(textures)) {
        const std::optional<int> slot = slots_.take(textures);
        if (!slot) return false;
        entry.lod_slot = *slot;
    }
    // Tile n's colour: frame n - 1's average, for the tiles the tileset names.
    std::span<const std::uint32_t> colors;
    std::vector<std::uint32_t> white;
    if (set != nullptr) {
        const std::size_t tile_count = set->names.size();
        colors = textures.find_frame_colors(set->sheet);
        if (colors.empty()) {  // a source that does not know its pixels
            white.assign(std::min(tile_count, textures.find_frames(set->sheet).size()),
                         0xFFFF'FFFFu);
            colors = white;
        }
        colors = colors.first(std::min(colors.size(), tile_count));
    }
    slot_texels_.assign(lod_slot_texels, 0u);
    build_lod_slot(entry.tiles.data(), chunk_x, chunk_y, entry.key.width, entry.key.height, colors,
                   textures.missing_color(), slot_texels_);
    const lod_slots::slot where = slots_.where(entry.lod_slot);
    textures.update_canvas(where.page, where.x, where.y, lod_slot_width, lod_slot_height,
                           slot_texels_.data());
    entry.image_stale = false;
    return true;
}

void tile_draw_cache::build(chunk_entry& entry, std::int32_t chunk_x, std::int32_t chunk_y,
                            const tileset* set, texture_source* textures) {
    const chunk_key& key = entry.key;
    const std::int32_t* tiles = entry.tiles.data();
    entry.quads.clear();
    // The sheet's frames (atlas regions), looked up once per build.
    std::span<const texture_region> frames;
    texture_region placeholder{};
    if (textures != nullptr) {
        placeholder = textures->missing_frame();
        if (set != nullptr) frames = textures->find_frames(set->sheet);
    }
    const std::size_t tile_count = set != nullptr ? set->names.size() : 0;
    draw_instance quad{.center = {0.0f, 0.0f},
                       .size = key.tile_size,
                       .rotation = key.rotation,
                       .rgba = 0xFFFF'FFFFu,
                       .pick_id = static_cast<std::int32_t>(key.map_index),
                       .shape = instance_shape::quad,
                       .outline_pixels = 0.0f,
                       .layer = key.layer,
                       .texture = no_texture,
                       .uv = {}};
    for (int row = 0; row < tile_chunk_side; ++row) {
        const std::int32_t y = chunk_y + row;
        if (y < 0 || y >= key.height) continue;
        for (int column = 0; column < tile_chunk_side; ++column) {
            const std::int32_t tile = tiles[row * tile_chunk_side + column];
            if (tile == 0) continue;
            const std::int32_t x = chunk_x + column;
            if (x < 0 || x >= key.width) continue;
            texture_region region = placeholder;
            if (textures == nullptr) {
                region = {};
            } else if (tile > 0 && static_cast<std::size_t>(tile) <= tile_count &&
                       static_cast<std::size_t>(tile) <= frames.size()) {
                region = frames[static_cast<std::size_t>(tile) - 1];
            }
            quad.center = key.origin + (static_cast<float>(x) + 0.5f) * key.step_x +
                          (static_cast<float>(y) + 0.5f) * key.step_y;
            quad.texture = region.texture;
            quad.uv = region.uv;
            entry.quads.push_back(quad);
        }
    }
}

}  // namespace mosaic
