// The main menu bar: File, Edit, Entity, Project, View, Help.
#include <imgui.h>

#include <string>

#include <mosaic/engine/display_path.hpp>

#include "ui/commands.hpp"
#include "ui/shell.hpp"

namespace mosaic::editor {

namespace {

/// BeginMenu, with its rectangle recorded as "menu/NAME" for tests.
bool begin_menu(ui_state& ui, const char* name, bool enabled = true) {
    const bool open = ImGui::BeginMenu(name, enabled);
    ui.test.record(std::string("menu/") + name);
    return open;
}

/// MenuItem, recorded as "menu/ID" (ID: what the test names it by).
bool menu_item(ui_state& ui, const std::string& id, const char* label,
               const char* shortcut = nullptr, bool enabled = true) {
    const bool clicked = ImGui::MenuItem(label, shortcut, false, enabled);
    ui.test.record("menu/" + id);
    return clicked;
}

// Recent projects first (by folder name, the path beside it), then recent scenes.
void recent_menu(editor_state& s, ui_state& ui) {
    const auto& projects = s.recent_projects();
    const auto& scenes = s.recent_files();
    if (!begin_menu(ui, "Open Recent", !projects.empty() || !scenes.empty())) return;
    ImGui::TextDisabled("Projects");
    ImGui::PushID("projects");
    for (const auto& folder : projects) {
        const std::string label = display_path(folder.filename()) + "   " + display_path(folder);
        if (menu_item(ui, "recent/project/" + folder.string(), label.c_str()))
            request_open_project(s, ui, folder);
    }
    if (projects.empty()) ImGui::TextDisabled("  (none)");
    ImGui::PopID();
    ImGui::Separator();
    ImGui::TextDisabled("Scenes");
    ImGui::PushID("scenes");
    for (const auto& path : scenes) {
        if (menu_item(ui, "recent/scene/" + path.string(), display_path(path).c_str()))
            request_open(s, ui, path);
    }
    if (scenes.empty()) ImGui::TextDisabled("  (none)");
    ImGui::PopID();
    ImGui::EndMenu();
}

void file_menu(editor_state& s, ui_state& ui) {
    if (!begin_menu(ui, "File")) return;
    if (menu_item(ui, "New Scene", "New Scene", "Ctrl+N")) request_new(s, ui);
    if (menu_item(ui, "Open", "Open...", "Ctrl+O")) request_open_dialog(s, ui);
    if (menu_item(ui, "Open Project", "Open Project...")) request_open_project_dialog(s, ui);
    recent_menu(s, ui);
    ImGui::Separator();
    if (ImGui::MenuItem("Save", "Ctrl+S", false, !s.playing())) (void)command_save(s, ui);
    if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S", false, !s.playing())) command_save_as(s, ui);
    ImGui::Separator();
    // Replays: the recording of this Play (paused), and back.
    if (menu_item(ui, "Save Replay", "Save Replay...", nullptr,
                  s.mode() == play_state::paused && s.recording() != nullptr))
        command_save_replay(s, ui);
    if (menu_item(ui, "Open Replay", "Open Replay...")) request_open_replay_dialog(s, ui);
    ImGui::Separator();
    if (ImGui::MenuItem("Exit", "Ctrl+Q")) request_exit(s, ui);
    ImGui::EndMenu();
}

void edit_menu(editor_state& s, ui_state& ui) {
    if (!ImGui::BeginMenu("Edit")) return;
    const history& h = s.history();
    const std::string undo = h.can_undo() ? "Undo " + h.undo_label() : std::string("Undo");
    const std::string redo = h.can_redo() ? "Redo " + h.redo_label() : std::string("Redo");
    if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, h.can_undo() && !s.playing()))
        command_undo(s, ui);
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, h.can_redo() && !s.playing()))
        command_redo(s, ui);
    ImGui::Separator();
    const bool any = !s.selection().empty();
    if (ImGui::MenuItem("Copy", "Ctrl+C", false, any)) command_copy(s, ui);
    if (ImGui::MenuItem("Paste", "Ctrl+V", false, can_paste(s, ui))) command_paste(s, ui);
    if (ImGui::MenuItem("Duplicate", "Ctrl+D", false, any)) command_duplicate(s, ui);
    if (ImGui::MenuItem("Delete", "Del", false, any)) command_delete(s, ui);
    if (ImGui::MenuItem("Rename", "F2", false, any)) command_rename(s, ui);
    ImGui::Separator();
    if (ImGui::MenuItem("Frame Selected", "F", false, any)) command_frame_selection(ui);
    ImGui::EndMenu();
}

void entity_menu(editor_state& s, ui_state& ui) {
    if (!ImGui::BeginMenu("Entity")) return;
    if (ImGui::MenuItem("Create Empty")) command_create_empty(s, ui);
    const entity active = s.selection().active();
    if (ImGui::MenuItem("Create Empty Child", nullptr, false, s.world().alive(active)))
        command_create_empty(s, ui, active);
    if (ImGui::BeginMenu("Create from Archetype", !s.game().archetypes().empty())) {
        for (const archetype& a : s.game().archetypes())
            if (ImGui::MenuItem(a.name().c_str())) command_create_from_archetype(s, ui, a);
        ImGui::EndMenu();
    }
    ImGui::EndMenu();
}

