// An archetype opened for editing, as a prefab is (editor_prefab_stage.cpp): a second document
// on top of the scene's whose scene is one entity made from NAME.archetype.json. The usual
// panels edit it (the Inspector adds, removes and changes its components, each edit one undo
// step of the archetype's own history); Save writes the entity back through archetype_of,
// the one rule of what an archetype holds that Create Archetype uses too, so that an
// archetype opened and saved unchanged is the same bytes. close_asset() gives the scene back.
// An archetype without a Name shows under its own name while it is open (the Hierarchy, the
// script's `select`); Save leaves that Name out again unless the entity was renamed.
//
// Nothing is lost: a file that does not load is not opened (the scene stays, the console
// names the file and the field); one that loaded with warnings (a component type or a field
// this editor does not know: its game module is not loaded) opens, but its Save is refused,
// since writing it would drop them.
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/scene/scene_file.hpp>
#include <mosaic/engine/systems/builtin_systems.hpp>

#include "animation_editor.hpp"
#include "archetype_actions.hpp"
#include "editor_state.hpp"
#include "entity_names.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

/// The warnings of a load: what the file held that the archetype read from it does not.
std::string dropped_parts(const std::vector<diagnostic>& diagnostics) {
    std::string out;
    for (const diagnostic& d : diagnostics) {
        if (d.severity != diagnostic::level::warning) continue;
        out += (out.empty() ? "" : "; ") + (d.path.empty() ? d.message : d.path + ": " + d.message);
    }
    return out;
}

}  // namespace

bool editor_state::open_archetype(const fs::path& file) {
    const std::string shown = display_path(file);
    if (playing()) {
        log_.error("Edit archetype " + shown + ": stop the game first");
        return false;
    }
    if (const document* open = opened_asset()) {
        if (opened_archetype() != nullptr && open->file() == file) return true;
        log_.error("Edit archetype " + shown + ": save or close the " + opened_asset_label() +
                   " first");
        return false;
    }
    // Read again (git, a text editor, another editor may have changed it since the project's
    // archetypes were loaded).
    load_result<archetype> loaded = load_archetype_file(file, table());
    log_.add(loaded.diagnostics);  // each names the file, the field, the line and column
    if (!loaded.ok()) {
        // The diagnostic above names the field (and, for bad JSON, the line and column).
        log_.error("Edit archetype " + shown + ": not opened; the file is left as it is");
        return false;
    }
    mosaic::scene contents;
    contents.prefabs = &prefab_links();
    // The world a game's scene has (input, physics...), so panels see what they always see.
    add_builtin_resources(contents.world);
    const entity made = spawn(contents.world, *loaded.value);
    // Most archetypes have no Name (each entity made from one gets its own): shown under the
    // archetype's name meanwhile, which Save leaves out again unless it was renamed.
    std::string shown_name;
    if (!contents.world.has<Name>(made)) {
        Name name;
        loaded.value->name().copy(name.value, sizeof name.value - 1);
        contents.world.add<Name>(made, name);
        shown_name = name_text(name);
    }

    animation().suspend(*this);  // the scene's own values, before it is put aside
    active_document().parked = std::move(game().current());
    game().current() = std::move(contents);
    document& opened = documents_.emplace_back(document::kind::archetype, file);
    opened.archetype_name = loaded.value->name();
    opened.save_would_lose = dropped_parts(loaded.diagnostics);
    opened.shown_name = std::move(shown_name);
    opened.selection().select(made);
    log_.info("editing archetype " + shown + " (" + std::to_string(loaded.value->size()) +
              " components)");
    if (!opened.save_would_lose.empty())
        log_.warning("Save is off for " + shown + ": it holds what this editor cannot read (" +
                     opened.save_would_lose +
                     "), which saving would drop; load the game module that defines it");
    return true;
}

bool editor_state::save_archetype() {
    if (opened_archetype() == nullptr) return false;
    const fs::path file = *opened_archetype();
    document& opened = active_document();
    const std::string what = "Save archetype " + opened.archetype_name;
    if (!opened.save_would_lose.empty()) {
        log_.error(what + ": refused, it would drop what this editor cannot read (" +
                   opened.save_would_lose + "); " + display_path(file) + " is left as it is");
        return false;
    }
    const mosaic::world& w = world();
    std::vector<entity> entities;
    w.each([&](entity e) {
        if (!w.has<resource_entity>(e)) entities.push_back(e);
    });
    if (entities.size() != 1) {
        std::string names;
        for (const entity e : entities)
            names += (names.empty() ? "" : ", ") + std::string(name_of(w, e));
        log_.error(
            what + ": an archetype is one entity, this one has " + std::to_string(entities.size()) +
            (entities.empty() ? ": undo the delete" : " (" + names + "): delete all but one"));
        return false;
    }
    archetype made = archetype_of(w, table(), entities[0], opened.archetype_name);
    const Name* name = w.try_get<Name>(entities[0]);
    if (!opened.shown_name.empty() && name != nullptr && name_text(*name) == opened.shown_name)
        (void)made.remove<Name>();  // only shown while it was open
    const std::vector<diagnostic> written = save_archetype_file(made, table(), file);
    log_.add(written);
    if (has_error(written)) return false;
    after_prefab_written(file);  // the project's archetypes are read again
    opened.mark_saved();
    log_.info("saved archetype " + display_path(file) + " (" + std::to_string(made.size()) +
              " components)");
    return true;
}

}  // namespace mosaic::editor
