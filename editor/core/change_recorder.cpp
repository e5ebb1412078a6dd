#include "change_recorder.hpp"

#include <algorithm>
#include <set>

namespace mosaic::editor {

namespace {

const component_state* find_state(const entity_snapshot& snapshot, type_id type) {
    for (const auto& [t, state] : snapshot.components)
        if (t == type) return &state;
    return nullptr;
}

}  // namespace

change_recorder::change_recorder(const scene& s, const component_table& table,
                                 std::span<const entity> entities) {
    std::set<entity> seen;
    for (const entity e : entities) {
        if (s.world.alive(e) && seen.insert(e).second)
            before_.push_back(capture_entity(s, table, e));
    }
}

std::vector<change> change_recorder::finish(const scene& s, const component_table& table,
                                            std::span<const entity> now) const {
    std::vector<change> created, changed, destroyed;
    const auto remembered = [&](entity e) {
        return std::any_of(before_.begin(), before_.end(),
                           [&](const entity_snapshot& b) { return b.handle == e; });
    };
    std::set<entity> seen;
    for (const entity e : now) {
        if (s.world.alive(e) && !remembered(e) && seen.insert(e).second)
            created.emplace_back(entity_change{capture_entity(s, table, e), true});
    }
    for (const entity_snapshot& before : before_) {
        const entity e = before.handle;
        if (!s.world.alive(e)) {
            destroyed.emplace_back(entity_change{before, false});
            continue;
        }
        const entity_snapshot after = capture_entity(s, table, e);
        std::set<type_id> types;
        for (const auto& entry : before.components) types.insert(entry.first);
        for (const auto& entry : after.components) types.insert(entry.first);
        for (const type_id type : types) {
            const component_state* was = find_state(before, type);
            const component_state* is = find_state(after, type);
            component_change c{e, type, was ? *was : component_state{},
                               is ? *is : component_state{}};
            if (!(c.before == c.after)) changed.emplace_back(std::move(c));
        }
        if (before.active != after.active)
            changed.emplace_back(active_change{e, before.active, after.active});
    }
    std::vector<change> out = std::move(created);
    out.insert(out.end(), changed.begin(), changed.end());
    out.insert(out.end(), destroyed.begin(), destroyed.end());
    return out;
}

}  // namespace mosaic::editor
