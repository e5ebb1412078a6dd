#include "ui/alert_modal.hpp"

#include <imgui.h>

#include <string>

#include "ui/command_items.hpp"

namespace mosaic::editor {

namespace {
// One id for every alert, the title shown before it: the popup survives a change of title.
constexpr const char* popup_id = "###alert";
}  // namespace

void draw_alert_modal(editor_state& s, ui_state& ui) {
    std::deque<editor_alert>& alerts = s.alerts();
    if (alerts.empty()) return;
    const std::string name = alerts.front().title + popup_id;
    if (!ImGui::IsPopupOpen(popup_id)) {
        if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;  // wait our turn
        ImGui::OpenPopup(name.c_str());
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    if (!ImGui::BeginPopupModal(name.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 45);
    ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "%s", alerts.front().text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TextDisabled("The message is also in the Console.");
    const bool ok = ImGui::Button("OK", {110, 0});
    ui.test.record("alert/OK");
    // An offer beside OK ("Play Again" after the game crashed): its command, then closed.
    if (const editor_alert& a = alerts.front(); !a.action_command.empty()) {
        ImGui::SameLine();
        if (ImGui::Button(a.action_label.c_str(), {110, 0})) {
            const std::string command = a.action_command;
            alerts.pop_front();
            ImGui::CloseCurrentPopup();
            ImGui::EndPopup();
            run_command(s, ui, command);
            return;
        }
        ui.test.record("alert/" + a.action_label);
    }
    // Not on the frame it opens: the Enter that caused the alert would close it unseen.
    if (ok || (!ImGui::IsWindowAppearing() &&
               ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))) {
        alerts.pop_front();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
