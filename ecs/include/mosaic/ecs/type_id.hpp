#pragma once
// Runtime type ids: every component type gets a dense number (0, 1, 2, ...) the first time
// it is used, the same in every translation unit of the program. Tools (the serializer, the
// editor, prefabs) only know these ids; through `find_type(id)` they reach the functions that
// create, copy and destroy values of the type, and make an empty pool for it.
//
// Ids are dense, not stable across runs: files store registered names, never ids.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>

#include "fwd.hpp"

namespace mosaic {

/// What the ECS knows of a component type at run time. Function pointers are null when the
/// type does not support the operation (e.g. `copy_construct` for a move-only type).
struct type_info {
    type_id id = invalid_type_id;
    std::string_view name;  // from the compiler, e.g. "game::Position"; for messages
    std::size_t size = 0;
    std::size_t alignment = 1;
    bool empty = false;  // tag type: pools store no data for it
    void (*default_construct)(void* where) = nullptr;
    void (*copy_construct)(void* where, const void* from) = nullptr;
    void (*destroy)(void* what) = nullptr;
    std::unique_ptr<sparse_set> (*make_storage)() = nullptr;
    /// The code of the type was unloaded (retire_type): the id stays taken, its functions
    /// are null and no pool can be made for it any more.
    bool retired = false;
};

/// The type with this id, or nullptr when no type has that id.
[[nodiscard]] const type_info* find_type(type_id id) noexcept;
/// How many types have an id so far.
[[nodiscard]] std::size_t type_count() noexcept;

/// Forgets the code of type `id` before the shared library that defined it is unloaded (a
/// game module's hot reload): its name is copied, its functions become null and worlds can
/// no longer make pools for it. Pools of the type must be gone first (world::drop_pool).
/// When code registers a type of the same name later (the reloaded module), it gets this id
/// back, so ids stay dense across reloads. Never retire a type the host itself uses.
void retire_type(type_id id) noexcept;

namespace detail {

type_id register_type(type_info info);

/// The compiler's name for T ("Position", "game::Tank"), taken from __PRETTY_FUNCTION__.
template <class T>
constexpr std::string_view pretty_type_name() noexcept {
    std::string_view name = __PRETTY_FUNCTION__;
    const auto start = name.find("T = ") + 4;
    const auto end = name.find_first_of(";]", start);
    return name.substr(start, end - start);
}

// Defined in storage.hpp (which every user of pools includes).
template <class T>
std::unique_ptr<sparse_set> make_storage_for();

template <class T>
type_info make_type_info() {
    type_info info;
    info.name = pretty_type_name<T>();
    info.size = sizeof(T);
    info.alignment = alignof(T);
    info.empty = std::is_empty_v<T>;
    if constexpr (std::is_default_constructible_v<T>) {
        info.default_construct = [](void* where) { ::new (where) T(); };
    }
    if constexpr (std::is_copy_constructible_v<T>) {
        info.copy_construct = [](void* where, const void* from) {
            ::new (where) T(*static_cast<const T*>(from));
        };
    }
    info.destroy = [](void* what) { static_cast<T*>(what)->~T(); };
    info.make_storage = &make_storage_for<T>;
    return info;
}

}  // namespace detail

namespace detail {
template <class U>
inline std::atomic<type_id> known_type_id{invalid_type_id};
template <class U>
[[gnu::noinline]] type_id first_type_id() {
    static const type_id id = register_type(make_type_info<U>());
    known_type_id<U>.store(id, std::memory_order_release);
    return id;
}
/// U's id, or invalid_type_id when nothing asked for it yet.
template <class U>
type_id type_id_if_known() noexcept {
    return known_type_id<U>.load(std::memory_order_acquire);
}
}  // namespace detail

/// The dense runtime id of T (const and references ignored).
template <class T>
[[nodiscard]] type_id type_id_of() {
    using U = std::remove_cvref_t<T>;
    const type_id id = detail::known_type_id<U>.load(std::memory_order_acquire);
    if (id != invalid_type_id) [[likely]]
        return id;
    return detail::first_type_id<U>();
}

template <class T>
[[nodiscard]] std::string_view type_name_of() noexcept {
    return detail::pretty_type_name<std::remove_cvref_t<T>>();
}

}  // namespace mosaic

// storage.hpp defines make_storage_for<T>, which type_id_of<T> refers to; including it here
// means any file that calls type_id_of<T>() links. (storage.hpp includes this file first,
// so either order works.)
#include "storage.hpp"  // IWYU pragma: keep
