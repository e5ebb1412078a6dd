#include <mosaic/ecs/running_system.hpp>

namespace mosaic {

namespace {
thread_local const char* current = nullptr;
}  // namespace

const char* running_system() noexcept {
    return current;
}

namespace detail {
running_system_scope::running_system_scope(const char* name) noexcept : outer_(current) {
    current = name;
}
running_system_scope::~running_system_scope() {
    current = outer_;
}
}  // namespace detail

}  // namespace mosaic
