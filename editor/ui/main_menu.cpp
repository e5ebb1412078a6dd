// The main menu bar: File, Edit, Entity, Project, View, a menu for each other menu the
// command table names (a game module's), Help. Its items are the table's commands
// (command_items.hpp); what is drawn here by hand is what is not a command: the lists (recent
// files, archetypes, panels) and the view toggles.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>

#include <mosaic/engine/display_path.hpp>

#include "ui/command_items.hpp"
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
    command_menu_items(s, ui, "File", 0, 100, "menu/");
    recent_menu(s, ui);
    ImGui::Separator();
    command_menu_items(s, ui, "File", 100, 1 << 30, "menu/");
    ImGui::EndMenu();
}

void edit_menu(editor_state& s, ui_state& ui) {
    if (!begin_menu(ui, "Edit")) return;
    command_menu_items(s, ui, "Edit", 0, 1 << 30, "menu/");
    ImGui::EndMenu();
}

void entity_menu(editor_state& s, ui_state& ui) {
    if (!begin_menu(ui, "Entity")) return;
    command_menu_items(s, ui, "Entity", 0, 1 << 30, "menu/");
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
    (void)command_menu_item(s, ui, "project.build_reload", "menu/");
    if (ImGui::IsItemHovered() && manifest)
        ImGui::SetTooltip("%s", manifest->build_command.empty()
                                    ? "The manifest has no \"build\" command"
                                    : manifest->build_command.c_str());
    command_menu_items(s, ui, "Project", 10, 1 << 30, "menu/");
    ImGui::Separator();
    (void)command_menu_item(s, ui, "file.open_project", "menu/");
    ImGui::EndMenu();
}

void view_menu(editor_state& s, ui_state& ui) {
    if (!begin_menu(ui, "View")) return;
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
    command_menu_items(s, ui, "View", 0, 1 << 30, "menu/");
    ImGui::EndMenu();
}

/// The menus drawn above; a command naming another menu gets one of its own.
bool is_builtin_menu(const std::string& menu) {
    static constexpr std::array<const char*, 6> builtin = {"File",    "Edit", "Entity",
                                                           "Project", "View", "Help"};
    return std::find(builtin.begin(), builtin.end(), menu) != builtin.end();
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
    for (const std::string& menu : window_commands().menus()) {
        if (is_builtin_menu(menu) || !begin_menu(ui, menu.c_str())) continue;
        command_menu_items(s, ui, menu, 0, 1 << 30, "menu/");
        ImGui::EndMenu();
    }
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
            // The commands' shortcuts, in menu order, then what is not a command: mouse
            // gestures and the Hierarchy's own keys.
            static constexpr const char* gestures[][2] = {
                {"Ctrl+click, Shift+click", "Add to / extend the selection"},
                {"Drag in empty space", "Marquee select (Shift adds, Ctrl toggles)"},
                {"Up/Down, Left/Right, Ctrl+A, Enter", "Hierarchy: select, fold, all, rename"},
                {"Middle drag, Alt+drag", "Pan the Scene view"},
                {"Mouse wheel", "Zoom around the cursor"},
            };
            const auto row = [](const std::string& keys, const std::string& what) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(keys.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(what.c_str());
            };
            if (ImGui::BeginTable("##keys", 2,
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
                for (const shortcut_row& r : shortcut_rows(window_commands())) row(r.keys, r.what);
                for (const auto& g : gestures) row(g[0], g[1]);
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
