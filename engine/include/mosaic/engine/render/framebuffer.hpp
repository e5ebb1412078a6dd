#pragma once
// framebuffer: an offscreen render target with two attachments:
//   colour     RGBA8 texture; the editor shows it with ImGui::Image (OpenGL's rows go
//              bottom-up: pass uv0 = (0, 1), uv1 = (1, 0))
//   entity id  GL_R32I; every pixel holds the pick id of the instance drawn there last
//              (draw_instance::pick_id, the entity index for sprites), -1 where nothing was
//
// Needs a current OpenGL 3.3 context; all of it is freed by the destructor.

#include <cstdint>

#include "render_target.hpp"

namespace mosaic {

class framebuffer final : public render_target {
public:
    /// Throws render_error when the driver refuses the attachments. Sizes below 1 are
    /// treated as 1.
    explicit framebuffer(glm::ivec2 size);
    ~framebuffer() override;
    framebuffer(const framebuffer&) = delete;
    framebuffer& operator=(const framebuffer&) = delete;

    /// Reallocates the attachments when the size changes (contents are then undefined).
    void resize(glm::ivec2 size);

    [[nodiscard]] glm::ivec2 size() const noexcept override { return size_; }
    void bind() override;
    void clear(const color& background) override;
    [[nodiscard]] std::uint32_t gl_framebuffer() const noexcept override { return framebuffer_; }
    [[nodiscard]] std::uint32_t gl_color_buffer() const noexcept override;

    /// The colour attachment's OpenGL texture name.
    [[nodiscard]] std::uint32_t color_texture() const noexcept { return color_; }

    /// The pick id at pixel (x, y), screen convention (origin top-left, y down, as
    /// camera2d::world_to_screen); -1 for background or a pixel outside the framebuffer.
    [[nodiscard]] std::int32_t read_entity_id(int x, int y) const;

private:
    void allocate();
    void release() noexcept;

    glm::ivec2 size_;
    std::uint32_t framebuffer_ = 0;
    std::uint32_t color_ = 0;
    std::uint32_t ids_ = 0;
};

}  // namespace mosaic
