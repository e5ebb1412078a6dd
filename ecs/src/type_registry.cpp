#include <deque>
#include <mutex>

#include "mosaic/ecs/type_id.hpp"

namespace mosaic {
namespace {

// A deque keeps references stable while other threads register more types.
struct type_registry {
    std::mutex mutex;
    std::deque<type_info> types;
};

type_registry& registry() {
    static type_registry instance;
    return instance;
}

}  // namespace

const type_info* find_type(type_id id) noexcept {
    auto& reg = registry();
    std::lock_guard lock(reg.mutex);
    return id < reg.types.size() ? &reg.types[id] : nullptr;
}

std::size_t type_count() noexcept {
    auto& reg = registry();
    std::lock_guard lock(reg.mutex);
    return reg.types.size();
}

namespace detail {
type_id register_type(type_info info) {
    auto& reg = registry();
    std::lock_guard lock(reg.mutex);
    info.id = static_cast<type_id>(reg.types.size());
    reg.types.push_back(info);
    return info.id;
}
}  // namespace detail

}  // namespace mosaic
