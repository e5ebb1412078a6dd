#pragma once
// scene_view_state: how the scene view looks at the scene — the editor's camera, or the
// game's, and the transform handle it shows. The toolbar, the shortcuts and scripts change
// it too.

#include <mosaic/engine/render/camera2d.hpp>

#include "core/tile_paint.hpp"

namespace mosaic::editor {

/// Which handle the scene view shows (W, E, R and the toolbar's buttons); scene_handles.hpp
/// draws and drags it.
enum class transform_tool { move, rotate, scale };

struct scene_view_state {
    camera2d camera;
    bool game_camera = false;                    // look through the scene's primary Camera
    transform_tool tool = transform_tool::move;  // W, E, R: the handle the view shows
    tile_brush tiles;  // the Tiles palette's tool and tile (T paints, [ ] cycle)
};

}  // namespace mosaic::editor
