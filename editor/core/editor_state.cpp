#include "editor_state.hpp"

#include "animation_editor.hpp"
#include "child_play.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include <mosaic/ecs/view.hpp>
#include <mosaic/engine/components.hpp>
#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/project/manifest.hpp>
#include <mosaic/engine/resources.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

#include "entity_names.hpp"
#include "project_path.hpp"
#include "revived_entities.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t max_recent = 10;

mosaic::scene starter_scene() {
    mosaic::scene s;
    const entity camera = s.world.create();
    Name name;
    std::strncpy(name.value, "Main Camera", sizeof name.value - 1);
    s.world.add<Name>(camera, name);
    s.world.add<Transform>(camera);
    s.world.add<Camera>(camera);
    s.assign_missing_ids();
    return s;
}
}  // namespace

play_control::hooks editor_state::play_hooks() {
    return {
        .refusal = [this]() -> std::string {
            if (opened_asset() == nullptr) return {};
            return "the " + opened_asset_label() + " is open; close it to play the scene";
        },
        // The game starts from the scene's values, not the animation preview's.
        .before_play = [this] { animation_->suspend(*this); },
        .on_play =
            [this] {
                if (on_play_) on_play_(*this);
            },
        .after_stop = [this] { animation_->resume(*this); },
        .project_folder = [this] { return project_folder(); },
    };
}

std::string editor_state::play_in_child() {
    std::string refused;
    if (opened_asset() != nullptr) {
        refused = "the " + opened_asset_label() + " is open; close it to play the scene";
    } else if (playing()) {
        refused = "the game plays in the editor; stop it first";
    }
    if (!refused.empty()) {
        log_.warning("play in a separate process: " + refused);
        return refused;
    }
    // The game starts from the scene's values, not the animation preview's; the systems'
    // flags go with it, as Save writes them.
    animation_->suspend(*this);
    // Every entity gets its file id here, not only in the copy: the editor's view of the game
    // pairs the game's entities with these by file id (live::world_mirror).
    scene().assign_missing_ids();
    mosaic::scene copy = scene().clone();
    animation_->resume(*this);
    copy.capture_systems(game().systems(), game().system_defaults());
    const loaded_project& p = opened_project();
    if (std::string error =
            child_->play(std::move(copy), table(), p.manifest ? p.manifest->file : fs::path());
        !error.empty())
        return error;
    // The Hierarchy, Inspector and Scene view show the game's world from now on: the edit
    // scene is kept as in-process Play keeps it, and comes back on Stop.
    play_.play_mirrored();
    if (play_.mirrored()) child_->mirror_into(world(), table());
    return {};
}

std::string editor_state::show_game(std::string_view address, std::string token) {
    std::string refused;
    if (opened_asset() != nullptr) {
        refused = "the " + opened_asset_label() + " is open; close it first";
    } else if (playing()) {
        refused = "a game plays in the editor; stop it first";
    }
    if (!refused.empty()) {
        log_.warning("show a running game: " + refused);
        return refused;
    }
    // The game's entities with the open scene's file ids take those entities' places (the
    // game runs this scene): the selection and Keep after Stop find them.
    scene().assign_missing_ids();
    if (std::string error = child_->adopt(address, std::move(token)); !error.empty()) return error;
    play_.play_mirrored();
    if (play_.mirrored()) child_->mirror_into(world(), table());
    return {};
}

play_state editor_state::shown_play_mode() const noexcept {
    if (!child_->active()) return play_.mode();
    return child_->paused() ? play_state::paused : play_state::playing;
}

editor_state::editor_state(const project* p, game_options options)
    : session_(p, options, code_listener()),
      child_(std::make_unique<child_play>(child_play::sources{log_, alerts_})),
      animation_(std::make_unique<animation_editor>()),
      play_({session_.project(), session_.game_slot(), documents_, log_, alerts_}, play_hooks()) {
    // The game in a separate process ended (Stop, a crash): the edit scene comes back.
    child_->on_mirror_end = [this] {
        if (play_.mirrored()) play_.stop();
    };
    game().start(starter_scene());
    resolve_instances({});
    active_document().mark_saved();
    report_load_error();
}

