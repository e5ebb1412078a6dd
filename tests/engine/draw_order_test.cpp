// draw_order: layers ascending, textures grouped within a layer, and equal keys kept in the
// order they were added (a stable sort), with the few-keys and many-keys paths both checked.
#include <mosaic/engine/render/draw_order.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace mosaic {
namespace {

// pick_id carries the insertion order so the test can see where each record went.
std::vector<draw_instance> instances(const std::vector<std::pair<int, texture_handle>>& keys) {
    std::vector<draw_instance> out;
    for (const auto& [layer, texture] : keys) {
        out.push_back(
            {.pick_id = static_cast<std::int32_t>(out.size()), .layer = layer, .texture = texture});
    }
    return out;
}

std::vector<std::int32_t> order_of(std::span<const draw_instance> sorted) {
    std::vector<std::int32_t> ids;
    for (const draw_instance& i : sorted) ids.push_back(i.pick_id);
    return ids;
}

TEST(DrawOrder, SortsByLayerKeepingTheOrderOfEqualLayers) {
    const auto in = instances({{2, 0}, {0, 0}, {1, 0}, {0, 0}, {2, 0}, {-5, 0}, {1, 0}});
    EXPECT_FALSE(in_draw_order(in));
    draw_sorter sorter;
    const auto sorted = sorter.sort(in);
    EXPECT_EQ(order_of(sorted), (std::vector<std::int32_t>{5, 1, 3, 2, 6, 0, 4}));
    EXPECT_TRUE(in_draw_order(sorted));
}

TEST(DrawOrder, GroupsTexturesWithinALayerButNeverAcrossLayers) {
    const auto in = instances({{0, 7}, {0, 3}, {0, 7}, {1, 3}, {0, 3}, {1, 0}});
    draw_sorter sorter;
    EXPECT_EQ(order_of(sorter.sort(in)), (std::vector<std::int32_t>{1, 4, 0, 2, 5, 3}));
}

TEST(DrawOrder, AnOrderedListIsReturnedWithoutACopy) {
    const auto in = instances({{-1, 2}, {0, 1}, {0, 1}, {0, 4}, {9, 0}});
    ASSERT_TRUE(in_draw_order(in));
    draw_sorter sorter;
    EXPECT_EQ(sorter.sort(in).data(), in.data());
}

TEST(DrawOrder, ExtremeLayersSortAsSignedNumbers) {
    const auto in = instances({{INT32_MAX, 0}, {INT32_MIN, 0}, {0, 0}, {-1, 0}});
    draw_sorter sorter;
    EXPECT_EQ(order_of(sorter.sort(in)), (std::vector<std::int32_t>{1, 3, 2, 0}));
}

TEST(DrawOrder, ManyDistinctKeysAreStillSortedStably) {
    // 300 layers x 2 copies, interleaved backwards: more keys than the counting sort takes.
    std::vector<std::pair<int, texture_handle>> keys;
    for (int copy = 0; copy < 2; ++copy) {
        for (int layer = 299; layer >= 0; --layer) keys.emplace_back(layer, 0);
    }
    const auto in = instances(keys);
    draw_sorter sorter;
    const auto sorted = sorter.sort(in);
    ASSERT_EQ(sorted.size(), in.size());
    for (std::size_t k = 0; k < sorted.size(); k += 2) {
        const int layer = static_cast<int>(k / 2);
        EXPECT_EQ(sorted[k].layer, layer);
        EXPECT_EQ(sorted[k + 1].layer, layer);
        EXPECT_LT(sorted[k].pick_id, sorted[k + 1].pick_id) << "layer " << layer;
    }
}

TEST(DrawOrder, TheSameInputAlwaysGivesTheSameOrder) {
    std::vector<std::pair<int, texture_handle>> keys;
    for (int i = 0; i < 500; ++i) {
        keys.emplace_back((i * 7) % 5, static_cast<texture_handle>((i * 13) % 3));
    }
    const auto in = instances(keys);
    draw_sorter first;
    draw_sorter second;
    const auto a = order_of(first.sort(in));
    EXPECT_EQ(a, order_of(second.sort(in)));
    EXPECT_EQ(a, order_of(first.sort(in)));  // and when the sorter's buffers are reused
}

TEST(DrawOrder, LinesSortByLayerStably) {
    std::vector<draw_line> lines;
    for (const int layer : {3, 1, 3, 1, 0}) {
        lines.push_back({.a = {static_cast<float>(lines.size()), 0.0f}, .layer = layer});
    }
    draw_sorter sorter;
    const auto sorted = sorter.sort(std::span<const draw_line>(lines));
    std::vector<float> ids;
    for (const draw_line& l : sorted) ids.push_back(l.a.x);
    EXPECT_EQ(ids, (std::vector<float>{4, 1, 3, 0, 2}));
}

}  // namespace
}  // namespace mosaic
