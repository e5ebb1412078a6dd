// atlas_packer: images placed without overlap (padding included) inside a page, a full page
// opens the next, and images that cannot fit a page are refused.
#include <mosaic/engine/assets/atlas_packer.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace mosaic {
namespace {

struct box {
    int page, x0, y0, x1, y1;  // padded, exclusive ends
};

bool overlap(const box& a, const box& b) {
    return a.page == b.page && a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

TEST(AtlasPacker, FiveHundredSmallImagesShareOnePageWithoutOverlap) {
    atlas_packer packer(2048, 1);
    std::vector<box> boxes;
    for (int i = 0; i < 500; ++i) {
        const int w = 8 + i % 41;
        const int h = 8 + (i * 7) % 37;
        const auto spot = packer.place(w, h);
        ASSERT_TRUE(spot.has_value()) << i;
        EXPECT_GE(spot->x, 1);
        EXPECT_GE(spot->y, 1);
        EXPECT_LE(spot->x + w + 1, 2048);
        EXPECT_LE(spot->y + h + 1, 2048);
        boxes.push_back({spot->page, spot->x - 1, spot->y - 1, spot->x + w + 1, spot->y + h + 1});
    }
    EXPECT_EQ(packer.pages(), 1u);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            ASSERT_FALSE(overlap(boxes[i], boxes[j])) << i << " and " << j;
        }
    }
}

TEST(AtlasPacker, AFullPageOpensTheNext) {
    atlas_packer packer(64, 0);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(packer.place(32, 32)->page, 0);
    const auto fifth = packer.place(32, 32);
    ASSERT_TRUE(fifth.has_value());
    EXPECT_EQ(fifth->page, 1);
    EXPECT_EQ(packer.pages(), 2u);
    // Small images still fill the first page's gaps first... none left here, so page 1.
    EXPECT_EQ(packer.place(8, 8)->page, 1);
}

TEST(AtlasPacker, ImagesLargerThanAPageOrEmptyAreRefused) {
    atlas_packer packer(64, 1);
    EXPECT_FALSE(packer.place(63, 10).has_value());  // 63 + 2 padding > 64
    EXPECT_TRUE(packer.place(62, 10).has_value());
    EXPECT_FALSE(packer.place(0, 10).has_value());
    EXPECT_FALSE(packer.place(10, -1).has_value());
}

}  // namespace
}  // namespace mosaic