editor_state::editor_state(loaded_project project, game_options options)
    : session_(std::move(project), options, code_listener()),
      child_(std::make_unique<child_play>(child_play::sources{log_, alerts_})),
      animation_(std::make_unique<animation_editor>()),
      play_({session_.project(), session_.game_slot(), documents_, log_, alerts_}, play_hooks()) {
    log_.add(session_.project().problems);
    load_project_archetypes();
    // The game in a separate process ended (Stop, a crash): the edit scene comes back.
    child_->on_mirror_end = [this] {
        if (play_.mirrored()) play_.stop();
    };
    game().start(starter_scene());
    resolve_instances({});
    remember_project();
    active_document().mark_saved();
    report_load_error();
}

void editor_state::report_load_error() {
    if (const auto& error = game().load_error()) {
        log_.error(error->to_string());
        alert("Project not loaded", "Could not load " + error->to_string());
    }
}

editor_state::~editor_state() {
    if (session_.project().module) notify(code_change::unloading);
    pending_open_.reset();          // a background load reads the game's table
    play_.forget();                 // the snapshot and the recording hold the module's components
    close_documents_above_scene();  // so may the scene put aside by an open prefab
    documents_.front().history().clear();
    // The session goes last (declared first): the game, then the module its types came from.
}

// --- files -----------------------------------------------------------------------------------

void editor_state::new_scene() {
    pending_open_.reset();  // a scene still loading is dropped
    if (playing()) play_.stop();
    // The game in a separate process ended (Stop, a crash): the edit scene comes back.
    child_->on_mirror_end = [this] {
        if (play_.mirrored()) play_.stop();
    };
    game().start(starter_scene());
    documents_.front().set_file({});
    reset_after_load();
    resolve_instances({});
    log_.info("new scene");
}

bool editor_state::open(const fs::path& path, std::vector<diagnostic>* errors) {
    if (!begin_open(path, errors)) return false;
    return finish_open(errors) == open_outcome::opened;
}

bool editor_state::begin_open(const fs::path& path, std::vector<diagnostic>* errors) {
    pending_open_.reset();  // cancels and waits for a load still running
    // A scene of another project opens with that project's code; a scene outside any project
    // (saved to the desktop, a temporary folder) opens in the current one, archetypes and all.
    const std::optional<fs::path> manifest = find_manifest(path);
    const bool same_project = !manifest || (session_.project().manifest &&
                                            session_.project().manifest->file == *manifest);
    pending_open next;
    if (!same_project) {
        next.project = load_project(*manifest);
        log_.add(next.project.problems);
        if (!next.project.manifest) {
            if (errors) *errors = next.project.problems;
            return false;
        }
        next.game = session_.make_game(next.project);
    }
    next.load = std::make_unique<background_load>(path, next.game ? next.game->table() : table());
    pending_open_.emplace(std::move(next));
    return true;
}

editor_state::open_outcome editor_state::poll_open(std::vector<diagnostic>* errors) {
    if (!pending_open_) return open_outcome::none;
    if (!pending_open_->load->done()) return open_outcome::loading;
    return finish_open(errors);
}

editor_state::open_outcome editor_state::finish_open(std::vector<diagnostic>* errors) {
    if (!pending_open_) return open_outcome::none;
    pending_open p = std::move(*pending_open_);
    pending_open_.reset();
    const bool cancelled = p.load->cancelled();
    const fs::path path = p.load->path();
    load_result<mosaic::scene> loaded = p.load->take();
    p.load.reset();
    // Not an error to report: the user asked (the UI says it was cancelled).
    if (cancelled && !loaded.ok()) return open_outcome::cancelled;
    const bool opened =
        p.game ? open_in(std::move(p.game), std::move(p.project), path, std::move(loaded), errors)
               : open_loaded(path, std::move(loaded), errors);
    if (opened) return open_outcome::opened;
    return cancelled ? open_outcome::cancelled : open_outcome::failed;
}

