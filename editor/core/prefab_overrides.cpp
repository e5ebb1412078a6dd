// Revert and Apply to Prefab on linked instances, each one undo step (the prefab file too).
#include "prefab_overrides.hpp"

#include <algorithm>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/atomic_file.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "actions.hpp"
#include "change_recorder.hpp"
#include "editor_state.hpp"
#include "entity_names.hpp"
#include "prefab_actions.hpp"
#include "prefab_refresh.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

std::optional<linked_instance> linked_instance_of(editor_state& s, entity e) {
    const world& w = s.world();
    const PrefabInstance* link = w.alive(e) ? prefab_link_of(w, e) : nullptr;
    if (link == nullptr) return std::nullopt;
    prefab_library& lib = s.prefab_links();
    linked_instance out;
    out.path = std::string(link->prefab.path);
    out.file = lib.file_of(out.path).lexically_normal();
    out.name = prefab_name_of(out.file);
    out.source = lib.find(out.path);
    if (out.source != nullptr) {
        out.members = find_instance(w, e, *out.source);
        out.root = out.members.root;
    }
    if (out.source == nullptr || out.root.is_null()) {
        out.problem = out.source ? "not linked to the prefab's root" : lib.problem(out.path);
        out.source = nullptr;
        out.members = {};
        // Up through the entities linked to the same file: the placeholder's root.
        out.root = e;
        for (entity up = parent_of(w, e); w.alive(up); up = parent_of(w, up)) {
            const PrefabInstance* l = prefab_link_of(w, up);
            if (l == nullptr || out.path != l->prefab.path) break;
            out.root = up;
        }
    }
    return out;
}

std::vector<prefab_override> overrides_of(editor_state& s, const linked_instance& inst) {
    if (inst.source == nullptr) return {};
    return list_overrides(s.world(), inst.members, *inst.source, s.table());
}

bool is_overridden(editor_state& s, entity e, const component_info& component,
                   const field_info* field) {
    const std::optional<linked_instance> inst = linked_instance_of(s, e);
    return inst && is_overridden(s, *inst, e, component, field);
}

// What is an override (not runtime state, not the root's placement) is the engine's rule
// (prefab_link.hpp: list_overrides), so the marks, the list and Apply All agree with it.
bool is_overridden(editor_state& s, const linked_instance& inst, entity e,
                   const component_info& component, const field_info* field) {
    return inst.source != nullptr &&
           mosaic::is_overridden(s.world(), inst.members, *inst.source, e, component, field);
}

namespace {

// The overrides of the scope, and the instance they belong to.
struct chosen_overrides {
    linked_instance inst;
    std::vector<prefab_override> list;
};

std::optional<chosen_overrides> choose(editor_state& s, const override_scope& scope) {
    std::optional<linked_instance> inst = linked_instance_of(s, scope.e);
    if (!inst || inst->source == nullptr) return std::nullopt;
    chosen_overrides out{std::move(*inst), {}};
    for (const prefab_override& o : overrides_of(s, out.inst)) {
        if (scope.component != nullptr) {
            if (o.target != scope.e || o.component == nullptr ||
                o.component->type != scope.component->type)
                continue;
            if (scope.field != nullptr && o.field != scope.field) continue;
        }
        out.list.push_back(o);
    }
    if (out.list.empty()) return std::nullopt;
    return out;
}

std::string what(const editor_state& s, const override_scope& scope) {
    (void)s;
    if (scope.component == nullptr) return "All";
    if (scope.field == nullptr) return scope.component->name;
    return scope.component->name + "." + scope.field->name;
}

}  // namespace

bool revert_overrides(editor_state& s, const override_scope& scope) {
    const std::optional<chosen_overrides> chosen = choose(s, scope);
    if (!chosen) return false;
    const linked_instance& inst = chosen->inst;
    const std::vector<entity> before =
        with_descendants(s.world(), std::span<const entity>(&inst.root, 1));
    const change_recorder recorder(s.scene(), s.table(), before);
    for (const prefab_override& o : chosen->list) revert(s.world(), inst.members, *inst.source, o);
    const std::vector<entity> after =
        with_descendants(s.world(), std::span<const entity>(&inst.root, 1));
    s.record({"Revert " + what(s, scope), recorder.finish(s.scene(), s.table(), after), 0});
    return true;
}

bool apply_overrides(editor_state& s, const override_scope& scope) {
    const std::optional<chosen_overrides> chosen = choose(s, scope);
    if (!chosen) return false;
    const linked_instance& inst = chosen->inst;
    const prefab& before_prefab = *inst.source;
    prefab after = before_prefab;
    for (const prefab_override& o : chosen->list)
        apply_to_prefab(s.world(), inst.members, o, after);

    // The file first: when it cannot be written, nothing changes.
    const file_contents old_bytes = read_file(inst.file);
    const std::vector<diagnostic> written =
        save_prefab_file(after, s.table(), inst.file, &s.prefab_links());
    s.log().add(written);
    if (has_error(written)) {
        s.log().error("Apply to Prefab " + inst.name +
                      ": the file was not written; nothing "
                      "changed");
        return false;
    }
    const file_contents new_bytes = read_file(inst.file);

    // Then every instance in the scene follows, and those of the prefabs containing it.
    prefab_library& lib = s.prefab_links();
    const prefab_refresh refresh(lib, inst.path, s.world());
    const change_recorder recorder(s.scene(), s.table(), refresh.entities(s.world()));
    if (auto refused = lib.replace(inst.path, after)) {
        s.log().error("Apply to Prefab " + inst.name + ": " + *refused);
        (void)write_file_atomically(inst.file, old_bytes.bytes);
        return false;
    }
    const std::size_t updated = refresh.follow(s.world(), lib, s.table());
    s.after_prefab_written(inst.file);
    std::vector<change> changes;
    changes.emplace_back(
        file_change{inst.file, old_bytes.ok() ? old_bytes.bytes : std::string(), new_bytes.bytes});
    for (change& c : recorder.finish(s.scene(), s.table(), refresh.entities_now(s.world(), lib)))
        changes.push_back(std::move(c));
    s.record({"Apply " + what(s, scope) + " to " + inst.name, std::move(changes), 0});
    s.log().info("Applied " + what(s, scope) + " to " + display_path(inst.file) + " (" +
                 std::to_string(updated) + (updated == 1 ? " instance" : " instances") +
                 " updated)");
    return true;
}

bool unpack_instance(editor_state& s, entity e) {
    const std::optional<linked_instance> inst = linked_instance_of(s, e);
    if (!inst) return false;
    if (inst->source == nullptr) {
        // A placeholder holds only names and links: its values wait in the file's overrides.
        s.log().error("Unpack " + inst->name + ": the prefab is missing (" + inst->problem +
                      "); its instance cannot become plain entities until it loads");
        return false;
    }
    world& w = s.world();
    const std::vector<entity> tree = with_descendants(w, std::span<const entity>(&inst->root, 1));
    const change_recorder recorder(s.scene(), s.table(), tree);
    unpack(w, inst->members);
    s.record({"Unpack " + inst->name, recorder.finish(s.scene(), s.table(), tree), 0});
    s.log().info("Unpacked " + name_of(w, inst->root) + ": no longer an instance of " + inst->name);
    return true;
}

}  // namespace mosaic::editor
