#include "ui/editor_ui.hpp"

#include <imgui.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/child_play.hpp"
#include "core/module_commands.hpp"
#include "ui/alert_modal.hpp"
#include "ui/animation_panel.hpp"
#include "ui/commands.hpp"
#include "ui/console_panel.hpp"
#include "ui/keep_dialog.hpp"
#include "ui/profiler_panel.hpp"
#include "ui/project_panel.hpp"
#include "ui/query_panel.hpp"
#include "ui/remote_panel.hpp"
#include "ui/theme.hpp"
#include "ui/tile_palette_panel.hpp"

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

std::size_t slot(dock where) {
    return static_cast<std::size_t>(where);
}

/// The window of a dock that shows tabs ("##bottom" for the strip under the scene view).
const char* dock_window(dock where) {
    switch (where) {
        case dock::left:
            return "##left";
        case dock::center:
            return "##center";
        case dock::right:
            return "##right";
        case dock::bottom:
            return "##bottom";
    }
    return "##bottom";
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
    add_builtin_panels();
}

void editor_ui::add_builtin_panels() {
    // One line per panel; the dock each goes to is its own (panel_info::where), the order
    // here is the order of the tabs.
    hierarchy_ = &emplace_panel<hierarchy_panel>();
    scene_view_ = &emplace_panel<scene_view_panel>();
    inspector_ = &emplace_panel<inspector_panel>();
    emplace_panel<console_panel>();
    emplace_panel<project_panel>();
    emplace_panel<profiler_panel>();
    emplace_panel<query_panel>();
    emplace_panel<remote_panel>();
    emplace_panel<tile_palette_panel>();
    emplace_panel<animation_panel>();
}

editor_ui::~editor_ui() {
    if (!(ui_.settings == saved_)) (void)save_settings();
}

panel& editor_ui::add_panel(std::unique_ptr<panel> p) {
    if (!p) throw std::invalid_argument("add_panel: no panel");
    if (find_panel(p->info().id) != nullptr)
        throw std::invalid_argument("add_panel: a panel with the id '" + p->info().id +
                                    "' is already there");
    panels_.push_back(std::move(p));
    return *panels_.back();
}

bool editor_ui::remove_panel(std::string_view id) {
    const auto found = std::find_if(panels_.begin(), panels_.end(),
                                    [&](const auto& p) { return p->info().id == id; });
    if (found == panels_.end()) return false;
    // Kept alive until the next frame: the panel may be the one drawing now.
    removed_.push_back(std::move(*found));
    panels_.erase(found);
    return true;
}

panel* editor_ui::find_panel(std::string_view id) noexcept {
    for (const auto& p : panels_)
        if (p->info().id == id) return p.get();
    return nullptr;
}

std::vector<panel*> editor_ui::all_panels() const {
    std::vector<panel*> out;
    for (const auto& p : panels_) out.push_back(p.get());
    return out;
}

std::vector<panel*> editor_ui::panels_in(dock where) const {
    std::vector<panel*> out;
    for (const auto& p : panels_)
        if (p->info().where == where) out.push_back(p.get());
    return out;
}

std::string editor_ui::shown_panel(dock where) const {
    const std::string& shown = shown_[slot(where)];
    for (const panel* p : panels_in(where))
        if (p->info().id == shown) return shown;
    // None chosen yet (or it went): the first tab.
    const std::vector<panel*> here = panels_in(where);
    return here.empty() ? std::string() : here.front()->info().id;
}

void editor_ui::request_close(editor_state& s) {
    request_exit(s, ui_);
}

std::string editor_ui::save_settings() {
    if (ui_.settings_path.empty()) return {};
    saved_ = ui_.settings;
    return editor::save_settings(ui_.settings, ui_.settings_path);
}

void editor_ui::follow_module(editor_state& s) {
    const game_module* module = s.opened_project().module.get();
    if (!module_panels_->stale(module)) return;
    for (const std::string& id : module_panels_->ids()) (void)remove_panel(id);
    std::vector<module_panel*> added;
    if (module != nullptr) {
        for (auto& p : module_panels::of(*module, s.log())) {
            if (find_panel(p->info().id) != nullptr) {
                s.log().error("the editor panel '" + p->info().id + "' of " +
                              std::string(module->description().name) +
                              " was left out: a panel with that id is already there");
                continue;
            }
            added.push_back(static_cast<module_panel*>(&add_panel(std::move(p))));
        }
    }
    module_panels_->adopt(module, std::move(added));
}

void editor_ui::sweep_removed() {
    removed_.clear();
}

void editor_ui::deliver_events(editor_state& s) {
    ui_.events.deliver([&](const panel_event& e) {
        if (const auto* show = std::get_if<show_panel>(&e)) {
            if (const panel* p = find_panel(show->id)) {
                shown_[slot(p->info().where)] = show->id;
                select_[slot(p->info().where)] = show->id;
            }
        }
        if (const auto* sheet = std::get_if<open_sheet_editor>(&e))
            sheet_editor_.open(s, sheet->path);
        if (const auto* clip = std::get_if<open_clip_editor>(&e)) clip_editor_.open(s, clip->path);
        // A copy: a panel may add or remove panels as it handles the event.
        panel_context ctx(s, ui_);
        for (panel* p : all_panels()) p->on_event(e, ctx);
    });
}

void editor_ui::list_view_panels() {
    // The View menu lists the panels shown as tabs (a dock with one panel shows it always).
    ui_.view.panels.clear();
    for (std::size_t d = 0; d < dock_count; ++d) {
        const auto where = static_cast<dock>(d);
        const std::vector<panel*> here = panels_in(where);
        if (here.size() < 2 && where != dock::bottom) continue;
        const std::string shown = shown_panel(where);
        for (const panel* p : here)
            ui_.view.panels.push_back({p->info().id, p->info().title, p->info().id == shown});
    }
}

