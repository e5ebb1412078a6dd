#include <deque>
#include <mutex>
#include <string>

#include "mosaic/ecs/type_id.hpp"

namespace mosaic {
namespace {

// A deque keeps references stable while other threads register more types.
struct type_registry {
    std::mutex mutex;
    std::deque<type_info> types;
    std::deque<std::string> retired_names;  // the names of retired types, owned here
};

// Never destroyed: a game module unloaded during static destruction (a cached project in a
// test, a host's global) still retires its types here.
type_registry& registry() {
    static type_registry* instance = new type_registry;
    return *instance;
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
    // A module reloaded registers its types again: give each its retired id back. The
    // name from the compiler is the type's identity across the reload.
    for (type_info& existing : reg.types) {
        if (existing.retired && existing.name == info.name) {
            info.id = existing.id;
            existing = info;
            return info.id;
        }
    }
    info.id = static_cast<type_id>(reg.types.size());
    reg.types.push_back(info);
    return info.id;
}
}  // namespace detail

void retire_type(type_id id) noexcept {
    auto& reg = registry();
    std::lock_guard lock(reg.mutex);
    if (id >= reg.types.size() || reg.types[id].retired) return;
    type_info& info = reg.types[id];
    try {
        info.name = reg.retired_names.emplace_back(info.name);
    } catch (...) {
        info.name = "(retired type)";  // out of memory: the name only serves messages
    }
    info.default_construct = nullptr;
    info.copy_construct = nullptr;
    info.destroy = nullptr;
    info.make_storage = nullptr;
    info.retired = true;
}

}  // namespace mosaic
