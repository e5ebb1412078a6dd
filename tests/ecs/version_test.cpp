#include "mosaic/version.hpp"

#include <gtest/gtest.h>

// CMake's project() version is read from version.hpp (cmake/MosaicVersion.cmake) and comes back
// here as MOSAIC_CMAKE_VERSION_*: a broken reader, or a version string edited without the
// numbers, fails this test instead of shipping a package that says another version.
TEST(version, macros_equal_the_cmake_project_version) {
    EXPECT_EQ(MOSAIC_VERSION_MAJOR, MOSAIC_CMAKE_VERSION_MAJOR);
    EXPECT_EQ(MOSAIC_VERSION_MINOR, MOSAIC_CMAKE_VERSION_MINOR);
    EXPECT_EQ(MOSAIC_VERSION_PATCH, MOSAIC_CMAKE_VERSION_PATCH);
    EXPECT_STREQ(MOSAIC_VERSION_STRING, MOSAIC_CMAKE_VERSION);
}
