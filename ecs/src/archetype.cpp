#include "mosaic/ecs/archetype.hpp"

#include <new>
#include <utility>

namespace mosaic {

void* archetype::copy_value(type_id type, const void* value) {
    const type_info* info = find_type(type);
    if (!info || !info->copy_construct) return nullptr;
    void* memory = ::operator new (info->size, std::align_val_t{info->alignment});
    try {
        info->copy_construct(memory, value);
    } catch (...) {
        ::operator delete (memory, std::align_val_t{info->alignment});
        throw;
    }
    return memory;
}

void archetype::free_value(type_id type, void* value) noexcept {
    const type_info* info = find_type(type);
    if (info->destroy) info->destroy(value);  // null once retired: its module is gone
    ::operator delete (value, std::align_val_t{info->alignment});
}

archetype::archetype(const archetype& other) : name_(other.name_) {
    components_.reserve(other.components_.size());
    try {
        for (const component& c : other.components_) {
            components_.push_back({c.type, copy_value(c.type, c.value), c.enabled});
        }
    } catch (...) {  // a copy constructor threw: the destructor will not run
        for (const component& c : components_) free_value(c.type, c.value);
        throw;
    }
}

archetype& archetype::operator=(const archetype& other) {
    if (this != &other) {
        archetype copy(other);
        *this = std::move(copy);
    }
    return *this;
}

archetype& archetype::operator=(archetype&& other) noexcept {
    if (this != &other) {
        for (const component& c : components_) free_value(c.type, c.value);
        name_ = std::move(other.name_);
        components_ = std::exchange(other.components_, {});
    }
    return *this;
}

archetype::~archetype() {
    for (const component& c : components_) free_value(c.type, c.value);
}

bool archetype::set(type_id type, const void* value, bool enabled) {
    void* copy = copy_value(type, value);
    if (!copy) return false;
    for (component& c : components_) {
        if (c.type == type) {
            free_value(type, c.value);
            c.value = copy;
            c.enabled = enabled;
            return true;
        }
    }
    components_.push_back({type, copy, enabled});
    return true;
}

const void* archetype::find(type_id type) const noexcept {
    for (const component& c : components_) {
        if (c.type == type) return c.value;
    }
    return nullptr;
}

bool archetype::has(type_id type) const noexcept {
    return find(type) != nullptr;
}

bool archetype::is_enabled(type_id type) const noexcept {
    for (const component& c : components_) {
        if (c.type == type) return c.enabled;
    }
    return false;
}

bool archetype::remove(type_id type) {
    for (auto it = components_.begin(); it != components_.end(); ++it) {
        if (it->type == type) {
            free_value(type, it->value);
            components_.erase(it);
            return true;
        }
    }
    return false;
}

std::vector<type_id> archetype::types() const {
    std::vector<type_id> result;
    result.reserve(components_.size());
    for (const component& c : components_) result.push_back(c.type);
    return result;
}

void archetype::apply_to(world& w, entity e) const {
    for (const component& c : components_) {
        w.set_copy(e, c.type, c.value);
        w.set_enabled(e, c.type, c.enabled);
    }
}

entity spawn(command_buffer& commands, const archetype& a) {
    const entity e = commands.create();
    commands.call(
        e,
        [](world& w, entity target, const void* context) {
            static_cast<const archetype*>(context)->apply_to(w, target);
        },
        &a);
    return e;
}

entity spawn(world& w, const archetype& a) {
    const entity e = w.create();
    a.apply_to(w, e);
    return e;
}

entity spawn(world& w, const archetype& a, const archetype& overrides) {
    const entity e = spawn(w, a);
    overrides.apply_to(w, e);
    return e;
}

void spawn(world& w, const archetype& a, std::span<entity> out) {
    w.create(out);
    for (const type_id type : a.types()) {
        if (sparse_set* pool = w.assure(type)) pool->reserve(pool->size() + out.size());
    }
    for (const entity e : out) a.apply_to(w, e);
}

std::vector<entity> spawn_n(world& w, const archetype& a, std::size_t n) {
    std::vector<entity> out(n);
    spawn(w, a, out);
    return out;
}

}  // namespace mosaic
