#pragma once
// tile_palette_panel: the Tiles tab. For the selected Tilemap it shows the tileset's tiles
// (the sheet's frames, as the Scene view draws them) to pick the one painted, the tools
// (brush B, rectangle U, fill G, erase X, picker I), the tile layer and Paint (T), which
// makes a left drag in the Scene view paint instead of select. `[` and `]` step through the
// tiles. The tools and keys are commands of the command table (registered in the .cpp); the
// painting itself is core/tile_paint and ui/tile_scene_tool.

#include <mosaic/engine/tilemap/tileset.hpp>

#include "ui/panel.hpp"

namespace mosaic::editor {

class tile_palette_panel : public panel {
public:
    tile_palette_panel();
    void draw(panel_context& ctx) override;

private:
    Tilesets tilesets_;  // the palette's own reads of the tileset files
};

}  // namespace mosaic::editor
