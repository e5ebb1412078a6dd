#pragma once
// tile_paint: painting a Tilemap's tiles, without any UI. The Scene view and the Tiles
// palette (editor/ui) only turn the mouse into cells and call a tile_stroke; everything a
// stroke does — which cells a drag covers, the rectangle, the flood fill, the picker, what the
// undo step holds — is here, so it is tested headless.
//
// A stroke runs from press to release and is ONE undo step whatever it touched: before a
// chunk's first change the stroke keeps its TileChunk as it was; chunks the stroke creates
// are recorded as created entities (undo removes them, redo brings them back with the same
// ids). Tiles change live while the mouse moves, so the view shows the stroke as it is drawn;
// a rectangle shows its current extent (the cells it left go back to what they were).
//
// The tools:
//   brush      sets the selected tile on every cell the drag passes (a line between the
//              frames' cells, so a fast drag leaves no gaps)
//   rectangle  fills the rectangle from the press to the current cell
//   fill       replaces the 4-connected region of the pressed cell's tile, inside the map,
//              at most max_fill_cells cells (a 4096 x 4096 map must not stall the editor)
//   erase      like the brush, with the empty tile (0)
//   picker     the pressed cell's tile becomes the selected one; nothing changes

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <mosaic/ecs/entity.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/math.hpp>
#include <mosaic/engine/tilemap/tilemap.hpp>

#include "history.hpp"

namespace mosaic::editor {

class editor_state;

/// GLFW's codes of `[` and `]` (the keys that cycle tiles), which mosaic::key does not name
/// yet (adding them to engine/input.hpp is the better home; it rebuilds most of the engine).
inline constexpr key key_left_bracket = static_cast<key>(91);
inline constexpr key key_right_bracket = static_cast<key>(93);

enum class tile_tool { brush, rectangle, fill, erase, picker };
[[nodiscard]] const char* tool_label(tile_tool tool) noexcept;

/// The most cells one flood fill changes (a 1024 x 1024 map: all of it).
inline constexpr std::size_t max_fill_cells = std::size_t{1} << 20;

struct tile_cell {
    int x = 0;
    int y = 0;
    friend bool operator==(const tile_cell&, const tile_cell&) = default;
};

/// What the palette and the Scene view share: the tool, the selected tile (1..count: tile
/// numbers as in TileChunk, 0 never) and the tile layer painted. `[` and `]` cycle `tile`.
struct tile_brush {
    tile_tool tool = tile_tool::brush;
    std::int32_t tile = 1;
    std::int32_t layer = 0;
    std::int32_t tile_count = 0;  // the selected map's tileset (0: not known yet)
    bool painting = false;        // the Scene view paints (the Tiles palette's "Paint" toggle)

    /// The next (+1) or previous (-1) tile, wrapping over 1..tile_count.
    void cycle(int direction) noexcept;
};

/// The cells of the line from `a` to `b`, both included, each step to a neighbour (8-way).
[[nodiscard]] std::vector<tile_cell> line_cells(tile_cell a, tile_cell b);

/// The cell of `map` under `point` (world units), from the map's placement (WorldTransform,
/// else Transform) and tile size; rotation is undone. Cells outside the map are returned too
/// (a drag may leave it); callers ignore them.
[[nodiscard]] std::optional<tile_cell> cell_at(const world& w, entity map, glm::vec2 point);

/// The world corners of a cell of `map` (bottom-left, bottom-right, top-right, top-left), for
/// the Scene view's outline of the cell under the mouse. Nothing without a Tilemap, or for a
/// cell outside the map (no outline where a paint would change nothing).
[[nodiscard]] std::optional<std::array<glm::vec2, 4>> cell_corners(const world& w, entity map,
                                                                   tile_cell c);

/// A Tilemap entity, or the Tilemap a TileChunk belongs to; null otherwise.
[[nodiscard]] entity tilemap_of(const world& w, entity e);

/// One press-to-release edit of one map's tiles (see the file comment).
class tile_stroke {
public:
    /// Presses at `at` with `brush`. The picker sets brush.tile here and the stroke ends.
    void begin(editor_state& s, entity map, tile_brush& brush, tile_cell at);
    /// The mouse is over `at` now.
    void drag_to(editor_state& s, tile_cell at);
    /// Release: records the stroke as one step (nothing when it changed nothing). Returns the
    /// number of cells it changed.
    std::size_t finish(editor_state& s);
    /// Puts every cell back and records nothing (Escape, the map went away).
    void cancel(editor_state& s);

    [[nodiscard]] bool active() const noexcept { return !map_.is_null(); }
    [[nodiscard]] entity map() const noexcept { return map_; }
    /// The most cells a fill changes (max_fill_cells unless set, for tests).
    void set_fill_cap(std::size_t cells) noexcept { fill_cap_ = cells; }
    /// Whether the last flood fill stopped at its cap.
    [[nodiscard]] bool fill_truncated() const noexcept { return truncated_; }

private:
    // Sets a cell (inside the map) and remembers what the stroke found there first.
    void paint(world& w, tile_access& tiles, tile_cell c, std::int32_t tile);
    // Before a chunk's first change: keeps it as it was, or makes it (then the stroke's own).
    // False when no chunk can be made (the world's entity limit).
    bool keep_chunk(world& w, tile_access& tiles, tile_cell c);
    void flood(world& w, tile_cell at);
    void end() noexcept;

    entity map_ = null_entity;
    tile_tool tool_ = tile_tool::brush;
    std::int32_t tile_ = 0;
    std::int32_t layer_ = 0;
    tile_cell start_{};
    tile_cell last_{};
    bool truncated_ = false;
    std::size_t fill_cap_ = max_fill_cells;
    std::unordered_map<std::uint64_t, std::int32_t> original_;  // cell -> tile before the stroke
    std::vector<std::uint64_t> rectangle_;                      // the rectangle's cells now
    std::vector<std::pair<entity, component_state>> chunks_before_;
    std::vector<entity> created_;
    std::unordered_set<std::uint64_t> kept_;  // chunks in chunks_before_ or created_
};

}  // namespace mosaic::editor
