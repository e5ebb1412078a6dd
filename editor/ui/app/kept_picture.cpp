#include "kept_picture.hpp"

#include <cstring>
#include <span>
#include <type_traits>

namespace mosaic::editor {

namespace {
// Byte for byte: what is uploaded is what is compared (every field is 4 bytes, or the four
// 2-byte corners of the uv rectangle; no padding).
template <class T>
bool same_bytes(std::span<const T> a, const std::vector<T>& b) {
    static_assert(std::is_trivially_copyable_v<T>);
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}
static_assert(sizeof(draw_instance) == 13 * sizeof(float) && sizeof(draw_line) == 6 * sizeof(float),
              "draw_instance or draw_line gained padding: compare them field by field");
}  // namespace

bool kept_picture::shows(const picture_inputs& now) const {
    return valid_ && now.canvas_writes == canvas_writes_ && now.size == size_ &&
           now.camera.position == camera_.position && now.camera.zoom == camera_.zoom &&
           now.background == background_ && same_bytes(now.list.instances(), instances_) &&
           same_bytes(now.list.lines(), lines_);
}

void kept_picture::remember(const picture_inputs& drawn) {
    valid_ = true;
    instances_.assign(drawn.list.instances().begin(), drawn.list.instances().end());
    lines_.assign(drawn.list.lines().begin(), drawn.list.lines().end());
    camera_ = drawn.camera;
    size_ = drawn.size;
    background_ = drawn.background;
    canvas_writes_ = drawn.canvas_writes;
}

}  // namespace mosaic::editor
