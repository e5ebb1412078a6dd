#include "mosaic/ecs/page_array.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

// page_array<T>: values in fixed-size pages that never move, whatever is added after them.

namespace {

using mosaic::page_array;

struct Throws {
    explicit Throws(bool fail) {
        if (fail) throw std::runtime_error("constructor failed");
    }
};

TEST(PageArray, PageSizeIsAPowerOfTwoOfAtMost16KiB) {
    static_assert(mosaic::detail::page_size_for(4) == 1024);
    static_assert(mosaic::detail::page_size_for(12) == 1024);
    static_assert(mosaic::detail::page_size_for(24) == 512);
    static_assert(mosaic::detail::page_size_for(256) == 64);
    static_assert(mosaic::detail::page_size_for(20'000) == 1);  // bigger than a page: one each
    static_assert(page_array<std::array<char, 256>>::page_size == 64);
    static_assert(page_array<std::array<char, 256>>::page_shift == 6);
    SUCCEED();
}

TEST(PageArray, ValuesNeverMoveWhenItGrows) {
    page_array<std::string> values;
    std::string& first = values.emplace_back(40, 'a');  // longer than the small-string buffer
    const std::string* first_address = &first;
    std::vector<const std::string*> addresses;
    for (int i = 0; i < 10'000; ++i) {
        addresses.push_back(&values.emplace_back(std::to_string(i)));
    }
    EXPECT_EQ(&values[0], first_address);
    EXPECT_EQ(first, std::string(40, 'a'));  // a dangling reference would fail under ASan
    for (std::size_t i = 0; i < addresses.size(); ++i) {
        ASSERT_EQ(&values[i + 1], addresses[i]) << i;
        ASSERT_EQ(values[i + 1], std::to_string(i)) << i;
    }
    EXPECT_EQ(values.size(), 10'001u);
}

TEST(PageArray, ValuesAreContiguousWithinAPage) {
    page_array<int> values;
    for (int i = 0; i < 5000; ++i) values.emplace_back(i);
    constexpr std::size_t page = page_array<int>::page_size;
    EXPECT_EQ(values.page_count(), 8u);  // blocks of 1, 1, 2 and 4 pages
    EXPECT_EQ(values.capacity(), values.page_count() * page);
    for (std::size_t i = 0; i < 5000; ++i) {
        ASSERT_EQ(&values[i], values.page(i / page) + i % page) << i;
    }
    // Pages of one block are adjacent: a backward walk runs on into the page below.
    EXPECT_EQ(values.page(3), values.page(2) + page);
    EXPECT_EQ(values.page(7), values.page(4) + 3 * page);
}

// Two arrays filled side by side, as a view walks Position and Velocity: value i of each sits
// at the same offset within a 4 KiB memory page, so a store to one never looks (by its low
// 12 address bits) like the next load from the other (page_array.hpp says why it matters).
TEST(PageArray, EveryPageStartsOnA4KiBBoundary) {
    struct vec3 {
        float x, y, z;
    };
    page_array<vec3> positions;
    page_array<vec3> velocities;
    for (int i = 0; i < 300'000; ++i) {  // blocks of 1, 1, 2, ... 128 pages: nine of them
        positions.emplace_back(1.0f, 2.0f, 3.0f);
        velocities.emplace_back(4.0f, 5.0f, 6.0f);
    }
    const auto offset = [](const void* at) { return reinterpret_cast<std::uintptr_t>(at) % 4096; };
    for (std::size_t p = 0; p < positions.page_count(); ++p) {
        ASSERT_EQ(offset(positions.page(p)), 0u) << "page " << p;
        ASSERT_EQ(offset(velocities.page(p)), 0u) << "page " << p;
    }
    for (std::size_t i = 0; i < positions.size(); i += 977)
        ASSERT_EQ(offset(&positions[i]), offset(&velocities[i])) << "value " << i;
}

TEST(PageArray, BlocksStopDoubling) {
    using big = std::array<char, 16 * 1024>;  // one value a page
    static_assert(page_array<big>::page_size == 1);
    page_array<big> values;
    const std::size_t count = 3 * page_array<big>::max_block_pages;
    for (std::size_t i = 0; i < count; ++i) values.emplace_back();
    // 1, 1, 2, ..., max, then max at a time: never more than one block of slack.
    EXPECT_LE(values.capacity(), count + page_array<big>::max_block_pages);
}

TEST(PageArray, PopAndClearDestroyValuesButKeepPages) {
    auto shared = std::make_shared<int>(1);
    page_array<std::shared_ptr<int>> values;
    for (int i = 0; i < 3000; ++i) values.emplace_back(shared);
    EXPECT_EQ(shared.use_count(), 3001);
    values.pop_back();
    EXPECT_EQ(shared.use_count(), 3000);
    const std::size_t pages = values.page_count();
    const std::shared_ptr<int>* page0 = values.page(0);
    values.clear();
    EXPECT_EQ(shared.use_count(), 1);
    EXPECT_TRUE(values.empty());
    EXPECT_EQ(values.page_count(), pages);
    values.emplace_back(shared);  // reuses the first page
    EXPECT_EQ(&values[0], page0);
    {
        page_array<std::shared_ptr<int>> gone;
        gone.emplace_back(shared);
        EXPECT_EQ(shared.use_count(), 3);
    }
    EXPECT_EQ(shared.use_count(), 2);
}

TEST(PageArray, CopiesAreIndependent) {
    page_array<std::string> values;
    for (int i = 0; i < 2000; ++i) values.emplace_back(std::to_string(i));
    page_array<std::string> copy(values);
    ASSERT_EQ(copy.size(), values.size());
    values[5] = "changed";
    EXPECT_EQ(copy[5], "5");
    EXPECT_EQ(copy[1999], "1999");
    page_array<std::string> assigned;
    assigned.emplace_back("old");
    assigned = copy;
    EXPECT_EQ(assigned.size(), 2000u);
    EXPECT_EQ(assigned[0], "0");
    page_array<std::string> moved(std::move(assigned));
    EXPECT_EQ(moved[1999], "1999");
}

TEST(PageArray, AThrowingConstructorLeavesItUnchanged) {
    page_array<Throws> values;
    values.emplace_back(false);
    EXPECT_THROW(values.emplace_back(true), std::runtime_error);
    EXPECT_EQ(values.size(), 1u);
}

TEST(PageArray, ReserveAllocatesWholePages) {
    page_array<int> values;
    values.reserve(1);
    EXPECT_EQ(values.page_count(), 1u);
    values.reserve(page_array<int>::page_size + 1);
    EXPECT_EQ(values.page_count(), 2u);
    const int* page1 = values.page(1);
    for (std::size_t i = 0; i <= page_array<int>::page_size; ++i) {
        values.emplace_back(static_cast<int>(i));
    }
    EXPECT_EQ(values.page(1), page1);
    EXPECT_EQ(values.page_count(), 2u);
    EXPECT_GE(values.memory_bytes(), 2 * page_array<int>::page_size * sizeof(int));
}

}  // namespace
