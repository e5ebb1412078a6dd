#pragma once
// game: a scene being played — the scene, the systems that run on it, the fixed-step clock
// and the resources the systems need. mosaic-run drives one without a window, the editor's
// play mode drives one inside the scene view; both go through the same tick().
//
//   mosaic::game g(project, {.threads = 2, .seed = 7});
//   g.set_project_folder(folder);                  // asset paths are relative to it
//   g.load_archetypes(manifest.archetypes_folder());
//   g.start(std::move(loaded_scene));
//   while (running) g.frame(seconds_since_last_frame);  // 0..n fixed ticks

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>

#include "../project.hpp"
#include "../scene/diagnostic.hpp"
#include "../scene/prefab.hpp"
#include "../scene/prefab_library.hpp"
#include "../scene/scene.hpp"
#include "fixed_step.hpp"

namespace mosaic {

struct game_options {
    unsigned threads = 1;
    std::uint64_t seed = 1;  // the Random resource's seed
    fixed_step_options clock{};
    /// The most entities the played world holds (world::set_entity_limit): a system that
    /// creates more fails with a capacity_error (a system_error naming it) instead of the
    /// process running out of memory. 16M entities of a few components is a few GB.
    std::uint32_t max_entities = default_max_entities;

    static constexpr std::uint32_t default_max_entities = 16'777'216;
};

class game;
class game_module;
class code_migration;  // runtime/code_reload.hpp, a host internal (replace_code)

/// Watches the ticks of a game (game::set_observer): the editor's recording and mosaic-run's
/// --record capture the input each tick sees; a replay writes the recorded input back.
class tick_observer {
public:
    virtual ~tick_observer() = default;
    /// Before the systems of tick `g.systems().ticks()` run (the world is as the last tick
    /// left it, with this frame's device input).
    virtual void before_tick(game& g) = 0;
    /// After that tick's systems and command buffers (not when a system failed).
    virtual void after_tick(game& g) = 0;
};

class game {
public:
    /// Registers the built-in and the project's components and systems (`p` may be null).
    /// When the project's registration throws, the game has the built-in ones only and
    /// load_error() says why.
    explicit game(const project* p = nullptr, game_options options = {});
    /// The same with a loaded module's project (null: built-in types only). The game keeps
    /// the module loaded for as long as anything of it lives in the game.
    explicit game(std::shared_ptr<const game_module> module, game_options options = {});
    ~game();
    game(const game&) = delete;
    game& operator=(const game&) = delete;

    [[nodiscard]] const component_table& table() const noexcept { return table_; }
    [[nodiscard]] scheduler& systems() noexcept { return systems_; }
    [[nodiscard]] fixed_step_clock& clock() noexcept { return clock_; }
    [[nodiscard]] scene& current() noexcept { return scene_; }
    [[nodiscard]] mosaic::world& world() noexcept { return scene_.world; }
    [[nodiscard]] const project* project_info() const noexcept { return project_; }
    [[nodiscard]] const std::shared_ptr<const game_module>& module() const noexcept {
        return module_;
    }

    /// Replaces the game's code with `next` (a rebuilt module; null: built-ins only) while
    /// the scene, its entities and the tick go on: the components of the old module's types
    /// are migrated by field name (code_migration), the table and the systems are registered
    /// again (the scene's system settings re-applied) and the archetypes re-read. `also`:
    /// other scenes holding the old module's components (the editor's Play snapshot), which
    /// are migrated the same way. The old module is unloaded before this returns unless
    /// someone else still holds it. The returned migration converts values held elsewhere
    /// (undo history) and carries the report.
    code_migration replace_code(std::shared_ptr<const game_module> next,
                                std::span<scene* const> also = {});
    /// Why the project's components and systems are missing, when its registration failed.
    [[nodiscard]] const std::optional<registration_error>& load_error() const noexcept {
        return load_error_;
    }

