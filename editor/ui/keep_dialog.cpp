#include "ui/keep_dialog.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/play_keeps.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

constexpr const char* keep_popup_name = "Keep play-mode changes###keep_changes";

void draw_items(kept_changes& changes, ui_state& ui) {
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    std::size_t rows = 0;
    for (const kept_item& item : changes.items)
        rows += std::max<std::size_t>(1, item.fields.size());
    // Up to 14 rows before it scrolls (a row with a checkbox is a frame high).
    const float row = ImGui::GetFrameHeight() + ImGui::GetStyle().CellPadding.y * 2;
    const float height = row * static_cast<float>(std::min<std::size_t>(rows, 14) + 1);
    if (!ImGui::BeginTable("##kept", 6, flags, {ImGui::GetFontSize() * 52, height})) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Keep");
    ImGui::TableSetupColumn("Entity");
    ImGui::TableSetupColumn("Component");
    ImGui::TableSetupColumn("Field");
    ImGui::TableSetupColumn("Edit-time value");
    ImGui::TableSetupColumn("Play value", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < changes.items.size(); ++i) {
        kept_item& item = changes.items[i];
        ImGui::PushID(static_cast<int>(i));
        const std::size_t lines = std::max<std::size_t>(1, item.fields.size());
        for (std::size_t f = 0; f < lines; ++f) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (f == 0) {
                ImGui::Checkbox("##apply", &item.apply);
                ui.test.record("keep/" + item.entity_name + "/" + item.component);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(item.entity_name.c_str());
                if (item.created_in_play) {
                    ImGui::SameLine();
                    ImGui::TextColored(colors::dim, "(new)");
                    if (ImGui::IsItemHovered())
                        ImGui::SetTooltip("Created during play: Apply creates it in the scene");
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(item.component.c_str());
            } else {
                ImGui::TableNextColumn();
                ImGui::TableNextColumn();
            }
            ImGui::TableNextColumn();
            if (item.fields.empty()) continue;
            const kept_field& field = item.fields[f];
            ImGui::TextUnformatted(field.name.empty() ? "-" : field.name.c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(colors::dim, "%s", field.before.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("-> %s", field.after.c_str());
            if (ui.test.record_items) {  // the row as the user reads it, for tests
                ui.test.record("keep/row/" + item.entity_name + " | " + item.component + " | " +
                               field.name + " | " + field.before + " -> " + field.after);
            }
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace

void draw_keep_dialog(editor_state& s, ui_state& ui) {
    const bool open = ImGui::IsPopupOpen(keep_popup_name);
    if (!open && !s.player().keeps().has_pending()) return;
    if (!open) {
        if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;  // wait our turn
        ImGui::OpenPopup(keep_popup_name);
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    if (!ImGui::BeginPopupModal(keep_popup_name, nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    if (!s.player().keeps().has_pending()) {  // answered elsewhere (Play again, a scene opened)
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    kept_changes& changes = s.player().keeps().pending();
    const bool any_items = !changes.items.empty();
    if (any_items) {
        ImGui::TextUnformatted(
            "You marked these to keep after Stop. Tick what to write into the scene");
        ImGui::TextUnformatted("(one undo step); the rest of the play session is discarded.");
        ImGui::Spacing();
        draw_items(changes, ui);
    }
    if (!changes.problems.empty()) {
        ImGui::Spacing();
        ImGui::TextColored(colors::warning, "Cannot be kept:");
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 52);
        for (const std::string& line : changes.problems) {
            ImGui::TextColored(colors::warning, "  %s", line.c_str());
            if (ui.test.record_items) ui.test.record("keep/problem/" + line);
        }
        ImGui::PopTextWrapPos();
    }
    ImGui::Spacing();
    const bool ticked = std::any_of(changes.items.begin(), changes.items.end(),
                                    [](const kept_item& item) { return item.apply; });
    bool close = false;
    if (any_items) {
        ImGui::BeginDisabled(!ticked);
        if (ImGui::Button("Apply", {110, 0})) {
            (void)apply_kept_changes(s);  // what fails is in the Console
            ui.events.post(scene_changed{});
            close = true;
        }
        ImGui::EndDisabled();
        ui.test.record("keep/Apply");
        ImGui::SameLine();
    }
    if (ImGui::Button(any_items ? "Discard" : "OK", {110, 0})) {
        s.player().keeps().discard_pending();
        close = true;
    }
    ui.test.record(any_items ? "keep/Discard" : "keep/OK");
    if (close) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
