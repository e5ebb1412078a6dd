#include "gl_viewport.hpp"

#include <cstdint>

namespace mosaic::editor {

ImTextureID gl_viewport::render(const draw_list& list, const camera2d& camera, glm::ivec2 size,
                                const color& background) {
    if (!target_) {
        target_ = std::make_unique<framebuffer>(size);
    } else if (target_->size() != size) {
        target_->resize(size);
    }
    renderer_.render(list, camera, *target_, background);
    // ImGui's OpenGL backend takes the GL texture name as the texture id.
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(target_->color_texture()));
}

void gl_viewport::set_asset_folder(const std::filesystem::path& folder) {
    textures_ = std::make_unique<texture_cache>(folder);
}

std::vector<std::string> gl_viewport::take_errors() {
    return textures_ ? textures_->take_errors() : std::vector<std::string>{};
}

}  // namespace mosaic::editor
