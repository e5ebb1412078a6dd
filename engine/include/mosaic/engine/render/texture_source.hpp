#pragma once
// What draw_world needs from a texture store: an asset path (and a frame) in, a region of a
// texture out; a font path in, a baked font and its texture out. texture_cache
// (texture_cache.hpp) is the OpenGL one; tests use a fake, so collecting a scene into a
// draw_list never needs a GL context.
//
// A region is a texture plus the rectangle of it to show (uv_rect): images of a project share
// atlas textures, so sprites with different images are drawn by one call.

#include <cstdint>
#include <span>
#include <string_view>

#include "../math.hpp"

namespace mosaic {

struct font_atlas;

/// Opaque to everything but the renderer (an OpenGL texture name there).
using texture_handle = std::uint32_t;
/// "Untextured": the primitive is filled with its colour.
inline constexpr texture_handle no_texture = 0;

/// The part of a texture a quad shows: corners from top-left (u0, v0) to bottom-right (u1, v1),
/// as 0..65535 for 0..1 (16-bit: a quarter of a float's bytes per sprite, and a sixteenth of a
/// texel on a 4096-pixel atlas). The default is the whole texture.
struct uv_rect {
    std::uint16_t u0 = 0;
    std::uint16_t v0 = 0;
    std::uint16_t u1 = 65535;
    std::uint16_t v1 = 65535;
    friend bool operator==(const uv_rect&, const uv_rect&) = default;
};

/// `x`, `y`, `w`, `h` pixels of a `texture_width` x `texture_height` texture as a uv_rect.
[[nodiscard]] uv_rect uv_rect_of_pixels(int x, int y, int w, int h, int texture_width,
                                        int texture_height) noexcept;

struct texture_region {
    texture_handle texture = no_texture;
    uv_rect uv{};
    glm::vec2 pivot{0.5f, 0.5f};  // the frame's point drawn at the sprite's position (0..1, y down)
    friend bool operator==(const texture_region&, const texture_region&) = default;
};

/// A font ready to draw: its glyph metrics and the texture of its glyph atlas. `font` is
/// null when the font cannot be loaded; `texture` is then the placeholder (if any).
struct font_view {
    const font_atlas* font = nullptr;
    texture_handle texture = no_texture;
};

class texture_source {
public:
    virtual ~texture_source() = default;

    /// The frames of the asset at `path` (relative to the project folder), loaded on first
    /// use: an image has one (the whole image), a sprite sheet (*.json) has its frames in
    /// file order. A missing or broken asset has one, the placeholder (or no_texture); the
    /// source keeps the reason for its user. Valid until the source reloads something.
    [[nodiscard]] virtual std::span<const texture_region> find_frames(std::string_view path) = 0;
    /// What a frame index past the end of a sheet shows.
    [[nodiscard]] virtual texture_region missing_frame() { return {}; }
    /// Changes whenever regions given out before may have become invalid (a reload): caches
    /// of regions (tile_draw_cache) build again when it moves.
    [[nodiscard]] virtual std::uint64_t generation() const noexcept { return 0; }

    /// Frame `frame` of `path`.
    [[nodiscard]] texture_region find_frame(std::string_view path, std::int32_t frame) {
        const std::span<const texture_region> frames = find_frames(path);
        return frame >= 0 && static_cast<std::size_t>(frame) < frames.size()
                   ? frames[static_cast<std::size_t>(frame)]
                   : missing_frame();
    }
    /// Frame 0 of `path`: the whole image.
    [[nodiscard]] texture_region find(std::string_view path) { return find_frame(path, 0); }

    /// The font at `path` (empty: the default font, font.hpp). Sources without fonts draw
    /// no text.
    [[nodiscard]] virtual font_view find_font(std::string_view /*path*/) { return {}; }

    /// The average colour of each frame of `path` (find_frames' order; RGBA8 as pack_color,
    /// red in the lowest byte; straight alpha, colour weighted by alpha): what a tile looks
    /// like from far away (tile_draw_cache's level of detail). Empty: not known (sources
    /// without pixels); a broken asset has the placeholder's colour (missing_color).
    [[nodiscard]] virtual std::span<const std::uint32_t> find_frame_colors(
        std::string_view /*path*/) {
        return {};
    }
    /// The colour of missing_frame() from far away (opaque magenta, like the checker).
    [[nodiscard]] virtual std::uint32_t missing_color() const noexcept { return 0xFFFF'00FFu; }

    /// Canvases: textures the caller fills itself (the tile cache's low-resolution chunk
    /// images), `width` x `height` RGBA8 texels sampled nearest, cleared to transparent. The
    /// source owns them: they live until it is destroyed, destroy_canvas, or its generation()
    /// changes (a reload may free them; users make new ones). no_texture: no canvases here.
    [[nodiscard]] virtual texture_handle create_canvas(int /*width*/, int /*height*/) {
        return no_texture;
    }
    /// Writes `width` x `height` texels (rows top first, RGBA8 as pack_color) at (x, y) (from
    /// the top-left) of a canvas.
    virtual void update_canvas(texture_handle /*canvas*/, int /*x*/, int /*y*/, int /*width*/,
                               int /*height*/, const std::uint32_t* /*rgba*/) {}
    virtual void destroy_canvas(texture_handle /*canvas*/) {}

protected:
    texture_source() = default;
    texture_source(const texture_source&) = default;
    texture_source& operator=(const texture_source&) = default;
};

}  // namespace mosaic
