// A prefab opened for editing (Unity's prefab mode): a second document (document.hpp) on top
// of the scene's, its entities the game's scene for a while; the scene waits parked in its
// document with its selection and undo history. Closing it (close_asset) is the same for an
// archetype opened for editing (editor_archetype_stage.cpp).
#include <algorithm>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/scene/prefab_link.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>

#include "actions.hpp"
#include "animation_editor.hpp"
#include "change_recorder.hpp"
#include "editor_state.hpp"
#include "entity_names.hpp"
#include "prefab_actions.hpp"
#include "prefab_refresh.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

bool editor_state::open_prefab(const fs::path& file) {
    const std::string name = prefab_name_of(file);
    if (playing()) {
        log_.error("Open prefab " + name + ": stop the game first");
        return false;
    }
    if (const document* open = opened_asset()) {
        if (opened_prefab() != nullptr && open->file() == file) return true;
        log_.error("Open prefab " + name + ": save or close the " + opened_asset_label() +
                   " first");
        return false;
    }
    // Read again (another editor, git, a text editor may have changed it), nesting resolved.
    prefab_library& lib = prefab_links();
    const std::string path = lib.path_of(file);
    lib.forget(path);
    const prefab* loaded = lib.find(path);
    if (loaded == nullptr) {
        log_.error("Open prefab " + name + ": " + lib.problem(path));
        return false;
    }
    mosaic::scene contents = loaded->contents().clone();
    contents.prefabs = &lib;
    // The world a game's scene has (input, physics...), so panels see what they always see.
    add_builtin_resources(contents.world);
    // The prefab is a second document on top of the scene's, which keeps its scene parked.
    animation().suspend(*this);  // the scene's own values, before it is put aside
    active_document().parked = std::move(game().current());
    game().current() = std::move(contents);
    document& prefab_document = documents_.emplace_back(document::kind::prefab, file);
    prefab_document.selection().select(world().alive(loaded->root()) ? loaded->root()
                                                                     : null_entity);
    prefab_document.selection().prune(world());
    log_.info("editing prefab " + display_path(file));
    return true;
}

std::string editor_state::opened_prefab_name() const {
    const fs::path* file = opened_prefab();
    return file != nullptr ? prefab_name_of(*file) : std::string();
}

bool editor_state::save_prefab() {
    if (opened_prefab() == nullptr) return false;
    const fs::path file = *opened_prefab();
    const std::string name = opened_prefab_name();
    const mosaic::world& w = world();
    std::vector<entity> roots;
    w.each([&](entity e) {
        if (!w.has<resource_entity>(e) && parent_of(w, e).is_null()) roots.push_back(e);
    });
    if (roots.size() != 1) {
        std::string names;
        for (const entity e : roots) names += (names.empty() ? "" : ", ") + name_of(w, e);
        log_.error("Save prefab " + name + ": a prefab has exactly one root entity, this one has " +
                   std::to_string(roots.size()) +
                   (roots.empty() ? "" : " (" + names + "): put them under one"));
        return false;
    }
    prefab made;
    if (auto error = prefab_keeping_ids(name, scene(), roots[0], table(), made)) {
        log_.error("Save prefab " + name + ": " + *error);
        return false;
    }
    prefab_library& lib = prefab_links();
    // What the scene's instances (and those of prefabs containing this one) follow from.
    const prefab_refresh refresh(lib, lib.path_of(file), under_top().parked->world);
    const std::vector<diagnostic> written = save_prefab_file(made, table(), file, &lib);
    log_.add(written);
    if (has_error(written)) return false;
    after_prefab_written(file);
    active_document().mark_saved();
    update_instances_aside(refresh);
    log_.info("saved prefab " + display_path(file));
    return true;
}

void editor_state::update_instances_aside(const prefab_refresh& refresh) {
    mosaic::scene& aside = *under_top().parked;
    prefab_library& lib = prefab_links();
    const change_recorder recorder(aside, table(), refresh.entities(aside.world));
    const std::size_t updated = refresh.follow(aside.world, lib, table());
    if (updated == 0) return;
    // One step of the scene's history: undo there gives the instances their old values back.
    under_top().history().push(
        {"Update instances of " + opened_prefab_name(),
         recorder.finish(aside, table(), refresh.entities_now(aside.world, lib)), 0});
    log_.info(std::to_string(updated) + (updated == 1 ? " instance" : " instances") + " of " +
              opened_prefab_name() + " in the scene updated");
}

prefab_library& editor_state::prefab_links() {
    // The game's library, on the folder links are relative to: a scene saved elsewhere
    // without a project moves it (load_archetypes sets it for a project's prefabs).
    prefab_library& lib = game().prefab_links();
    const fs::path folder = project_folder();
    if (lib.project_folder() != folder) lib.set_project_folder(folder);
    return lib;
}

void editor_state::resolve_instances(const fs::path& file) {
    log_.add(resolve_prefab_instances(scene(), prefab_links(), table(), file.string()));
}

void editor_state::after_prefab_written(const fs::path& file) {
    prefab_links().forget(prefab_links().path_of(file));
    log_.add(game().load_archetypes(prefab_folder(*this)));
}

void editor_state::after_files_written() {
    for (const std::string& error : history().file_errors())
        log_.error("undo/redo could not write a file back: " + error);
    for (const fs::path& file : history().files_written()) after_prefab_written(file);
}

std::string editor_state::opened_asset_label() const {
    if (opened_prefab() != nullptr) return "prefab " + opened_prefab_name();
    if (const document* open = opened_asset()) return "archetype " + open->archetype_name;
    return {};
}

bool editor_state::save_asset() {
    if (opened_prefab() != nullptr) return save_prefab();
    if (opened_archetype() != nullptr) return save_archetype();
    return false;
}

void editor_state::close_asset() {
    if (opened_asset() == nullptr) return;
    const std::string label = opened_asset_label();
    documents_.pop_back();  // the prefab's (archetype's) document, its unsaved changes with it
    document& scene_document = active_document();
    game().current() = std::move(*scene_document.parked);
    scene_document.parked.reset();
    // The scene's Prefabs and Archetypes resources list what is loaded now (a save reloaded
    // them).
    world().resource<Prefabs>().list = game().prefabs();
    world().resource<Archetypes>().list = game().archetypes();
    scene_document.selection().prune(world());
    animation().resume(*this);
    log_.info("closed the " + label + ": back to the scene");
}

}  // namespace mosaic::editor
