#include "ui/editor_ui.hpp"

#include <imgui.h>

#include <string>

#include "ui/alert_modal.hpp"
#include "ui/commands.hpp"
#include "ui/keep_dialog.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

constexpr ImGuiWindowFlags panel_flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings;

bool begin_panel(const char* name, const panel_rect& r, ImGuiWindowFlags extra = 0) {
    ImGui::SetNextWindowPos(r.pos);
    ImGui::SetNextWindowSize(r.size);
    return ImGui::Begin(name, nullptr, panel_flags | extra);
}

}  // namespace

editor_ui::editor_ui(std::filesystem::path settings_path, bool autosave)
    : autosave_(settings_path.empty() || !autosave ? std::filesystem::path{}
                                                   : settings_path.parent_path() / "recovery"),
      scene_lock_(settings_path.empty() || !autosave
                      ? std::filesystem::path{}
                      : settings_path.parent_path() / "open-scenes") {
    ui_.settings_path = std::move(settings_path);
    if (!ui_.settings_path.empty()) ui_.settings = load_settings(ui_.settings_path);
    saved_ = ui_.settings;
}

editor_ui::~editor_ui() {
    if (!(ui_.settings == saved_)) (void)save_settings();
}

void editor_ui::request_close(editor_state& s) {
    request_exit(s, ui_);
}

std::string editor_ui::save_settings() {
    if (ui_.settings_path.empty()) return {};
    saved_ = ui_.settings;
    return editor::save_settings(ui_.settings, ui_.settings_path);
}

void editor_ui::frame(editor_state& s, viewport_renderer* renderer) {
    if (play_hooked_ != &s) {
        // Game code may crash the process (a segfault is not an exception): unsaved edits go
        // to the recovery file before the first tick, and the next start offers them.
        s.on_play([this](editor_state& playing) {
            if (std::string error = autosave_.write_now(playing, autosave::when::entering_play);
                !error.empty())
                playing.log().warning("recovery file before Play failed: " + error);
        });
        play_hooked_ = &s;
        // Open Recent: this run's entries first, then what earlier runs remembered.
        s.restore_recent(ui_.settings.recent_scenes, ui_.settings.recent_projects);
    }
    // New code: our build's output and end, or a module rebuilt behind our back.
    const std::size_t reloads = s.reloads();
    s.reloader().update(s, ImGui::GetTime());
    if (s.reloads() != reloads) ui_.structure_changed = true;
    remember_recent(s);
    // The theme follows play mode (tinted while playing).
    if (!theme_applied_ || theme_playing_ != s.playing()) {
        apply_theme(ImGui::GetStyle(), s.playing());
        theme_playing_ = s.playing();
        theme_applied_ = true;
    }
    if (renderer != nullptr && s.project_folder() != asset_folder_) {
        asset_folder_ = s.project_folder();
        renderer->set_asset_folder(asset_folder_);
    }
    profiler_.sample(s, ImGui::GetIO().DeltaTime);

    draw_main_menu(s, ui_);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float toolbar_height = ImGui::GetFrameHeight() + 16.0f;
    layout_ = compute_layout(vp->WorkPos, vp->WorkSize, toolbar_height, ui_.settings);
    if (draw_splitters(layout_, vp->WorkPos, vp->WorkSize, ui_.settings)) (void)save_settings();
    draw_toolbar(s, ui_, layout_.toolbar);

    if (begin_panel("Hierarchy###hierarchy", layout_.hierarchy)) hierarchy_.draw(s, ui_);
    ImGui::End();

    const std::string scene_title =
        std::string(s.playing() ? "Scene (playing)" : "Scene") + "###scene";
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {2, 2});
    const bool scene_open =
        begin_panel(scene_title.c_str(), layout_.scene,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    if (scene_open) scene_view_.draw(s, ui_, renderer);
    ImGui::End();

    if (begin_panel("Inspector###inspector", layout_.inspector)) inspector_.draw(s, ui_);
    ImGui::End();

    draw_bottom(s, layout_.bottom);

    draw_file_modals(s, ui_);
    scene_lock_.follow(s);  // after anything that opens a scene: warns before the user edits
    autosave_.tick(s, ImGui::GetTime(), ui_.settings.autosave_minutes);
    autosave_.draw_offer(s, ui_);
    draw_alert_modal(s, ui_);
    draw_keep_dialog(s, ui_);  // after Stop, when something was marked to keep
    draw_help_windows(ui_);
    handle_shortcuts(s, ui_);
}

void editor_ui::remember_recent(editor_state& s) {
    // Written at once (not only at exit): a crash of game code must not lose the list.
    if (ui_.settings.recent_scenes == s.recent_files() &&
        ui_.settings.recent_projects == s.recent_projects())
        return;
    ui_.settings.recent_scenes = s.recent_files();
    ui_.settings.recent_projects = s.recent_projects();
    if (std::string error = save_settings(); !error.empty()) s.log().warning(error);
}

void editor_ui::draw_bottom(editor_state& s, const panel_rect& where) {
    if (!begin_panel("##bottom", where, ImGuiWindowFlags_NoTitleBar)) {
        ImGui::End();
        return;
    }
    if (ImGui::BeginTabBar("##bottom_tabs")) {
        const auto tab = [&](const std::string& label, bottom_tab which, const auto& contents) {
            ImGuiTabItemFlags flags = 0;
            if (ui_.select_tab && ui_.tab == which) flags |= ImGuiTabItemFlags_SetSelected;
            const bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
            ui_.record("tab/" + label.substr(0, label.find('#')));
            if (open) {
                if (!ui_.select_tab) ui_.tab = which;
                contents();
                ImGui::EndTabItem();
            }
        };
        const std::size_t errors = s.log().count(log_level::error);
        const std::size_t warnings = s.log().count(log_level::warning);
        // "1 error", "2 errors": the counts that are not zero.
        const auto counted = [](std::size_t n, const char* what) {
            return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
        };
        std::string console = "Console";
        if (errors > 0 && warnings > 0) {
            console += " (" + counted(errors, "error") + ", " + counted(warnings, "warning") + ")";
        } else if (errors + warnings > 0) {
            console +=
                " (" + (errors > 0 ? counted(errors, "error") : counted(warnings, "warning")) + ")";
        }
        console += "###console";
        tab(console, bottom_tab::console, [&] { console_.draw(s, ui_); });
        tab("Project###project", bottom_tab::project, [&] { project_.draw(s, ui_); });
        tab("Profiler###profiler", bottom_tab::profiler, [&] { profiler_.draw(s, ui_); });
        ui_.select_tab = false;
        ImGui::EndTabBar();
    }
    ImGui::End();
}

}  // namespace mosaic::editor
