#pragma once
// kept_picture: whether the Scene view's last rendered picture still shows what this frame
// would draw, so gl_viewport can keep it (on a software rasteriser 100,000 sprites cost far
// more to draw than to compare). The same means: the same instances and lines byte for byte,
// camera, size and background, and no canvas written since (a zoomed-out tile chunk repainted
// changes the texels of its image, not the quad that shows it: texture_cache::canvas_writes).
// No OpenGL.

#include <cstdint>
#include <vector>

#include <mosaic/engine/render/camera2d.hpp>
#include <mosaic/engine/render/draw_list.hpp>

namespace mosaic::editor {

struct picture_inputs {
    const draw_list& list;
    camera2d camera;
    glm::ivec2 size{0, 0};
    color background;
    std::uint64_t canvas_writes = 0;  // texture_cache::canvas_writes() (0 without a cache)
};

class kept_picture {
public:
    /// True when a picture was remembered and drawing `now` would give it again.
    [[nodiscard]] bool shows(const picture_inputs& now) const;
    /// What the picture just drawn shows.
    void remember(const picture_inputs& drawn);
    /// The picture is gone (or stale for a reason the inputs do not show: a reload).
    void forget() noexcept { valid_ = false; }

private:
    bool valid_ = false;
    std::vector<draw_instance> instances_;
    std::vector<draw_line> lines_;
    camera2d camera_;
    glm::ivec2 size_{0, 0};
    color background_;
    std::uint64_t canvas_writes_ = 0;
};

}  // namespace mosaic::editor
