// mosaic-run --record / --replay / --verify (run_replay.hpp).
#include "run_replay.hpp"

#include <chrono>
#include <ostream>

#include <mosaic/ecs/system_error.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "run_commands.hpp"

namespace mosaic::tools {

namespace fs = std::filesystem;

namespace {

void print_game_log(game& g, std::ostream& err) {
    if (GameLog* log = g.world().try_resource<GameLog>(); log && !log->warnings.empty()) {
        for (const std::string& line : log->take()) err << "warning: " << line << '\n';
    }
}

// The project a replay belongs to: --project, else the one above the replay file, else the
// one above the scene it was recorded from (as given then, or next to the replay).
loaded_project project_of(const replay_request& request, const replay& r) {
    if (!request.project.empty()) return load_project(request.project);
    loaded_project p = load_project_of(request.file);
    if (p.manifest || r.origin.scene.empty()) return p;
    for (const fs::path& scene :
         {fs::path(r.origin.scene), request.file.parent_path() / fs::path(r.origin.scene)}) {
        std::error_code ec;
        if (!fs::exists(scene, ec)) continue;
        p = load_project_of(scene);
        if (p.manifest) return p;
    }
    return p;
}

}  // namespace

bool write_recording(replay_recorder& recorder, game& g, const record_request& request,
                     std::ostream& out, std::ostream& err) {
    const replay r = recorder.finish(g);
    const std::vector<diagnostic> problems = save_replay_file(r, request.file);
    err << to_string(problems);
    if (has_error(problems)) return false;
    std::size_t states = 0;
    for (const replay_checkpoint& c : r.checkpoints) states += c.state ? 1 : 0;
    out << "recorded " << display_path(request.file) << " (" << r.input.size() << " ticks, "
        << r.input.changes().size() << " input changes, " << r.checkpoints.size()
        << " checkpoints, " << states << " with their state)\n";
    return true;
}

int play_replay(const replay_request& request, std::ostream& out, std::ostream& err) {
    const load_result<replay> loaded = load_replay_file(request.file);
    err << to_string(loaded.diagnostics);
    if (!loaded.ok()) return exit_file_error;
    const replay& r = *loaded.value;
    const loaded_project opened = project_of(request, r);
    if (!request.project.empty() && !opened.manifest) {
        err << "mosaic-run: --project " << request.project << ": " << to_string(opened.problems);
        return exit_usage;
    }
    err << to_string(opened.problems);
    // Without the project its systems are missing: the replay would "diverge" at once.
    if (!opened.manifest && !r.origin.project.empty()) {
        err << "mosaic-run: " << display_path(request.file) << ": recorded with project '"
            << r.origin.project
            << "', which was not found above the replay or its scene: pass --project PATH\n";
        return exit_usage;
    }
    if (module_did_not_load(opened, err)) return exit_file_error;

    const unsigned threads = request.threads.value_or(r.settings.threads);
    game g(opened.module, {.threads = threads,
                           .seed = r.settings.seed,
                           .clock = {.tick_rate = 1.0 / r.settings.tick_seconds}});
    if (const auto& error = g.load_error())
        err << "mosaic-run: warning: " << error->to_string() << '\n';
    const std::string file_name = request.file.string();
    const std::vector<diagnostic> origin = check_origin(r, g, file_name);
    err << to_string(origin);
    const fs::path scene_path = r.origin.scene.empty() ? request.file : fs::path(r.origin.scene);
    g.set_project_folder(opened.folder(scene_path));  // not the archetypes folder's parent
    const std::vector<diagnostic> archetypes =
        g.load_archetypes(opened.archetypes_folder(scene_path));
    err << to_string(archetypes);
    if (has_error(archetypes)) return exit_file_error;

    replay_player player(r, {.verify = request.verify});
    const std::vector<diagnostic> started = player.start(g, file_name);
    err << to_string(started);
    if (has_error(started)) return exit_file_error;
    g.set_observer(&player);
    const auto began = std::chrono::steady_clock::now();
    try {
        while (!player.finished(g) && !player.divergence()) {
            g.tick();
            print_game_log(g, err);
        }
    } catch (const system_error& e) {
        print_game_log(g, err);
        err << "mosaic-run: " << e.failure().to_string() << '\n';
        return exit_file_error;
    }
    g.set_observer(nullptr);
    err << to_string(player.problems());
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - began;

    if (const auto& d = player.divergence()) {
        err << "mosaic-run: " << display_path(request.file) << ": " << d->to_string() << '\n'
            << to_string(d->problems);
        out << display_path(request.file) << ": " << player.verified() - 1 << " of "
            << r.checkpoints.size() << " checkpoints matched before the divergence\n";
        return exit_diverged;
    }
    std::size_t entities = 0;
    g.world().each([&](entity e) { entities += g.world().has<resource_entity>(e) ? 0 : 1; });
    out << display_path(request.file) << ": replayed " << r.input.size() << " ticks of "
        << (r.origin.scene.empty() ? std::string("a scene") : r.origin.scene) << " ("
        << (r.origin.project.empty() ? std::string("built-in types only")
                                     : "project " + r.origin.project)
        << ", " << threads << (threads == 1 ? " thread" : " threads") << ", seed "
        << r.settings.seed << ") in " << took.count() << " ms, " << entities << " entities\n";
    if (request.verify) {
        out << "verified: " << player.verified() << " of " << r.checkpoints.size()
            << " checkpoints match\n";
    }
    if (request.profile) g.systems().print_profile(out);
    if (request.save) {
        g.current().capture_systems(g.systems(), g.system_defaults());
        const std::vector<diagnostic> saved =
            save_scene_file(g.current(), g.table(), *request.save);
        err << to_string(saved);
        if (has_error(saved)) return exit_file_error;
        out << "wrote " << request.save->string() << '\n';
    }
    return exit_ok;
}

}  // namespace mosaic::tools
