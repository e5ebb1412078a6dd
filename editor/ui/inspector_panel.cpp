#include "ui/inspector_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // PushItemFlag, ImGuiItemFlags_MixedValue

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/scene/prefab.hpp>

#include "core/clipboard.hpp"
#include "core/console_log.hpp"
#include "core/play_control.hpp"
#include "core/play_keeps.hpp"
#include "core/selection.hpp"
#include "ui/entity_label.hpp"
#include "ui/field_widgets.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

bool editable(const component_info& info) {
    return !info.flags.hidden && !info.flags.opaque;
}

// The link to a prefab is shown by the entity header (prefab_header.hpp), never as a
// component: nobody adds, edits or removes it by hand.
bool prefab_link(const component_info& info) {
    return info.type == type_id_of<PrefabInstance>();
}

}  // namespace

void inspector_panel::draw(panel_context& s, ui_state& ui) {
    world& w = s.world();
    entities_.clear();
    for (entity e : s.selection().items())
        if (w.alive(e) && !w.has<resource_entity>(e)) entities_.push_back(e);

    if (entities_.empty()) {
        ImGui::TextDisabled("Select an entity in the Hierarchy or the Scene view.");
    } else {
        draw_header(s, ui);  // its prefab line may apply or unpack: the marks come after
        marks_.update(s, entities_);
        ImGui::Spacing();

        // The registered, visible components every target has, in type id order.
        for (type_id type : w.components_of(entities_.front())) {
            const component_info* info = s.table().find(type);
            if (info == nullptr || !editable(*info) || prefab_link(*info)) continue;
            const bool shared = std::all_of(entities_.begin() + 1, entities_.end(),
                                            [&](entity e) { return w.has(e, type); });
            if (shared) draw_component(s, ui, *info);
        }
        if (entities_.size() == 1) {
            draw_unknown(s);
            draw_unregistered(s, ui);
            animation_.draw(s, ui, entities_.front(), renderer_);
        }
        ImGui::Spacing();
        draw_add_component(s, ui);
    }

    // A drag, a typed text, a colour-picker session: one undo step once no widget is active.
    if (live_.active() && !ImGui::IsAnyItemActive()) s.edit.finish(live_);
}

void inspector_panel::draw_header(panel_context& s, ui_state& ui) {
    world& w = s.world();
    const std::size_t active = static_cast<std::size_t>(std::count_if(
        entities_.begin(), entities_.end(), [&](entity e) { return w.is_active(e); }));
    bool all_active = active == entities_.size();
    ImGui::PushItemFlag(ImGuiItemFlags_MixedValue, active != 0 && !all_active);
    if (ImGui::Checkbox("##active", &all_active)) s.edit.set_active(entities_, all_active);
    ImGui::PopItemFlag();
    ui.test.record("inspector/active");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Active: inactive entities are skipped by systems");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (entities_.size() == 1) {
        const entity e = entities_.front();
        if (!name_active_) {
            std::snprintf(name_buffer_, sizeof name_buffer_, "%s",
                          std::string(entity_name(w, e)).c_str());
        }
        // An unnamed entity shows the label the hierarchy gives it, greyed, until named.
        const std::string label = entity_label(w, e);
        ImGui::InputTextWithHint("##name", label.c_str(), name_buffer_, sizeof name_buffer_);
        ui.test.inspector_name = name_buffer_[0] != '\0' ? std::string(name_buffer_) : label;
        name_active_ = ImGui::IsItemActive();
        if (ImGui::IsItemDeactivatedAfterEdit() && s.edit.rename_entity(e, name_buffer_))
            ui.events.post(scene_changed{});
        ui.test.record("inspector/name");
        draw_prefab_header(s, ui, e);
    } else {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(colors::accent, "%zu entities selected", entities_.size());
    }
    if (s.playing()) {
        // Keep whole entity: the marker and the switch in one (also in the hierarchy's menu).
        bool whole = std::all_of(entities_.begin(), entities_.end(),
                                 [&](entity e) { return s.player().keeps().entity_kept(e); });
        ImGui::PushStyleColor(ImGuiCol_Text,
                              whole ? colors::kept : ImGui::GetStyle().Colors[ImGuiCol_Text]);
        if (ImGui::Checkbox("Keep whole entity after Stop", &whole))
            s.edit.keep_whole_entities(entities_, whole);
        ImGui::PopStyleColor();
        ui.test.record("inspector/keep_entity");
    }
}

