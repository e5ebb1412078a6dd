// Making prefabs from the scene, and instances of them in it.
#include "prefab_actions.hpp"

#include <algorithm>
#include <cstring>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/prefab_tree.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "actions.hpp"
#include "editor_state.hpp"
#include "entity_names.hpp"
#include "file_stem.hpp"
#include "history.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

// A file name from an entity name: letters, digits, space, '-' and '_' kept, the rest '_'.
std::string file_stem(std::string_view name) {
    std::string out;
    for (const char c : name) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == ' ' || c == '-' || c == '_';
        out += plain ? c : '_';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    while (!out.empty() && out.front() == ' ') out.erase(out.begin());
    return out.empty() ? std::string("Prefab") : out;
}

fs::path prefab_folder(const editor_state& s) {
    if (s.opened_project().manifest) return s.opened_project().manifest->archetypes_folder();
    return s.project_folder() / "archetypes";
}

namespace {

/// After Create Prefab, the entities it was made of become an instance of it (as in Unity):
/// each gets the link to its node, one undo step. A tree that already holds instances of
/// other prefabs stays as it is (its links are those prefabs'); the Console says so.
void link_to_new_prefab(editor_state& s, entity root, const fs::path& file) {
    world& w = s.world();
    const std::vector<entity> tree = prefab_tree_order(w, root);
    for (const entity e : tree) {
        if (w.try_get<PrefabInstance>(e) != nullptr) {
            s.log().info(
                "the entities stay unlinked: they hold instances of other prefabs "
                "(instantiate the new prefab to get a linked copy)");
            return;
        }
    }
    const std::string relative = s.prefab_links().path_of(file);
    step st{"Create Prefab " + prefab_name_of(file), {}, 0};
    const type_id type = type_id_of<PrefabInstance>();
    for (std::size_t i = 0; i < tree.size(); ++i) {
        component_change c{tree[i], type, capture_component(w, tree[i], type), {}};
        PrefabInstance link;
        const std::size_t n = std::min(relative.size(), sizeof link.prefab.path - 1);
        std::memcpy(link.prefab.path, relative.data(), n);
        link.node = static_cast<std::int64_t>(i + 1);
        w.add_or_replace<PrefabInstance>(tree[i], link);
        c.after = capture_component(w, tree[i], type);
        st.changes.emplace_back(std::move(c));
    }
    s.record(std::move(st));
}

}  // namespace

std::optional<fs::path> create_prefab(editor_state& s, entity root) {
    const world& w = s.world();
    if (!w.alive(root)) return std::nullopt;
    const std::string stem = file_stem(name_of(w, root));
    const fs::path folder = prefab_folder(s);
    std::error_code ec;
    fs::create_directories(folder, ec);
    fs::path path = folder / (stem + ".prefab.json");
    std::string name = stem;
    for (int n = 2; fs::exists(path, ec); ++n) {
        name = stem + " " + std::to_string(n);
        path = folder / (name + ".prefab.json");
    }
    const prefab made = make_prefab(name, w, root, s.table());
    // Through the library: instances inside (a squad's tanks) are written as links.
    const std::vector<diagnostic> written =
        save_prefab_file(made, s.table(), path, &s.prefab_links());
    s.log().add(written);
    for (const diagnostic& d : written) {
        if (d.severity == diagnostic::level::error) return std::nullopt;
    }
    s.after_prefab_written(path);
    s.log().info("Created prefab " + path.string() + " (" + std::to_string(made.size()) +
                 (made.size() == 1 ? " entity)" : " entities)"));
    link_to_new_prefab(s, root, path);
    return path;
}

entity instantiate_prefab(editor_state& s, const prefab& p, const fs::path& file,
                          std::optional<glm::vec2> at, entity parent) {
    world& w = s.world();
    if (p.size() == 0) return null_entity;
    if (w.size() + p.size() > w.entity_limit()) {
        s.log().error("Instantiate " + p.name() + ": the scene holds " + std::to_string(w.size()) +
                      " entities, at most " + std::to_string(w.entity_limit()) +
                      " at once: nothing was created");
        return null_entity;
    }
    // The library's copy: its nested instances are resolved (a squad of tank instances).
    prefab_library& lib = s.prefab_links();
    const std::string relative = lib.path_of(file);
    const prefab* linked = lib.find(relative);
    const prefab_instance inst = instantiate(w, linked ? *linked : p, relative);
    std::vector<entity> made;
    for (const entity e : with_descendants(w, std::span<const entity>(&inst.root, 1))) {
        s.scene().ensure_id(e);
        made.push_back(e);
    }
    const entity root = made[0];
    if (!parent.is_null() && w.alive(parent)) set_parent(w, root, parent);
    if (at) {
        // `at` is a world position: under a parent, the local Transform that lands there.
        Transform& t = w.get_or_add<Transform>(root);
        WorldTransform target = world_transform_of(w, root);
        target.position = *at;
        t = local_transform_for(world_transform_of(w, parent_of(w, root)), target);
    }
    step st{"Instantiate " + p.name(), {}, 0};
    for (const entity e : made)
        st.changes.emplace_back(entity_change{capture_entity(s.scene(), s.table(), e), true});
    s.record(std::move(st));
    s.selection().select(root);
    return root;
}

std::string prefab_name_of(const fs::path& file) {
    std::string name = file.filename().string();
    constexpr std::string_view extension = ".prefab.json";
    if (name.ends_with(extension)) name.resize(name.size() - extension.size());
    return name;
}

std::optional<std::string> prefab_keeping_ids(std::string name, const scene& contents, entity root,
                                              const component_table& table, prefab& out) {
    if (!contents.world.alive(root)) return "its root entity is gone";
    scene tree = contents.clone();
    world& w = tree.world;
    const std::vector<entity> kept = with_descendants(w, std::span<const entity>(&root, 1));
    std::vector<entity> others;
    w.each([&](entity e) {
        if (std::find(kept.begin(), kept.end(), e) == kept.end()) others.push_back(e);
    });
    for (const entity e : others) forget_entity(tree, e);
    tree.systems.clear();
    tree.assign_missing_ids();
    return prefab::make(std::move(name), std::move(tree), table, out);
}

const prefab* find_prefab(editor_state& s, std::string_view name, fs::path* file) {
    for (const prefab& p : s.game().prefabs()) {
        if (p.name() != name) continue;
        if (file) *file = prefab_folder(s) / (p.name() + ".prefab.json");
        return &p;
    }
    return nullptr;
}

}  // namespace mosaic::editor
