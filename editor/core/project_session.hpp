#pragma once
// project_session: the open project and the game its code runs in — the manifest and module
// (loaded_project), the mosaic::game that holds the scene being edited (so Play runs the same
// systems as mosaic-run), and Build & Reload. It owns the order in which they go: the module
// outlives the game made from it, and whoever holds pointers into the module's code (the
// editor's module panels and commands) hears "unloading" before the module goes and "loaded"
// once the new one is in place.
//
// It knows nothing of documents, play or files: editor_state decides when another project or
// new code comes in (editor_state.cpp, editor_project.cpp) and tells the other parts.

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include <mosaic/engine/project.hpp>
#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/code_reload.hpp>
#include <mosaic/engine/runtime/game.hpp>

#include "code_reloader.hpp"

namespace mosaic::editor {

/// What happens to the project's module (editor_state::on_code_change).
enum class code_change {
    unloading,  // the module is about to be let go: drop every pointer into it now
    loaded,     // a new module is in place (hot reload, another project)
};

class project_session {
public:
    using listener = std::function<void(code_change)>;
    /// Code written in the program (tests): `p` may be null (built-in types only).
    project_session(const mosaic::project* p, game_options options, listener on_change);
    /// A project opened from its manifest (its module loaded, or not: see its problems).
    project_session(loaded_project project, game_options options, listener on_change);
    ~project_session();
    project_session(const project_session&) = delete;
    project_session& operator=(const project_session&) = delete;

    /// The game (not const through a const session: a pointer's semantics, as panels that
    /// only read the session still run the game's queries).
    [[nodiscard]] mosaic::game& game() const noexcept { return *game_; }
    /// The game as a pointer that follows replace(): for the parts that keep a reference.
    [[nodiscard]] std::unique_ptr<mosaic::game>& game_slot() noexcept { return game_; }
    [[nodiscard]] const loaded_project& project() const noexcept { return project_; }
    /// A game for `p`'s code with this editor's options (a scene of another project loads
    /// into it before it replaces this one).
    [[nodiscard]] std::unique_ptr<mosaic::game> make_game(const loaded_project& p) const;
    /// Wall seconds the ticks of one frame may take, for this game and the later ones.
    void set_tick_budget(double seconds) noexcept;

    /// `g` and `p` replace the open game and project (the listener hears "unloading" first
    /// when the module changes, and "loaded" after).
    void replace(std::unique_ptr<mosaic::game> g, loaded_project p);
    /// The game's code becomes `next`'s in place; `also` are scenes outside the game that
    /// hold components (the snapshot of Play, a scene put aside). Returns what migrated.
    code_migration replace_code(std::shared_ptr<const game_module> next,
                                const std::vector<mosaic::scene*>& also);
    /// How many times replace_code() replaced the code.
    [[nodiscard]] std::size_t reloads() const noexcept { return reloads_; }
    /// Build & Reload and the module watcher (the UI updates it every frame).
    [[nodiscard]] code_reloader& reloader() noexcept { return reloader_; }

private:
    game_options options_;
    listener on_change_;
    loaded_project project_;  // before game_: its module outlives the game
    std::unique_ptr<mosaic::game> game_;
    std::size_t reloads_ = 0;
    code_reloader reloader_;
};

}  // namespace mosaic::editor
