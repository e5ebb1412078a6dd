#pragma once
// remote_panel: the Game tab (issue #30 §3), the editor's view of a game attached over the
// live link (core/remote_game.hpp). Detached, it lists the mosaic-run --listen processes of
// this machine and takes ADDR:PORT and a token. Attached: the game's state with Pause / Step
// / Resume / Detach, a paged list of its entities (click to inspect) and the selected one's
// component values, read-only until Allow Edits is ticked (then Enter in a field sets it in
// the game). Detach leaves the game running. While a game plays in a separate process
// (core/child_play.hpp) the tab shows that game instead.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <mosaic/engine/live/live_client.hpp>

#include "core/remote_game.hpp"
#include "ui/panel.hpp"

namespace mosaic::editor {

/// The game the editor is attached to (one per editor process; detached by default). The Game
/// and Query tabs and the attach commands share it.
[[nodiscard]] remote_game& attached_game();

class remote_panel : public panel {
public:
    remote_panel() : panel({.id = "remote", .title = "Game", .where = dock::bottom}) {}

    void draw(panel_context& ctx) override;
    /// Takes in the game's replies every frame, shown or not (never waits on them).
    void every_frame(panel_context& ctx) override;

private:
    void draw_attach_form(remote_game& g, ui_state& ui);
    /// `detachable`: an attached game (Detach shown), not the editor's own child.
    void draw_attached(remote_game& g, ui_state& ui, bool detachable);
    void draw_inspector(remote_game& g, ui_state& ui);

    std::array<char, 128> address_{};
    std::array<char, 128> token_{};
    std::string error_;
    std::vector<live::listening_game> games_;
    double listed_at_ = -1e9;
    // The field being edited: its text until Enter.
    std::string editing_;
    std::array<char, 256> edit_text_{};
};

}  // namespace mosaic::editor