void inspector_panel::draw_component(panel_context& s, ui_state& ui, const component_info& info) {
    world& w = s.world();
    ImGui::PushID(info.name.c_str());
    const std::size_t enabled = static_cast<std::size_t>(std::count_if(
        entities_.begin(), entities_.end(), [&](entity e) { return w.is_enabled(e, info.type); }));

    const bool kept = s.playing() && std::all_of(entities_.begin(), entities_.end(), [&](entity e) {
                          return s.player().keeps().kept(e, info);
                      });

    const std::string label = "      " + info.name;  // room for the checkbox after the arrow
    // An overridden prefab component: a bold title and the bar at the left, as Unity marks it.
    const bool overridden = marks_.component(s, info);
    ImFont* bold = overridden ? bold_font() : nullptr;
    if (bold) ImGui::PushFont(bold);
    const bool open = ImGui::CollapsingHeader(
        label.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_AllowItemOverlap);
    if (bold) ImGui::PopFont();
    ui.test.record("inspector/header/" + info.name);
    if (overridden) {
        draw_override_bar(ImGui::GetItemRectMin().y, ImGui::GetItemRectSize().y);
        ui.test.record("inspector/override/" + info.name);
    }
    const float header_y = ImGui::GetItemRectMin().y;
    const float header_right = ImGui::GetItemRectMax().x;
    const float header_height = ImGui::GetItemRectSize().y;
    if (ImGui::BeginPopupContextItem("##component_menu")) {
        if (ImGui::MenuItem("Reset")) s.edit.reset_component(entities_, info.type);
        if (ImGui::MenuItem("Remove Component")) {
            s.edit.remove_component(entities_, info.type);
            ImGui::EndPopup();
            ImGui::PopID();
            return;
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Copy Values")) {
            const auto* bytes =
                static_cast<const std::byte*>(w.try_get(entities_.front(), info.type));
            if (bytes)
                s.clipboard() = {info.type, std::vector<std::byte>(bytes, bytes + info.size)};
        }
        const bool can_paste =
            s.clipboard().type == info.type && s.clipboard().bytes.size() == info.size;
        if (ImGui::MenuItem("Paste Values", nullptr, false, can_paste))
            s.edit.paste_component(entities_, info.type, s.clipboard().bytes);
        marks_.component_menu(s, ui, info);
        if (s.playing()) {
            ImGui::Separator();
            if (ImGui::MenuItem("Keep after Stop", nullptr, kept))
                s.edit.keep_after_stop(entities_, info.type, !kept);
            ui.test.record("component_menu/Keep after Stop");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Stop offers this component's play values to keep");
        }
        ImGui::EndPopup();
    }

    // The enable checkbox sits on the header, after the arrow.
    ImGui::SetCursorScreenPos(
        {ImGui::GetItemRectMin().x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 2,
         header_y + 1});
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {2, 1});
    bool all_enabled = enabled == entities_.size();
    ImGui::PushItemFlag(ImGuiItemFlags_MixedValue, enabled != 0 && !all_enabled);
    if (ImGui::Checkbox("##enabled", &all_enabled))
        s.edit.set_component_enabled(entities_, info.type, all_enabled);
    ImGui::PopItemFlag();
    ui.test.record("inspector/enabled/" + info.name);
    ImGui::PopStyleVar();
    const ImVec2 menu_size{header_height * 1.4f, header_height};
    const float menu_x = header_right - menu_size.x;
    // Kept after Stop: a marker left of the menu button.
    if (kept) {
        ImGui::SameLine();
        const char* marker = "KEEP";
        ImGui::SetCursorScreenPos({menu_x - ImGui::CalcTextSize(marker).x - 8,
                                   header_y + ImGui::GetStyle().FramePadding.y});
        ImGui::TextColored(colors::kept, "%s", marker);
        ui.test.record("inspector/kept/" + info.name);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Kept after Stop: Stop offers its play values to keep");
    }
    // A menu button at the right end of the header, for those who don't right-click: as tall
    // as the header, so it is easy to hit.
    ImGui::SameLine();
    ImGui::SetCursorScreenPos({menu_x, header_y});
    if (ImGui::Button("...", menu_size)) ImGui::OpenPopup("##component_menu");
    ui.test.record("inspector/menu/" + info.name);

    if (open) {
        ImGui::Indent(6);
        field_context ctx{s, ui, entities_, info, live_, marks_.fields(s, ui, info)};
        for (const field_info& field : info.fields) {
            ImGui::PushID(field.name.c_str());
            draw_field(ctx, field);
            ImGui::PopID();
        }
        if (info.fields.empty()) ImGui::TextDisabled("(no fields)");
        ImGui::Unindent(6);
        ImGui::Spacing();
    }
    ImGui::PopID();
}