void editor_ui::frame(editor_state& s, viewport_renderer* renderer) {
    sweep_removed();
    if (play_hooked_ != &s) {
        // Game code may crash the process (a segfault is not an exception): unsaved edits go
        // to the recovery file before the first tick, and the next start offers them.
        s.on_play([this](editor_state& playing) {
            if (std::string error = autosave_.write_now(playing, autosave::when::entering_play);
                !error.empty())
                playing.log().warning("recovery file before Play failed: " + error);
        });
        // The module's panels point into its code: they stop calling it before it goes.
        s.on_code_change([panels = std::weak_ptr<module_panels>(module_panels_)](
                             editor_state&, code_change change) {
            if (change != code_change::unloading) return;
            if (const auto alive = panels.lock()) alive->unloading();
        });
        play_hooked_ = &s;
        // Open Recent: this run's entries first, then what earlier runs remembered.
        s.restore_recent(ui_.settings.recent_scenes, ui_.settings.recent_projects);
        s.timeline().set_recording_budget(recording_budget_bytes(ui_.settings));
    }
    // New code: our build's output and end, or a module rebuilt behind our back.
    const std::size_t reloads = s.reloads();
    s.reloader().update(s, ImGui::GetTime());
    if (s.reloads() != reloads) ui_.events.post(scene_changed{});
    follow_module(s);
    follow_module_commands(s);  // before the menus and shortcuts read the table
    remember_recent(s);
    if (separate_process_.follow(s.child_player().enabled, s.project_folder(), ui_.settings))
        (void)save_settings();
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
    panel_context ctx(s, ui_, renderer);
    for (panel* p : all_panels()) p->every_frame(ctx);

    list_view_panels();
    draw_main_menu(s, ui_);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    // Two rows: the buttons, and the timeline.
    const float toolbar_height =
        2 * ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y + 14.0f;
    layout_ = compute_layout(vp->WorkPos, vp->WorkSize, toolbar_height, ui_.settings);
    if (draw_splitters(layout_, vp->WorkPos, vp->WorkSize, ui_.settings)) (void)save_settings();
    draw_toolbar(s, ui_, layout_.toolbar);

    // Requests posted since the last delivery (the menu and toolbar just now, the rest of
    // the editor last frame), before the panels draw.
    deliver_events(s);
    draw_dock(dock::left, layout_.hierarchy, ctx);
    draw_dock(dock::center, layout_.scene, ctx);
    draw_dock(dock::right, layout_.inspector, ctx);
    draw_dock(dock::bottom, layout_.bottom, ctx);

    sheet_editor_.draw(s, ui_, renderer);
    clip_editor_.draw(s, ui_, renderer);
    draw_file_modals(s, ui_);
    scene_lock_.follow(s);  // after anything that opens a scene: warns before the user edits
    autosave_.tick(s, ImGui::GetTime(), ui_.settings.autosave_minutes);
    autosave_.draw_offer(s, ui_);
    draw_alert_modal(s, ui_);
    draw_keep_dialog(s, ui_);  // after Stop, when something was marked to keep
    draw_help_windows(ui_);
    panel_context history_ctx(s, ui_);
    draw_field_history(history_ctx, ui_);
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

void editor_ui::draw_dock(dock where, const panel_rect& rect, panel_context& ctx) {
    const std::vector<panel*> here = panels_in(where);
    if (here.empty()) return;
    if (here.size() > 1 || where == dock::bottom) {
        draw_tabs(where, here, rect, ctx);
        return;
    }
    // Alone in its dock: a window with the panel's title, as before panels were plug-ins.
    panel& p = *here.front();
    const panel_info& info = p.info();
    const std::string title = p.label(ctx) + "###" + info.id;
    if (info.padding >= 0)
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {info.padding, info.padding});
    const bool open = begin_panel(title.c_str(), rect, info.window_flags);
    if (info.padding >= 0) ImGui::PopStyleVar();
    if (open) p.draw(ctx);
    ImGui::End();
}

void editor_ui::draw_tabs(dock where, const std::vector<panel*>& here, const panel_rect& rect,
                          panel_context& ctx) {
    const std::string window = dock_window(where);
    if (!begin_panel(window.c_str(), rect, ImGuiWindowFlags_NoTitleBar)) {
        ImGui::End();
        return;
    }
    std::string& shown = shown_[slot(where)];
    std::string& select = select_[slot(where)];
    if (ImGui::BeginTabBar((window + "_tabs").c_str())) {
        for (panel* p : here) {
            const panel_info& info = p->info();
            const std::string label = p->label(ctx);
            ImGuiTabItemFlags flags = 0;
            if (select == info.id) flags |= ImGuiTabItemFlags_SetSelected;
            const bool open =
                ImGui::BeginTabItem((label + "###" + info.id).c_str(), nullptr, flags);
            ui_.test.record("tab/" + label);
            if (!open) continue;
            // While a selection is pending, the tab ImGui still shows is not the one chosen.
            if (select.empty()) shown = info.id;
            if (info.window_flags != 0) {
                ImGui::BeginChild(("##" + info.id).c_str(), {0, 0}, false, info.window_flags);
                p->draw(ctx);
                ImGui::EndChild();
            } else {
                p->draw(ctx);
            }
            ImGui::EndTabItem();
        }
        select.clear();
        ImGui::EndTabBar();
    }
    ImGui::End();
}

}  // namespace mosaic::editor
