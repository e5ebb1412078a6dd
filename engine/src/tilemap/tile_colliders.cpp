// Tile colliders (tile_colliders.hpp): solid tiles merged into rectangles per chunk, joined
// across chunks, placed in the world every tick. Sections:
//   1. merging   2. the cache's update   3. the system
#include "mosaic/engine/tilemap/tile_colliders.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <tuple>

#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/resources.hpp"

namespace mosaic {

// --- 1. merging ------------------------------------------------------------------------------

void merge_solid_tiles(const std::int32_t* tiles, int side, const tileset& set,
                       std::vector<tile_rect>& out) {
    std::vector<tile_rect> open;  // rectangles whose top is the row before this one
    std::vector<tile_rect> next;
    for (int row = 0; row <= side; ++row) {
        next.clear();
        int x = 0;
        while (row < side && x < side) {
            if (!set.is_solid(tiles[row * side + x])) {
                ++x;
                continue;
            }
            const int start = x;
            while (x < side && set.is_solid(tiles[row * side + x])) ++x;
            const auto below = std::find_if(open.begin(), open.end(), [&](const tile_rect& r) {
                return r.x0 == start && r.x1 == x;
            });
            if (below != open.end()) {
                below->y1 = row + 1;
                next.push_back(*below);
                open.erase(below);
            } else {
                next.push_back({start, row, x, row + 1});
            }
        }
        out.insert(out.end(), open.begin(), open.end());  // not continued: closed
        open.swap(next);
    }
}

void merge_touching(std::vector<tile_rect>& rects) {
    const auto join = [&rects](auto order, auto touches, auto extend) {
        std::sort(rects.begin(), rects.end(), order);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < rects.size(); ++i) {
            if (kept > 0 && touches(rects[kept - 1], rects[i])) {
                extend(rects[kept - 1], rects[i]);
            } else {
                rects[kept++] = rects[i];
            }
        }
        rects.resize(kept);
    };
    // Side by side: same rows, one ends where the next starts.
    join([](const tile_rect& a,
            const tile_rect& b) { return std::tie(a.y0, a.y1, a.x0) < std::tie(b.y0, b.y1, b.x0); },
         [](const tile_rect& a, const tile_rect& b) {
             return a.y0 == b.y0 && a.y1 == b.y1 && a.x1 == b.x0;
         },
         [](tile_rect& a, const tile_rect& b) { a.x1 = b.x1; });
    // One above the other: same columns.
    join([](const tile_rect& a,
            const tile_rect& b) { return std::tie(a.x0, a.x1, a.y0) < std::tie(b.x0, b.x1, b.y0); },
         [](const tile_rect& a, const tile_rect& b) {
             return a.x0 == b.x0 && a.x1 == b.x1 && a.y1 == b.y0;
         },
         [](tile_rect& a, const tile_rect& b) { a.y1 = b.y1; });
}

// --- 2. the cache's update -------------------------------------------------------------------

namespace {

std::uint64_t bits(entity e) noexcept {
    return (static_cast<std::uint64_t>(e.generation) << 32) | e.index;
}

std::string map_name(world& w, entity map) {
    if (const Name* n = w.try_get<Name>(map); n && n->value[0] != '\0')
        return "'" + std::string(n->value, strnlen(n->value, sizeof n->value)) + "'";
    return to_string(map);
}

}  // namespace

