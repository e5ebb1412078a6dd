// The Query tab (query_panel.hpp) and its commands: View > Query (Ctrl+Shift+Q) and the
// script verb `query TEXT`, one registration each.
#include "ui/query_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <utility>

#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/selection.hpp"
#include "ui/remote_panel.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

// What the `query` command asked of the tab, until it draws next (a script's text replaces
// the field; the menu only focuses it).
struct query_request {
    std::string text;
    bool replace = false;
};
std::optional<query_request>& requested() {
    static std::optional<query_request> request;
    return request;
}

MOSAIC_EDITOR_COMMAND(
    {.id = "view.query",
     .label = "Query",
     .keys = {ctrl_shift(key::q)},
     .verb = "query",
     .usage = "TEXT",
     .help = "Query: a table of the entities matching a query (Transform, Health.current < 20)",
     .menu = "View",
     .order = 300,
     .run = [](command_context& c) {
         const std::string text = c.from_script() ? c.rest_after(1) : std::string();
         if (c.ui != nullptr) {
             c.ui->events.post(show_panel{"query"});
             requested() = query_request{text, c.from_script()};
             return std::string();
         }
         // Headless (a script without a window): run it and say what it found.
         query_results r;
         const model_parts model(c);
         if (std::string error = r.run_local(model.world(), model.table(), text); !error.empty()) {
             return "query: " + error;
         }
         model.log().info("query: " + std::to_string(r.total()) + " entities match '" + text + "'");
         return std::string();
     }});

}  // namespace

void query_panel::set_text(const std::string& text) {
    std::snprintf(text_.data(), text_.size(), "%s", text.c_str());
    dirty_ = true;
}

void query_panel::run(panel_context& s) {
    since_run_ = 0;
    dirty_ = false;
    if (on_game_ && attached_game().state() == remote_game::status::attached) {
        run_remote(s);
        return;
    }
    error_ = results_.run_local(s.world(), s.table(), text_.data());
}

void query_panel::run_remote(panel_context& s) {
    if (remote_pending_) {
        dirty_ = true;  // again when the game has answered
        return;
    }
    remote_pending_ = true;
    const std::string text = text_.data();
    const std::weak_ptr<int> alive = alive_;
    // The columns come from the editor's table (the same registrations as the game's when it
    // plays the same project); the game parses the text itself and says what is wrong.
    attached_game().query(
        // The parts by value: the context is this frame's, the answer comes in a later one.
        text, [this, alive, text, model = model_parts(s)](const std::string& result,
                                                          const std::string& error) {
            if (alive.expired()) return;
            remote_pending_ = false;
            error_ = error.empty() ? results_.fill_from_reply(model.table(), text, result) : error;
        });
}

void query_panel::draw(panel_context& ctx) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    since_run_ += ImGui::GetIO().DeltaTime;
    if (std::optional<query_request> request = std::exchange(requested(), std::nullopt)) {
        if (request->replace) set_text(request->text);
        focus_ = !request->replace;
    }
    if (focus_) {
        ImGui::SetKeyboardFocusHere();
        focus_ = false;
    }
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##query", "Transform, Health, !Team   or   Health.current < 20",
                                 text_.data(), text_.size())) {
        dirty_ = true;
    }
    if (ui.test.record_items) ui.test.record("query/text");
    const bool attached = attached_game().state() == remote_game::status::attached;
    if (attached) {
        if (ImGui::RadioButton("This editor", !on_game_)) {
            on_game_ = false;
            dirty_ = true;
        }
        ImGui::SameLine();
        if (ImGui::RadioButton(("Attached game " + attached_game().address()).c_str(), on_game_)) {
            on_game_ = true;
            dirty_ = true;
        }
        if (ui.test.record_items) ui.test.record("query/on_game");
    } else if (on_game_) {
        on_game_ = false;
        dirty_ = true;
    }
    if (dirty_ || since_run_ >= refresh_seconds) run(s);

    if (!error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, colors::error);
        ImGui::TextWrapped("%s", error_.c_str());
        ImGui::PopStyleColor();
        if (ui.test.record_items) ui.test.record("query/error");
    }
    const std::size_t shown = results_.rows().size();
    ImGui::TextDisabled("%zu %s%s", results_.total(), results_.total() == 1 ? "match" : "matches",
                        shown < results_.total()
                            ? (" (the first " + std::to_string(shown) + " shown)").c_str()
                            : "");
    if (ui.test.record_items) ui.test.record("query/count");

    const std::vector<std::string>& columns = results_.columns();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                      ImGuiTableFlags_Resizable | ImGuiTableFlags_Sortable |
                                      ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##matches", static_cast<int>(columns.size()) + 1, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Entity", ImGuiTableColumnFlags_DefaultSort, 140.0f);
    for (const std::string& c : columns) ImGui::TableSetupColumn(c.c_str(), 0, 90.0f);
    // The headers one by one (not TableHeadersRow) so that each is recorded for tests.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (std::size_t i = 0; i <= columns.size(); ++i) {
        ImGui::TableSetColumnIndex(static_cast<int>(i));
        const std::string title = i == 0 ? std::string("Entity") : columns[i - 1];
        ImGui::TableHeader(title.c_str());
        if (ui.test.record_items) ui.test.record("query/header/" + title);
    }
    if (ImGuiTableSortSpecs* sort = ImGui::TableGetSortSpecs(); sort && sort->SpecsDirty) {
        if (sort->SpecsCount > 0) {
            results_.sort(static_cast<std::size_t>(sort->Specs[0].ColumnIndex),
                          sort->Specs[0].SortDirection == ImGuiSortDirection_Ascending);
        }
        sort->SpecsDirty = false;
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown));
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const query_row& row = results_.rows()[static_cast<std::size_t>(r)];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::PushID(r);
            const bool selected =
                on_game_ ? row.id == attached_game().selected() : s.selection().contains(row.e);
            // Selects on the press (IsItemClicked), as the Hierarchy does.
            (void)ImGui::Selectable(row.name.c_str(), selected,
                                    ImGuiSelectableFlags_SpanAllColumns);
            if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
                if (on_game_) {
                    attached_game().select(row.id);  // the Game tab shows its values
                    ui.events.post(show_panel{"remote"});
                } else if (ImGui::GetIO().KeyCtrl) {
                    s.selection().toggle(row.e);
                } else {
                    s.selection().select(row.e);
                    ui.events.post(reveal_in_hierarchy{row.e});
                }
            }
            if (ui.test.record_items) ui.test.record("query/row/" + std::to_string(r));
            ImGui::PopID();
            for (std::size_t c = 0; c < row.cells.size(); ++c) {
                ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
                ImGui::TextUnformatted(row.cells[c].text.c_str());
            }
        }
    }
    ImGui::EndTable();
}

}  // namespace mosaic::editor
