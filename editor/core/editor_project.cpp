// editor_state's project: opening another project, and replacing the game's code in place
// (hot reload) with the scene, selection, undo history and play state kept.
#include <chrono>
#include <cstdio>

#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/runtime/code_reload.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "animation_editor.hpp"
#include "editor_state.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

bool editor_state::open_project(const fs::path& manifest) {
    pending_open_.reset();  // a scene still loading is dropped
    loaded_project next = load_project(manifest);
    log_.add(next.problems);
    if (!next.manifest) return false;
    const fs::path scene = next.manifest->default_scene_path();
    std::error_code ec;
    if (!scene.empty() && fs::exists(scene, ec)) {
        std::unique_ptr<mosaic::game> g = session_.make_game(next);
        if (open_in(std::move(g), std::move(next), scene, nullptr)) return true;
        // The default scene did not load: the project opens on a new scene.
        next = load_project(manifest);
    }
    if (playing()) play_.stop();
    reset_after_load();
    clipboard_ = {};
    std::unique_ptr<mosaic::game> g = session_.make_game(next);
    session_.replace(std::move(g), std::move(next));
    report_load_error();
    load_project_archetypes();
    remember_project();
    new_scene();
    log_.info("opened project " + session_.project().name() + " (" +
              display_path(session_.project().manifest->folder) + ")");
    return true;
}

bool editor_state::reload_code() {
    if (pending_open_) {
        // The load reads the component table the new code would change.
        log_.error("reload: a scene is loading; reload when it is open (or cancelled)");
        return false;
    }
    if (!session_.project().manifest) {
        log_.error("reload: no project is open");
        return false;
    }
    const auto started = std::chrono::steady_clock::now();
    game_module::load_result next = reload_module(*session_.project().manifest);
    if (!next.module) {
        log_.error("reload failed, the running code stays: " + next.error);
        return false;
    }
    if (auto error = trial_registration(next.module->description())) {
        log_.error("reload failed, the running code stays: " + error->to_string());
        // The registration ran against a trial table: the game still runs the old code (not
        // the built-ins that registration_error::to_string() speaks of for a first load).
        alert("Reload failed",
              "The new code was not loaded; the old code keeps running.\n\n"
              "project '" +
                  error->project + "': " + error->step + " failed: " + error->message);
        return false;
    }
    animation().suspend(*this);  // kept values are at the old layout's offsets
    // The recording's keyframes hold the old code's components: it starts again after.
    const bool recording = timeline().recording() != nullptr;
    timeline().drop();
    std::vector<mosaic::scene*> also;
    if (mosaic::scene* snapshot = play_.snapshot()) also.push_back(snapshot);
    for (document& d : documents_)  // the scene put aside by an open prefab
        if (d.parked) also.push_back(&*d.parked);
    // The old module unloads inside (its types' ids go to the new module's types).
    code_migration migration = session_.replace_code(std::move(next.module), also);
    if (recording) timeline().start();

    // Values held outside the scenes: the undo history and the clipboard.
    const auto remap = [&](type_id& type, component_state& state) {
        if (!migration.leaving(type)) return true;
        if (!state.present) {
            if (auto converted = migration.convert(type, {})) type = converted->type;
            return true;
        }
        auto converted = migration.convert(type, state.bytes);
        if (!converted) return false;
        type = converted->type;
        state.bytes = std::move(converted->bytes);
        return true;
    };
    std::size_t dropped = 0;
    for (auto d = documents_.rbegin(); d != documents_.rend(); ++d)  // the active one first
        dropped += d->history().remap_components(remap);
    if (migration.leaving(clipboard_.type)) {
        component_state held{.present = true, .enabled = true, .bytes = clipboard_.bytes};
        if (remap(clipboard_.type, held)) {
            clipboard_.bytes = std::move(held.bytes);
        } else {
            clipboard_ = {};
        }
    }
    const bool keeps_dropped = play_.keeps().remap_types([&](type_id type) {
        if (!migration.leaving(type)) return type;
        const auto converted = migration.convert(type, {});
        return converted ? converted->type : invalid_type_id;
    });
    if (keeps_dropped) log_.warning("the kept play-mode changes were dropped: the code changed");
    selection().prune(world());
    animation().resume(*this);  // tracks the new code lost are reported here
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    char took[32];
    std::snprintf(took, sizeof took, "%.0f ms", ms);
    log_.info("reloaded " + session_.project().name() + " from " +
              display_path(session_.project().module->file()) + " (" +
              std::to_string(migration.migrated()) + " component values migrated, " + took + ")");
    for (const std::string& line : migration.report()) log_.warning(line);
    if (dropped) {
        log_.warning(std::to_string(dropped) +
                     " undo record(s) of removed component types were dropped");
    }
    return true;
}

}  // namespace mosaic::editor
