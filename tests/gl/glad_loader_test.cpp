// The generated glad loader (third_party/glad) against a real OpenGL 3.3 core context.
// CTest runs this binary under xvfb-run (Mesa llvmpipe); see tests/gl/CMakeLists.txt.

// glad first and in a block of its own, so include sorting cannot move GLFW (which would
// pull in <GL/gl.h>) above it.
#include <glad/glad.h>

#include <GLFW/glfw3.h>
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <link.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// GLFW reports why a call failed only through this callback.
std::string last_glfw_error;

void record_glfw_error(int code, const char* description) {
    last_glfw_error = "GLFW error " + std::to_string(code) + ": " + description;
}

std::string display_hint() {
    const char* display = std::getenv("DISPLAY");
    if (display == nullptr || *display == '\0') return " (no DISPLAY; run under xvfb-run)";
    return std::string(" (DISPLAY=") + display + ")";
}

// LeakSanitizer reports at exit, after glfwTerminate() has dlclose()d libGL and the Mesa
// driver. Their leaks would then show up as "<unknown module>" and no suppression in
// lsan.supp could name them, so every library loaded so far is pinned (RTLD_NODELETE).
void pin_loaded_libraries() {
    std::vector<std::string> names;
    // dlopen() is not safe inside dl_iterate_phdr's callback: collect first, pin after.
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t /*size*/, void* out) {
            if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0')
                static_cast<std::vector<std::string>*>(out)->emplace_back(info->dlpi_name);
            return 0;
        },
        &names);
    for (const std::string& name : names)
        dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

// A hidden window with a current 3.3 core, forward-compatible context, as the engine asks for.
class GladLoaderTest : public ::testing::Test {
protected:
    void SetUp() override {
        glfwSetErrorCallback(record_glfw_error);
        ASSERT_EQ(glfwInit(), GLFW_TRUE)
            << "glfwInit failed: " << last_glfw_error << display_hint();
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        window_ = glfwCreateWindow(64, 64, "glad_loader_test", nullptr, nullptr);
        ASSERT_NE(window_, nullptr)
            << "glfwCreateWindow (OpenGL 3.3 core) failed: " << last_glfw_error << display_hint();
        glfwMakeContextCurrent(window_);
        pin_loaded_libraries();
        loaded_ = gladLoadGLLoader(reinterpret_cast<GLADloadproc>(glfwGetProcAddress));
    }

    void TearDown() override {
        if (window_ != nullptr) glfwDestroyWindow(window_);
        glfwTerminate();
    }

    GLFWwindow* window_ = nullptr;
    int loaded_ = 0;
};

TEST_F(GladLoaderTest, LoadsACoreContextOfAtLeast33) {
    ASSERT_NE(loaded_, 0) << "gladLoadGLLoader failed; GLVersion " << GLVersion.major << "."
                          << GLVersion.minor;
    EXPECT_TRUE(GLVersion.major > 3 || (GLVersion.major == 3 && GLVersion.minor >= 3))
        << "GLVersion " << GLVersion.major << "." << GLVersion.minor;
    EXPECT_EQ(GLAD_GL_VERSION_1_0, 1);
    EXPECT_EQ(GLAD_GL_VERSION_3_3, 1);

    const GLubyte* version = glGetString(GL_VERSION);
    ASSERT_NE(version, nullptr);
    EXPECT_EQ(std::atoi(reinterpret_cast<const char*>(version)), GLVersion.major)
        << "GL_VERSION is \"" << version << "\"";
}

TEST_F(GladLoaderTest, EveryCoreFunctionPointerIsLoaded) {
    ASSERT_NE(loaded_, 0);
    ASSERT_GT(mosaic_glad_function_count(), 300) << "the generated table looks truncated";
    const char* first_missing = nullptr;
    const int missing = mosaic_glad_missing_functions(&first_missing);
    EXPECT_EQ(missing, 0) << missing << " of " << mosaic_glad_function_count()
                          << " OpenGL 3.3 core functions are NULL, the first is "
                          << (first_missing != nullptr ? first_missing : "?");
    EXPECT_EQ(first_missing, nullptr);
}

