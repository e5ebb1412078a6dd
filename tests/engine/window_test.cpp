// window without a display: the error says what is missing and what to do instead. (The
// window with a display is tested under Xvfb in tests/gl/.)
#include <mosaic/engine/platform/window.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace mosaic {
namespace {

// Sets (or unsets, with nullptr) an environment variable for one scope.
class scoped_env {
public:
    scoped_env(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value != nullptr) {
            ::setenv(name, value, 1);
        } else {
            ::unsetenv(name);
        }
    }
    ~scoped_env() {
        if (old_) {
            ::setenv(name_, old_->c_str(), 1);
        } else {
            ::unsetenv(name_);
        }
    }
    scoped_env(const scoped_env&) = delete;
    scoped_env& operator=(const scoped_env&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

std::string error_of_a_new_window() {
    try {
        window w({.title = "window_test", .width = 64, .height = 64, .visible = false});
    } catch (const platform_error& error) {
        return error.what();
    }
    return "(no error: a window opened)";
}

TEST(Window, WithoutADisplayThrowsPlatformErrorNamingDisplay) {
    const scoped_env display("DISPLAY", nullptr);
    const scoped_env wayland("WAYLAND_DISPLAY", nullptr);
    const std::string message = error_of_a_new_window();
    EXPECT_NE(message.find("no display (DISPLAY is not set)"), std::string::npos) << message;
    EXPECT_NE(message.find("xvfb-run"), std::string::npos) << message;
    EXPECT_NE(message.find("mosaic-run"), std::string::npos) << message;
}

TEST(Window, AnUnreachableDisplayThrowsWithTheDisplayName) {
    const scoped_env display("DISPLAY", ":4242");  // no X server listens there
    const scoped_env wayland("WAYLAND_DISPLAY", nullptr);
    const std::string message = error_of_a_new_window();
    EXPECT_NE(message.find("cannot open the display (DISPLAY=:4242)"), std::string::npos)
        << message;
    EXPECT_NE(message.find("xvfb-run"), std::string::npos) << message;
}

}  // namespace
}  // namespace mosaic
