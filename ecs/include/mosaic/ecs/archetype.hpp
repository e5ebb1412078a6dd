#pragma once
// archetype: a named set of components with prototype values (a prefab).
//
//   mosaic::archetype bullet{"Bullet"};
//   bullet.set(Velocity{0, 300}).set(Lifetime{2.0f});
//   entity b = mosaic::spawn(world, bullet, [&](mosaic::handle h) {
//       h.get<Velocity>().y = muzzle_speed;  // a per-entity override
//   });
//
// Values are held type-erased (by type id), so archetypes loaded from files (the scene-file
// issue) work the same as ones built in code.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "command_buffer.hpp"
#include "handle.hpp"
#include "world.hpp"

namespace mosaic {

class archetype {
public:
    explicit archetype(std::string name = {}) : name_(std::move(name)) {}
    archetype(const archetype& other);
    archetype& operator=(const archetype& other);
    archetype(archetype&&) noexcept = default;
    archetype& operator=(archetype&& other) noexcept;
    ~archetype();

    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    void rename(std::string name) { name_ = std::move(name); }

    /// Adds T with this prototype value, or replaces the value it had.
    template <class T>
    archetype& set(const T& value, bool enabled = true) {
        static_assert(std::is_copy_constructible_v<T>,
                      "archetype::set<T>: prototype values are copied into every spawned "
                      "entity, so T must be copy-constructible");
        set(type_id_of<T>(), &value, enabled);
        return *this;
    }
    /// Runtime form: copies `*value`, of the type with id `type`. False for unknown or
    /// non-copyable types.
    bool set(type_id type, const void* value, bool enabled = true);

    template <class T>
    [[nodiscard]] const T* find() const noexcept {
        return static_cast<const T*>(find(type_id_of<T>()));
    }
    [[nodiscard]] const void* find(type_id type) const noexcept;
    template <class T>
    [[nodiscard]] bool has() const noexcept {
        return has(type_id_of<T>());
    }
    [[nodiscard]] bool has(type_id type) const noexcept;
    template <class T>
    bool remove() {
        return remove(type_id_of<T>());
    }
    bool remove(type_id type);

    [[nodiscard]] std::size_t size() const noexcept { return components_.size(); }
    /// The component types, in the order they were first set.
    [[nodiscard]] std::vector<type_id> types() const;
    [[nodiscard]] bool is_enabled(type_id type) const noexcept;

    /// Adds copies of every prototype to entity `e` of `w` (replacing values it has).
    void apply_to(world& w, entity e) const;

private:
    struct component {
        type_id type;
        void* value;  // allocated with the type's size and alignment
        bool enabled;
    };
    static void* copy_value(type_id type, const void* value);
    static void free_value(type_id type, void* value) noexcept;

    std::string name_;
    std::vector<component> components_;
};

/// Creates an entity with the archetype's components.
entity spawn(world& w, const archetype& a);
/// Records a spawn of `a` in a command buffer (for systems): returns the placeholder that
/// later commands of the same buffer can use (`commands.set<Transform>(e, ...)` overrides a
/// value). `a` must outlive the buffer's apply().
entity spawn(command_buffer& commands, const archetype& a);
/// Creates an entity from `a`, then applies `overrides` on top (adds and replaces).
entity spawn(world& w, const archetype& a, const archetype& overrides);
/// Creates an entity from `a`, then calls customize(handle) for per-entity values.
template <class F>
requires std::is_invocable_v<F&, handle> entity spawn(world& w, const archetype& a, F&& customize) {
    const entity e = spawn(w, a);
    customize(handle{w, e});
    return e;
}
/// Creates out.size() entities from `a` (pools reserved once).
void spawn(world& w, const archetype& a, std::span<entity> out);
/// Creates n entities from `a` and returns them.
std::vector<entity> spawn_n(world& w, const archetype& a, std::size_t n);

}  // namespace mosaic
