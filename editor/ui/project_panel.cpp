#include "ui/project_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // BeginDragDropTargetCustom over the whole panel

#include <algorithm>
#include <system_error>

#include <mosaic/engine/project/loaded_project.hpp>
#include <mosaic/engine/runtime/game.hpp>

#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/document.hpp"
#include "core/prefab_actions.hpp"
#include "ui/command_items.hpp"
#include "ui/commands.hpp"
#include "ui/hierarchy_panel.hpp"
#include "ui/prefab_mode.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

void project_panel::scan(panel_context& s) {
    folder_ = s.project_folder();
    scanned_for_scene_ = s.scene_path();
    scenes_.clear();
    scanned_ = true;
    assets_.rescan(folder_);
    assets_.check_outside(s);  // files moved outside the editor since it last looked
    std::error_code ec;
    // A project's scenes are the manifest's scenes folder; without a project, the scene
    // files of the folder.
    if (const auto& manifest = s.opened_project().manifest) {
        for (const fs::path& p : manifest->scene_files())
            scenes_.push_back({p, fs::relative(p, manifest->scenes_folder(), ec).string(), true});
    } else {
        for (const asset_entry& e : assets_.browser().entries())
            if (e.kind == asset_kind::scene) scenes_.push_back({e.path, e.relative, true});
    }
}

void project_panel::draw_header(panel_context& s) {
    const loaded_project& p = s.opened_project();
    ImGui::SameLine();
    if (p.manifest) {
        ImGui::TextColored(colors::accent, "%s", p.name().c_str());
    } else {
        ImGui::TextColored(colors::dim, "no project");
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%s", folder_.string().c_str());
    if (!p.manifest) return;
    ImGui::SameLine();
    if (p.module) {
        ImGui::TextDisabled("  code: %s", p.module->file().filename().string().c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s\nreloaded %zu time(s)", p.module->file().string().c_str(),
                              s.reloads());
    } else if (!p.manifest->module.empty()) {
        ImGui::TextColored(colors::warning, "  code not loaded (see the Console)");
    }
}

void project_panel::draw_scenes(panel_context& s, ui_state& ui) {
    const std::string title = "Scenes (" + std::to_string(scenes_.size()) + ")###scenes";
    if (!ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
    std::error_code ec;
    const fs::path open =
        s.scene_path().empty() ? fs::path() : fs::absolute(s.scene_path(), ec).lexically_normal();
    for (const file& f : scenes_) {
        const bool current = f.path == open;
        const bool recovered = is_recovered_scene(f.path.filename().string());
        if (recovered) ImGui::PushStyleColor(ImGuiCol_Text, colors::dim);
        if (ImGui::Selectable(f.label.c_str(), current)) s.edit.request_open(f.path);
        if (recovered) ImGui::PopStyleColor();
        ui.test.record("project/scene/" + f.label);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s%s%s", f.path.string().c_str(), recovered ? "\n" : "",
                              recovered ? recovered_scene_hint : "");
    }
    if (scenes_.empty()) ImGui::TextDisabled("(none)");
    ImGui::TreePop();
}

void project_panel::on_event(const panel_event& e, panel_context& s) {
    if (std::holds_alternative<asset_written>(e) && scanned_) assets_.rescan(s.project_folder());
    if (const auto* reveal = std::get_if<reveal_prefab>(&e)) {
        highlighted_prefab_ = reveal->name;
        scroll_to_prefab_ = true;
    }
}

namespace {

/// Runs the command `id` on the archetype `name`, as the window runs it.
void run_archetype_command(panel_context& s, const char* id, const std::string& name) {
    if (std::string error = s.edit.run(id, {name}); !error.empty()) s.log().error(error);
}

/// A row menu's item running the command `id` on the archetype `name` (the table gives its
/// label and whether it is enabled).
void archetype_menu_item(panel_context& s, ui_state& ui, const char* id, const std::string& name) {
    const command* c = window_commands().find(id);
    if (c == nullptr) return;
    if (ImGui::MenuItem(s.edit.title(id, {name}).c_str(), nullptr, false,
                        s.edit.enabled(id, {name})))
        run_archetype_command(s, id, name);
    ui.test.record("project/archetype_menu/" + c->label);
}

}  // namespace

void project_panel::draw_archetypes(panel_context& s, ui_state& ui) {
    const std::string title =
        "Archetypes (" + std::to_string(s.game().archetypes().size()) + ")###archetypes";
    if (!ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
    // By value: Save of an archetype opened from here reloads the list.
    std::vector<std::string> names;
    for (const archetype& a : s.game().archetypes()) names.push_back(a.name());
    for (const std::string& name : names) {
        const bool open = s.opened_archetype() != nullptr && s.opened_asset() != nullptr &&
                          s.opened_asset()->archetype_name == name;
        ImGui::PushID(name.c_str());  // each row's menu its own
        ImGui::Selectable(name.c_str(), open, ImGuiSelectableFlags_AllowDoubleClick);
        ui.test.record("project/archetype/" + name);
        // As a prefab's row: double-click makes one, the row menu also edits it.
        if (ImGui::BeginPopupContextItem("##archetype_menu")) {
            archetype_menu_item(s, ui, "asset.edit_archetype", name);
            archetype_menu_item(s, ui, "entity.create_from_archetype", name);
            ImGui::EndPopup();
        } else if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Double-click to create a %s; right-click to edit the archetype",
                              name.c_str());
            if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
                run_archetype_command(s, "entity.create_from_archetype", name);
        }
        ImGui::PopID();
    }
    if (s.game().archetypes().empty()) ImGui::TextDisabled("(none)");
    ImGui::TreePop();
}

