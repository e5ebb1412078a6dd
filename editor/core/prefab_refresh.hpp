#pragma once
// prefab_refresh: when a prefab file changes (Apply to Prefab, Save in prefab mode), the
// scene's instances of it follow — and so do the instances of every prefab containing it
// (a squad of tanks, a variant of the tank), which the library resolves again.
//
//   const prefab_refresh refresh(lib, path, w);       // before: copies what is loaded now
//   change_recorder recorder(scene, table, refresh.entities(w));
//   ... write the file, lib.replace(path, after) or lib.forget(path) ...
//   refresh.follow(w, lib, table);                     // every instance follows
//   recorder.finish(scene, table, refresh.entities_now(w, lib));

#include <string>
#include <utility>
#include <vector>

#include <mosaic/engine/scene/prefab_library.hpp>

namespace mosaic::editor {

class prefab_refresh {
public:
    /// Copies the prefab at `path` and those containing it, as `lib` resolves them now:
    /// every prefab `w` has instances of is loaded first, so that none is missed.
    prefab_refresh(prefab_library& lib, const std::string& path, const world& w);

    /// The entities of their instances in `w`, with descendants (children added to an
    /// instance move when a node goes), as they are before the change.
    [[nodiscard]] std::vector<entity> entities(const world& w) const;
    /// The same after the change, as `lib` resolves the prefabs now.
    [[nodiscard]] std::vector<entity> entities_now(const world& w, prefab_library& lib) const;
    /// Brings every instance of them in `w` up to date with what `lib` resolves now (values
    /// the instances override stay). Returns the number of instances updated.
    std::size_t follow(world& w, prefab_library& lib, const component_table& table) const;

private:
    std::vector<std::pair<std::string, prefab>> before_;  // the changed prefab first
};

}  // namespace mosaic::editor