void inspector_panel::draw_unknown(panel_context& s) {
    const EntityId* id = s.world().try_get<EntityId>(entities_.front());
    if (id == nullptr || id->value == 0) return;
    const auto found = s.scene().unknown.find(id->value);
    if (found == s.scene().unknown.end()) return;
    for (const unknown_component& c : found->second) {
        ImGui::PushID(c.name.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, colors::warning);
        const bool open = ImGui::CollapsingHeader((c.name + " (unknown type)").c_str());
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "This project does not register '%s'. It is kept as it was in the "
                "file and written back on save.",
                c.name.c_str());
        if (open) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("%s", c.json.c_str());
            ImGui::PopTextWrapPos();
        }
        ImGui::PopID();
    }
}

void inspector_panel::draw_unregistered(panel_context& s, ui_state& ui) {
    // Components of types the table does not describe still work in the game; the editor can
    // only name them (the compiler's name) and say they are not saved.
    world& w = s.world();
    for (type_id type : w.components_of(entities_.front())) {
        if (s.table().find(type) || type == type_id_of<EntityId>() ||
            type == type_id_of<inactive>()) {
            continue;
        }
        const type_info* info = find_type(type);
        const std::string name = info ? std::string(info->name) : "type " + std::to_string(type);
        ImGui::TextDisabled("%s (unregistered)", name.c_str());
        ui.test.record("inspector/unregistered/" + name);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "No component_table entry describes this type: it works in the game, but the "
                "editor cannot show its fields and scene files do not save it.");
        }
    }
}

void inspector_panel::draw_add_component(panel_context& s, ui_state& ui) {
    const float width = std::min(ImGui::GetContentRegionAvail().x, 240.0f);
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() +
                         (ImGui::GetContentRegionAvail().x - width) * 0.5f);
    if (ImGui::Button("Add Component", {width, 0})) {
        add_filter_[0] = '\0';
        add_highlight_ = 0;
        ImGui::OpenPopup("##add_component");
    }
    ui.test.record("inspector/Add Component");
    if (!ImGui::BeginPopup("##add_component")) return;
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(width);
    if (ImGui::InputTextWithHint("##filter", "Search", add_filter_, sizeof add_filter_))
        add_highlight_ = 0;  // a new search highlights its first match
    ui.test.record("add_component/search");
    std::string needle(add_filter_);
    for (char& c : needle) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    world& w = s.world();
    std::vector<const component_info*> matches;
    for (const component_info* info : s.table().all()) {
        if (!editable(*info) || info->flags.resource || prefab_link(*info)) continue;
        const bool all_have = std::all_of(entities_.begin(), entities_.end(),
                                          [&](entity e) { return w.has(e, info->type); });
        if (!all_have && contains_ignoring_case(info->name, needle)) matches.push_back(info);
    }
    // The keyboard, from the search field: arrows move the highlight, Enter adds it.
    const int count = static_cast<int>(matches.size());
    if (ImGui::IsKeyPressed(static_cast<int>(key::down))) ++add_highlight_;
    if (ImGui::IsKeyPressed(static_cast<int>(key::up))) --add_highlight_;
    add_highlight_ = std::clamp(add_highlight_, 0, std::max(count - 1, 0));
    const component_info* chosen = nullptr;
    if (count > 0 && ImGui::IsKeyPressed(static_cast<int>(key::enter), false))
        chosen = matches[static_cast<std::size_t>(add_highlight_)];
    for (int i = 0; i < count; ++i) {
        const component_info* info = matches[static_cast<std::size_t>(i)];
        if (ImGui::Selectable(info->name.c_str(), i == add_highlight_)) chosen = info;
        if (i == add_highlight_ && !ImGui::IsItemVisible()) ImGui::SetScrollHereY();
        ui.test.record("add_component/" + info->name);
    }
    if (count == 0) ImGui::TextDisabled("No component matches.");
    if (chosen != nullptr) {
        s.edit.add_component(entities_, chosen->type);
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
