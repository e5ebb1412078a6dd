// Keep after Stop. Sections: 1. helpers  2. marks  3. collect (on Stop)  4. apply
#include "play_keeps.hpp"

#include <algorithm>
#include <cstring>

#include <mosaic/engine/components.hpp>

#include "editor_state.hpp"
#include "entity_names.hpp"
#include "field_text.hpp"

namespace mosaic::editor {

namespace {

// --- 1. helpers ------------------------------------------------------------------------------

std::string label_of(const world& w, entity e) {
    std::string name = name_of(w, e);
    return name.empty() ? "Entity " + std::to_string(e.index) : name;
}

// The types the engine keeps for itself on an entity: its active flag, the resource tag and
// the file id (a kept entity gets a fresh id in the edit scene).
bool bookkeeping(type_id type) {
    return type == type_id_of<inactive>() || type == type_id_of<resource_entity>() ||
           type == type_id_of<EntityId>();
}

std::string type_label(type_id type) {
    const type_info* info = find_type(type);
    return info ? std::string(info->name) : "type " + std::to_string(type);
}

// The fields of `info` that differ between two present states, as text.
std::vector<kept_field> changed_fields(const component_info& info, const component_state& before,
                                       const world& edit, const component_state& after,
                                       const world& play) {
    std::vector<kept_field> out;
    if (!after.present) return {{"", "(present)", "(removed during play)"}};
    if (!before.present) {  // added during play (or the entity was created): every value
        for (const field_info& f : info.fields)
            out.push_back({f.name, "-", format_field(f, after.bytes.data(), play)});
        if (out.empty()) out.push_back({"", "-", "(added during play)"});
        return out;
    }
    if (before.enabled != after.enabled) {
        out.push_back(
            {"enabled", before.enabled ? "true" : "false", after.enabled ? "true" : "false"});
    }
    if (before.bytes.size() != info.size || after.bytes.size() != info.size) return out;
    for (const field_info& f : info.fields) {
        const std::size_t bytes = f.size * f.count;
        if (std::memcmp(before.bytes.data() + f.offset, after.bytes.data() + f.offset, bytes) == 0)
            continue;
        out.push_back({f.name, format_field(f, before.bytes.data(), edit),
                       format_field(f, after.bytes.data(), play)});
    }
    return out;
}

}  // namespace

// --- 2. marks --------------------------------------------------------------------------------

void play_keeps::set_kept(const world& w, const component_table& table, entity e, type_id type,
                          bool keep) {
    std::erase_if(marks_,
                  [&](const mark& m) { return !m.whole && m.target == e && m.type == type; });
    if (!keep) return;
    const component_info* info = table.find(type);
    marks_.push_back({e, false, type, label_of(w, e), info ? info->name : type_label(type)});
}

void play_keeps::set_entity_kept(const world& w, entity e, bool keep) {
    std::erase_if(marks_, [&](const mark& m) { return m.whole && m.target == e; });
    if (keep) marks_.push_back({e, true, invalid_type_id, label_of(w, e), {}});
}

bool whole_entity_keeps(const component_info& info) noexcept {
    return !info.flags.opaque && !info.flags.not_saved;
}

bool play_keeps::kept(entity e, const component_info& info) const {
    return std::any_of(marks_.begin(), marks_.end(), [&](const mark& m) {
        return m.target == e && (m.whole ? whole_entity_keeps(info) : m.type == info.type);
    });
}

bool play_keeps::entity_kept(entity e) const {
    return std::any_of(marks_.begin(), marks_.end(),
                       [&](const mark& m) { return m.whole && m.target == e; });
}

void play_keeps::clear() noexcept {
    marks_.clear();
    pending_ = {};
}

void keep_after_stop(editor_state& s, std::span<const entity> entities, type_id type, bool keep) {
    if (!s.playing()) return;
    for (const entity e : entities)
        if (s.world().alive(e)) s.player().keeps().set_kept(s.world(), s.table(), e, type, keep);
}

void keep_whole_entities(editor_state& s, std::span<const entity> entities, bool keep) {
    if (!s.playing()) return;
    for (const entity e : entities)
        if (s.world().alive(e)) s.player().keeps().set_entity_kept(s.world(), e, keep);
}

// --- 3. collect (on Stop) --------------------------------------------------------------------

void play_keeps::collect(const scene& play, const scene& edit, const component_table& table) {
    pending_ = {};
    const world& pw = play.world;
    const world& ew = edit.world;
    std::vector<std::pair<entity, type_id>> wanted;  // in the order they were marked
    const auto want = [&](entity e, type_id type) {
        const std::pair<entity, type_id> key{e, type};
        if (std::find(wanted.begin(), wanted.end(), key) == wanted.end()) wanted.push_back(key);
    };
    for (const mark& m : marks_) {
        const std::string what = m.whole ? std::string("the whole entity") : m.type_name;
        if (!pw.alive(m.target)) {
            pending_.problems.push_back(m.entity_name + " / " + what +
                                        ": the entity was destroyed during play; nothing to keep");
            continue;
        }
        if (!m.whole) {
            const component_info* info = m.type == invalid_type_id ? nullptr : table.find(m.type);
            if (!info || info->flags.opaque) {
                pending_.problems.push_back(m.entity_name + " / " + m.type_name +
                                            ": the type is no longer registered; not kept");
                continue;
            }
            want(m.target, m.type);
            continue;
        }
        // The whole entity: what a scene file would hold of it, in play and at edit time (a
        // component removed during play is kept as removed).
        std::vector<type_id> types = pw.components_of(m.target);
        if (ew.alive(m.target)) {
            for (const type_id type : ew.components_of(m.target))
                if (std::find(types.begin(), types.end(), type) == types.end())
                    types.push_back(type);
        }
        for (const type_id type : types) {
            if (bookkeeping(type)) continue;
            const component_info* info = table.find(type);
            if (!info) {
                if (!ew.alive(m.target) || !ew.has(m.target, type)) {  // else Stop restores it
                    pending_.problems.push_back(m.entity_name + " / " + type_label(type) +
                                                ": not described by the registration table; "
                                                "not kept");
                }
                continue;
            }
            if (!whole_entity_keeps(*info)) continue;  // runtime state
            want(m.target, type);
        }
    }
    for (const auto& [e, type] : wanted) {
        const component_info& info = *table.find(type);
        kept_item item;
        item.target = e;
        item.created_in_play = !ew.alive(e);
        item.entity_name = label_of(pw, e);
        item.type = type;
        item.component = info.name;
        if (!item.created_in_play) item.before = capture_component(ew, e, type);
        item.after = capture_component(pw, e, type);
        if (item.before == item.after) continue;
        item.fields = changed_fields(info, item.before, ew, item.after, pw);
        pending_.items.push_back(std::move(item));
    }
    marks_.clear();
}

// --- 4. apply --------------------------------------------------------------------------------

std::vector<std::string> apply_kept_changes(editor_state& s) {
    const kept_changes changes = std::move(s.player().keeps().pending());
    s.player().keeps().discard_pending();
    world& w = s.world();
    std::vector<std::string> problems;

    // Entities created during play: their played handles, in order. A new edit entity may get
    // the very handle a played entity had (the generation counter came back with the
    // snapshot), so what a reference means is decided before anything is created.
    std::vector<entity> births;
    for (const kept_item& item : changes.items) {
        if (item.apply && item.created_in_play &&
            std::find(births.begin(), births.end(), item.target) == births.end())
            births.push_back(item.target);
    }
    const auto born = [&](entity played) {
        return std::find(births.begin(), births.end(), played) != births.end();
    };

    struct write {
        const kept_item* item;
        component_state after;
        std::vector<std::size_t> refs_to_births;  // byte offsets holding a played handle
    };
    std::vector<write> writes;
    for (const kept_item& item : changes.items) {
        if (!item.apply) continue;
        const std::string where = item.entity_name + " / " + item.component;
        const component_info* info = s.table().find(item.type);
        if (!item.created_in_play && !w.alive(item.target)) {
            problems.push_back(where + ": the entity no longer exists in the edit scene; not kept");
            continue;
        }
        if (!info || (item.after.present && item.after.bytes.size() != info->size)) {
            problems.push_back(where + ": the type is no longer registered; not kept");
            continue;
        }
        write out{&item, item.after, {}};
        // References to entities that exist only in play (and are not kept) become null.
        for (const field_info& f : info->fields) {
            if (f.kind != field_kind::entity_ref || out.after.bytes.empty()) continue;
            for (std::uint32_t i = 0; i < f.count; ++i) {
                auto* where_bytes = static_cast<std::byte*>(f.address(out.after.bytes.data(), i));
                entity ref;
                std::memcpy(&ref, where_bytes, sizeof ref);
                if (ref.is_null() || w.alive(ref)) continue;
                if (born(ref)) {
                    out.refs_to_births.push_back(
                        static_cast<std::size_t>(where_bytes - out.after.bytes.data()));
                    continue;
                }
                problems.push_back(where + "." + f.name +
                                   ": refers to an entity that exists only in play; set to none");
                std::memcpy(where_bytes, &null_entity, sizeof ref);
            }
        }
        writes.push_back(std::move(out));
    }

    std::vector<entity> created;  // births[i] -> created[i]
    for (std::size_t i = 0; i < births.size(); ++i) created.push_back(w.create());
    const auto edit_entity = [&](entity played) {
        const auto it = std::find(births.begin(), births.end(), played);
        return it == births.end() ? played : created[static_cast<std::size_t>(it - births.begin())];
    };

    step st{"Keep play-mode changes", {}, 0};
    for (write& out : writes) {
        for (const std::size_t offset : out.refs_to_births) {
            entity ref;
            std::memcpy(&ref, out.after.bytes.data() + offset, sizeof ref);
            ref = edit_entity(ref);
            std::memcpy(out.after.bytes.data() + offset, &ref, sizeof ref);
        }
        const kept_item& item = *out.item;
        const entity target = edit_entity(item.target);
        component_change c{target, item.type, capture_component(w, target, item.type), out.after};
        restore_component(w, target, item.type, out.after);
        if (!item.created_in_play) st.changes.emplace_back(std::move(c));
    }
    // A created entity is one record of its final state (undo deletes it, redo revives it).
    std::vector<change> born_changes;
    for (const entity e : created) {
        s.scene().ensure_id(e);
        born_changes.emplace_back(entity_change{capture_entity(s.scene(), s.table(), e), true});
    }
    st.changes.insert(st.changes.begin(), born_changes.begin(), born_changes.end());
    s.record(std::move(st));
    for (const std::string& line : problems) s.log().warning("keep: " + line);
    if (!writes.empty()) s.log().info("kept play-mode changes");
    return problems;
}

}  // namespace mosaic::editor
