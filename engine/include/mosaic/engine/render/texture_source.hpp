#pragma once
// What draw_world needs from a texture store: an asset path in, a texture handle out.
// texture_cache (texture_cache.hpp) is the OpenGL one; tests use a fake, so collecting a
// scene into a draw_list never needs a GL context.

#include <cstdint>
#include <string_view>

namespace mosaic {

/// Opaque to everything but the renderer (an OpenGL texture name there).
using texture_handle = std::uint32_t;
/// "Untextured": the primitive is filled with its colour.
inline constexpr texture_handle no_texture = 0;

class texture_source {
public:
    virtual ~texture_source() = default;

    /// The texture of the asset at `path` (relative to the project folder), loaded on first
    /// use. no_texture when it cannot be loaded; the source keeps the reason for its user.
    [[nodiscard]] virtual texture_handle find(std::string_view path) = 0;

protected:
    texture_source() = default;
    texture_source(const texture_source&) = default;
    texture_source& operator=(const texture_source&) = default;
};

}  // namespace mosaic
