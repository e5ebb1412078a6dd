// editor_state's File > Open Replay: a replay file's first state becomes the scene and the game
// waits paused at its first tick, the replay feeding its recorded input to the timeline
// (timeline.hpp, which also writes replays: File > Save Replay).
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/replay/world_state.hpp>

#include "editor_state.hpp"
#include "replay_session.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

bool editor_state::open_replay(const fs::path& path, std::vector<diagnostic>* errors) {
    load_result<replay> loaded = load_replay_file(path);
    log_.add(loaded.diagnostics);
    if (errors) *errors = loaded.diagnostics;
    if (!loaded.ok()) return false;
    const std::vector<diagnostic> origin = check_origin(*loaded.value, game(), path.string());
    log_.add(origin);
    load_result<mosaic::scene> start =
        restore_scene(loaded.value->initial, game().table(), path.string(), "initial state");
    log_.add(start.diagnostics);
    if (errors) errors->insert(errors->end(), start.diagnostics.begin(), start.diagnostics.end());
    if (!start.ok()) return false;  // the open scene is untouched

    if (playing()) play_.stop();
    documents_.front().set_file({});  // the replay's scene is untitled: Save asks where
    game().set_project_folder(project_folder());
    if (session_.project().manifest)
        log_.add(game().load_archetypes(session_.project().manifest->archetypes_folder()));
    game().start(std::move(*start.value));
    reset_after_load();
    resolve_instances({});
    const std::size_t ticks = loaded.value->input.size();
    play_.timeline().set_replay(std::make_unique<replay_session>(std::move(*loaded.value)));
    play_.play();
    play_.pause();
    log_.info("opened replay " + display_path(path) + " (" + std::to_string(ticks) +
              " ticks): Resume plays it, the timeline goes back");
    return true;
}

}  // namespace mosaic::editor
