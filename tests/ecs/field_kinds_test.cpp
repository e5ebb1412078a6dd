// The kind table and its dispatcher: every row agrees with its C++ type, and visit_kind hands
// each kind its own row.
#include <mosaic/ecs/field_kinds.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <type_traits>

#include <mosaic/ecs/component_table.hpp>

namespace mosaic {
namespace {

template <class F>
void for_each_kind(F&& f) {
    for (int k = 0; k <= static_cast<int>(last_field_kind); ++k) f(static_cast<field_kind>(k));
}

template <class T, class = void>
struct is_complete : std::false_type {};
template <class T>
struct is_complete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};

TEST(FieldKinds, EveryRowMatchesItsType) {
    std::set<std::string_view> names;
    for_each_kind([&](field_kind kind) {
        const kind_info& row = info_of(kind);
        SCOPED_TRACE(std::string(row.name));
        EXPECT_TRUE(names.insert(row.name).second) << "two kinds named " << row.name;
        EXPECT_EQ(to_string(kind), row.name);
        EXPECT_EQ(kind_size(kind), row.memory_size);
        EXPECT_EQ(float_count(kind), row.float_count);
        EXPECT_GT(row.drag_speed, 0.0f);
        visit_kind(kind, [&](auto tag) {
            using K = decltype(tag);
            using T = typename K::type;
            EXPECT_EQ(K::kind, kind);
            EXPECT_EQ(&K::info, &row);
            if constexpr (is_complete<T>::value) {
                EXPECT_EQ(row.memory_size, sizeof(T));
            } else {
                EXPECT_EQ(row.memory_size, 0u) << "a kind whose size varies per field";
            }
        });
        // Plain numbers are the same bytes in memory and in a binary file.
        if (row.number_unit != 0) {
            EXPECT_EQ(row.memory_size, row.file_size);
        }
        if (row.float_count != 0) {
            EXPECT_EQ(row.file_size, row.float_count * sizeof(float));
        }
        if (row.is_text) {
            EXPECT_EQ(row.file_size, 0u) << "text is length-prefixed in files";
        }
    });
}

struct Region {
    rect area{1, 2, 3, 4};
    char label[24] = {};
    asset_path icon{};
};

TEST(FieldKinds, TextCapacityIsTheFixedArrayOrTheFieldSize) {
    component_table table;
    table.component<Region>("Region")
        .field("area", &Region::area)
        .field("label", &Region::label)
        .field("icon", &Region::icon);
    const component_info& info = *table.find("Region");
    EXPECT_EQ(text_capacity(*info.find_field("label")), 24u);
    EXPECT_EQ(text_capacity(*info.find_field("icon")), sizeof(asset_path::path));
}

TEST(FieldKinds, RectIsAFieldKind) {
    component_table table;
    table.component<Region>("Region").field("area", &Region::area);
    const field_info& area = *table.find("Region")->find_field("area");
    EXPECT_EQ(area.kind, field_kind::rect);
    EXPECT_EQ(area.size, sizeof(rect));
    EXPECT_EQ(to_string(area.kind), "rect");
    EXPECT_EQ(float_count(area.kind), 4u);
}

}  // namespace
}  // namespace mosaic
