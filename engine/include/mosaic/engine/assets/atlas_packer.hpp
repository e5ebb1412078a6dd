#pragma once
// atlas_packer: where small images go in a set of square atlas pages (stb_rect_pack's
// skyline packer), so that sprites with different images share one texture and the renderer
// draws them in one call. Only the arithmetic: the renderer's texture_cache copies the pixels.
//
// Images arrive one at a time as the scene asks for them, so each is packed when it comes
// (stb_rect_pack continues on the same page); a full page opens the next. Every image gets
// `padding` pixels on each side, which the cache fills with copies of the image's edge, so
// filtering at the edge of a frame never reads the neighbour.

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace mosaic {

class atlas_packer {
public:
    struct placement {
        int page = 0;
        int x = 0;  // the image's top-left pixel in the page (its padding is around it)
        int y = 0;
    };

    explicit atlas_packer(int page_side = 2048, int padding = 1);
    ~atlas_packer();
    atlas_packer(atlas_packer&&) noexcept;
    atlas_packer& operator=(atlas_packer&&) noexcept;

    /// Room for a `width` x `height` image; nullopt when it (with its padding) is larger
    /// than a page or not positive.
    [[nodiscard]] std::optional<placement> place(int width, int height);

    [[nodiscard]] int page_side() const noexcept { return page_side_; }
    [[nodiscard]] int padding() const noexcept { return padding_; }
    [[nodiscard]] std::size_t pages() const noexcept { return pages_.size(); }

private:
    struct page;
    int page_side_;
    int padding_;
    std::vector<std::unique_ptr<page>> pages_;
};

}  // namespace mosaic
