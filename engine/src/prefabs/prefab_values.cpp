// Comparing and copying values between an instance and its prefab (prefab_values.hpp).
#include "prefab_values.hpp"

#include "mosaic/engine/components.hpp"
#include "scene/identity.hpp"

namespace mosaic::detail {

bool is_overridable(const component_info* info) {
    return info && !info->flags.not_saved && !info->flags.opaque &&
           !is_identity_component(info->type) && info->type != type_id_of<PrefabInstance>();
}

std::vector<const component_info*> overridable_components(const world& w, entity e,
                                                          const component_table& table) {
    std::vector<const component_info*> out;
    for (const type_id type : w.components_of(e)) {
        const component_info* info = table.find(type);
        if (is_overridable(info)) out.push_back(info);
    }
    return out;
}

bool is_placement(const prefab_instance& inst, entity e, const component_info& component,
                  const field_info& f) {
    return e == inst.root && component.type == type_id_of<Transform>() &&
           (f.name == "position" || f.name == "rotation");
}

entity ref_map::to_instance(entity node) const noexcept {
    const std::size_t i = p_->index_of(node);
    return i < inst_->members.size() ? inst_->members[i] : null_entity;
}

entity ref_map::to_prefab(entity e) const noexcept {
    const std::size_t i = inst_->node_index(e);
    return i < p_->size() ? p_->nodes()[i] : null_entity;
}

bool field_equal(const field_info& f, const void* mine, const void* theirs, const ref_map& refs) {
    for (std::uint32_t k = 0; k < f.count; ++k) {
        const void* a = f.address(mine, k);
        const void* b = f.address(theirs, k);
        if (f.kind == field_kind::entity_ref) {
            entity x;
            entity y;
            std::memcpy(&x, a, sizeof x);
            std::memcpy(&y, b, sizeof y);
            if (x != (y.is_null() ? null_entity : refs.to_instance(y))) return false;
        } else if (info_of(f.kind).is_text) {
            if (std::strncmp(static_cast<const char*>(a), static_cast<const char*>(b),
                             text_capacity(f)) != 0)
                return false;
        } else if (std::memcmp(a, b, f.size) != 0) {
            return false;
        }
    }
    return true;
}

bool component_equal(const component_info& info, const void* mine, const void* theirs,
                     const ref_map& refs) {
    for (const field_info& f : info.fields) {
        if (!field_equal(f, mine, theirs, refs)) return false;
    }
    return true;
}

void copy_field(const field_info& f, void* to, const void* from, const ref_map& refs,
                direction dir) {
    if (f.kind != field_kind::entity_ref) {
        std::memmove(f.address(to), f.address(from), f.size * f.count);
        return;
    }
    for (std::uint32_t k = 0; k < f.count; ++k) {
        entity ref;
        std::memcpy(&ref, f.address(from, k), sizeof ref);
        if (!ref.is_null())
            ref = dir == direction::to_instance ? refs.to_instance(ref) : refs.to_prefab(ref);
        std::memcpy(f.address(to, k), &ref, sizeof ref);
    }
}

void copy_fields(const component_info& info, void* to, const void* from, const ref_map& refs,
                 direction dir) {
    for (const field_info& f : info.fields) copy_field(f, to, from, refs, dir);
}

}  // namespace mosaic::detail
