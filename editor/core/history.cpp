#include "history.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>

#include "clip_edit.hpp"

namespace mosaic::editor {

namespace {
const std::string no_label;
}  // namespace

// --- component and entity states ------------------------------------------------------------

component_state capture_component(const world& w, entity e, type_id type) {
    component_state state;
    const void* value = w.try_get(e, type);
    const type_info* info = find_type(type);
    if (!info || !w.alive(e) || !w.pool(type) || !w.pool(type)->contains(e.index)) return state;
    state.present = true;
    state.enabled = w.is_enabled(e, type);
    if (!info->empty && value) {
        state.bytes.resize(info->size);
        std::memcpy(state.bytes.data(), value, info->size);
    }
    return state;
}

void restore_component(world& w, entity e, type_id type, const component_state& state) {
    if (!w.alive(e)) return;
    if (!state.present) {
        w.remove(e, type);
        return;
    }
    static const std::byte tag_value[1] = {};  // empty types are copied from nothing
    w.set_copy(e, type, state.bytes.empty() ? tag_value : state.bytes.data());
    w.set_enabled(e, type, state.enabled);
}

entity_snapshot capture_entity(const scene& s, const component_table& table, entity e) {
    entity_snapshot snapshot;
    snapshot.handle = e;
    snapshot.active = s.world.is_active(e);
    for (const type_id type : s.world.components_of(e)) {
        if (type == type_id_of<inactive>() || type == type_id_of<resource_entity>()) continue;
        const component_info* info = table.find(type);
        // Registered plain data, and the file id: everything else cannot be copied as bytes.
        if (info ? info->flags.opaque : type != type_id_of<EntityId>()) continue;
        snapshot.components.emplace_back(type, capture_component(s.world, e, type));
    }
    if (const EntityId* id = s.world.try_get<EntityId>(e)) {
        if (const auto it = s.unknown.find(id->value); it != s.unknown.end()) {
            snapshot.unknown = it->second;
        }
        if (const auto it = s.prefab_overrides.find(id->value); it != s.prefab_overrides.end()) {
            snapshot.prefab_overrides = it->second;
        }
    }
    return snapshot;
}

bool restore_entity(scene& s, const entity_snapshot& snapshot) {
    world& w = s.world;
    if (!w.alive(snapshot.handle) && !w.create_at(snapshot.handle)) return false;
    for (const auto& [type, state] : snapshot.components) {
        restore_component(w, snapshot.handle, type, state);
    }
    w.set_active(snapshot.handle, snapshot.active);
    if (const EntityId* id = w.try_get<EntityId>(snapshot.handle)) {
        if (!snapshot.unknown.empty()) s.unknown[id->value] = snapshot.unknown;
        if (snapshot.prefab_overrides) s.prefab_overrides[id->value] = *snapshot.prefab_overrides;
    }
    return true;
}

void forget_entity(scene& s, entity e) {
    if (!s.world.alive(e)) return;
    if (const EntityId* id = s.world.try_get<EntityId>(e)) {
        s.unknown.erase(id->value);
        s.prefab_overrides.erase(id->value);
    }
    s.world.destroy(e);
}

void copy_kept(scene& s, entity original, entity copy) {
    const EntityId* from = s.world.try_get<EntityId>(original);
    const EntityId* to = s.world.try_get<EntityId>(copy);
    if (!from || !to) return;
    if (const auto it = s.unknown.find(from->value); it != s.unknown.end()) {
        s.unknown[to->value] = it->second;
    }
    if (const auto it = s.prefab_overrides.find(from->value); it != s.prefab_overrides.end()) {
        s.prefab_overrides[to->value] = it->second;
    }
}

namespace {

// Applies one change in the direction `forward` (redo) or backward (undo).
void apply(scene& s, const change& c, bool forward) {
    if (const auto* comp = std::get_if<component_change>(&c)) {
        restore_component(s.world, comp->target, comp->type, forward ? comp->after : comp->before);
    } else if (const auto* ent = std::get_if<entity_change>(&c)) {
        const bool exists = forward == ent->created;
        if (exists) {
            restore_entity(s, ent->snapshot);
        } else {
            forget_entity(s, ent->snapshot.handle);
        }
    } else if (const auto* act = std::get_if<active_change>(&c)) {
        if (s.world.alive(act->target))
            s.world.set_active(act->target, forward ? act->after : act->before);
    }
}

// Writes the contents a file_change had (empty before: the file did not exist, so it goes).
std::optional<std::string> write_back(const file_change& f, bool forward) {
    const std::string& bytes = forward ? f.after : f.before;
    if (bytes.empty()) {
        std::error_code ec;
        std::filesystem::remove(f.path, ec);
        if (ec) return "cannot remove " + f.path.string() + ": " + ec.message();
        return std::nullopt;
    }
    return write_file_atomically(f.path, bytes);
}

bool changes_something(const change& c) {
    if (const auto* comp = std::get_if<component_change>(&c)) return !(comp->before == comp->after);
    if (const auto* act = std::get_if<active_change>(&c)) return act->before != act->after;
    if (const auto* file = std::get_if<file_change>(&c)) return file->before != file->after;
    if (const auto* clip = std::get_if<clip_change>(&c))
        return !same_clip(clip->before, clip->after);
    return true;
}

}  // namespace

// --- history ----------------------------------------------------------------------------------

void history::push(step s) {
    std::erase_if(s.changes, [](const change& c) { return !changes_something(c); });
    if (s.changes.empty()) return;
    steps_.erase(steps_.begin() + static_cast<std::ptrdiff_t>(position_), steps_.end());
    s.id = next_id_++;
    steps_.push_back(std::move(s));
    ++position_;
    while (steps_.size() > max_steps_) {
        base_id_ = steps_.front().id;  // undoing to the very start is no longer possible
        steps_.pop_front();
        --position_;
    }
}

const std::string& history::undo_label() const {
    return can_undo() ? steps_[position_ - 1].label : no_label;
}

const std::string& history::redo_label() const {
    return can_redo() ? steps_[position_].label : no_label;
}

void history::apply_step(scene& s, const step& st, bool forward) {
    files_written_.clear();
    file_errors_.clear();
    clips_restored_.clear();
    const auto one = [&](const change& c) {
        if (const auto* clip = std::get_if<clip_change>(&c)) {
            clips_restored_.push_back({clip->path, forward ? clip->after : clip->before});
            return;
        }
        if (const auto* file = std::get_if<file_change>(&c)) {
            if (auto error = write_back(*file, forward)) {
                file_errors_.push_back(std::move(*error));
            } else {
                files_written_.push_back(file->path);
            }
            return;
        }
        apply(s, c, forward);
    };
    if (forward) {
        for (const change& c : st.changes) one(c);
    } else {
        for (auto it = st.changes.rbegin(); it != st.changes.rend(); ++it) one(*it);
    }
}

bool history::undo(scene& s) {
    if (!can_undo()) return false;
    apply_step(s, steps_[--position_], false);
    return true;
}

bool history::redo(scene& s) {
    if (!can_redo()) return false;
    apply_step(s, steps_[position_++], true);
    return true;
}

void history::clear() noexcept {
    steps_.clear();
    position_ = 0;
    base_id_ = next_id_++;
}

std::size_t history::remap_components(
    const std::function<bool(type_id& type, component_state& state)>& f) {
    std::size_t dropped = 0;
    for (step& s : steps_) {
        std::erase_if(s.changes, [&](change& c) {
            if (auto* component = std::get_if<component_change>(&c)) {
                // before and after share the type: both must map the same way
                type_id type_before = component->type, type_after = component->type;
                const bool keep =
                    f(type_before, component->before) && f(type_after, component->after);
                component->type = type_before;
                dropped += keep ? 0 : 1;
                return !keep;
            }
            if (auto* created = std::get_if<entity_change>(&c)) {
                dropped += std::erase_if(created->snapshot.components, [&](auto& entry) {
                    return !f(entry.first, entry.second);
                });
            }
            return false;
        });
    }
    return dropped;
}

}  // namespace mosaic::editor
