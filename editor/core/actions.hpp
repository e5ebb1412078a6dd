#pragma once
// actions: every change the editor makes to a scene, in one place. The menus, shortcuts,
// panels and the automation script all call these, so a scripted test exercises the same
// code as a click. Each action applies the change and records one undo step (none while
// playing: play-mode edits are thrown away on Stop and never enter the history).
//
// Entities are acted on as a group (the selection): multi-object editing is the normal case.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/field.hpp>

#include "history.hpp"

namespace mosaic::editor {

class editor_state;

/// `roots` and everything below them (by Parent), parents before children, each once.
[[nodiscard]] std::vector<entity> with_descendants(const world& w, std::span<const entity> roots);

// The actions that create entities create none, and return null / nothing with an error in
// the console, when the world's entity limit would be passed.
/// A new entity with a Name and a Transform (under `parent` when not null); selected.
entity create_entity(editor_state& s, std::string_view name, entity parent = null_entity);
/// A new entity from an archetype (named after it); selected.
entity create_from_archetype(editor_state& s, const archetype& a);
/// Deletes the entities and their children. Undo brings back the same ids. Refused (console)
/// for a child of a prefab instance: Unpack it first, or edit the prefab.
void delete_entities(editor_state& s, std::span<const entity> entities);
/// Copies the entities with their children (names get " (1)", references inside the copied
/// set point to the copies); the copies become the selection. Returns the copied roots.
std::vector<entity> duplicate_entities(editor_state& s, std::span<const entity> entities);
bool rename_entity(editor_state& s, entity e, std::string_view name);
/// Moves the entities under `parent` (null: to the root). Refuses cycles; `error` says why.
bool reparent(editor_state& s, std::span<const entity> entities, entity parent,
              std::string* error = nullptr);
void set_active(editor_state& s, std::span<const entity> entities, bool active);

/// Adds the registered type (prototype value) to the entities that lack it.
bool add_component(editor_state& s, std::span<const entity> entities, type_id type);
bool remove_component(editor_state& s, std::span<const entity> entities, type_id type);
void set_component_enabled(editor_state& s, std::span<const entity> entities, type_id type,
                           bool enabled);
/// Resets the component to the type's prototype.
void reset_component(editor_state& s, std::span<const entity> entities, type_id type);
/// Writes `bytes` (a whole value of `type`) into the entities' component.
void paste_component(editor_state& s, std::span<const entity> entities, type_id type,
                     std::span<const std::byte> bytes);
/// Writes one field (`value` points at the field's bytes: count elements) on every entity.
void set_field(editor_state& s, std::span<const entity> entities, type_id type,
               const field_info& field, const void* value);
/// Moves the entities' Transform by `delta` (the scene view's translate handle).
void move_entities(editor_state& s, std::span<const entity> entities, glm::vec2 delta);

/// A continuous edit (a drag in the inspector, the translate handle): the values change live
/// every frame, and finish() records one undo step from the values at begin.
class live_edit {
public:
    live_edit() = default;
    /// Remembers the current value of `type` on each entity.
    void begin(const editor_state& s, std::span<const entity> entities, type_id type,
               std::string label);
    [[nodiscard]] bool active() const noexcept { return !entities_.empty(); }
    /// Records the step (if anything changed) and ends the edit.
    void finish(editor_state& s);
    /// Ends without recording (the values stay as they are).
    void cancel() noexcept;

private:
    std::vector<entity> entities_;
    std::vector<component_state> before_;
    type_id type_ = invalid_type_id;
    std::string label_;
};

}  // namespace mosaic::editor
