// editor_state's replays: File > Save Replay writes the recording of this Play as a replay
// file (what mosaic-run --replay / --verify read); File > Open Replay opens one and plays it
// with the timeline.
#include <algorithm>

#include <mosaic/ecs/system_error.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/replay/world_state.hpp>

#include "editor_state.hpp"
#include "replay_session.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

bool failed(std::vector<diagnostic>* errors, console_log& log, diagnostic d) {
    log.add(std::vector<diagnostic>{d});
    if (errors) errors->push_back(std::move(d));
    return false;
}

diagnostic error_in(const fs::path& path, std::string message) {
    diagnostic d;
    d.severity = diagnostic::level::error;
    d.file = path.string();
    d.message = std::move(message);
    return d;
}

/// Puts `g`'s scheduler at tick `tick` (a replay numbers its ticks as the recording did).
void set_scheduler_tick(game& g, std::uint64_t tick) {
    scheduler_state s = g.systems().state();
    s.tick = tick;
    g.systems().restore(s);
}

}  // namespace

void editor_state::note_edit_for_replay() {
    if (!recording_) return;
    const std::uint64_t tick = recording_->current_tick();
    // An edit drops the recorded future: the edits after this tick went with it.
    std::erase_if(edit_ticks_, [&](std::uint64_t t) { return t >= tick; });
    edit_ticks_.push_back(tick);
}

bool editor_state::save_replay(const fs::path& path, std::vector<diagnostic>* errors) {
    if (mode_ != play_state::paused || !recording_) {
        return failed(errors, log_,
                      error_in(path,
                               "Save Replay: pause the game first (a replay is made from "
                               "what this Play recorded)"));
    }
    const std::uint64_t first = recording_->first_tick();
    const std::uint64_t last = recording_->last_tick();
    const std::uint64_t back = recording_->current_tick();
    std::erase_if(edit_ticks_, [&](std::uint64_t t) { return t < first || t > last; });

    // The states a replay starts from: the first recorded tick's, and each edit's.
    (void)recording_->seek(*game_, first);
    world_state initial = capture_state(*game_);
    std::vector<std::pair<std::uint64_t, world_state>> edits;
    for (std::uint64_t t : edit_ticks_) {
        if (t <= first) continue;  // the first state already holds it
        (void)recording_->seek(*game_, t);
        edits.emplace_back(t, capture_state(*game_));
    }
    (void)recording_->seek(*game_, back);

    // The recorded ticks run again on a copy of the game, recorded as mosaic-run --record
    // does: the checkpoints are what a replay of the file gives.
    mosaic::game scratch(project_.module);
    scratch.set_project_folder(project_folder());
    if (project_.manifest) (void)scratch.load_archetypes(project_.manifest->archetypes_folder());
    set_scheduler_tick(scratch, first);
    if (std::vector<diagnostic> p = start_from_state(scratch, initial, path.string()); !p.empty()) {
        log_.add(p);
        if (errors) *errors = p;
        return false;
    }
    // The scene's full path: mosaic-run finds the project above it when the replay is saved
    // elsewhere (a replay outside its project verifies without --project).
    std::error_code absolute_ec;
    const std::string scene_name = scene_path().empty()
                                       ? std::string("untitled")
                                       : fs::absolute(scene_path(), absolute_ec).string();
    replay_recorder recorder(scratch, origin_of(*game_, scene_name),
                             replay_settings{.tick_seconds = recording_->tick_seconds()});
    scratch.set_observer(&recorder);
    std::size_t next_edit = 0;
    try {
        for (std::uint64_t t = first; t < last; ++t) {
            if (next_edit < edits.size() && edits[next_edit].first == t) {
                scratch.set_observer(nullptr);
                (void)start_from_state(scratch, edits[next_edit].second, path.string());
                scratch.set_observer(&recorder);
                ++next_edit;
            }
            if (const tick_input* input = recording_->input_at(t))
                input->apply_to(scratch.world().resource<Input>());
            scratch.tick();
        }
    } catch (const system_error& e) {
        return failed(errors, log_,
                      error_in(path, std::string("Save Replay: the recording did not play "
                                                 "again: ") +
                                         e.what()));
    }
    replay r = recorder.finish(scratch);
    // Each edit: a checkpoint that replaces the state before its tick runs (after the
    // verify checkpoint of the same tick, which checks the state before the edit).
    for (auto& [tick, state] : edits) {
        replay_checkpoint c;
        c.kind = checkpoint_kind::replace;
        c.tick = tick;
        c.hash = world_state_hash(state);
        c.state = std::move(state);
        const auto at = std::upper_bound(
            r.checkpoints.begin(), r.checkpoints.end(), tick,
            [](std::uint64_t t, const replay_checkpoint& k) { return t < k.tick; });
        r.checkpoints.insert(at, std::move(c));
    }
    if (std::vector<diagnostic> p = save_replay_file(r, path); !p.empty()) {
        log_.add(p);
        if (errors) *errors = p;
        return false;
    }
    log_.info("saved replay " + display_path(path) + " (ticks " + std::to_string(first) + "-" +
              std::to_string(last) + ")");
    return true;
}

bool editor_state::open_replay(const fs::path& path, std::vector<diagnostic>* errors) {
    load_result<replay> loaded = load_replay_file(path);
    log_.add(loaded.diagnostics);
    if (errors) *errors = loaded.diagnostics;
    if (!loaded.ok()) return false;
    const std::vector<diagnostic> origin = check_origin(*loaded.value, *game_, path.string());
    log_.add(origin);
    load_result<mosaic::scene> start =
        restore_scene(loaded.value->initial, game_->table(), path.string(), "initial state");
    log_.add(start.diagnostics);
    if (errors) errors->insert(errors->end(), start.diagnostics.begin(), start.diagnostics.end());
    if (!start.ok()) return false;  // the open scene is untouched

    if (playing()) stop();
    documents_.front().set_file({});  // the replay's scene is untitled: Save asks where
    game_->set_project_folder(project_folder());
    if (project_.manifest) log_.add(game_->load_archetypes(project_.manifest->archetypes_folder()));
    game_->start(std::move(*start.value));
    reset_after_load();
    resolve_instances({});
    replay_ = std::make_unique<replay_session>(std::move(*loaded.value));
    apply_resources(replay_->data().initial, *game_);
    set_scheduler_tick(*game_, replay_->data().initial.tick);
    play();
    pause();
    log_.info("opened replay " + display_path(path) + " (" +
              std::to_string(replay_->data().input.size()) +
              " ticks): Resume plays it, the timeline goes back");
    return true;
}

}  // namespace mosaic::editor