    /// The project folder: the paths scenes name (Animator clips, Tilemap tilesets, prefab
    /// links) are relative to it. Callers with a project say it here (mosaic-run and the
    /// editor do), before load_archetypes: the archetypes folder is wherever the manifest
    /// puts it, not necessarily PROJECT/archetypes. The world already started follows.
    void set_project_folder(const std::filesystem::path& folder);
    /// The folder set_project_folder gave; without one, the parent of the folder
    /// load_archetypes read (the usual layout); empty before both.
    [[nodiscard]] const std::filesystem::path& project_folder() const noexcept {
        return project_folder_;
    }

    /// Reads every NAME.archetype.json and NAME.prefab.json in `folder` (a missing folder is
    /// not an error) into the Archetypes and Prefabs resources worlds get on start(), replacing
    /// what an earlier call read. Returns the files' diagnostics. replace_code() reads the same
    /// folder again.
    std::vector<diagnostic> load_archetypes(const std::filesystem::path& folder);
    [[nodiscard]] const std::vector<archetype>& archetypes() const noexcept { return archetypes_; }
    /// The NAME.prefab.json files of the same folder (the Prefabs resource), their nested
    /// instances resolved.
    [[nodiscard]] const std::vector<prefab>& prefabs() const noexcept { return prefabs_; }
    /// The prefabs scenes' instances link to (PrefabInstance paths are relative to the project
    /// folder, project_folder()). Pass it to load_scene_file or resolve_prefab_instances
    /// before start().
    [[nodiscard]] prefab_library& prefab_links() noexcept { return *prefab_links_; }

    /// Makes `s` the scene being played: applies its system settings, gives its world the
    /// resources (Physics from the scene's gravity, Random from the seed, Input, Contacts,
    /// GameLog, Archetypes, the clip and tileset caches on project_folder() when it has an
    /// Animator or a Tilemap) and the entity limit (game_options::max_entities), and resets
    /// the clock.
    void start(scene s);
    /// The settings of the systems the scene did not list, as they were when it started
    /// (registered defaults): pass them to scene::capture_systems so that saving leaves such
    /// a system out while it still has them (an unchanged scene saves the same bytes).
    [[nodiscard]] std::span<const system_setting> system_defaults() const noexcept {
        return system_defaults_;
    }
    /// Re-reads the scene's settings into the resources (after an edit of the gravity).
    void sync_settings();
    /// One fixed tick of clock().tick_seconds(). A failing system throws system_error
    /// (mosaic/ecs/system_error.hpp): the world is then as the failure left it; callers stop
    /// the game (the editor restores its snapshot, mosaic-run exits). A world that got its
    /// first Animator or Tilemap since start() (game code, the editor's Untitled scene) gets
    /// its caches here, before the systems run.
    void tick();
    /// A rendered frame's worth of simulation: runs the ticks the clock says are due after
    /// `real_seconds` (0 when paused, 1 after a step), or as many as fit in the clock's
    /// max_tick_seconds (at least one). Returns how many ran. Throws
    /// system_error like tick(), and runs no more ticks after one failed.
    int frame(double real_seconds);

    /// Who watches the ticks (null: nobody). The game does not own it; one at a time.
    void set_observer(tick_observer* observer) noexcept { observer_ = observer; }
    [[nodiscard]] tick_observer* observer() const noexcept { return observer_; }

private:
    void register_code();
    void record_system_defaults();
    // The one place the clip and tileset caches get their root (project_folder()) and the
    // table: start() and every tick() (cheap when connected).
    void connect_asset_caches();

    // First member: destroyed last, after everything that points into the module.
    std::shared_ptr<const game_module> module_;
    const project* project_;
    std::optional<registration_error> load_error_;
    game_options options_;
    component_table table_;
    scheduler systems_;
    fixed_step_clock clock_;
    scene scene_;
    std::vector<archetype> archetypes_;
    std::vector<prefab> prefabs_;
    std::unique_ptr<prefab_library> prefab_links_ =
        std::make_unique<prefab_library>(table_, std::filesystem::path());
    std::filesystem::path archetype_folder_;
    std::filesystem::path project_folder_;
    bool project_folder_set_ = false;
    std::vector<system_setting> system_defaults_;
    tick_observer* observer_ = nullptr;
};

}  // namespace mosaic