void project_panel::draw_prefabs(panel_context& s, ui_state& ui) {
    const std::string title =
        "Prefabs (" + std::to_string(s.game().prefabs().size()) + ")###prefabs";
    if (scroll_to_prefab_) ImGui::SetNextItemOpen(true);
    if (!ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
    for (const prefab& p : s.game().prefabs()) {
        const bool highlighted = p.name() == highlighted_prefab_;
        ImGui::PushID(p.name().c_str());  // each row's menu its own
        ImGui::Selectable(p.name().c_str(), highlighted, ImGuiSelectableFlags_AllowDoubleClick);
        ui.test.record("project/prefab/" + p.name());
        if (highlighted) {
            ui.test.record("project/highlighted/" + p.name());
            if (scroll_to_prefab_) ImGui::SetScrollHereY();
        }
        if (ImGui::BeginPopupContextItem("##prefab_menu")) {
            const fs::path file = s.edit.prefab_folder() / (p.name() + ".prefab.json");
            if (ImGui::MenuItem("Open Prefab", nullptr, false, !s.playing()))
                s.edit.open_prefab(file);
            ui.test.record("project/prefab_menu/Open Prefab");
            if (ImGui::MenuItem("Create Instance")) s.edit.instantiate_prefab(p.name());
            ImGui::EndPopup();
        }
        if (ImGui::BeginDragDropSource()) {
            ImGui::SetDragDropPayload(prefab_payload, p.name().data(), p.name().size());
            ImGui::Text("%s (%zu entities)", p.name().c_str(), p.size());
            ImGui::EndDragDropSource();
        } else if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "Drag into the Hierarchy or the Scene view, or double-click, to "
                "create a %s",
                p.name().c_str());
            if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
                s.edit.instantiate_prefab(p.name());
        }
        ImGui::PopID();
    }
    scroll_to_prefab_ = false;
    if (s.game().prefabs().empty())
        ImGui::TextDisabled("(none: drag an entity here from the Hierarchy)");
    ImGui::TreePop();
}

void project_panel::draw(panel_context& s, ui_state& ui, viewport_renderer* renderer) {
    const bool stale = s.project_folder() != folder_ || s.scene_path() != scanned_for_scene_;
    if (!scanned_ || stale) scan(s);
    if (ImGui::Button("Refresh")) scan(s);
    ui.test.record("project/Refresh");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Look at the project's folder again");
    draw_header(s);

    // Left: the project's scenes, archetypes and prefabs; right: its folders as an asset
    // browser (asset_grid).
    const float tree_width = std::max(180.0f, ImGui::GetContentRegionAvail().x * 0.25f);
    ImGui::BeginChild("##assets", {ImGui::GetContentRegionAvail().x - tree_width - 6, 0}, true);
    assets_.draw(s, ui, renderer);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##files", {0, 0}, false);
    draw_scenes(s, ui);
    draw_archetypes(s, ui);
    draw_prefabs(s, ui);
    // The rest of the panel takes entities dragged from the Hierarchy: each becomes a prefab.
    const ImVec2 rest = ImGui::GetContentRegionAvail();
    ImGui::InvisibleButton("##prefab_drop",
                           {std::max(rest.x, 1.0f), std::max(rest.y, ImGui::GetFrameHeight())});
    ui.test.record("project/drop");
    ImGui::EndChild();
    if (ImGui::BeginDragDropTargetCustom(ImGui::GetCurrentWindow()->InnerRect,
                                         ImGui::GetID("##project_drop"))) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(entity_payload)) {
            const auto count = static_cast<std::size_t>(p->DataSize) / sizeof(std::uint64_t);
            const auto* bits = static_cast<const std::uint64_t*>(p->Data);
            for (std::size_t i = 0; i < count; ++i)
                s.edit.create_prefab(entity::from_bits(bits[i]));
        }
        ImGui::EndDragDropTarget();
    }
}

}  // namespace mosaic::editor
