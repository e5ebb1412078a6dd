#include "ui/prefab_header.hpp"

#include <imgui.h>

#include <mosaic/engine/display_path.hpp>

#include "core/entity_names.hpp"
#include "core/prefab_overrides.hpp"
#include "ui/commands.hpp"
#include "ui/panel.hpp"
#include "ui/prefab_mode.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

// "Turret: Sprite.tint", "Tank: RigidBody (added)", "Barrel: Collider (removed)",
// "Tank: Health (disabled)".
std::string describe(const world& w, const prefab_override& o) {
    std::string text = name_of(w, o.target) + ": ";
    text += o.component ? o.component->name : std::string("?");
    switch (o.kind) {
        case override_kind::field:
            if (o.field) text += "." + o.field->name;
            break;
        case override_kind::added_component:
            text += " (added)";
            break;
        case override_kind::removed_component:
            text += " (removed)";
            break;
        case override_kind::enabled_flag:
            text += o.component && w.is_enabled(o.target, o.component->type) ? " (enabled)"
                                                                             : " (disabled)";
            break;
    }
    return text;
}

void draw_overrides_popup(panel_context& s, ui_state& ui, const linked_instance& inst) {
    if (!ImGui::BeginPopup("##overrides")) return;
    const std::vector<prefab_override> list = s.edit.overrides_of(inst);
    ImGui::TextDisabled("Overrides of %s in %s", inst.name.c_str(),
                        name_of(s.world(), inst.root).c_str());
    ImGui::Separator();
    // One row per override, with its own Revert / Apply (Unity's Overrides list).
    int row = 0;
    bool acted = false;
    for (const prefab_override& o : list) {
        const std::string text = describe(s.world(), o);
        ImGui::PushID(row++);
        ImGui::BeginDisabled(s.playing() || acted);
        const override_scope one{o.target, o.component, o.field};
        if (ImGui::SmallButton("Revert")) acted = s.edit.revert_overrides(one);
        ui.test.record("overrides/" + text + "/Revert");
        ImGui::SameLine();
        if (ImGui::SmallButton("Apply")) acted = s.edit.apply_overrides(one);
        ui.test.record("overrides/" + text + "/Apply");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::TextUnformatted(text.c_str());
        ui.test.record("overrides/" + text);
        ImGui::PopID();
    }
    if (acted) {  // as Apply All / Revert All: done, the popup closes
        ui.events.post(scene_changed{});
        ImGui::CloseCurrentPopup();
    }
    if (list.empty()) ImGui::TextDisabled("(none: the instance is as its prefab)");
    ImGui::Separator();
    ImGui::BeginDisabled(list.empty() || s.playing());
    const override_scope all{inst.root, nullptr, nullptr};
    if (ImGui::Button("Apply All")) {
        (void)s.edit.apply_overrides(all);
        ui.events.post(scene_changed{});
        ImGui::CloseCurrentPopup();
    }
    ui.test.record("overrides/Apply All");
    ImGui::SameLine();
    if (ImGui::Button("Revert All")) {
        (void)s.edit.revert_overrides(all);
        ui.events.post(scene_changed{});
        ImGui::CloseCurrentPopup();
    }
    ui.test.record("overrides/Revert All");
    ImGui::EndDisabled();
    ImGui::EndPopup();
}

}  // namespace

void draw_prefab_header(panel_context& s, ui_state& ui, entity e) {
    const std::optional<linked_instance> inst = s.edit.linked_instance_of(e);
    if (!inst) return;
    ImGui::PushID("##prefab_header");
    if (inst->source == nullptr) {
        ImGui::TextColored(colors::error, "Missing prefab: %s", inst->path.c_str());
        ui.test.record("inspector/prefab/missing");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s\nThe instance keeps its overrides and saves them as they were.",
                              inst->problem.c_str());
    } else {
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("Prefab");
        ImGui::SameLine();
        ImGui::TextColored(colors::prefab, "%s", inst->name.c_str());
        ui.test.record("inspector/prefab/name");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", display_path(inst->file).c_str());
    }
    if (ImGui::SmallButton("Select")) command_select_prefab(ui, inst->name);
    ui.test.record("inspector/prefab/Select");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the prefab in the Project panel");
    ImGui::SameLine();
    ImGui::BeginDisabled(inst->source == nullptr || s.playing());
    if (ImGui::SmallButton("Open")) s.edit.open_prefab(inst->file);
    ui.test.record("inspector/prefab/Open");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(s.playing() ? "Stop the game to edit the prefab"
                                      : "Edit the prefab alone; Save updates its instances");
    ImGui::SameLine();
    if (ImGui::SmallButton("Overrides")) ImGui::OpenPopup("##overrides");
    ui.test.record("inspector/prefab/Overrides");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::SmallButton("Unpack")) s.edit.unpack_prefab(e);
    ui.test.record("inspector/prefab/Unpack");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Make this instance plain entities, no longer linked to %s",
                          inst->name.c_str());
    if (inst->source != nullptr) draw_overrides_popup(s, ui, *inst);
    ImGui::PopID();
}

// --- marks and menus -------------------------------------------------------------------------

void prefab_marks::update(panel_context& s, std::span<const entity> entities) {
    linked_.clear();
    for (const entity e : entities) {
        if (std::optional<linked_instance> inst = s.edit.linked_instance_of(e))
            linked_.push_back({e, std::move(*inst)});
    }
}

bool prefab_marks::component(panel_context& s, const component_info& c) const {
    for (const linked& l : linked_)
        if (s.edit.is_overridden(l.inst, l.e, c)) return true;
    return false;
}

void prefab_marks::menu_items(panel_context& s, ui_state& ui, const component_info& c,
                              const field_info* f) {
    const std::string prefix = f ? "field_menu/" : "component_menu/";
    const bool can = !s.playing();
    if (ImGui::MenuItem("Revert", nullptr, false, can)) {
        const edit_group one_step(s.edit);  // every selected entity: one undo step
        for (const linked& l : linked_) (void)s.edit.revert_overrides({l.e, &c, f});
        ui.events.post(scene_changed{});
        linked_.clear();
    }
    ui.test.record(prefix + "Revert");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the prefab's value");
    if (ImGui::MenuItem("Apply to Prefab", nullptr, false, can)) {
        const edit_group one_step(s.edit);
        for (const linked& l : linked_) (void)s.edit.apply_overrides({l.e, &c, f});
        ui.events.post(scene_changed{});
        linked_.clear();
    }
    ui.test.record(prefix + "Apply to Prefab");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Write this value into the prefab: every instance that does not "
            "override it follows");
}

void prefab_marks::component_menu(panel_context& s, ui_state& ui, const component_info& c) {
    if (!component(s, c)) return;
    ImGui::Separator();
    menu_items(s, ui, c, nullptr);
}

const field_prefab_marks* prefab_marks::fields(panel_context& s, ui_state& ui,
                                               const component_info& c) {
    if (linked_.empty()) return nullptr;
    hooks_.overridden = [this, &s, &c](const field_info& f) {
        for (const linked& l : linked_)
            if (s.edit.is_overridden(l.inst, l.e, c, &f)) return true;
        return false;
    };
    hooks_.menu_items = [this, &s, &ui, &c](const field_info& f) {
        ImGui::Separator();
        menu_items(s, ui, c, &f);
    };
    return &hooks_;
}

}  // namespace mosaic::editor
