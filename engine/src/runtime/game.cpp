#include "mosaic/engine/runtime/game.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

#include "mosaic/engine/animation/animator.hpp"
#include "mosaic/engine/project/game_module.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/runtime/code_reload.hpp"
#include "mosaic/engine/scene/archetype_folder.hpp"
#include "mosaic/engine/scene/scene_file.hpp"
#include "mosaic/engine/systems/builtin_systems.hpp"
#include "mosaic/engine/tilemap/tilemap.hpp"
#include "mosaic/engine/tilemap/tileset.hpp"

namespace mosaic {

namespace fs = std::filesystem;

game::game(const project* p, game_options options)
    : project_(p),
      options_(options),
      systems_(std::max(1u, options.threads)),
      clock_(options.clock) {
    register_code();
}

game::game(std::shared_ptr<const game_module> module, game_options options)
    : module_(std::move(module)),
      project_(module_ ? &module_->description() : nullptr),
      options_(options),
      systems_(std::max(1u, options.threads)),
      clock_(options.clock) {
    register_code();
}

game::~game() {
    // The scene's pools and the archetypes may hold the module's types: go before it does.
    scene_ = scene{};
    archetypes_.clear();
    prefabs_.clear();
    prefab_links_->clear();  // its prefabs hold values of the types that go
    systems_.clear();
    table_.clear();
}

void game::register_code() {
    load_error_ = register_project(project_, table_, systems_);
}

code_migration game::replace_code(std::shared_ptr<const game_module> next,
                                  std::span<scene* const> also) {
    std::vector<scene*> scenes{&scene_};
    scenes.insert(scenes.end(), also.begin(), also.end());

    // 1. Everything of the old code leaves the scenes and the game, values kept aside.
    const std::vector<type_id> leaving = module_ ? module_->types() : std::vector<type_id>{};
    code_migration migration(table_, leaving);
    scene_.capture_systems(systems_, system_defaults_);
    for (scene* s : scenes) {
        if (Archetypes* a = s->world.try_resource<Archetypes>()) a->list.clear();
        if (Prefabs* p = s->world.try_resource<Prefabs>()) p->list.clear();
        s->world.disconnect_all_signals();  // game code connects them; it goes
        migration.detach(*s);
    }
    archetypes_.clear();
    prefabs_.clear();
    prefab_links_->clear();  // its prefabs hold values of the types that go
    systems_.clear();
    table_.clear();

    // 2. The new code comes in. The old module is unloaded here (its types retired) unless
    // someone else still holds it; its types then keep their ids until it goes.
    module_ = std::move(next);
    project_ = module_ ? &module_->description() : nullptr;
    register_code();

    // 3. The values come back, migrated; archetypes and settings as before.
    migration.attach(table_);
    if (!archetype_folder_.empty()) load_archetypes(archetype_folder_);
    for (scene* s : scenes) {
        s->apply_systems(systems_);
        if (Archetypes* a = s->world.try_resource<Archetypes>()) a->list = archetypes_;
        if (Prefabs* p = s->world.try_resource<Prefabs>()) p->list = prefabs_;
        // Clips bound to the old table: bound again, and tracks on fields that went reported.
        if (AnimationClips* c = s->world.try_resource<AnimationClips>()) c->rebind();
    }
    record_system_defaults();  // the new code's registered settings
    return migration;
}

void game::record_system_defaults() {
    system_defaults_.clear();
    for (const system* sys : systems_.ordered()) {
        const bool listed =
            std::any_of(scene_.systems.begin(), scene_.systems.end(),
                        [&](const system_setting& s) { return s.name == sys->name(); });
        if (!listed) system_defaults_.push_back({sys->name(), sys->enabled(), sys->every()});
    }
}

void game::set_project_folder(const fs::path& folder) {
    project_folder_ = folder;
    project_folder_set_ = true;
    prefab_links_->set_project_folder(folder);
    // A world already started reads its files from here from now on.
    if (AnimationClips* clips = scene_.world.try_resource<AnimationClips>()) clips->root = folder;
    if (Tilesets* sets = scene_.world.try_resource<Tilesets>()) sets->root = folder;
}

std::vector<diagnostic> game::load_archetypes(const fs::path& folder) {
    archetype_folder_ = folder;
    // Without set_project_folder, the usual layout: the archetypes in PROJECT/archetypes.
    if (!project_folder_set_) {
        project_folder_ = folder.parent_path();
        prefab_links_->set_project_folder(project_folder_);
    }
    archetype_folder read = read_archetype_folder(folder, table_, *prefab_links_);
    archetypes_ = std::move(read.archetypes);
    prefabs_ = std::move(read.prefabs);
    return std::move(read.diagnostics);
}

void game::start(scene s) {
    scene_ = std::move(s);
    scene_.apply_systems(systems_);
    record_system_defaults();
    mosaic::world& w = scene_.world;
    w.set_entity_limit(options_.max_entities);
    add_builtin_resources(w);
    w.resource<Random>() = Random{options_.seed};
    w.resource<Archetypes>().list = archetypes_;
    w.resource<Prefabs>().list = prefabs_;
    connect_asset_caches();
    sync_settings();
    clock_.reset();
}

void game::sync_settings() {
    scene_.world.resource<Physics>().gravity = scene_.settings.gravity;
}

void game::connect_asset_caches() {
    // Only worlds that animate or have tilemaps get their caches (each resource is a pool
    // every recording keyframe copies): at start when the scene has an Animator or a Tilemap,
    // else before the first tick that finds one (game code or the editor added it). A cache
    // made elsewhere (the animation system, game code putting a clip, the editor's unsaved
    // clip) keeps the root it was given and gets the table; the clips it bound against
    // another table are bound again.
    mosaic::world& w = scene_.world;
    if (w.count<Animator>() > 0) {
        AnimationClips& clips = w.resource<AnimationClips>();
        if (clips.root.empty()) clips.root = project_folder_;
        if (clips.table != &table_) {
            clips.table = &table_;
            clips.rebind();
        }
    }
    if (w.count<Tilemap>() > 0) {
        Tilesets& sets = w.resource<Tilesets>();
        if (sets.root.empty()) sets.root = project_folder_;
    }
}

void game::tick() {
    connect_asset_caches();
    if (observer_) observer_->before_tick(*this);
    systems_.tick(scene_.world, clock_.tick_seconds());  // a failure throws past after_tick
    if (observer_) observer_->after_tick(*this);
}

int game::frame(double real_seconds) {
    const int due = clock_.advance(real_seconds);
    const double budget = clock_.options().max_tick_seconds;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < due; ++i) {
        tick();
        const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
        // Another tick of the average length so far would overrun the budget: stop here.
        const double next = spent.count() / (i + 1);
        if (budget > 0.0 && spent.count() + next > budget && i + 1 < due) {
            clock_.drop(due - (i + 1));  // the game falls behind real time, the frame does not
            return i + 1;
        }
    }
    return due;
}

}  // namespace mosaic