bool editor_state::open_loaded(const fs::path& path, load_result<mosaic::scene> loaded,
                               std::vector<diagnostic>* errors) {
    log_.add(loaded.diagnostics);
    if (errors) *errors = loaded.diagnostics;
    if (!loaded.ok()) return false;  // the open scene is untouched
    if (playing()) play_.stop();
    documents_.front().set_file(path);
    game().set_project_folder(
        session_.project().folder(path));  // before the archetypes: their links
    log_.add(game().load_archetypes(session_.project().archetypes_folder(path)));
    game().start(std::move(*loaded.value));
    reset_after_load();
    resolve_instances(path);
    remember_recent(path);
    log_.info("opened " + display_path(path) + " (" + std::to_string(game().world().size() - 1) +
              " entities)");
    return true;
}

bool editor_state::save() {
    if (opened_asset() != nullptr) return save_asset();
    if (scene_path().empty()) {
        log_.error("save: the scene has no file yet; use Save As");
        return false;
    }
    return save_as(fs::path(scene_path()));
}

bool editor_state::save_as(const fs::path& path) {
    if (opened_asset() != nullptr) {
        log_.error("save as: the " + opened_asset_label() +
                   " is open; save it (File > Save) or close it first");
        return false;
    }
    // While playing, the file gets the edit-time scene (the snapshot), as in Unity.
    mosaic::scene* snapshot = play_.snapshot();
    mosaic::scene& target = snapshot ? *snapshot : scene();
    if (!snapshot) target.capture_systems(game().systems(), game().system_defaults());
    animation_->suspend(*this);  // the file gets the scene's values, not the previewed ones
    const std::vector<diagnostic> diagnostics = save_scene_file(target, table(), path);
    animation_->resume(*this);
    log_.add(diagnostics);
    if (has_error(diagnostics)) return false;
    documents_.front().set_file(path);
    documents_.front().mark_saved();
    remember_recent(path);
    log_.info("saved " + display_path(path));
    return true;
}

bool editor_state::dirty() const noexcept {
    return active_document().dirty();
}

std::string editor_state::title() const {
    const std::string name = active_document().name();
    const std::string what = opened_prefab() != nullptr      ? " (prefab)"
                             : opened_archetype() != nullptr ? " (archetype)"
                                                             : "";
    const std::string project =
        session_.project().manifest ? " - " + session_.project().name() : std::string();
    return name + (dirty() ? "*" : "") + what + project + " - Mosaic";
}

fs::path editor_state::project_folder() const {
    return project_folder_of(session_.project(), scene_path());
}

fs::path editor_state::scene_folder() const {
    if (!scene_path().empty()) return fs::absolute(scene_path()).lexically_normal().parent_path();
    std::error_code ec;
    if (session_.project().manifest &&
        fs::is_directory(session_.project().manifest->scenes_folder(), ec)) {
        return fs::absolute(session_.project().manifest->scenes_folder()).lexically_normal();
    }
    return fs::absolute(project_folder()).lexically_normal();
}

bool editor_state::open_in(std::unique_ptr<mosaic::game> g, loaded_project p, const fs::path& path,
                           std::vector<diagnostic>* errors) {
    load_result<mosaic::scene> loaded = load_scene_file(path, g->table());
    return open_in(std::move(g), std::move(p), path, std::move(loaded), errors);
}

