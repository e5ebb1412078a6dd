// asset_picture: loading, reloading and drawing one image of the project (asset_picture.hpp).
#include "ui/asset_picture.hpp"

#include <mosaic/engine/assets/image.hpp>

#include "ui/viewport_renderer.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

asset_picture::~asset_picture() {
    release();
}

void asset_picture::release() {
    if (renderer_ != nullptr && texture_ != nullptr) renderer_->release_image(texture_);
    texture_ = nullptr;
}

void asset_picture::follow(const fs::path& file, viewport_renderer* renderer) {
    const auto now = std::chrono::steady_clock::now();
    const bool same = file == file_ && renderer == renderer_;
    if (same && now - checked_ < std::chrono::milliseconds(250)) return;
    checked_ = now;
    std::error_code ec;
    const auto modified = fs::last_write_time(file, ec);
    const std::uintmax_t bytes = ec ? 0 : fs::file_size(file, ec);
    if (same && modified == modified_ && bytes == bytes_ &&
        (texture_ || !error_.empty() || size_.x > 0))
        return;
    release();
    file_ = file;
    renderer_ = renderer;
    modified_ = modified;
    bytes_ = bytes;
    size_ = {0, 0};
    error_.clear();
    const asset_result<rgba_image> image = load_image_file(file, file.filename().string());
    if (!image) {
        error_ = image.error;
        return;
    }
    size_ = {image.value->width, image.value->height};
    if (renderer_ != nullptr) texture_ = renderer_->upload_image(*image.value);
}

void asset_picture::draw(ImDrawList* draw, ImVec2 at, glm::ivec4 rect, float zoom) const {
    const ImVec2 end{at.x + static_cast<float>(rect.z) * zoom,
                     at.y + static_cast<float>(rect.w) * zoom};
    if (texture_ == nullptr || size_.x <= 0 || size_.y <= 0) {
        draw->AddRectFilled(at, end, IM_COL32(150, 0, 150, 255));
        return;
    }
    const float w = static_cast<float>(size_.x);
    const float h = static_cast<float>(size_.y);
    draw->AddImage(
        texture_, at, end, {static_cast<float>(rect.x) / w, static_cast<float>(rect.y) / h},
        {static_cast<float>(rect.x + rect.z) / w, static_cast<float>(rect.y + rect.w) / h});
}

}  // namespace mosaic::editor
