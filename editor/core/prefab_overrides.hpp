#pragma once
// prefab_overrides: what the inspector's prefab marks and menus do to a linked instance
// (issue 15 §2) — revert an overridden value to the prefab's, apply it to the prefab (its
// file is written and every instance in the scene follows, except where they override it),
// all of an instance's overrides at once, unpack. Each is one undo step; undoing an apply
// writes the prefab file back as it was too.
//
// Built on the engine's model (mosaic/engine/scene/prefab_link.hpp): overrides are not
// stored, they are the differences between an instance's entities and its prefab's nodes.
// The instance root's position and rotation are where the instance stands, not overrides
// (as in Unity): the engine's rule, so they are not marked, listed, reverted or applied.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <mosaic/engine/scene/prefab_link.hpp>

namespace mosaic::editor {

class editor_state;

/// The instance an entity belongs to, resolved through the editor's prefab library.
struct linked_instance {
    prefab_instance members;         // root and members (empty when the prefab is missing)
    entity root = null_entity;       // the instance's root entity
    std::string path;                // the link, as PrefabInstance stores it
    std::filesystem::path file;      // the prefab file
    std::string name;                // "Tank"
    const prefab* source = nullptr;  // null: missing, broken or in a cycle (problem says why)
    std::string problem;
};

/// The instance `e` belongs to, or nullopt when `e` has no PrefabInstance.
[[nodiscard]] std::optional<linked_instance> linked_instance_of(editor_state& s, entity e);

/// Every override of the instance (nothing when its prefab is missing).
[[nodiscard]] std::vector<prefab_override> overrides_of(editor_state& s,
                                                        const linked_instance& inst);

/// Whether `e`'s component (or, given, its field) is an overridden prefab value.
[[nodiscard]] bool is_overridden(editor_state& s, entity e, const component_info& component,
                                 const field_info* field = nullptr);
/// The same for a member of `inst` found before (the inspector asks for every field of every
/// shown entity each frame: finding the instance once is enough).
[[nodiscard]] bool is_overridden(editor_state& s, const linked_instance& inst, entity e,
                                 const component_info& component,
                                 const field_info* field = nullptr);

/// The overrides a menu acts on: of `e`'s `component` (or of one `field` of it); with
/// `component` null, every override of the instance `e` belongs to. A removed component is
/// named by its component_info too.
struct override_scope {
    entity e = null_entity;
    const component_info* component = nullptr;
    const field_info* field = nullptr;
};

/// Sets those values back to the prefab's (an added component goes, a removed one comes
/// back). One undo step; false when there was nothing to revert.
bool revert_overrides(editor_state& s, const override_scope& scope);
/// Makes those values the prefab's: writes the prefab file, then every instance of it in
/// the scene takes them (except where it overrides them itself). One undo step, the file
/// included; false (with the reason in the console) when nothing was applied.
bool apply_overrides(editor_state& s, const override_scope& scope);

/// Turns the instance `e` belongs to into plain entities: its entities lose their link
/// (nested instances inside keep theirs). Refused (console) for a missing prefab's
/// placeholder: its values wait in the overrides kept from the file.
/// One undo step; false when `e` is not in an instance.
bool unpack_instance(editor_state& s, entity e);

}  // namespace mosaic::editor
