#include "mosaic/ecs/assert.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace mosaic {
namespace {

void default_handler(const char* condition, const std::string& message, const char* file,
                     int line) {
    std::fprintf(stderr, "mosaic: %s\n  (check `%s` failed at %s:%d)\n", message.c_str(), condition,
                 file, line);
#ifndef NDEBUG
    std::abort();
#endif
}

std::atomic<assert_handler> current_handler{&default_handler};

}  // namespace

assert_handler set_assert_handler(assert_handler handler) noexcept {
    return current_handler.exchange(handler ? handler : &default_handler);
}

namespace detail {
void assert_failed(const char* condition, const std::string& message, const char* file, int line) {
    current_handler.load()(condition, message, file, line);
}
}  // namespace detail

}  // namespace mosaic
