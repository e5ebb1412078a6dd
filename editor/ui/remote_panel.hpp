#pragma once
// remote_panel: the Game tab (issue #30 §3), the editor's view of a game attached over the
// live link (core/remote_game.hpp). Detached, it lists the mosaic-run --listen processes of
// this machine and takes ADDR:PORT and a token. Attached: the game's state with Pause / Step
// / Resume / Detach, a paged list of its entities (click to inspect) and the selected one's
// component values, read-only until Allow Edits is ticked (then Enter in a field sets it in
// the game). Detach leaves the game running. Several games at once (a server and its
// clients): each attach opens a tab of its own ("+" attaches another); the editor's own child,
// while a game plays in a separate process (core/child_play.hpp), is the first tab.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <mosaic/engine/live/live_client.hpp>

#include "core/remote_game.hpp"
#include "ui/panel.hpp"

namespace mosaic::editor {

class child_play;

/// The games the editor is attached to (per editor process), one tab each in the Game tab;
/// the shown one is current(). The Query tab and the attach commands use current().
class attached_games {
public:
    /// The game shown (a detached one, with the attach form, when there is none).
    [[nodiscard]] remote_game& current();
    [[nodiscard]] std::size_t current_index() const noexcept { return current_; }
    void show(std::size_t index);
    /// A new, detached game, made current (its tab shows the attach form).
    remote_game& add();
    /// The current game if it is free (detached, failed), else a new one.
    remote_game& free_one();
    /// Detaches the game at `index` (it keeps running) and closes its tab.
    void close(std::size_t index);
    [[nodiscard]] std::size_t size() const noexcept { return games_.size(); }
    [[nodiscard]] remote_game& at(std::size_t index) { return *games_.at(index); }
    /// Takes in every game's replies (each frame).
    void update(double now);
    /// The tab to bring to the front at the next draw (the game add() made), once.
    [[nodiscard]] int take_tab_to_select() noexcept { return std::exchange(select_next_, -1); }

private:
    std::vector<std::unique_ptr<remote_game>> games_;
    std::size_t current_ = 0;
    int select_next_ = -1;
};
[[nodiscard]] attached_games& attached();
/// attached().current(): the game the Query tab and the attach commands act on.
[[nodiscard]] remote_game& attached_game();

class remote_panel : public panel {
public:
    remote_panel() : panel({.id = "remote", .title = "Game", .where = dock::bottom}) {}

    void draw(panel_context& ctx) override;
    /// Takes in the game's replies every frame, shown or not (never waits on them).
    void every_frame(panel_context& ctx) override;

private:
    void draw_tab(remote_game& g, ui_state& ui);
    void draw_instance(child_play& instance, const std::string& args, ui_state& ui);
    void draw_instance_list(child_play& child, ui_state& ui);
    void draw_attach_form(remote_game& g, ui_state& ui);
    /// `detachable`: an attached game (Detach shown), not the editor's own child.
    void draw_attached(remote_game& g, ui_state& ui, bool detachable);
    void draw_inspector(remote_game& g, ui_state& ui);

    std::array<char, 128> address_{};
    std::array<char, 128> token_{};
    std::string error_;
    std::vector<live::listening_game> games_;
    double listed_at_ = -1e9;
    panel_context* ctx_ = nullptr;  // during draw()
    // The field being edited: its text until Enter.
    std::string editing_;
    std::array<char, 256> edit_text_{};
};

}  // namespace mosaic::editor