void project_menu(editor_state& s, ui_state& ui) {
    if (!begin_menu(ui, "Project")) return;
    const auto& manifest = s.opened_project().manifest;
    const bool building = s.reloader().building();
    const bool can_build = manifest && !manifest->build_command.empty() && !building;
    if (menu_item(ui, "Build & Reload", building ? "Building..." : "Build & Reload", "Ctrl+R",
                  can_build))
        command_build_reload(s, ui);
    if (ImGui::IsItemHovered() && manifest)
        ImGui::SetTooltip("%s", manifest->build_command.empty()
                                    ? "The manifest has no \"build\" command"
                                    : manifest->build_command.c_str());
    if (menu_item(ui, "Reload Code", "Reload Code", nullptr, manifest && !building)) {
        (void)s.reload_code();
        ui.events.post(scene_changed{});
    }
    ImGui::Separator();
    if (menu_item(ui, "Open Project", "Open Project...")) request_open_project_dialog(s, ui);
    ImGui::EndMenu();
}

void view_menu(editor_state& s, ui_state& ui) {
    if (!ImGui::BeginMenu("View")) return;
    for (const view_menu_state::entry& entry : ui.view.panels) {
        if (ImGui::MenuItem(entry.title.c_str(), nullptr, entry.shown))
            ui.events.post(show_panel{entry.id});
    }
    ImGui::Separator();
    ImGui::MenuItem("Grid", nullptr, &ui.settings.grid);
    ImGui::MenuItem("Collider Outlines", nullptr, &ui.settings.collider_outlines);
    if (ImGui::MenuItem("Reset Layout")) {
        const editor_settings defaults;
        ui.settings.hierarchy_width = defaults.hierarchy_width;
        ui.settings.inspector_width = defaults.inspector_width;
        ui.settings.bottom_height = defaults.bottom_height;
    }
    ImGui::Separator();
    if (ImGui::MenuItem(s.playing() ? "Stop" : "Play", "Ctrl+P")) command_play_stop(s, ui);
    if (ImGui::MenuItem(s.mode() == play_state::paused ? "Resume" : "Pause", "Ctrl+Shift+P", false,
                        s.playing()))
        command_pause(s, ui);
    if (ImGui::MenuItem("Step")) command_step(s, ui);
    if (ImGui::MenuItem("Step Back", ",", false, s.recording() != nullptr))
        command_step_back(s, ui);
    if (ImGui::MenuItem("Step Forward", ".", false, s.playing())) command_step_forward(s, ui);
    ImGui::EndMenu();
}

void help_menu(ui_state& ui) {
    if (!ImGui::BeginMenu("Help")) return;
    ImGui::MenuItem("Keyboard Shortcuts", nullptr, &ui.view.show_shortcuts);
    ImGui::MenuItem("ImGui Demo Window", nullptr, &ui.view.show_demo);
    ImGui::MenuItem("About Mosaic", nullptr, &ui.view.show_about);
    ImGui::EndMenu();
}

}  // namespace

void draw_main_menu(editor_state& s, ui_state& ui) {
    if (!ImGui::BeginMainMenuBar()) return;
    file_menu(s, ui);
    edit_menu(s, ui);
    entity_menu(s, ui);
    project_menu(s, ui);
    view_menu(s, ui);
    help_menu(ui);
    ImGui::EndMainMenuBar();
}

void draw_help_windows(ui_state& ui) {
    if (ui.view.show_demo) ImGui::ShowDemoWindow(&ui.view.show_demo);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    if (ui.view.show_shortcuts) {
        ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
        if (ImGui::Begin("Keyboard Shortcuts", &ui.view.show_shortcuts,
                         ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
            static constexpr const char* rows[][2] = {
                {"Ctrl+N", "New scene"},
                {"Ctrl+O", "Open..."},
                {"Ctrl+S", "Save"},
                {"Ctrl+Shift+S", "Save As..."},
                {"Ctrl+Q", "Exit (asks about unsaved changes)"},
                {"W, E, R", "Move, rotate, scale handle (Ctrl snaps while dragging)"},
                {"Ctrl+Z", "Undo"},
                {"Ctrl+Y, Ctrl+Shift+Z", "Redo"},
                {"Ctrl+C / Ctrl+V", "Copy / paste entities"},
                {"Ctrl+D", "Duplicate"},
                {"Delete", "Delete the selection"},
                {"F2", "Rename"},
                {"F", "Frame the selection in the Scene view"},
                {"Ctrl+R", "Build & Reload the project's code"},
                {"Ctrl+P", "Play / Stop"},
                {"Ctrl+Shift+P", "Pause / Resume"},
                {", and .", "Step one tick back / forward through the recording (hold: scrub)"},
                {"Ctrl+click, Shift+click", "Add to / extend the selection"},
                {"Drag in empty space", "Marquee select (Shift adds, Ctrl toggles)"},
                {"Up/Down, Left/Right, Ctrl+A, Enter", "Hierarchy: select, fold, all, rename"},
                {"Middle drag, Alt+drag", "Pan the Scene view"},
                {"Mouse wheel", "Zoom around the cursor"},
            };
            if (ImGui::BeginTable("##keys", 2,
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
                for (const auto& row : rows) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(row[0]);
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(row[1]);
                }
                ImGui::EndTable();
            }
        }
        ImGui::End();
    }
    if (ui.view.show_about) {
        ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
        if (ImGui::Begin("About Mosaic", &ui.view.show_about,
                         ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
            ImGui::TextUnformatted("Mosaic editor: entities are mosaics of components.");
            ImGui::Text("Dear ImGui %s", ImGui::GetVersion());
        }
        ImGui::End();
    }
}

}  // namespace mosaic::editor
