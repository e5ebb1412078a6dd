// tile_access: tile coordinates to chunk entities and back (tilemap.hpp says why tiles live
// in chunk entities).
#include <algorithm>

#include <mosaic/ecs/view.hpp>

#include "mosaic/engine/components.hpp"
#include "mosaic/engine/tilemap/tilemap.hpp"

namespace mosaic {

namespace {

int floor_div(int v, int d) noexcept {
    return v >= 0 ? v / d : -((-v + d - 1) / d);
}

}  // namespace

tile_access::tile_access(world& w, entity map)
    : world_(&w), map_(map), info_(w.try_get<Tilemap>(map)) {
    w.view<const TileChunk, const Parent>().each([&](entity e, const TileChunk& c,
                                                     const Parent& p) {
        if (p.entity != map) return;
        chunks_.push_back(
            {key(floor_div(c.x, tile_chunk_side), floor_div(c.y, tile_chunk_side), c.layer), e});
    });
    std::sort(chunks_.begin(), chunks_.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
}

std::uint64_t tile_access::key(int cx, int cy, int layer) const noexcept {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(layer) & 0xFFu) << 48) |
           (static_cast<std::uint64_t>(static_cast<std::uint16_t>(cy)) << 24) |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(cx));
}

std::optional<entity> tile_access::chunk_at(int x, int y, int layer) const {
    const std::uint64_t k =
        key(floor_div(x, tile_chunk_side), floor_div(y, tile_chunk_side), layer);
    const auto it = std::lower_bound(chunks_.begin(), chunks_.end(), k,
                                     [](const auto& a, std::uint64_t v) { return a.first < v; });
    if (it == chunks_.end() || it->first != k || !world_->alive(it->second)) return std::nullopt;
    return it->second;
}

std::int32_t tile_access::get(int x, int y, int layer) const {
    const auto chunk = chunk_at(x, y, layer);
    if (!chunk) return 0;
    const TileChunk* c = world_->try_get<TileChunk>(*chunk);
    if (c == nullptr) return 0;
    const int lx = x - c->x;
    const int ly = y - c->y;
    if (lx < 0 || ly < 0 || lx >= tile_chunk_side || ly >= tile_chunk_side) return 0;
    return c->tiles[ly * tile_chunk_side + lx];
}

bool tile_access::set(int x, int y, std::int32_t tile, int layer) {
    if (info_ == nullptr || x < 0 || y < 0 || x >= info_->width || y >= info_->height ||
        layer < 0 || layer >= max_tile_layers)
        return false;
    std::optional<entity> chunk = chunk_at(x, y, layer);
    if (!chunk) {
        if (tile == 0) return true;  // empty already
        const entity e = world_->create();
        TileChunk& c = world_->add<TileChunk>(e);
        c.x = floor_div(x, tile_chunk_side) * tile_chunk_side;
        c.y = floor_div(y, tile_chunk_side) * tile_chunk_side;
        c.layer = layer;
        world_->add<Parent>(e, Parent{map_});
        const std::uint64_t k = key(c.x / tile_chunk_side, c.y / tile_chunk_side, layer);
        chunks_.insert(std::lower_bound(chunks_.begin(), chunks_.end(), k,
                                        [](const auto& a, std::uint64_t v) { return a.first < v; }),
                       {k, e});
        info_ = world_->try_get<Tilemap>(map_);  // adding may have moved pools
        chunk = e;
    }
    TileChunk& c = world_->get<TileChunk>(*chunk);
    c.tiles[(y - c.y) * tile_chunk_side + (x - c.x)] = tile;
    return true;
}

}  // namespace mosaic