bool editor_state::open_in(std::unique_ptr<mosaic::game> g, loaded_project p, const fs::path& path,
                           load_result<mosaic::scene> loaded, std::vector<diagnostic>* errors) {
    log_.add(loaded.diagnostics);
    if (errors) *errors = loaded.diagnostics;
    if (!loaded.ok()) return false;  // the open project and scene are untouched
    if (playing()) play_.stop();
    reset_after_load();  // the history and the snapshot hold the old project's values
    clipboard_ = {};
    g->set_project_folder(p.folder(path));  // the manifest's: not the archetypes' parent
    log_.add(g->load_archetypes(p.archetypes_folder(path)));
    g->start(std::move(*loaded.value));
    session_.replace(std::move(g), std::move(p));  // the old game goes, then its module
    report_load_error();
    documents_.front().set_file(path);
    resolve_instances(path);
    remember_recent(path);
    remember_project();
    log_.info("opened " + display_path(path) + " (" + std::to_string(game().world().size() - 1) +
              " entities), project " +
              (session_.project().manifest ? session_.project().name() : "none"));
    return true;
}

void editor_state::reset_after_load() {
    close_documents_above_scene();  // a new scene: the one put aside goes (callers asked)
    prefab_links().clear();         // prefab files may have changed since they were read
    documents_.front().start_over();
    play_.reset();
    animation_->forget_world();
}

namespace {
void put_first(std::vector<fs::path>& list, const fs::path& path) {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    std::erase(list, absolute);
    list.insert(list.begin(), absolute);
    if (list.size() > max_recent) list.resize(max_recent);
}
void put_last(std::vector<fs::path>& list, const std::vector<fs::path>& older) {
    for (const fs::path& path : older) {
        const fs::path absolute = fs::absolute(path).lexically_normal();
        if (list.size() >= max_recent) return;
        if (std::find(list.begin(), list.end(), absolute) == list.end()) list.push_back(absolute);
    }
}
}  // namespace

void editor_state::remember_recent(const fs::path& path) {
    put_first(recent_, path);
}

void editor_state::remember_project() {
    if (session_.project().manifest)
        put_first(recent_projects_, session_.project().manifest->folder);
}

void editor_state::restore_recent(const std::vector<fs::path>& files,
                                  const std::vector<fs::path>& projects) {
    put_last(recent_, files);
    put_last(recent_projects_, projects);
}

void editor_state::load_project_archetypes() {
    if (!session_.project().manifest) return;
    // The game is told where the project is: a manifest may put the archetypes anywhere.
    game().set_project_folder(session_.project().manifest->folder);
    log_.add(game().load_archetypes(session_.project().manifest->archetypes_folder()));
}

// --- history ---------------------------------------------------------------------------------

void editor_state::record(editor::step s) {
    if (playing()) {
        // Play-mode edits are discarded on stop; until then the edited state is the state of
        // this tick, for seeks and re-simulations (the recorded future goes).
        play_.timeline().edited();
        return;
    }
    animation_->intercept(*this, s);  // Record: edits of animated entities become keys
    active_document().record(std::move(s));
}

void editor_state::end_step_group() {
    active_document().end_step_group();
}

bool editor_state::undo() {
    if (playing()) return false;
    const revived_entities noted(world());
    if (!active_document().undo(scene())) return false;
    if (const std::vector<entity> back = noted.roots(world()); !back.empty())
        selection().set(back);  // a Delete undone: what it deleted is selected again
    after_files_written();
    animation_->after_history(*this, history().clips_restored());
    return true;
}

bool editor_state::redo() {
    if (playing()) return false;
    const revived_entities noted(world());
    if (!active_document().redo(scene())) return false;
    if (const std::vector<entity> back = noted.roots(world()); !back.empty())
        selection().set(back);  // a Create redone
    after_files_written();
    animation_->after_history(*this, history().clips_restored());
    return true;
}

void editor_state::close_documents_above_scene() {
    while (documents_.size() > 1) documents_.pop_back();
    documents_.front().parked.reset();
}

entity editor_state::find_by_name(std::string_view name) const {
    return find_named(world(), name);
}

}  // namespace mosaic::editor
