#include "entity_names.hpp"

#include <cstdint>
#include <cstring>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/scene/scene.hpp>

namespace mosaic::editor {

std::string_view name_text(const Name& n) noexcept {
    return {n.value, strnlen(n.value, sizeof n.value)};
}

std::string name_of(const world& w, entity e) {
    const Name* n = w.try_get<Name>(e);
    return n ? std::string(name_text(*n)) : std::string();
}

entity find_named(const world& w, std::string_view name) {
    entity found = null_entity;
    std::uint64_t best = ~std::uint64_t{0};
    w.view<const Name>(exclude<>, include_disabled).each([&](entity e, const Name& n) {
        if (name_text(n) != name) return;
        const EntityId* id = w.try_get<EntityId>(e);
        const std::uint64_t key = id ? id->value : ~std::uint64_t{0} - 1;
        if (found.is_null() || key < best) {
            found = e;
            best = key;
        }
    });
    return found;
}

}  // namespace mosaic::editor
