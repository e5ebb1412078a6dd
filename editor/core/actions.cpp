// Every action: apply the change, then record what it changed as one undo step.
// Sections: 1. helpers  2. entities  3. components  4. live edits
#include "actions.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>

#include "action_checks.hpp"
#include "copy_names.hpp"
#include "editor_state.hpp"
#include "entity_names.hpp"
#include "prefab_overrides.hpp"

namespace mosaic::editor {

namespace {

// --- 1. helpers ------------------------------------------------------------------------------

Name make_name(std::string_view text) {
    Name name;
    const std::size_t n = std::min(text.size(), sizeof name.value - 1);
    std::memcpy(name.value, text.data(), n);
    return name;
}

std::string type_name(const editor_state& s, type_id type) {
    const component_info* info = s.table().find(type);
    return info ? info->name : std::string("component");
}

// Applies `mutate(world, entity)` to each alive entity and records the before/after states of
// `type` on them as one step.
template <class F>
void edit_components(editor_state& s, std::span<const entity> entities, type_id type,
                     std::string label, F&& mutate) {
    world& w = s.world();
    step st{std::move(label), {}, 0};
    for (const entity e : entities) {
        if (!w.alive(e)) continue;
        component_change c{e, type, capture_component(w, e, type), {}};
        mutate(w, e);
        c.after = capture_component(w, e, type);
        st.changes.emplace_back(std::move(c));
    }
    s.record(std::move(st));
}

entity_change created(editor_state& s, entity e) {
    return entity_change{capture_entity(s.scene(), s.table(), e), true};
}

// False, with an error in the console, when `n` more entities would pass the world's limit
// (game_options::max_entities): the action then changes nothing. Checked before creating,
// since the world's capacity_error escaping the UI would end the editor.
bool room_for(editor_state& s, std::size_t n, std::string_view action) {
    const world& w = s.world();
    if (w.size() + n <= w.entity_limit()) return true;
    s.log().error(std::string(action) + ": the scene holds " + std::to_string(w.size()) +
                  " entities, at most " + std::to_string(w.entity_limit()) +
                  " at once: " + std::to_string(n) + " more do not fit; nothing was created");
    return false;
}

}  // namespace

std::vector<entity> with_descendants(const world& w, std::span<const entity> roots) {
    std::set<std::uint64_t> chosen;
    std::vector<entity> out;
    for (const entity e : roots) {
        if (w.alive(e) && chosen.insert(e.index).second) out.push_back(e);
    }
    // Repeat until no new child is found (depth passes; hierarchies are shallow).
    for (bool grew = true; grew;) {
        grew = false;
        w.view<const Parent>(exclude<>, include_disabled).each([&](entity child, const Parent& p) {
            if (chosen.count(p.entity.index) && w.alive(p.entity) &&
                chosen.insert(child.index).second) {
                out.push_back(child);
                grew = true;
            }
        });
    }
    return out;
}

// --- 2. entities -----------------------------------------------------------------------------

entity create_entity(editor_state& s, std::string_view name, entity parent) {
    if (!room_for(s, 1, "Create")) return null_entity;
    world& w = s.world();
    const entity e = w.create();
    w.add<Name>(e, make_name(name.empty() ? "Entity" : name));
    w.add<Transform>(e);
    if (!parent.is_null() && w.alive(parent)) w.add<Parent>(e, parent);
    s.scene().ensure_id(e);
    s.record({"Create " + name_of(w, e), {created(s, e)}, 0});
    s.selection().select(e);
    return e;
}

entity create_from_archetype(editor_state& s, const archetype& a) {
    if (!room_for(s, 1, "Create " + a.name())) return null_entity;
    world& w = s.world();
    const entity e = spawn(w, a);
    if (!w.has<Name>(e)) w.add<Name>(e, make_name(a.name()));
    w.remove<EntityId>(e);  // a fresh file id, never the archetype's
    s.scene().ensure_id(e);
    s.record({"Create " + a.name(), {created(s, e)}, 0});
    s.selection().select(e);
    return e;
}

// A member of a prefab instance below its root cannot be deleted (as in Unity): a removed
// member is no override, so the prefab would bring it back on the next load. The reason for
// the first such entity among `entities` (not below another one).
std::optional<std::string> why_not_deletable(editor_state& s, std::span<const entity> entities) {
    const world& w = s.world();
    std::unordered_set<entity_index> chosen;
    for (const entity e : entities) chosen.insert(e.index);
    for (const entity e : entities) {
        // Cheap first: a member below its root has a parent linked to the same prefab (an
        // instance's root does too only when it was added under another instance of it).
        const PrefabInstance* link = prefab_link_of(w, e);
        const PrefabInstance* up = prefab_link_of(w, parent_of(w, e));
        if (!link || !up ||
            std::strncmp(link->prefab.path, up->prefab.path, sizeof link->prefab.path) != 0)
            continue;
        bool below_another = false;  // then it goes with the entity above it
        for (entity p = parent_of(w, e); !p.is_null() && !below_another; p = parent_of(w, p))
            below_another = chosen.contains(p.index);
        if (below_another) continue;
        const std::optional<linked_instance> inst = linked_instance_of(s, e);
        if (!inst || inst->root == e) continue;
        return name_of(w, e) + " is a child of a prefab instance (" + inst->name +
               "): Unpack it first, or open the prefab to edit it";
    }
    return std::nullopt;
}

namespace {

bool deletable(editor_state& s, std::span<const entity> entities) {
    std::optional<std::string> why = why_not_deletable(s, entities);
    if (why) s.log().error("Delete: " + *why);
    return !why;
}

}  // namespace

void delete_entities(editor_state& s, std::span<const entity> entities) {
    world& w = s.world();
    if (!deletable(s, entities)) return;
    const std::vector<entity> doomed = with_descendants(w, entities);
    if (doomed.empty()) return;
    step st{doomed.size() == 1 ? "Delete " + name_of(w, doomed[0]) : "Delete Entities", {}, 0};
    for (const entity e : doomed) {
        st.changes.emplace_back(entity_change{capture_entity(s.scene(), s.table(), e), false});
    }
    for (const entity e : doomed) forget_entity(s.scene(), e);
    s.record(std::move(st));
    s.selection().prune(w);
}

std::vector<entity> duplicate_entities(editor_state& s, std::span<const entity> entities) {
    return duplicate_entities(s, entities, nullptr);
}

std::vector<entity> duplicate_entities(editor_state& s, std::span<const entity> entities,
                                       std::vector<entity>* originals_of_copies) {
    world& w = s.world();
    std::vector<entity> roots;
    for (const entity e : entities) {
        if (w.alive(e)) roots.push_back(e);
    }
    // A selected child of a selected parent is copied with its parent, not twice.
    std::erase_if(roots, [&](entity e) {
        for (entity p = parent_of(w, e); !p.is_null(); p = parent_of(w, p)) {
            if (std::find(entities.begin(), entities.end(), p) != entities.end()) return true;
        }
        return false;
    });
    // The Hierarchy and the scene file list entities in the world's order (by index): the
    // copies get their indices in the originals' order, so that the copy's children come in
    // its original's order. with_descendants finds children in the Parent pool's order (not
    // the world's), and the world hands out freed slots last-freed first: pairing the sorted
    // originals with the sorted new handles keeps the order either way (issue 33: reversed).
    std::vector<entity> originals = with_descendants(w, roots);
    if (!room_for(s, originals.size(), "Duplicate")) return {};
    const auto by_index = [](entity a, entity b) { return a.index < b.index; };
    std::sort(originals.begin(), originals.end(), by_index);
    std::vector<entity> copies(originals.size());
    w.create(copies);
    std::sort(copies.begin(), copies.end(), by_index);
    std::unordered_map<std::uint64_t, entity> copy_of;  // by original index
    for (std::size_t i = 0; i < originals.size(); ++i) {
        const entity original = originals[i];
        const entity copy = copies[i];
        w.copy_components(original, w, copy);
        w.set_active(copy, w.is_active(original));
        w.remove<EntityId>(copy);
        s.scene().ensure_id(copy);
        copy_kept(s.scene(), original, copy);
        copy_of[original.index] = copy;
    }
    // References inside the copied set point at the copies (children, targets).
    const auto remap = [&](entity& ref) {
        const auto it = copy_of.find(ref.index);
        if (it != copy_of.end() &&
            std::find(originals.begin(), originals.end(), ref) != originals.end()) {
            ref = it->second;
        }
    };
    for (const entity original : originals) {
        const entity copy = copy_of[original.index];
        for (const type_id type : w.components_of(copy)) {
            const component_info* info = s.table().find(type);
            void* value = w.try_get(copy, type);
            if (!info || info->flags.opaque || !value) continue;
            for (const field_info& f : info->fields) {
                if (f.kind != field_kind::entity_ref) continue;
                for (std::uint32_t i = 0; i < f.count; ++i) {
                    auto* ref = reinterpret_cast<entity*>(static_cast<std::byte*>(value) +
                                                          f.offset + i * sizeof(entity));
                    remap(*ref);
                }
            }
        }
    }
    std::vector<entity> copied_roots;
    std::unordered_set<std::string> names = names_in(w);  // the copies' names included
    const auto taken = [&names](const std::string& name) { return names.contains(name); };
    for (const entity root : roots) {
        const entity copy = copy_of[root.index];
        const std::string name = numbered_copy_name(name_of(w, root), taken);
        names.insert(name);
        w.get_or_add<Name>(copy) = make_name(name);
        copied_roots.push_back(copy);
    }
    step st{"Duplicate", {}, 0};
    for (const entity original : originals)
        st.changes.emplace_back(created(s, copy_of[original.index]));
    s.record(std::move(st));
    s.selection().set(copied_roots);
    if (originals_of_copies) *originals_of_copies = roots;
    return copied_roots;
}

bool rename_entity(editor_state& s, entity e, std::string_view name) {
    if (!s.world().alive(e)) return false;
    const entity one[] = {e};
    edit_components(s, one, type_id_of<Name>(), "Rename", [&](world& w, entity target) {
        w.add_or_replace<Name>(target, make_name(name));
    });
    return true;
}

bool reparent(editor_state& s, std::span<const entity> entities, entity parent,
              std::string* error) {
    world& w = s.world();
    for (const entity e : entities) {
        if (!parent.is_null() && would_create_cycle(w, e, parent)) {
            if (error) {
                *error = "cannot make '" + name_of(w, parent) + "' the parent of '" +
                         name_of(w, e) + "': it is that entity or one of its children";
            }
            return false;
        }
    }
    // Everything keeps its place in the world (as Unity does): the world transforms are
    // taken before any link changes (a moved child of a moved entity too), then each local
    // Transform is rewritten for its new parent. The new parent is never below a moved
    // entity (that is a cycle), so its world transform stays what it is now.
    std::vector<WorldTransform> placed;
    for (const entity e : entities) placed.push_back(world_transform_of(w, e));
    const WorldTransform parent_world = world_transform_of(w, parent);
    step st{"Re-parent", {}, 0};
    std::string why;
    bool ok = true;
    for (std::size_t i = 0; i < entities.size(); ++i) {
        const entity e = entities[i];
        if (!w.alive(e)) continue;
        component_change link{
            e, type_id_of<Parent>(), capture_component(w, e, type_id_of<Parent>()), {}};
        if (!set_parent(w, e, parent, &why)) ok = false;
        link.after = capture_component(w, e, type_id_of<Parent>());
        st.changes.emplace_back(std::move(link));
        if (Transform* t = w.try_get<Transform>(e)) {
            component_change place{
                e, type_id_of<Transform>(), capture_component(w, e, type_id_of<Transform>()), {}};
            *t = local_transform_for(parent_world, placed[i]);
            place.after = capture_component(w, e, type_id_of<Transform>());
            st.changes.emplace_back(std::move(place));
        }
    }
    s.record(std::move(st));
    if (!ok && error) *error = why;
    return ok;
}

void set_active(editor_state& s, std::span<const entity> entities, bool active) {
    world& w = s.world();
    step st{active ? "Activate" : "Deactivate", {}, 0};
    for (const entity e : entities) {
        if (!w.alive(e)) continue;
        st.changes.emplace_back(active_change{e, w.is_active(e), active});
        w.set_active(e, active);
    }
    s.record(std::move(st));
}

// --- 3. components ---------------------------------------------------------------------------

bool add_component(editor_state& s, std::span<const entity> entities, type_id type) {
    const component_info* info = s.table().find(type);
    if (!info || info->flags.opaque) return false;
    std::vector<entity> lacking;
    for (const entity e : entities) {
        if (s.world().alive(e) && !s.world().try_get(e, type)) lacking.push_back(e);
    }
    if (lacking.empty()) return false;
    edit_components(s, lacking, type, "Add " + info->name,
                    [&](world& w, entity e) { w.set_copy(e, type, info->prototype_data()); });
    return true;
}

bool remove_component(editor_state& s, std::span<const entity> entities, type_id type) {
    bool any = false;
    edit_components(s, entities, type, "Remove " + type_name(s, type),
                    [&](world& w, entity e) { any = w.remove(e, type) || any; });
    return any;
}

void set_component_enabled(editor_state& s, std::span<const entity> entities, type_id type,
                           bool enabled) {
    edit_components(s, entities, type, (enabled ? "Enable " : "Disable ") + type_name(s, type),
                    [&](world& w, entity e) {
                        if (w.try_get(e, type)) w.set_enabled(e, type, enabled);
                    });
}

void reset_component(editor_state& s, std::span<const entity> entities, type_id type) {
    const component_info* info = s.table().find(type);
    if (!info || info->flags.opaque) return;
    edit_components(s, entities, type, "Reset " + info->name, [&](world& w, entity e) {
        if (void* value = w.try_get(e, type)) info->reset(value);
    });
}

void paste_component(editor_state& s, std::span<const entity> entities, type_id type,
                     std::span<const std::byte> bytes) {
    const component_info* info = s.table().find(type);
    if (!info || info->flags.opaque || bytes.size() != info->size) return;
    edit_components(s, entities, type, "Paste " + info->name, [&](world& w, entity e) {
        if (void* value = w.try_get(e, type)) std::memcpy(value, bytes.data(), bytes.size());
    });
}

void set_field(editor_state& s, std::span<const entity> entities, type_id type,
               const field_info& field, const void* value) {
    const component_info* info = s.table().find(type);
    if (!info || info->flags.opaque) return;
    const std::size_t bytes = field.size * field.count;
    edit_components(
        s, entities, type, "Set " + info->name + "." + field.name, [&](world& w, entity e) {
            if (void* component = w.try_get(e, type)) {
                std::memcpy(static_cast<std::byte*>(component) + field.offset, value, bytes);
            }
        });
}

void move_entities(editor_state& s, std::span<const entity> entities, glm::vec2 delta) {
    edit_components(s, entities, type_id_of<Transform>(), "Move", [&](world& w, entity e) {
        if (Transform* t = w.try_get<Transform>(e)) t->position += delta;
    });
}

// --- 4. live edits ---------------------------------------------------------------------------

void live_edit::begin(const editor_state& s, std::span<const entity> entities, type_id type,
                      std::string label) {
    cancel();
    type_ = type;
    label_ = std::move(label);
    for (const entity e : entities) {
        entities_.push_back(e);
        before_.push_back(capture_component(s.world(), e, type));
    }
}

void live_edit::finish(editor_state& s) {
    step st{label_, {}, 0};
    for (std::size_t i = 0; i < entities_.size(); ++i) {
        st.changes.emplace_back(component_change{
            entities_[i], type_, before_[i], capture_component(s.world(), entities_[i], type_)});
    }
    s.record(std::move(st));
    cancel();
}

void live_edit::cancel() noexcept {
    entities_.clear();
    before_.clear();
    type_ = invalid_type_id;
    label_.clear();
}

}  // namespace mosaic::editor
