#pragma once
// query_panel: the Query tab (issue #30 §4). Type `Transform, Health, !Team` or
// `Health.current < 20` (the syntax: engine/README.md, "Query text") and see the matching
// entities in a table with a column per field of the named components, refreshed four times
// a second while the game plays, sortable by any column, a click selects (Ctrl+click adds).
// The rows come from core/query_results.hpp; bad text shows the parser's message with its
// column under the field, and the last good rows stay. When the editor is attached to a game
// (File > Attach to Game...), a switch runs the query there instead (the live link's `query`).

#include <array>
#include <memory>
#include <string>

#include "core/query_results.hpp"
#include "ui/panel.hpp"

namespace mosaic::editor {

class query_panel : public panel {
public:
    query_panel() : panel({.id = "query", .title = "Query", .where = dock::bottom}) {}

    /// Seconds between two runs of an unchanged query.
    static constexpr float refresh_seconds = 0.25f;

    void draw(panel_context& ctx) override;

    /// The query text now, and the error of its last run ("" when it ran).
    [[nodiscard]] std::string text() const { return text_.data(); }
    [[nodiscard]] const std::string& error() const noexcept { return error_; }
    [[nodiscard]] const query_results& results() const noexcept { return results_; }
    /// Whether the rows come from the attached game (the switch; only while attached).
    [[nodiscard]] bool on_game() const noexcept { return on_game_; }

private:
    void set_text(const std::string& text);
    void run(panel_context& s);

    void run_remote(panel_context& s);

    std::array<char, 512> text_{};
    bool on_game_ = false;         // the attached game, not the editor's world
    bool remote_pending_ = false;  // a query sent to the game, not answered yet
    std::shared_ptr<int> alive_ = std::make_shared<int>(0);  // replies after we are gone: ignored
    std::string error_;
    query_results results_;
    float since_run_ = 0;
    bool dirty_ = true;
    bool focus_ = false;
};

}  // namespace mosaic::editor
