// write_field_number: the one rule the Animator and the Clip Editor store animated values
// with: whole numbers rounded and clamped to their type, bools at 0.5, NaN never undefined.
#include <mosaic/engine/animation/field_number.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>

namespace mosaic {
namespace {

template <class T>
T stored(double v) {
    T out{};
    write_field_number<T>(&out, v);
    return out;
}

TEST(FieldNumber, WholeNumbersAreRoundedAndClampedToTheirType) {
    EXPECT_EQ(stored<std::int32_t>(2.6), 3);
    EXPECT_EQ(stored<std::int32_t>(-2.6), -3);
    EXPECT_EQ(stored<std::uint8_t>(300.0), 255);
    EXPECT_EQ(stored<std::uint8_t>(-5.0), 0);
    EXPECT_EQ(stored<std::int32_t>(1e300), std::numeric_limits<std::int32_t>::max());
    EXPECT_EQ(stored<std::int32_t>(std::numeric_limits<double>::quiet_NaN()),
              std::numeric_limits<std::int32_t>::lowest())
        << "a NaN key stores something defined";
}

TEST(FieldNumber, BoolsTurnOnAtAHalfAndFloatsAreConverted) {
    EXPECT_FALSE(stored<bool>(0.49));
    EXPECT_TRUE(stored<bool>(0.5));
    EXPECT_EQ(stored<float>(0.25), 0.25f);
    EXPECT_EQ(stored<double>(1.0 / 3.0), 1.0 / 3.0);
}

TEST(FieldNumber, WritesIntoUnalignedBytes) {
    unsigned char bytes[9] = {};
    write_field_number<std::int32_t>(bytes + 1, 7.0);
    std::int32_t v = 0;
    std::memcpy(&v, bytes + 1, sizeof v);
    EXPECT_EQ(v, 7);
}

}  // namespace
}  // namespace mosaic
