#pragma once
// What the OpenGL tests share: one hidden mosaic::window (and so one OpenGL 3.3 core
// context) per test suite, a 64x64 offscreen framebuffer, a camera that makes one world
// unit 8 pixels, and pixel helpers. CTest runs these under xvfb-run (tests/gl/CMakeLists.txt).

// glad first and in a block of its own (it must come before any GL header).
#include <glad/glad.h>

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mosaic/engine/platform/window.hpp>
#include <mosaic/engine/render/camera2d.hpp>
#include <mosaic/engine/render/draw_list.hpp>
#include <mosaic/engine/render/framebuffer.hpp>
#include <mosaic/engine/render/renderer.hpp>
#include <mosaic/engine/render/screenshot.hpp>
#include <string>

namespace mosaic::testing {

using rgba8 = std::array<std::uint8_t, 4>;

inline constexpr color red{1.0f, 0.0f, 0.0f, 1.0f};
inline constexpr color green{0.0f, 1.0f, 0.0f, 1.0f};
inline constexpr color blue{0.0f, 0.0f, 1.0f, 1.0f};
inline constexpr color white{1.0f, 1.0f, 1.0f, 1.0f};
inline constexpr rgba8 red8{255, 0, 0, 255};
inline constexpr rgba8 green8{0, 255, 0, 255};
inline constexpr rgba8 blue8{0, 0, 255, 255};
inline constexpr rgba8 white8{255, 255, 255, 255};

inline constexpr int target_pixels = 64;
/// 64 pixels high at zoom 1.25: 1.25 * 64 / 10 = 8 pixels per unit, the view spans
/// [-4, 4] in both axes and world (0, 0) is at the corner between pixels 31 and 32.
inline constexpr camera2d test_camera{.position = {0.0f, 0.0f}, .zoom = 1.25f};

class GlTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        try {
            context_ = std::make_unique<window>(window_options{
                .title = "mosaic-gl-tests", .width = 96, .height = 80, .visible = false});
        } catch (const platform_error& error) {
            context_error_ = error.what();
        }
    }
    static void TearDownTestSuite() { context_.reset(); }

    void SetUp() override {
        ASSERT_NE(context_, nullptr) << context_error_;
        context_->make_current();
        target_ = std::make_unique<framebuffer>(glm::ivec2(target_pixels, target_pixels));
        renderer_ = std::make_unique<renderer>();
    }
    void TearDown() override {
        renderer_.reset();
        target_.reset();
        if (context_) {
            EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
        }
    }

    /// Renders `list` into the 64x64 target on `background` and reads it back.
    image draw(const draw_list& list, const color& background = blue,
               const camera2d& camera = test_camera) {
        renderer_->render(list, camera, *target_, background);
        return read_pixels(*target_);
    }

    /// A folder of its own for the current test, removed at the end.
    std::filesystem::path temp_folder() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = std::filesystem::temp_directory_path() /
                  ("mosaic-gl-" + std::to_string(::getpid()) + "-" + test->name());
        std::filesystem::remove_all(folder_);
        std::filesystem::create_directories(folder_);
        return folder_;
    }
    ~GlTest() override {
        if (!folder_.empty()) std::filesystem::remove_all(folder_);
    }

    static inline std::unique_ptr<window> context_;
    static inline std::string context_error_;
    std::unique_ptr<framebuffer> target_;
    std::unique_ptr<renderer> renderer_;
    std::filesystem::path folder_;
};

}  // namespace mosaic::testing
