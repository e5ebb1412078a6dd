#pragma once
// gl_viewport: the scene view's viewport_renderer on the engine's OpenGL renderer — an
// offscreen framebuffer (resized with the panel) and a texture cache for sprites. Needs the
// window's OpenGL context to be current for its whole life.
//
// A frame that would draw exactly what the last one drew (the same instances and lines byte
// for byte, camera, size and background, no chunk image repainted: a paused game, an idle
// scene) keeps the last picture (kept_picture.hpp): on a software rasteriser 100,000 sprites
// cost far more to draw than to compare.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <mosaic/engine/render/framebuffer.hpp>
#include <mosaic/engine/render/renderer.hpp>
#include <mosaic/engine/render/screenshot.hpp>
#include <mosaic/engine/render/texture_cache.hpp>

#include "kept_picture.hpp"
#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

class gl_viewport final : public viewport_renderer {
public:
    /// How often render() looks for asset files changed on disk (hot reload), and how soon it
    /// looks again after seeing one change (to load it once it has settled).
    static constexpr std::chrono::milliseconds asset_poll_interval{250};
    static constexpr std::chrono::milliseconds asset_settle_interval{100};

    gl_viewport() = default;

    ImTextureID render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                       const color& background) override;
    texture_source* textures() override { return textures_.get(); }
    void set_asset_folder(const std::filesystem::path& folder) override;
    ImTextureID upload_image(const rgba_image& image) override;
    void release_image(ImTextureID texture) override;

    /// Textures, sheets and fonts that failed to load or reload since the last call (for the
    /// console).
    [[nodiscard]] std::vector<std::string> take_errors();
    /// The asset paths behind those errors (texture_cache::take_failed_paths).
    [[nodiscard]] std::vector<std::string> take_failed_paths();

    /// Seconds the scene view's render() took in this frame (0 when it did not draw). With
    /// `wait_for_gpu`, render() waits for the rasteriser, so this includes drawing the
    /// pixels and not only handing the work to the driver.
    [[nodiscard]] double render_seconds() const noexcept { return render_seconds_; }
    void begin_frame() noexcept {
        render_seconds_ = 0.0;
        drew_this_frame_ = false;
    }
    /// The scene view's picture as it is now, read back (tests, the reload benchmark); empty
    /// before the first render().
    [[nodiscard]] image read_picture() const;
    /// The picture changed in this frame (it was drawn, not kept).
    [[nodiscard]] bool drew_this_frame() const noexcept { return drew_this_frame_; }
    bool wait_for_gpu = false;
    /// false: draw every frame even when nothing changed (to measure what the reuse saves).
    bool reuse_unchanged = true;
    /// Frames that kept the last picture, since the start.
    [[nodiscard]] std::size_t frames_reused() const noexcept { return frames_reused_; }

private:
    renderer renderer_;
    std::unique_ptr<framebuffer> target_;
    std::unique_ptr<texture_cache> textures_;
    double render_seconds_ = 0.0;
    bool drew_this_frame_ = false;
    std::chrono::steady_clock::time_point next_asset_poll_{};

    void draw(const draw_list& list, const camera2d& camera, glm::ivec2 size,
              const color& background);
    kept_picture picture_;  // what the picture in target_ shows
    std::size_t frames_reused_ = 0;
};

/// glFinish() of the current context: waits until the driver has drawn everything sent so
/// far (for measuring where a frame's time goes).
void gl_finish();

}  // namespace mosaic::editor