void tile_collider_cache::update(world& w) {
    ++pass_;
    stats_ = {};
    Tilesets* sets = w.try_resource<Tilesets>();
    GameLog* log = w.try_resource<GameLog>();
    std::vector<std::string> warnings;
    w.view<const TileChunk, const Parent>().each([&](entity e, const TileChunk& c,
                                                     const Parent& p) {
        const Tilemap* map = w.try_get<Tilemap>(p.entity);
        if (map == nullptr) return;
        ++stats_.chunks;
        map_entry& m = maps_[bits(p.entity)];
        m.seen = pass_;
        const std::string_view set_path(map->tileset.path,
                                        strnlen(map->tileset.path, sizeof map->tileset.path));
        const tileset* set = sets && !set_path.empty() ? sets->get(set_path, warnings) : nullptr;
        const std::uint64_t generation = sets ? sets->generation() : 0;
        chunk_entry& entry = chunks_[bits(e)];
        entry.seen = pass_;
        const bool same = entry.map == p.entity && entry.tileset_generation == generation &&
                          entry.tiles.size() == tile_chunk_tiles &&
                          std::memcmp(entry.tiles.data(), c.tiles, sizeof c.tiles) == 0;
        if (same) return;
        ++stats_.rebuilt;
        entry.tiles.assign(c.tiles, c.tiles + tile_chunk_tiles);
        entry.map = p.entity;
        entry.tileset_generation = generation;
        entry.rects.clear();
        m.dirty = true;
        if (set == nullptr) return;
        const std::int32_t width = std::min(map->width, max_tilemap_side);
        const std::int32_t height = std::min(map->height, max_tilemap_side);
        std::string problem;
        if (map->width > max_tilemap_side || map->height > max_tilemap_side) {
            problem = "its size " + std::to_string(map->width) + " x " +
                      std::to_string(map->height) + " is past the cap of " +
                      std::to_string(max_tilemap_side) + " tiles a side";
        }
        for (const std::int32_t t : c.tiles) {
            if (t < 0 || static_cast<std::size_t>(t) > set->names.size()) {
                problem = "tile number " + std::to_string(t) + " in the chunk at (" +
                          std::to_string(c.x) + ", " + std::to_string(c.y) +
                          ") is past the tileset's " + std::to_string(set->names.size()) +
                          " tiles (drawn as a placeholder)";
                break;
            }
        }
        if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) {
            problem = "a chunk at (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
                      ") is outside the map";
        }
        if (!problem.empty() && !m.warned && log) {
            m.warned = true;
            log->warning("tilemap " + map_name(w, p.entity) + " ('" + std::string(set_path) +
                         "'): " + problem);
        }
        merge_solid_tiles(c.tiles, tile_chunk_side, *set, entry.rects);
        for (tile_rect& r : entry.rects) {
            r.x0 = std::min(r.x0 + c.x, width);
            r.x1 = std::min(r.x1 + c.x, width);
            r.y0 = std::min(r.y0 + c.y, height);
            r.y1 = std::min(r.y1 + c.y, height);
        }
        std::erase_if(entry.rects, [](const tile_rect& r) { return r.x0 >= r.x1 || r.y0 >= r.y1; });
    });
    if (log) {
        for (std::string& line : warnings) log->warning(std::move(line));
    }
    // Chunks that went (destroyed, or a restored world without them) dirty their map.
    for (auto it = chunks_.begin(); it != chunks_.end();) {
        if (it->second.seen != pass_) {
            if (const auto m = maps_.find(bits(it->second.map)); m != maps_.end())
                m->second.dirty = true;
            it = chunks_.erase(it);
        } else {
            ++it;
        }
    }
    std::erase_if(maps_, [&](const auto& m) { return m.second.seen != pass_; });
    for (auto& [key, m] : maps_) {
        if (!m.dirty) continue;
        m.rects.clear();
        for (const auto& [chunk, entry] : chunks_) {
            if (bits(entry.map) == key)
                m.rects.insert(m.rects.end(), entry.rects.begin(), entry.rects.end());
        }
        merge_touching(m.rects);
        m.dirty = false;
    }
    boxes_.clear();
    for (const auto& [key, m] : maps_) {
        const entity map{static_cast<std::uint32_t>(key & 0xFFFF'FFFFu),
                         static_cast<std::uint32_t>(key >> 32)};
        const Tilemap* info = w.try_get<Tilemap>(map);
        if (info == nullptr) continue;
        glm::vec2 origin{0.0f, 0.0f};
        glm::vec2 scale{1.0f, 1.0f};
        if (const WorldTransform* where = w.try_get<WorldTransform>(map)) {
            origin = where->position;
            scale = where->scale;
        } else if (const Transform* t = w.try_get<Transform>(map)) {
            origin = t->position;
            scale = t->scale;
        }
        const glm::vec2 tile = info->tile_size * scale;
        for (const tile_rect& r : m.rects) {
            const glm::vec2 a = origin + glm::vec2(r.x0, r.y0) * tile;
            const glm::vec2 b = origin + glm::vec2(r.x1, r.y1) * tile;
            const glm::vec2 low{std::min(a.x, b.x), std::min(a.y, b.y)};
            const glm::vec2 high{std::max(a.x, b.x), std::max(a.y, b.y)};
            boxes_.push_back({map, aabb{low, high}, info->collider_layer, info->collider_mask});
        }
    }
    stats_.boxes = boxes_.size();
}

// --- 3. the system ---------------------------------------------------------------------------

system& add_tile_collider_system(scheduler& s, std::shared_ptr<tile_collider_cache> cache) {
    return s.add("tile_colliders", [cache](system_context& ctx) { cache->update(ctx.world()); })
        .exclusive()
        .in(phase::post_update)
        .order(-60);
}

}  // namespace mosaic
