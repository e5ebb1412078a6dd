#include "mosaic/ecs/assert.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace mosaic {
namespace {

thread_local int check_scope_depth = 0;

void default_handler(const char* condition, const std::string& message, const char* file,
                     int line) {
    // Inside a system: the scheduler reports it as the system's error (and the editor stops
    // the game) instead of the whole process aborting.
    if (check_scope_depth > 0) throw check_error(message, condition, file, line);
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

check_scope::check_scope() noexcept {
    ++check_scope_depth;
}

check_scope::~check_scope() {
    --check_scope_depth;
}

bool check_scope::active() noexcept {
    return check_scope_depth > 0;
}

namespace detail {
void assert_failed(const char* condition, const std::string& message, const char* file, int line) {
    current_handler.load()(condition, message, file, line);
}
}  // namespace detail

}  // namespace mosaic
