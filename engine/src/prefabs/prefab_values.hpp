#pragma once
// Internal: comparing and copying component values between an instance and its prefab,
// field by field, with references translated between the instance's entities and the
// prefab's nodes. Shared by overrides (prefab_link.cpp), propagation (prefab_propagate.cpp)
// and the scene writer (instance_json.cpp).

#include <cstring>
#include <string_view>
#include <vector>

#include <mosaic/ecs/component_table.hpp>

#include "mosaic/engine/scene/prefab.hpp"
#include "mosaic/engine/scene/prefab_link.hpp"

namespace mosaic::detail {

/// The path a link names.
[[nodiscard]] inline std::string_view link_path(const PrefabInstance& link) noexcept {
    return {link.prefab.path, strnlen(link.prefab.path, sizeof link.prefab.path)};
}

/// Whether an instance's entity and its prefab node can differ in components of this type:
/// saved, plain-data components other than the entity keys (id, name, parent, enabled) and
/// the link itself.
[[nodiscard]] bool is_overridable(const component_info* info);

/// Whether field `f` of `component` on the instance's entity `e` is where the instance stands:
/// its root's Transform position and rotation. Those differ from the prefab's in every
/// instance (as in Unity), so they are no overrides: not listed, reverted, applied or
/// propagated (the scene file still writes them).
[[nodiscard]] bool is_placement(const prefab_instance& inst, entity e,
                                const component_info& component, const field_info& f);

/// The components of `e` in `w` that is_overridable, in the world's order.
[[nodiscard]] std::vector<const component_info*> overridable_components(
    const world& w, entity e, const component_table& table);

/// References between one instance's entities and its prefab's nodes.
class ref_map {
public:
    ref_map(const prefab_instance& inst, const prefab& p) : inst_(&inst), p_(&p) {}
    /// The instance's copy of prefab node entity `node` (null when none).
    [[nodiscard]] entity to_instance(entity node) const noexcept;
    /// The prefab node entity of the instance's `e` (null when outside the instance).
    [[nodiscard]] entity to_prefab(entity e) const noexcept;

private:
    const prefab_instance* inst_;
    const prefab* p_;
};

/// Whether field `f` of the instance's component `mine` equals the node's `theirs`
/// (references equal when they point at the same node; text up to its NUL).
[[nodiscard]] bool field_equal(const field_info& f, const void* mine, const void* theirs,
                               const ref_map& refs);
/// Whether every field is equal.
[[nodiscard]] bool component_equal(const component_info& info, const void* mine, const void* theirs,
                                   const ref_map& refs);

enum class direction : std::uint8_t { to_instance, to_prefab };
/// Copies field `f` from `from` to `to`, references translated in `dir`.
void copy_field(const field_info& f, void* to, const void* from, const ref_map& refs,
                direction dir);
/// Copies every field.
void copy_fields(const component_info& info, void* to, const void* from, const ref_map& refs,
                 direction dir);

}  // namespace mosaic::detail
