// The OpenGL objects without a context: a check that says what is missing, not a jump
// through a null function pointer. (With a context: tests/gl/.)
#include <mosaic/engine/render/renderer.hpp>

#include <gtest/gtest.h>

#include <mosaic/ecs/assert.hpp>
#include <mosaic/engine/render/framebuffer.hpp>
#include <mosaic/engine/render/texture_cache.hpp>
#include <string>

namespace mosaic {
namespace {

// Records the failed check and returns, as the release-build handler does.
class recording_checks {
public:
    recording_checks() noexcept : previous_(set_assert_handler(&record)) { last().clear(); }
    ~recording_checks() { set_assert_handler(previous_); }
    recording_checks(const recording_checks&) = delete;
    recording_checks& operator=(const recording_checks&) = delete;

    static std::string& last() {
        static std::string message;
        return message;
    }

private:
    static void record(const char*, const std::string& message, const char*, int) {
        last() = message;
    }
    assert_handler previous_;
};

template <class F>
std::string render_error_of(F&& make) {
    try {
        make();
    } catch (const render_error& error) {
        return error.what();
    }
    return "(no render_error)";
}

TEST(WithoutAContext, GlObjectsFailACheckNamingWhatIsMissing) {
    const recording_checks checks;
    const std::string thrown = render_error_of([] { renderer r; });
    EXPECT_NE(recording_checks::last().find("mosaic::renderer needs a current OpenGL context"),
              std::string::npos)
        << recording_checks::last();
    EXPECT_NE(thrown.find("create a mosaic::window"), std::string::npos) << thrown;

    EXPECT_NE(render_error_of([] {
                  framebuffer f({8, 8});
              }).find("mosaic::framebuffer"),
              std::string::npos);

    texture_cache textures(".");
    EXPECT_EQ(textures.find("").texture, no_texture);  // nothing to load: no GL needed
    EXPECT_NE(render_error_of([&] { (void)textures.find("a.png"); }).find("mosaic::texture_cache"),
              std::string::npos);
}

}  // namespace
}  // namespace mosaic
