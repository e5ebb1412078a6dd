#include <glad/glad.h>

#include <mosaic/engine/render/render_target.hpp>
#include <string>

#include "shader.hpp"

namespace mosaic::detail {

namespace {

template <class GetIv, class GetLog>
std::string info_log(GLuint object, GetIv get_iv, GetLog get_log) {
    GLint length = 0;
    get_iv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    if (length > 0) get_log(object, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log.empty() ? "(the driver gave no log)" : log;
}

GLuint compile(const char* name, GLenum stage, const char* source) {
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string log = info_log(shader, glGetShaderiv, glGetShaderInfoLog);
        glDeleteShader(shader);
        throw render_error(std::string("mosaic: the ") +
                           (stage == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader of '" +
                           name + "' does not compile:\n" + log);
    }
    return shader;
}

}  // namespace

GLuint build_program(const char* name, const char* vertex_source, const char* fragment_source) {
    const GLuint vertex = compile(name, GL_VERTEX_SHADER, vertex_source);
    GLuint fragment = 0;
    try {
        fragment = compile(name, GL_FRAGMENT_SHADER, fragment_source);
    } catch (...) {
        glDeleteShader(vertex);
        throw;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glLinkProgram(program);
    // The program keeps what it linked; the shader objects are no longer needed.
    glDetachShader(program, vertex);
    glDetachShader(program, fragment);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string log = info_log(program, glGetProgramiv, glGetProgramInfoLog);
        glDeleteProgram(program);
        throw render_error(std::string("mosaic: the shader program '") + name +
                           "' does not link:\n" + log);
    }
    return program;
}

}  // namespace mosaic::detail
