#include "ui/prefab_mode.hpp"

#include <imgui.h>

#include <mosaic/engine/display_path.hpp>

#include "ui/theme.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {
constexpr const char* close_question = "Unsaved prefab changes";
}  // namespace

void command_open_prefab(editor_state& s, ui_state& ui, const fs::path& file) {
    if (s.playing()) {
        s.log().warning("Open prefab: stop the game first (a prefab is edited in edit mode)");
        return;
    }
    const bool from_scene = s.opened_prefab() == nullptr;
    const camera2d camera = ui.scene.camera;
    if (!s.open_prefab(file)) return;
    if (from_scene) ui.prefab.scene_camera = camera;
    ui.events.post(scene_opened{});
    ui.events.post(frame_on_selection{});
}

bool command_save_prefab(editor_state& s, ui_state& ui) {
    (void)ui;
    return s.save_prefab();
}

void request_close_prefab(editor_state& s, ui_state& ui) {
    if (s.opened_prefab() == nullptr) return;
    if (s.dirty()) {
        ui.prefab.ask_close = true;
        return;
    }
    close_prefab_now(s, ui);
}

void close_prefab_now(editor_state& s, ui_state& ui) {
    if (s.opened_prefab() == nullptr) return;
    s.close_prefab();
    // Not scene_opened: the view looks where it looked before Open, not where the file says.
    ui.events.post(scene_changed{});
    ui.scene.camera = ui.prefab.scene_camera;
    ui.prefab.ask_close = false;
}

void draw_prefab_banner(editor_state& s, ui_state& ui) {
    const fs::path* file = s.opened_prefab();
    if (file == nullptr) return;
    const std::string name = s.opened_prefab_name();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::prefab_banner);
    ImGui::BeginChild("##prefab_banner", {0, ImGui::GetFrameHeightWithSpacing() + 4}, false,
                      ImGuiWindowFlags_NoScrollbar);
    ImGui::SetCursorPos({6, 4});
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::prefab, "Prefab:");
    ImGui::SameLine();
    ImGui::Text("%s%s", name.c_str(), s.dirty() ? "*" : "");
    ui.test.record("prefab/banner");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Editing %s: Save writes the file and updates its instances in "
            "the scene; Close goes back to the scene",
            display_path(*file).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Save")) (void)command_save_prefab(s, ui);
    ui.test.record("prefab/Save");
    ImGui::SameLine();
    if (ImGui::SmallButton("Close")) request_close_prefab(s, ui);
    ui.test.record("prefab/Close");
    ImGui::EndChild();
    ImGui::PopStyleColor();

    if (ui.prefab.ask_close) {
        ImGui::OpenPopup(close_question);
        ui.prefab.ask_close = false;
    }
    if (ImGui::BeginPopupModal(close_question, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("Save the changes to the prefab %s before going back to the scene?",
                    name.c_str());
        if (ImGui::Button("Save")) {
            if (command_save_prefab(s, ui)) close_prefab_now(s, ui);
            ImGui::CloseCurrentPopup();
        }
        ui.test.record("prefab_close/Save");
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            close_prefab_now(s, ui);
            ImGui::CloseCurrentPopup();
        }
        ui.test.record("prefab_close/Discard");
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
            ImGui::CloseCurrentPopup();
        ui.test.record("prefab_close/Cancel");
        ImGui::EndPopup();
    }
}

}  // namespace mosaic::editor