TEST_F(GladLoaderTest, BufferDataRoundTrips) {
    ASSERT_NE(loaded_, 0);
    const std::array<float, 4> written = {1.0F, -2.5F, 3.25F, 1e6F};
    std::array<float, 4> read_back = {};

    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    ASSERT_NE(buffer, 0U);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof(written), written.data(), GL_STATIC_DRAW);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(read_back), read_back.data());
    glDeleteBuffers(1, &buffer);

    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(read_back, written);
}

TEST_F(GladLoaderTest, ClearsAFramebufferAndReadsTheColourBack) {
    ASSERT_NE(loaded_, 0);
    // An offscreen RGBA8 target, so the result does not depend on the window's visual.
    GLuint renderbuffer = 0;
    GLuint framebuffer = 0;
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER),
              static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));

    glViewport(0, 0, 4, 4);
    glClearColor(1.0F, 0.5F, 0.0F, 1.0F);
    glClear(GL_COLOR_BUFFER_BIT);
    std::array<GLubyte, 4> pixel = {};
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel.data());

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteRenderbuffers(1, &renderbuffer);

    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(pixel[0], 255);
    EXPECT_NEAR(pixel[1], 128, 1);  // 0.5 * 255 rounds either way
    EXPECT_EQ(pixel[2], 0);
    EXPECT_EQ(pixel[3], 255);
}

// The rest needs no display: a fake loader stands in for the driver.

const char* fake_version = "";

const GLubyte* APIENTRY fake_get_string(GLenum name) {
    return name == GL_VERSION ? reinterpret_cast<const GLubyte*>(fake_version) : nullptr;
}

void* fake_loader(const char* name) {
    if (std::strcmp(name, "glGetString") == 0) return reinterpret_cast<void*>(&fake_get_string);
    return nullptr;
}

void* null_loader(const char* /*name*/) {
    return nullptr;
}

TEST(GladLoaderWithoutContext, FailsWhenNothingLoads) {
    EXPECT_EQ(gladLoadGLLoader(null_loader), 0);
    EXPECT_EQ(GLVersion.major, 0);
    EXPECT_EQ(GLVersion.minor, 0);
}

TEST(GladLoaderWithoutContext, RejectsVersionsBelow33) {
    fake_version = "3.2 Mesa 22.3.6";
    EXPECT_EQ(gladLoadGLLoader(fake_loader), 0);
    EXPECT_EQ(GLVersion.major, 3);
    EXPECT_EQ(GLVersion.minor, 2);
    EXPECT_EQ(GLAD_GL_VERSION_3_2, 1);
    EXPECT_EQ(GLAD_GL_VERSION_3_3, 0);
}

TEST(GladLoaderWithoutContext, RejectsOpenGlEs) {
    fake_version = "OpenGL ES 3.2 Mesa 22.3.6";
    EXPECT_EQ(gladLoadGLLoader(fake_loader), 0);
    EXPECT_EQ(GLVersion.major, 0);
}

TEST(GladLoaderWithoutContext, AcceptsNewerVersionsAndReportsMissingFunctions) {
    fake_version = "4.6.0 NVIDIA 550.54";
    EXPECT_NE(gladLoadGLLoader(fake_loader), 0);
    EXPECT_EQ(GLVersion.major, 4);
    EXPECT_EQ(GLVersion.minor, 6);
    const char* first_missing = nullptr;
    // Only glGetString resolved, so every other pointer in the table is missing.
    EXPECT_EQ(mosaic_glad_missing_functions(&first_missing), mosaic_glad_function_count() - 1);
    EXPECT_STREQ(first_missing, "glCullFace");
}

}  // namespace
