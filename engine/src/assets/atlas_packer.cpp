// Packing images into atlas pages with stb_rect_pack (atlas_packer.hpp).
#include <mosaic/engine/assets/atlas_packer.hpp>

// The implementation is Debian's compiled libstb (see image.cpp).
#include <stb_rect_pack.h>

namespace mosaic {

struct atlas_packer::page {
    stbrp_context context{};
    std::vector<stbrp_node> nodes;
};

atlas_packer::atlas_packer(int page_side, int padding)
    : page_side_(page_side > 0 ? page_side : 1), padding_(padding > 0 ? padding : 0) {}

atlas_packer::~atlas_packer() = default;
atlas_packer::atlas_packer(atlas_packer&&) noexcept = default;
atlas_packer& atlas_packer::operator=(atlas_packer&&) noexcept = default;

std::optional<atlas_packer::placement> atlas_packer::place(int width, int height) {
    if (width <= 0 || height <= 0) return std::nullopt;
    const long padded_w = long{width} + 2L * padding_;
    const long padded_h = long{height} + 2L * padding_;
    if (padded_w > page_side_ || padded_h > page_side_) return std::nullopt;

    stbrp_rect rect{};
    rect.w = static_cast<stbrp_coord>(padded_w);
    rect.h = static_cast<stbrp_coord>(padded_h);
    // Earlier pages first: small images fill the gaps left by large ones.
    for (std::size_t i = 0; i <= pages_.size(); ++i) {
        const bool fresh_page = i == pages_.size();
        if (fresh_page) {
            auto fresh = std::make_unique<page>();
            fresh->nodes.resize(static_cast<std::size_t>(page_side_));
            stbrp_init_target(&fresh->context, page_side_, page_side_, fresh->nodes.data(),
                              static_cast<int>(fresh->nodes.size()));
            pages_.push_back(std::move(fresh));
        }
        rect.was_packed = 0;
        if (stbrp_pack_rects(&pages_[i]->context, &rect, 1) != 0 && rect.was_packed != 0) {
            return placement{static_cast<int>(i), rect.x + padding_, rect.y + padding_};
        }
        if (fresh_page) break;  // not expected: an empty page takes any image that fits it
    }
    return std::nullopt;
}

}  // namespace mosaic
