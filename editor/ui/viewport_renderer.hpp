#pragma once
// viewport_renderer: what the scene view needs from the GPU — draw a draw_list through a
// camera into an offscreen image ImGui can show, and a texture source for sprites. The
// application implements it with the engine's renderer and framebuffer (app/gl_viewport);
// headless tests pass none and the scene view draws only its ImGui overlay.

#include <imgui.h>

#include <filesystem>

#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/render/camera2d.hpp>
#include <mosaic/engine/render/draw_list.hpp>
#include <mosaic/engine/render/texture_source.hpp>

namespace mosaic::editor {

class viewport_renderer {
public:
    virtual ~viewport_renderer() = default;

    /// Renders `list` into an image of `size` pixels; returns the texture to pass to
    /// ImGui::Image (rows bottom-up: show it with uv0 = (0, 1), uv1 = (1, 0)).
    virtual ImTextureID render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                               const color& background) = 0;
    /// Sprite textures, relative to the project folder; null: untextured sprites.
    virtual texture_source* textures() = 0;
    /// The folder texture paths are relative to (the project changed).
    virtual void set_asset_folder(const std::filesystem::path& folder) = 0;
    /// A small RGBA8 picture (rows top first) as a texture ImGui::Image shows with uv0 = (0, 0),
    /// uv1 = (1, 1), sampled nearest (pixel art stays sharp): the Project panel's thumbnails.
    /// Null when there is no GPU (headless).
    virtual ImTextureID upload_image(const rgba_image& image) {
        (void)image;
        return nullptr;
    }
    /// Frees a texture upload_image made.
    virtual void release_image(ImTextureID texture) { (void)texture; }

protected:
    viewport_renderer() = default;
    viewport_renderer(const viewport_renderer&) = default;
    viewport_renderer& operator=(const viewport_renderer&) = default;
};

}  // namespace mosaic::editor
