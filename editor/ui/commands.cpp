#include "ui/commands.hpp"

#include <vector>

#include <mosaic/engine/components.hpp>

#include "core/action_checks.hpp"
#include "core/actions.hpp"
#include "core/child_play.hpp"
#include "core/editor_state.hpp"
#include "core/prefab_actions.hpp"
#include "core/prefab_overrides.hpp"

namespace mosaic::editor {

namespace {

std::vector<entity> selected(editor_state& s) {
    std::vector<entity> out;
    for (entity e : s.selection().items())
        if (s.world().alive(e)) out.push_back(e);
    return out;
}

/// Duplicates and tells the hierarchy to show the copies under their originals, in view.
void post_duplicated(editor_state& s, ui_state& ui, const std::vector<entity>& items) {
    std::vector<entity> originals;
    std::vector<entity> copies = duplicate_entities(s, items, &originals);
    ui.events.post(scene_changed{});
    if (copies.empty()) return;
    ui.events.post(reveal_in_hierarchy{copies.front()});
    ui.events.post(duplicated{std::move(copies), std::move(originals)});
}

}  // namespace

void command_undo(editor_state& s, ui_state& ui) {
    if (s.playing()) return;  // the history holds edit-mode steps only
    if (s.undo()) ui.events.post(scene_changed{});
}

void command_redo(editor_state& s, ui_state& ui) {
    if (s.playing()) return;
    if (s.redo()) ui.events.post(scene_changed{});
}

void command_duplicate(editor_state& s, ui_state& ui) {
    const std::vector<entity> items = selected(s);
    if (items.empty()) return;
    post_duplicated(s, ui, items);
}

void command_delete(editor_state& s, ui_state& ui) {
    const std::vector<entity> items = selected(s);
    if (items.empty()) return;
    delete_entities(s, items);
    s.selection().prune(s.world());
    ui.events.post(scene_changed{});
}

void command_copy(editor_state& s, ui_state& ui) {
    ui.edit.copied = selected(s);
}

bool can_paste(editor_state& s, const ui_state& ui) {
    for (entity e : ui.edit.copied)
        if (s.world().alive(e)) return true;
    return false;
}

void command_paste(editor_state& s, ui_state& ui) {
    std::vector<entity> alive;
    for (entity e : ui.edit.copied)
        if (s.world().alive(e)) alive.push_back(e);
    if (alive.empty()) return;
    post_duplicated(s, ui, alive);
}

void command_create_empty(editor_state& s, ui_state& ui, entity parent) {
    const entity e = create_entity(s, "Entity", parent);
    if (e.is_null()) return;  // the world is full: the console says so
    ui.events.post(scene_changed{});
    ui.events.post(reveal_in_hierarchy{e});
    ui.events.post(rename_in_hierarchy{e});  // Unity: a new entity is named at once
}

void command_create_from_archetype(editor_state& s, ui_state& ui, const archetype& a) {
    const entity e = create_from_archetype(s, a);
    if (e.is_null()) return;  // the world is full: the console says so
    ui.events.post(scene_changed{});
    ui.events.post(reveal_in_hierarchy{e});
}

void command_create_prefab(editor_state& s, ui_state& ui, entity root) {
    if (create_prefab(s, root)) ui.events.post(scene_changed{});
}

void command_instantiate_prefab(editor_state& s, ui_state& ui, std::string_view name,
                                std::optional<glm::vec2> at, entity parent) {
    std::filesystem::path file;
    const prefab* p = find_prefab(s, name, &file);
    if (!p) {
        s.log().error("Instantiate: no prefab named '" + std::string(name) + "' is loaded");
        return;
    }
    const entity e = instantiate_prefab(s, *p, file, at, parent);
    if (e.is_null()) return;
    ui.events.post(scene_changed{});
    ui.events.post(reveal_in_hierarchy{e});
}

void command_select_prefab(ui_state& ui, std::string name) {
    ui.events.post(show_panel{"project"});
    ui.events.post(reveal_prefab{std::move(name)});
}

void command_unpack_prefab(editor_state& s, ui_state& ui, entity e) {
    if (unpack_instance(s, e)) ui.events.post(scene_changed{});
}

void command_rename(editor_state& s, ui_state& ui) {
    const entity e = s.selection().active();
    if (s.world().alive(e)) {
        ui.events.post(rename_in_hierarchy{e});
        ui.events.post(reveal_in_hierarchy{e});
    }
}

void command_frame_selection(ui_state& ui) {
    ui.events.post(frame_on_selection{});
}

void command_play_stop(editor_state& s, ui_state& ui) {
    child_play& child = s.child_player();
    if (child.active()) {  // a game playing in a separate process: its world is shown here
        child.stop();      // and the edit scene comes back
    } else if (s.playing()) {
        s.player().stop();
    } else if (child.enabled) {
        (void)s.play_in_child();  // what went wrong is in the Console
    } else {
        s.player().play();
    }
    s.selection().prune(s.world());
    ui.events.post(scene_changed{});
}

void command_pause(editor_state& s, ui_state& ui) {
    (void)ui;
    if (child_play& child = s.child_player(); child.active()) {
        child.paused() ? child.resume() : child.pause();
    } else if (s.player().mode() == play_state::playing) {
        s.player().pause();
    } else if (s.player().mode() == play_state::paused) {
        s.player().play();
    }
}

void command_step(editor_state& s, ui_state& ui) {
    if (child_play& child = s.child_player(); child.active() || (child.enabled && !s.playing())) {
        if (!child.active() && !s.play_in_child().empty()) return;
        child.step();  // while it starts: once it is attached
        return;
    }
    if (!s.playing()) s.player().play();  // Unity: Step while editing enters play mode paused
    s.player().step();
    ui.events.post(scene_changed{});
}

void command_step_back(editor_state& s, ui_state& ui) {
    if (s.player().mode() == play_state::playing) s.player().pause();
    if (s.player().step_back()) ui.events.post(scene_changed{});
}

void command_step_forward(editor_state& s, ui_state& ui) {
    if (!s.playing()) return;
    if (s.player().mode() == play_state::playing) s.player().pause();
    if (s.player().step_forward()) ui.events.post(scene_changed{});
}

void command_seek(editor_state& s, ui_state& ui, std::uint64_t tick) {
    if (!s.playing()) return;
    if (s.player().mode() == play_state::playing)
        s.player().pause();  // grabbing the timeline stops the game
    if (s.timeline().seek(tick)) ui.events.post(scene_changed{});
}

void command_build_reload(editor_state& s, ui_state& ui) {
    if (!s.reloader().start_build(s)) return;  // why is in the console
    ui.events.post(show_panel{"console"});     // where the build's output streams
}

}  // namespace mosaic::editor
