// field.hpp: the value kinds, their sizes and names, and what a field_info does to the bytes
// of a component (addresses of array elements, enumerations of every width, fixed strings).
// The serializers, the inspector and undo all go through these, so a wrong offset, a sign
// lost on a narrow enum or a string left unterminated would corrupt every tool at once.
#include "mosaic/ecs/field.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <string_view>

namespace {

using mosaic::field_info;
using mosaic::field_kind;

constexpr field_kind every_kind[] = {
    field_kind::boolean,    field_kind::int32,      field_kind::uint32, field_kind::int64,
    field_kind::float32,    field_kind::float64,    field_kind::vec2,   field_kind::vec3,
    field_kind::vec4,       field_kind::color,      field_kind::string, field_kind::enumeration,
    field_kind::entity_ref, field_kind::asset_path,
};

enum class narrow_signed : std::int8_t { low = -128, minus_one = -1, high = 127 };
enum class narrow_unsigned : std::uint8_t { zero = 0, top = 255 };
enum class wide : std::int64_t { big = std::int64_t{1} << 40 };

// The kind a member type maps to is what make_field stores: a wrong mapping would make the
// serializer read a float as an int.
static_assert(mosaic::field_traits<bool>::kind == field_kind::boolean);
static_assert(mosaic::field_traits<std::int32_t>::kind == field_kind::int32);
static_assert(mosaic::field_traits<std::uint32_t>::kind == field_kind::uint32);
static_assert(mosaic::field_traits<std::int64_t>::kind == field_kind::int64);
static_assert(mosaic::field_traits<float>::kind == field_kind::float32);
static_assert(mosaic::field_traits<double>::kind == field_kind::float64);
static_assert(mosaic::field_traits<mosaic::vec2>::kind == field_kind::vec2);
static_assert(mosaic::field_traits<mosaic::vec3>::kind == field_kind::vec3);
static_assert(mosaic::field_traits<mosaic::vec4>::kind == field_kind::vec4);
static_assert(mosaic::field_traits<mosaic::color>::kind == field_kind::color);
static_assert(mosaic::field_traits<mosaic::entity>::kind == field_kind::entity_ref);
static_assert(mosaic::field_traits<mosaic::asset_path>::kind == field_kind::asset_path);
static_assert(mosaic::field_traits<narrow_signed>::kind == field_kind::enumeration);
static_assert(mosaic::field_traits<wide>::kind == field_kind::enumeration);

// A field of `size` bytes at `offset`, `count` elements, as component_builder makes them.
field_info make(field_kind kind, std::size_t offset, std::size_t size, std::uint32_t count = 1,
                bool is_signed = true) {
    field_info f;
    f.name = "f";
    f.kind = kind;
    f.offset = offset;
    f.size = size;
    f.count = count;
    f.enum_is_signed = is_signed;
    return f;
}

TEST(FieldKind, EveryKindHasItsOwnName) {
    // Names appear in error messages and the inspector; "?" means a kind was forgotten in
    // to_string's switch.
    std::set<std::string_view> names;
    for (field_kind kind : every_kind) {
        const std::string_view name = mosaic::to_string(kind);
        EXPECT_NE(name, "?") << static_cast<int>(kind);
        EXPECT_FALSE(name.empty());
        names.insert(name);
    }
    EXPECT_EQ(names.size(), std::size(every_kind));
    EXPECT_EQ(mosaic::to_string(field_kind::float32), "float");
    EXPECT_EQ(mosaic::to_string(field_kind::enumeration), "enum");
    EXPECT_EQ(mosaic::to_string(field_kind::entity_ref), "entity");
}

TEST(FieldKind, SizesMatchTheTypesTheKindsStandFor) {
    // make_field checks a member's size against kind_size: a wrong size here would refuse
    // good registrations or accept a member of the wrong layout.
    EXPECT_EQ(mosaic::kind_size(field_kind::boolean), sizeof(bool));
    EXPECT_EQ(mosaic::kind_size(field_kind::int32), 4u);
    EXPECT_EQ(mosaic::kind_size(field_kind::uint32), 4u);
    EXPECT_EQ(mosaic::kind_size(field_kind::int64), 8u);
    EXPECT_EQ(mosaic::kind_size(field_kind::float32), 4u);
    EXPECT_EQ(mosaic::kind_size(field_kind::float64), 8u);
    EXPECT_EQ(mosaic::kind_size(field_kind::vec2), 2 * sizeof(float));
    EXPECT_EQ(mosaic::kind_size(field_kind::vec3), 3 * sizeof(float));
    EXPECT_EQ(mosaic::kind_size(field_kind::vec4), 4 * sizeof(float));
    EXPECT_EQ(mosaic::kind_size(field_kind::color), 4 * sizeof(float));
    EXPECT_EQ(mosaic::kind_size(field_kind::entity_ref), sizeof(mosaic::entity));
    EXPECT_EQ(mosaic::kind_size(field_kind::asset_path), sizeof(mosaic::asset_path));
    // Strings and enumerations take the member's own size.
    EXPECT_EQ(mosaic::kind_size(field_kind::string), 0u);
    EXPECT_EQ(mosaic::kind_size(field_kind::enumeration), 0u);
}

TEST(FieldKind, FloatCountIsThatOfTheVectorKindsOnly) {
    EXPECT_EQ(mosaic::float_count(field_kind::vec2), 2u);
    EXPECT_EQ(mosaic::float_count(field_kind::vec3), 3u);
    EXPECT_EQ(mosaic::float_count(field_kind::vec4), 4u);
    EXPECT_EQ(mosaic::float_count(field_kind::color), 4u);
    for (field_kind kind : {field_kind::boolean, field_kind::float32, field_kind::float64,
                            field_kind::string, field_kind::enumeration, field_kind::entity_ref}) {
        EXPECT_EQ(mosaic::float_count(kind), 0u) << mosaic::to_string(kind);
    }
}

TEST(FieldValues, DefaultsAndEquality) {
    EXPECT_EQ(mosaic::vec2{}, (mosaic::vec2{0, 0}));
    EXPECT_EQ(mosaic::vec3{}, (mosaic::vec3{0, 0, 0}));
    EXPECT_EQ(mosaic::vec4{}, (mosaic::vec4{0, 0, 0, 0}));
    EXPECT_EQ(mosaic::color{}, (mosaic::color{1, 1, 1, 1}));  // opaque white: visible
    EXPECT_NE((mosaic::vec3{1, 2, 3}), (mosaic::vec3{1, 2, 4}));
    EXPECT_NE((mosaic::color{1, 1, 1, 0}), mosaic::color{});
    const mosaic::asset_path none{};
    EXPECT_EQ(none.path[0], '\0');
}

TEST(FieldHints, MinEqualToMaxMeansUnbounded) {
    field_info f = make(field_kind::float32, 0, 4);
    EXPECT_FALSE(f.has_range());
    f.hints.min = -180;
    f.hints.max = 180;
    EXPECT_TRUE(f.has_range());
    f.hints.min = f.hints.max = 5;
    EXPECT_FALSE(f.has_range());
}

TEST(FieldInfo, AddressIsOffsetPlusElementTimesSize) {
    struct weights {
        std::int32_t before = 0;
        float values[4] = {};
    } w;
    const field_info f = make(field_kind::float32, offsetof(weights, values), sizeof(float), 4);
    EXPECT_EQ(f.address(&w), &w.values[0]);
    EXPECT_EQ(f.address(&w, 3), &w.values[3]);
    const weights& cw = w;
    EXPECT_EQ(f.address(&cw, 2), static_cast<const void*>(&cw.values[2]));
}

TEST(FieldInfo, NarrowSignedEnumsKeepTheirSign) {
    // A sign-extension bug would read -1 back as 255 and save it to files as such.
    narrow_signed value = narrow_signed::minus_one;
    const field_info f = make(field_kind::enumeration, 0, 1, 1, true);
    EXPECT_EQ(f.read_enum(&value), -1);
    f.write_enum(&value, -128);
    EXPECT_EQ(value, narrow_signed::low);
    EXPECT_EQ(f.read_enum(&value), -128);
    EXPECT_TRUE(f.enum_fits(-128));
    EXPECT_TRUE(f.enum_fits(127));
    EXPECT_FALSE(f.enum_fits(128));
    EXPECT_FALSE(f.enum_fits(-129));
}

TEST(FieldInfo, NarrowUnsignedEnumsRefuseNegatives) {
    // A file's -1 for a uint8_t enum must be an error, not 255.
    narrow_unsigned value = narrow_unsigned::top;
    const field_info f = make(field_kind::enumeration, 0, 1, 1, false);
    EXPECT_EQ(f.read_enum(&value), 255);
    EXPECT_TRUE(f.enum_fits(0));
    EXPECT_TRUE(f.enum_fits(255));
    EXPECT_FALSE(f.enum_fits(-1));
    EXPECT_FALSE(f.enum_fits(256));
    f.write_enum(&value, 0);
    EXPECT_EQ(value, narrow_unsigned::zero);
}

TEST(FieldInfo, EnumsOfEveryWidthRoundTripWithoutTouchingTheirNeighbours) {
    struct packed {
        std::uint8_t guard_a = 0xAA;
        std::int16_t two = 0;
        std::uint32_t four = 0;
        std::int64_t eight = 0;
        std::uint8_t guard_b = 0xBB;
    } p;
    const field_info two = make(field_kind::enumeration, offsetof(packed, two), 2, 1, true);
    const field_info four = make(field_kind::enumeration, offsetof(packed, four), 4, 1, false);
    const field_info eight = make(field_kind::enumeration, offsetof(packed, eight), 8, 1, true);
    two.write_enum(&p, -300);
    four.write_enum(&p, 4'000'000'000);
    eight.write_enum(&p, static_cast<std::int64_t>(wide::big));
    EXPECT_EQ(two.read_enum(&p), -300);
    EXPECT_EQ(four.read_enum(&p), 4'000'000'000);
    EXPECT_EQ(eight.read_enum(&p), std::int64_t{1} << 40);
    EXPECT_EQ(p.two, -300);
    EXPECT_EQ(p.four, 4'000'000'000u);
    EXPECT_EQ(p.guard_a, 0xAA);
    EXPECT_EQ(p.guard_b, 0xBB);
    EXPECT_TRUE(two.enum_fits(-32768));
    EXPECT_FALSE(two.enum_fits(32768));
    EXPECT_TRUE(four.enum_fits(4'294'967'295));
    EXPECT_FALSE(four.enum_fits(4'294'967'296));
    EXPECT_TRUE(
        eight.enum_fits(std::numeric_limits<std::int64_t>::min()));  // every int64 fits 8 bytes
}

TEST(FieldInfo, EnumArraysAddressEachElement) {
    narrow_signed values[3] = {narrow_signed::low, narrow_signed::minus_one, narrow_signed::high};
    const field_info f = make(field_kind::enumeration, 0, 1, 3, true);
    EXPECT_EQ(f.read_enum(values, 0), -128);
    EXPECT_EQ(f.read_enum(values, 1), -1);
    EXPECT_EQ(f.read_enum(values, 2), 127);
    f.write_enum(values, 0, 1);
    EXPECT_EQ(values[0], narrow_signed::low);
    EXPECT_EQ(static_cast<int>(values[1]), 0);
    EXPECT_EQ(values[2], narrow_signed::high);
}

TEST(FieldInfo, EnumNamesComeFromTheRegisteredValues) {
    field_info f = make(field_kind::enumeration, 0, 1);
    f.enum_values = {{"circle", 0}, {"box", 1}, {"minus", -1}};
    EXPECT_EQ(f.enum_name(0), "circle");
    EXPECT_EQ(f.enum_name(1), "box");
    EXPECT_EQ(f.enum_name(-1), "minus");
    EXPECT_EQ(f.enum_name(2), "");  // no name: the tools show the number
}

TEST(FieldInfo, StringsAreTruncatedToFitWithTheirTerminator) {
    struct named {
        char name[8] = {};
        char after = 'Z';
    } n;
    const field_info f = make(field_kind::string, 0, sizeof(n.name));
    f.write_string(&n, "short");
    EXPECT_EQ(f.read_string(&n), "short");
    EXPECT_EQ(std::string(n.name), "short");
    // Seven characters and the NUL; the byte after the array is untouched.
    f.write_string(&n, "a name far too long");
    EXPECT_EQ(f.read_string(&n), "a name ");
    EXPECT_EQ(n.name[7], '\0');
    EXPECT_EQ(n.after, 'Z');
    // A shorter string clears what the longer one left: values compare as bytes.
    f.write_string(&n, "ab");
    for (std::size_t i = 2; i < sizeof(n.name); ++i) EXPECT_EQ(n.name[i], '\0') << i;
}

TEST(FieldInfo, ReadingAnUnterminatedStringStopsAtItsCapacity) {
    // Bytes from a corrupt file need not hold a NUL: reading must not run past the field.
    struct named {
        char name[4];
        char after[4];
    } n;
    std::memcpy(n.name, "abcd", 4);
    std::memcpy(n.after, "XYZ", 4);
    const field_info f = make(field_kind::string, 0, sizeof(n.name));
    EXPECT_EQ(f.read_string(&n), "abcd");
}

TEST(FieldInfo, StringArraysAddressEachElement) {
    char names[3][6] = {};
    const field_info f = make(field_kind::string, 0, 6, 3);
    f.write_string(names, "one", 0);
    f.write_string(names, "three!", 2);  // 6 characters: truncated to 5
    EXPECT_EQ(f.read_string(names, 0), "one");
    EXPECT_EQ(f.read_string(names, 1), "");
    EXPECT_EQ(f.read_string(names, 2), "three");
}

}  // namespace
