// tile_paint (tile_paint.hpp): strokes over a Tilemap's cells, kept as one undo step.
// Sections: 1. brush and geometry  2. the stroke  3. its undo step
#include "core/tile_paint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <deque>

#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "core/editor_state.hpp"

namespace mosaic::editor {

// --- 1. brush and geometry ---------------------------------------------------------------------

const char* tool_label(tile_tool tool) noexcept {
    switch (tool) {
        case tile_tool::brush:
            return "Brush";
        case tile_tool::rectangle:
            return "Rectangle";
        case tile_tool::fill:
            return "Fill";
        case tile_tool::erase:
            return "Erase";
        case tile_tool::picker:
            return "Picker";
    }
    return "Brush";
}

void tile_brush::cycle(int direction) noexcept {
    if (tile_count <= 0) {
        tile = std::max(1, tile + direction);
        return;
    }
    const std::int32_t zero_based = std::clamp(tile, 1, tile_count) - 1 + direction;
    tile = (zero_based % tile_count + tile_count) % tile_count + 1;
}

std::vector<tile_cell> line_cells(tile_cell a, tile_cell b) {
    std::vector<tile_cell> out;
    const int dx = std::abs(b.x - a.x);
    const int dy = -std::abs(b.y - a.y);
    const int sx = a.x < b.x ? 1 : -1;
    const int sy = a.y < b.y ? 1 : -1;
    int error = dx + dy;
    for (tile_cell c = a;;) {
        out.push_back(c);
        if (c == b) break;
        const int twice = 2 * error;
        if (twice >= dy) {
            error += dy;
            c.x += sx;
        }
        if (twice <= dx) {
            error += dx;
            c.y += sy;
        }
    }
    return out;
}

namespace {

// Where tile (0, 0)'s corner is and one tile along each axis, in world units.
struct map_frame {
    glm::vec2 origin{0.0f, 0.0f};
    float rotation = 0.0f;
    glm::vec2 tile{1.0f, 1.0f};
};

std::optional<map_frame> frame_of(const world& w, entity map) {
    const Tilemap* m = w.try_get<Tilemap>(map);
    if (m == nullptr) return std::nullopt;
    map_frame f;
    glm::vec2 scale{1.0f, 1.0f};
    if (const WorldTransform* t = w.try_get<WorldTransform>(map)) {
        f.origin = t->position;
        f.rotation = t->rotation;
        scale = t->scale;
    } else if (const Transform* local = w.try_get<Transform>(map)) {
        f.origin = local->position;
        f.rotation = local->rotation;
        scale = local->scale;
    }
    f.tile = m->tile_size * scale;
    return f;
}

glm::vec2 turned(glm::vec2 v, float degrees) noexcept {
    const float radians = glm::radians(degrees);
    return {std::cos(radians) * v.x - std::sin(radians) * v.y,
            std::sin(radians) * v.x + std::cos(radians) * v.y};
}

}  // namespace

std::optional<tile_cell> cell_at(const world& w, entity map, glm::vec2 point) {
    const std::optional<map_frame> f = frame_of(w, map);
    if (!f || f->tile.x == 0.0f || f->tile.y == 0.0f) return std::nullopt;
    const glm::vec2 cell = glm::floor(turned(point - f->origin, -f->rotation) / f->tile);
    constexpr float far = 1e8f;  // beyond any map: keeps the int conversion defined
    if (!(std::abs(cell.x) < far && std::abs(cell.y) < far)) return std::nullopt;
    return tile_cell{static_cast<int>(cell.x), static_cast<int>(cell.y)};
}

std::optional<std::array<glm::vec2, 4>> cell_corners(const world& w, entity map, tile_cell c) {
    const std::optional<map_frame> f = frame_of(w, map);
    if (!f) return std::nullopt;
    // Only cells the map has: an outline off the map would promise a paint that does nothing.
    const Tilemap& m = w.get<Tilemap>(map);
    if (c.x < 0 || c.y < 0 || c.x >= m.width || c.y >= m.height) return std::nullopt;
    const auto corner = [&](int dx, int dy) {
        return f->origin +
               turned(
                   glm::vec2(static_cast<float>(c.x + dx), static_cast<float>(c.y + dy)) * f->tile,
                   f->rotation);
    };
    return std::array<glm::vec2, 4>{corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)};
}

entity tilemap_of(const world& w, entity e) {
    if (!w.alive(e)) return null_entity;
    if (w.has<Tilemap>(e)) return e;
    if (w.has<TileChunk>(e)) {
        if (const Parent* p = w.try_get<Parent>(e);
            p && w.alive(p->entity) && w.has<Tilemap>(p->entity))
            return p->entity;
    }
    return null_entity;
}

// --- 2. the stroke -----------------------------------------------------------------------------

