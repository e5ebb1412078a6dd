#pragma once
// handle: an entity together with its world, for Unity-style code
//
//   mosaic::handle tank{world, world.create()};
//   tank.add<Hull>();
//   tank.get<Hull>().armor -= 10;  // GetComponent<Hull>()
//   if (tank.has<Turret>()) tank.get<Turret>().angle = 90;
//
// It is two pointers wide and adds nothing to the packed storage underneath.

#include <utility>

#include "world.hpp"

namespace mosaic {

class handle {
public:
    handle() = default;
    handle(world& w, entity e) noexcept : world_(&w), entity_(e) {}

    /// True when the handle names a live entity of a world.
    [[nodiscard]] bool valid() const noexcept { return world_ && world_->alive(entity_); }
    explicit operator bool() const noexcept { return valid(); }

    [[nodiscard]] entity id() const noexcept { return entity_; }
    [[nodiscard]] world* owner() const noexcept { return world_; }

    template <class T, class... Args>
    T& add(Args&&... args) const {
        return owner_or_empty().add<T>(entity_, std::forward<Args>(args)...);
    }
    template <class T>
    [[nodiscard]] T& get() const {
        return owner_or_empty().get<T>(entity_);
    }
    template <class T>
    [[nodiscard]] T* try_get() const noexcept {
        return world_ ? world_->try_get<T>(entity_) : nullptr;
    }
    template <class T, class... Args>
    T& get_or_add(Args&&... args) const {
        return owner_or_empty().get_or_add<T>(entity_, std::forward<Args>(args)...);
    }
    template <class... T>
    [[nodiscard]] bool has() const noexcept {
        return world_ && world_->has<T...>(entity_);
    }
    template <class T>
    bool remove() const {
        return world_ && world_->remove<T>(entity_);
    }
    template <class T>
    bool set_enabled(bool enabled) const {
        return world_ && world_->set_enabled<T>(entity_, enabled);
    }
    /// Destroys the entity; the handle becomes invalid. False if it already was.
    bool destroy() const { return world_ && world_->destroy(entity_); }

    friend bool operator==(const handle&, const handle&) noexcept = default;

private:
    // A default handle has no world: its calls fail the entity check (in an empty world)
    // instead of dereferencing null.
    world& owner_or_empty() const {
        if (world_) return *world_;
        thread_local world empty;
        return empty;
    }

    world* world_ = nullptr;
    entity entity_{};
};

}  // namespace mosaic
