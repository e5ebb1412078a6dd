// window with a display (Xvfb): a hidden window has a current OpenGL 3.3 core context of the
// asked size, reads input without touching keys GLFW does not define, and GLFW can be
// started again after the last window closed.
#include "gl_test_support.hpp"
// (gl_test_support.hpp includes glad first.)

#include <mosaic/engine/input.hpp>

namespace mosaic::testing {
namespace {

window_options hidden(int width, int height) {
    return {.title = "window_gl_test", .width = width, .height = height, .visible = false};
}

TEST(WindowWithDisplay, MakesACurrentCoreContextOfTheAskedSize) {
    window w(hidden(120, 90));
    EXPECT_EQ(w.size(), glm::ivec2(120, 90));
    EXPECT_EQ(w.framebuffer_size(), glm::ivec2(120, 90));
    EXPECT_NE(w.native_handle(), nullptr);
    EXPECT_TRUE(GLVersion.major > 3 || (GLVersion.major == 3 && GLVersion.minor >= 3));
    GLint profile = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    EXPECT_NE(profile & GL_CONTEXT_CORE_PROFILE_BIT, 0);
    EXPECT_FALSE(w.should_close());
    w.set_should_close(true);
    EXPECT_TRUE(w.should_close());
    w.set_title("renamed");
    w.poll_events();
    w.swap_buffers();
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(WindowWithDisplay, ReadInputReportsNothingHeldAndTheCursorThroughTheCamera) {
    window w(hidden(80, 60));
    w.poll_events();
    Input input;
    input.down[static_cast<std::size_t>(key::a)] = 1;  // stale state is overwritten
    input.scroll = 5.0f;
    const camera2d camera{.position = {10.0f, -4.0f}, .zoom = 2.0f};
    w.read_input(input, &camera);
    EXPECT_FALSE(input.held(key::a));
    for (const std::uint8_t down : input.down) EXPECT_EQ(down, 0);
    for (const std::uint8_t down : input.mouse_down) EXPECT_EQ(down, 0);
    EXPECT_EQ(input.scroll, 0.0f);
    const glm::vec2 expected = camera.screen_to_world(input.mouse_pixels, {80.0f, 60.0f});
    EXPECT_FLOAT_EQ(input.mouse_position.x, expected.x);
    EXPECT_FLOAT_EQ(input.mouse_position.y, expected.y);
}

TEST(WindowWithDisplay, TwoWindowsThenANewOneAfterTheLastClosed) {
    {
        window first(hidden(32, 32));
        window second(hidden(48, 32));
        second.make_current();
        EXPECT_EQ(second.framebuffer_size(), glm::ivec2(48, 32));
    }
    window again(hidden(40, 40));  // GLFW terminated with the last window and starts again
    renderer works;                // and the context is usable
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace mosaic::testing
