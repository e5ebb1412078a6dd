#pragma once
// gl_viewport: the scene view's viewport_renderer on the engine's OpenGL renderer — an
// offscreen framebuffer (resized with the panel) and a texture cache for sprites. Needs the
// window's OpenGL context to be current for its whole life.

#include <memory>
#include <string>
#include <vector>

#include <mosaic/engine/render/framebuffer.hpp>
#include <mosaic/engine/render/renderer.hpp>
#include <mosaic/engine/render/texture_cache.hpp>

#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

class gl_viewport final : public viewport_renderer {
public:
    gl_viewport() = default;

    ImTextureID render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                       const color& background) override;
    texture_source* textures() override { return textures_.get(); }
    void set_asset_folder(const std::filesystem::path& folder) override;

    /// Textures that failed to load since the last call (for the console).
    [[nodiscard]] std::vector<std::string> take_errors();

private:
    renderer renderer_;
    std::unique_ptr<framebuffer> target_;
    std::unique_ptr<texture_cache> textures_;
};

}  // namespace mosaic::editor
