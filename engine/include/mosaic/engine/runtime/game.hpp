#pragma once
// game: a scene being played — the scene, the systems that run on it, the fixed-step clock
// and the resources the systems need. mosaic-run drives one without a window, the editor's
// play mode drives one inside the scene view; both go through the same tick().
//
//   mosaic::game g(project, {.threads = 2, .seed = 7});
//   g.load_archetypes(folder / "archetypes");
//   g.start(std::move(loaded_scene));
//   while (running) g.frame(seconds_since_last_frame);  // 0..n fixed ticks

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <mosaic/ecs/archetype.hpp>
#include <mosaic/ecs/component_table.hpp>
#include <mosaic/ecs/scheduler.hpp>

#include "../project.hpp"
#include "../scene/diagnostic.hpp"
#include "../scene/scene.hpp"
#include "fixed_step.hpp"

namespace mosaic {

struct game_options {
    unsigned threads = 1;
    std::uint64_t seed = 1;  // the Random resource's seed
    fixed_step_options clock{};
};

class game {
public:
    /// Registers the built-in and the project's components and systems (`p` may be null).
    /// When the project's registration throws, the game has the built-in ones only and
    /// load_error() says why.
    explicit game(const project* p = nullptr, game_options options = {});
    game(const game&) = delete;
    game& operator=(const game&) = delete;

    [[nodiscard]] const component_table& table() const noexcept { return table_; }
    [[nodiscard]] scheduler& systems() noexcept { return systems_; }
    [[nodiscard]] fixed_step_clock& clock() noexcept { return clock_; }
    [[nodiscard]] scene& current() noexcept { return scene_; }
    [[nodiscard]] mosaic::world& world() noexcept { return scene_.world; }
    [[nodiscard]] const project* project_info() const noexcept { return project_; }
    /// Why the project's components and systems are missing, when its registration failed.
    [[nodiscard]] const std::optional<registration_error>& load_error() const noexcept {
        return load_error_;
    }

    /// Reads every NAME.archetype.json in `folder` (a missing folder is not an error) into
    /// the Archetypes resource worlds get on start(), replacing what an earlier call read.
    /// Returns the files' diagnostics.
    std::vector<diagnostic> load_archetypes(const std::filesystem::path& folder);
    [[nodiscard]] const std::vector<archetype>& archetypes() const noexcept { return archetypes_; }

    /// Makes `s` the scene being played: applies its system settings, gives its world the
    /// resources (Physics from the scene's gravity, Random from the seed, Input, Contacts,
    /// Archetypes) and resets the clock.
    void start(scene s);
    /// Re-reads the scene's settings into the resources (after an edit of the gravity).
    void sync_settings();

    /// One fixed tick of clock().tick_seconds(). A failing system throws system_error
    /// (mosaic/ecs/system_error.hpp): the world is then as the failure left it; callers stop
    /// the game (the editor restores its snapshot, mosaic-run exits).
    void tick();
    /// A rendered frame's worth of simulation: runs the ticks the clock says are due after
    /// `real_seconds` (0 when paused, 1 after a step). Returns how many ran. Throws
    /// system_error like tick(), and runs no more ticks after one failed.
    int frame(double real_seconds);

private:
    const project* project_;
    std::optional<registration_error> load_error_;
    game_options options_;
    component_table table_;
    scheduler systems_;
    fixed_step_clock clock_;
    scene scene_;
    std::vector<archetype> archetypes_;
};

}  // namespace mosaic
