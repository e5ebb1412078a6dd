// The asset editors' shared window set-up (asset_editor_window.hpp).
#include "ui/asset_editor_window.hpp"

namespace mosaic::editor {

bool begin_asset_editor_window(const std::string& title, ImVec2 size, bool* open) {
    ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    return ImGui::Begin(title.c_str(), open, ImGuiWindowFlags_NoCollapse);
}

void asset_editor_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", text);
    ImGui::Separator();
}

void asset_editor_message(const ImVec4& colour, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

}  // namespace mosaic::editor
