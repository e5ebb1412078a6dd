#include "ui/prefab_mode.hpp"

#include <imgui.h>

#include <mosaic/engine/display_path.hpp>

#include "core/document.hpp"
#include "core/editor_state.hpp"
#include "ui/panel.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

/// Opens with `open` (open_prefab, open_archetype), keeping where the scene view looked at the
/// scene for Close.
template <class Open>
bool open_asset(editor_state& s, ui_state& ui, Open&& open) {
    const bool from_scene = s.opened_asset() == nullptr;
    const camera2d camera = ui.scene.camera;
    if (!open()) return false;
    if (from_scene) ui.prefab.scene_camera = camera;
    ui.events.post(scene_opened{});
    ui.events.post(frame_on_selection{});
    return true;
}

}  // namespace

void command_open_prefab(editor_state& s, ui_state& ui, const fs::path& file) {
    if (s.playing()) {
        s.log().warning("Open prefab: stop the game first (a prefab is edited in edit mode)");
        return;
    }
    (void)open_asset(s, ui, [&] { return s.open_prefab(file); });
}

bool command_open_archetype(editor_state& s, ui_state& ui, const fs::path& file) {
    const console_log& log = s.log();
    const std::size_t errors = log.count(log_level::error);
    if (open_asset(s, ui, [&] { return s.open_archetype(file); })) return true;
    // Not only a Console line: a file that does not load says where, in a dialog.
    std::size_t added = log.count(log_level::error) - errors;
    std::string why;
    const std::vector<log_line>& lines = log.lines();
    for (auto it = lines.rbegin(); it != lines.rend() && added > 0; ++it) {
        if (it->level != log_level::error) continue;
        why = it->text + (why.empty() ? "" : "\n" + why);
        --added;
    }
    if (!why.empty()) s.alert("Archetype not opened", why);
    return false;
}

bool command_save_asset(editor_state& s, ui_state& ui) {
    (void)ui;
    return s.save_asset();
}

void request_close_asset(editor_state& s, ui_state& ui) {
    if (s.opened_asset() == nullptr) return;
    if (s.dirty()) {
        ui.prefab.ask_close = true;
        return;
    }
    close_asset_now(s, ui);
}

void close_asset_now(editor_state& s, ui_state& ui) {
    if (s.opened_asset() == nullptr) return;
    s.close_asset();
    // Not scene_opened: the view looks where it looked before Open, not where the file says.
    ui.events.post(scene_changed{});
    ui.scene.camera = ui.prefab.scene_camera;
    ui.prefab.ask_close = false;
}

void draw_asset_banner(panel_context& s) {
    ui_state& ui = s.ui;
    const document* open = s.opened_asset();
    if (open == nullptr) return;
    const bool prefab = s.opened_prefab() != nullptr;
    const std::string name = prefab ? s.opened_prefab_name() : open->archetype_name;
    const char* close_question =
        prefab ? "Unsaved prefab changes" : "Unsaved archetype changes###asset_close";
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::prefab_banner);
    ImGui::BeginChild("##prefab_banner", {0, ImGui::GetFrameHeightWithSpacing() + 4}, false,
                      ImGuiWindowFlags_NoScrollbar);
    ImGui::SetCursorPos({6, 4});
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::prefab, prefab ? "Prefab:" : "Archetype:");
    ImGui::SameLine();
    ImGui::Text("%s%s", name.c_str(), s.dirty() ? "*" : "");
    ui.test.record("prefab/banner");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(prefab ? "Editing %s: Save writes the file and updates its instances in "
                                   "the scene; Close goes back to the scene"
                                 : "Editing %s: Save writes the file (entities made from it "
                                   "before keep their values); Close goes back to the scene",
                          display_path(open->file()).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Save")) (void)s.edit.save_asset();
    ui.test.record("prefab/Save");
    ImGui::SameLine();
    if (ImGui::SmallButton("Close")) s.edit.request_close_asset();
    ui.test.record("prefab/Close");
    ImGui::EndChild();
    ImGui::PopStyleColor();

    if (ui.prefab.ask_close) {
        ImGui::OpenPopup(close_question);
        ui.prefab.ask_close = false;
    }
    if (ImGui::BeginPopupModal(close_question, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("Save the changes to the %s before going back to the scene?",
                    s.opened_asset_label().c_str());
        if (ImGui::Button("Save")) {
            if (s.edit.save_asset()) s.edit.close_asset_now();
            ImGui::CloseCurrentPopup();
        }
        ui.test.record("prefab_close/Save");
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            s.edit.close_asset_now();
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