namespace {

std::uint64_t cell_key(tile_cell c) noexcept {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.y)) << 32) |
           static_cast<std::uint32_t>(c.x);
}
tile_cell key_cell(std::uint64_t k) noexcept {
    return {static_cast<int>(static_cast<std::uint32_t>(k & 0xFFFF'FFFFu)),
            static_cast<int>(static_cast<std::uint32_t>(k >> 32))};
}

bool inside(const Tilemap& m, tile_cell c) noexcept {
    return c.x >= 0 && c.y >= 0 && c.x < std::min(m.width, max_tilemap_side) &&
           c.y < std::min(m.height, max_tilemap_side);
}

std::uint64_t entity_key(entity e) noexcept {
    return (static_cast<std::uint64_t>(e.generation) << 32) | e.index;
}

}  // namespace

void tile_stroke::begin(editor_state& s, entity map, tile_brush& brush, tile_cell at) {
    if (active()) cancel(s);
    world& w = s.world();
    if (!w.alive(map) || !w.has<Tilemap>(map)) return;
    if (brush.tool == tile_tool::picker) {
        const std::int32_t picked = tile_access(w, map).get(at.x, at.y, brush.layer);
        if (picked > 0) brush.tile = picked;
        return;
    }
    map_ = map;
    tool_ = brush.tool;
    tile_ = brush.tool == tile_tool::erase ? 0 : brush.tile;
    layer_ = std::clamp(brush.layer, 0, max_tile_layers - 1);
    start_ = at;
    last_ = at;
    truncated_ = false;
    if (tool_ == tile_tool::fill) {
        flood(w, at);
    } else {
        drag_to(s, at);
    }
}

void tile_stroke::drag_to(editor_state& s, tile_cell at) {
    if (!active()) return;
    world& w = s.world();
    if (!w.alive(map_) || !w.has<Tilemap>(map_)) {
        end();
        return;
    }
    tile_access tiles(w, map_);  // one per frame: it finds the chunks once
    switch (tool_) {
        case tile_tool::brush:
        case tile_tool::erase:
            for (const tile_cell c : line_cells(last_, at)) paint(w, tiles, c, tile_);
            break;
        case tile_tool::rectangle: {
            // The cells the rectangle leaves go back to what they were, then it covers its
            // new extent.
            for (const std::uint64_t k : rectangle_) paint(w, tiles, key_cell(k), original_[k]);
            rectangle_.clear();
            const Tilemap& m = w.get<Tilemap>(map_);
            const int x0 = std::max(std::min(start_.x, at.x), 0);
            const int x1 =
                std::min(std::max(start_.x, at.x), std::min(m.width, max_tilemap_side) - 1);
            const int y0 = std::max(std::min(start_.y, at.y), 0);
            const int y1 =
                std::min(std::max(start_.y, at.y), std::min(m.height, max_tilemap_side) - 1);
            for (int y = y0; y <= y1; ++y) {
                for (int x = x0; x <= x1; ++x) {
                    paint(w, tiles, {x, y}, tile_);
                    rectangle_.push_back(cell_key({x, y}));
                }
            }
            break;
        }
        case tile_tool::fill:
        case tile_tool::picker:
            break;
    }
    last_ = at;
}

void tile_stroke::paint(world& w, tile_access& tiles, tile_cell c, std::int32_t tile) {
    const Tilemap& m = w.get<Tilemap>(map_);
    if (!inside(m, c)) return;
    const std::int32_t now = tiles.get(c.x, c.y, layer_);
    if (tool_ == tile_tool::rectangle) original_.try_emplace(cell_key(c), now);
    if (now == tile) return;
    if (!keep_chunk(w, tiles, c)) return;
    tiles.set(c.x, c.y, tile, layer_);
}

bool tile_stroke::keep_chunk(world& w, tile_access& tiles, tile_cell c) {
    if (const std::optional<entity> chunk = tiles.chunk_at(c.x, c.y, layer_)) {
        if (kept_.insert(entity_key(*chunk)).second)
            chunks_before_.emplace_back(*chunk,
                                        capture_component(w, *chunk, type_id_of<TileChunk>()));
        return true;
    }
    if (w.size() + 1 > w.entity_limit()) return false;  // no room for a chunk: the cell stays
    // A new chunk: the stroke's own (its undo removes it).
    tiles.set(c.x, c.y, tile_ == 0 ? 1 : tile_, layer_);
    const std::optional<entity> chunk = tiles.chunk_at(c.x, c.y, layer_);
    if (!chunk) return false;
    kept_.insert(entity_key(*chunk));
    created_.push_back(*chunk);
    return true;
}

void tile_stroke::flood(world& w, tile_cell at) {
    const Tilemap m = w.get<Tilemap>(map_);
    if (!inside(m, at)) return;
    // One tile_access for the whole fill: chunks it creates are added to it.
    tile_access tiles(w, map_);
    const std::int32_t target = tiles.get(at.x, at.y, layer_);
    if (target == tile_) return;
    // The chunk of the last cell looked at, by pointer: most neighbours share it, and a
    // million-cell fill must not pay a chunk search per look. Dropped when a chunk is made
    // (the pool may move).
    struct {
        int cx = -1, cy = -1;
        TileChunk* chunk = nullptr;
        bool kept = false;
    } last;
    const auto cell = [&](tile_cell c) -> std::int32_t* {
        const int cx = c.x / tile_chunk_side;
        const int cy = c.y / tile_chunk_side;
        if (cx != last.cx || cy != last.cy) {
            const std::optional<entity> e = tiles.chunk_at(c.x, c.y, layer_);
            last = {cx, cy, e ? w.try_get<TileChunk>(*e) : nullptr, false};
        }
        if (last.chunk == nullptr) return nullptr;
        return &last.chunk->tiles[(c.y - last.chunk->y) * tile_chunk_side + (c.x - last.chunk->x)];
    };
    // Painted as found: a painted cell no longer holds `target`, so it is never queued twice.
    std::deque<tile_cell> queue;
    std::size_t painted = 0;
    const auto visit = [&](tile_cell c) {
        if (!inside(m, c)) return;
        std::int32_t* here = cell(c);
        if ((here != nullptr ? *here : 0) != target) return;
        if (painted == fill_cap_) {
            truncated_ = true;
            return;
        }
        if (here != nullptr && last.kept) {
            *here = tile_;
        } else {
            if (!keep_chunk(w, tiles, c)) return;
            tiles.set(c.x, c.y, tile_, layer_);
            last = {};  // a chunk may have been made
            last.cx = -1;
            (void)cell(c);
            last.kept = true;
        }
        ++painted;
        queue.push_back(c);
    };
    visit(at);
    while (!queue.empty()) {
        const tile_cell c = queue.front();
        queue.pop_front();
        visit({c.x + 1, c.y});
        visit({c.x - 1, c.y});
        visit({c.x, c.y + 1});
        visit({c.x, c.y - 1});
    }
}

// --- 3. its undo step --------------------------------------------------------------------------

std::size_t tile_stroke::finish(editor_state& s) {
    if (!active()) return 0;
    world& w = s.world();
    const type_id chunk_type = type_id_of<TileChunk>();
    step st{std::string(tool_ == tile_tool::erase ? "Erase Tiles" : "Paint Tiles") +
                (tool_ == tile_tool::rectangle ? " (Rectangle)"
                 : tool_ == tile_tool::fill    ? " (Fill)"
                                               : ""),
            {},
            0};
    std::size_t changed = 0;
    for (auto& [chunk, before] : chunks_before_) {
        if (!w.alive(chunk)) continue;
        component_state after = capture_component(w, chunk, chunk_type);
        if (after == before) continue;
        if (before.bytes.size() == sizeof(TileChunk) && after.bytes.size() == sizeof(TileChunk)) {
            TileChunk a;
            TileChunk b;
            std::memcpy(&a, before.bytes.data(), sizeof a);
            std::memcpy(&b, after.bytes.data(), sizeof b);
            for (int i = 0; i < tile_chunk_tiles; ++i) changed += a.tiles[i] != b.tiles[i];
        }
        st.changes.emplace_back(
            component_change{chunk, chunk_type, std::move(before), std::move(after)});
    }
    for (const entity chunk : created_) {
        if (!w.alive(chunk)) continue;
        const TileChunk& c = w.get<TileChunk>(chunk);
        const auto filled = static_cast<std::size_t>(std::count_if(
            std::begin(c.tiles), std::end(c.tiles), [](std::int32_t t) { return t != 0; }));
        if (filled == 0) {  // a rectangle that moved away left it empty
            w.destroy(chunk);
            continue;
        }
        changed += filled;
        s.scene().ensure_id(chunk);
        st.changes.emplace_back(entity_change{capture_entity(s.scene(), s.table(), chunk), true});
    }
    if (!st.changes.empty()) s.record(std::move(st));
    end();
    return changed;
}

void tile_stroke::cancel(editor_state& s) {
    if (!active()) return;
    world& w = s.world();
    for (const auto& [chunk, before] : chunks_before_)
        if (w.alive(chunk)) restore_component(w, chunk, type_id_of<TileChunk>(), before);
    for (const entity chunk : created_)
        if (w.alive(chunk)) w.destroy(chunk);
    end();
}

void tile_stroke::end() noexcept {
    map_ = null_entity;
    original_.clear();
    rectangle_.clear();
    chunks_before_.clear();
    created_.clear();
    kept_.clear();
}

}  // namespace mosaic::editor
