#pragma once
// history: undo and redo of edit-mode changes.
//
// A step is what one user action changed, as before/after states: a component's value (or
// its absence, so add and remove are the same record), an entity's existence (a snapshot
// with its handle, so undoing a delete revives the very same entity id and every reference to
// it is valid again), an entity's active flag, a file's contents (a prefab applied to). Undo
// applies the "before" states in reverse order, redo the "after" states in order. A new step drops
// the redo tail; the oldest steps go once there are more than max_steps (memory stays bounded).
//
// Changes are recorded after they were applied (a drag applies live and records one step
// when the mouse is released); history never decides what an edit does, only how to revert.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <mosaic/ecs/type_id.hpp>
#include <mosaic/engine/animation/clip.hpp>
#include <mosaic/engine/scene/scene.hpp>

namespace mosaic::editor {

/// One component on one entity: absent, or present with its bytes and enabled flag.
struct component_state {
    bool present = false;
    bool enabled = true;
    std::vector<std::byte> bytes;

    friend bool operator==(const component_state&, const component_state&) = default;
};

/// Reads the state of `type` on `e` (registered, non-opaque types: their bytes).
[[nodiscard]] component_state capture_component(const world& w, entity e, type_id type);
/// Makes `type` on `e` match `state` (adds, overwrites or removes).
void restore_component(world& w, entity e, type_id type, const component_state& state);

/// An entity as it was: its handle, active flag, components, and what the scene keeps for it
/// by file id: unknown components kept from the file, and a missing prefab's placeholder's
/// overrides (scene::prefab_overrides, verbatim).
struct entity_snapshot {
    entity handle = null_entity;
    bool active = true;
    std::vector<std::pair<type_id, component_state>> components;
    std::vector<unknown_component> unknown;
    std::optional<std::string> prefab_overrides;
};

/// Snapshot of `e` (types the table does not describe as plain data are skipped).
[[nodiscard]] entity_snapshot capture_entity(const scene& s, const component_table& table,
                                             entity e);
/// Brings a snapshot back with the same handle. False if the slot is taken by another entity.
bool restore_entity(scene& s, const entity_snapshot& snapshot);
/// Destroys `e` with what the scene keeps for it by file id (a snapshot holds them to undo).
void forget_entity(scene& s, entity e);
/// Gives `copy` (a new entity copied from `original`) what the scene keeps for `original` by
/// file id, under `copy`'s id: a copied placeholder is one too, with the same overrides.
void copy_kept(scene& s, entity original, entity copy);

struct component_change {
    entity target;
    type_id type = invalid_type_id;
    component_state before, after;
};
struct entity_change {
    entity_snapshot snapshot;
    bool created = true;  // true: did not exist before; false: deleted
};
struct active_change {
    entity target;
    bool before = true, after = true;
};
/// A file the step wrote (Apply to Prefab writes the prefab's): its whole contents before and
/// after. Undo and redo write them back (a failure goes to history::file_errors()).
struct file_change {
    std::filesystem::path path;
    std::string before, after;
};
/// An edit of a clip the Animation window edits (animation_editor.hpp), kept in memory until
/// it is saved: the clip before and after. Undo and redo hand back the clip now in effect
/// (history::clips_restored()); the editor gives it to the window.
struct clip_change {
    std::string path;  // relative to the project folder, as Animator.clip names it
    animation_clip before, after;
};
/// A clip as an undo or redo left it.
struct clip_state {
    std::string path;
    animation_clip clip;
};
using change =
    std::variant<component_change, entity_change, active_change, file_change, clip_change>;

struct step {
    std::string label;  // "Move", "Add Component Sprite", ... (menu: "Undo Move")
    std::vector<change> changes;
    std::uint64_t id = 0;  // set by history::push
};

class history {
public:
    explicit history(std::size_t max_steps = 1000) : max_steps_(max_steps) {}

    /// Adds an applied step (dropped when it changes nothing). Drops the redo tail.
    void push(step s);
    [[nodiscard]] bool can_undo() const noexcept { return position_ > 0; }
    [[nodiscard]] bool can_redo() const noexcept { return position_ < steps_.size(); }
    [[nodiscard]] const std::string& undo_label() const;
    [[nodiscard]] const std::string& redo_label() const;
    /// False when there is nothing to undo / redo.
    bool undo(scene& s);
    bool redo(scene& s);
    /// The files the last undo() / redo() wrote (file_change), so their readers reload them.
    [[nodiscard]] const std::vector<std::filesystem::path>& files_written() const noexcept {
        return files_written_;
    }
    /// The clips the last undo() / redo() gave back (clip_change), in the order applied.
    [[nodiscard]] const std::vector<clip_state>& clips_restored() const noexcept {
        return clips_restored_;
    }
    /// Why writing them failed, one line each (empty: they were written).
    [[nodiscard]] const std::vector<std::string>& file_errors() const noexcept {
        return file_errors_;
    }
    void clear() noexcept;
    /// Calls `f(type, state)` for every recorded component value (changes and entity
    /// snapshots), to rewrite them after the game's code changed; a value for which `f`
    /// returns false is dropped. Returns how many were dropped.
    std::size_t remap_components(
        const std::function<bool(type_id& type, component_state& state)>& f);

    [[nodiscard]] std::size_t undo_steps() const noexcept { return position_; }
    [[nodiscard]] std::size_t redo_steps() const noexcept { return steps_.size() - position_; }
    [[nodiscard]] std::size_t max_steps() const noexcept { return max_steps_; }
    /// Names the state the steps have reached (0: the start). Equal values mean the same
    /// scene: the editor compares it with the value at the last save to know if it is dirty.
    [[nodiscard]] std::uint64_t state_id() const noexcept {
        return position_ > 0 ? steps_[position_ - 1].id : base_id_;
    }

private:
    std::deque<step> steps_;
    std::size_t position_ = 0;  // steps_[0, position_) are done
    std::size_t max_steps_;
    std::uint64_t next_id_ = 1;
    std::uint64_t base_id_ = 0;  // state_id() with no step done (changes as old steps drop)
    std::vector<std::filesystem::path> files_written_;
    std::vector<std::string> file_errors_;
    std::vector<clip_state> clips_restored_;

    void apply_step(scene& s, const step& st, bool forward);
};

}  // namespace mosaic::editor
