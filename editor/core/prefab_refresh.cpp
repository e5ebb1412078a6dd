// The instances of a changed prefab and of the prefabs containing it follow the change.
#include "prefab_refresh.hpp"

#include <cstring>
#include <set>

#include <mosaic/engine/scene/prefab_link.hpp>

#include "actions.hpp"

namespace mosaic::editor {

prefab_refresh::prefab_refresh(prefab_library& lib, const std::string& path, const world& w) {
    // dependents() knows the loaded prefabs: load those the world links to (a squad whose
    // tanks change) before asking.
    std::set<std::string> linked;
    w.view<const PrefabInstance>(exclude<>, include_disabled)
        .each([&](entity, const PrefabInstance& link) {
            linked.emplace(link.prefab.path, strnlen(link.prefab.path, sizeof link.prefab.path));
        });
    for (const std::string& p : linked) (void)lib.find(p);
    std::vector<std::string> paths{path};
    for (std::string& outer : lib.dependents(path)) paths.push_back(std::move(outer));
    for (std::string& p : paths)
        if (const prefab* loaded = lib.find(p)) before_.emplace_back(std::move(p), *loaded);
}

namespace {

template <class PrefabOf>
std::vector<entity> instance_entities(const world& w,
                                      const std::vector<std::pair<std::string, prefab>>& list,
                                      PrefabOf&& prefab_of) {
    std::vector<entity> roots;
    for (const auto& [path, before] : list) {
        const prefab* p = prefab_of(path, before);
        if (p == nullptr) continue;
        for (const prefab_instance& inst : instances_of(w, path, *p)) roots.push_back(inst.root);
    }
    return with_descendants(w, roots);
}

}  // namespace

std::vector<entity> prefab_refresh::entities(const world& w) const {
    return instance_entities(w, before_,
                             [](const std::string&, const prefab& before) { return &before; });
}

std::vector<entity> prefab_refresh::entities_now(const world& w, prefab_library& lib) const {
    return instance_entities(w, before_, [&](const std::string& path, const prefab& before) {
        const prefab* now = lib.find(path);
        return now != nullptr ? now : &before;
    });
}

std::size_t prefab_refresh::follow(world& w, prefab_library& lib,
                                   const component_table& table) const {
    std::size_t updated = 0;
    for (const auto& [path, before] : before_) {
        const prefab* after = lib.find(path);
        if (after != nullptr) updated += propagate(w, path, before, *after, table);
    }
    return updated;
}

}  // namespace mosaic::editor
