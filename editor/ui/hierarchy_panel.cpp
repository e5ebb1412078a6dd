#include "ui/hierarchy_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include <mosaic/engine/components.hpp>
#include <mosaic/engine/hierarchy.hpp>
#include <mosaic/engine/input.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/scene/prefab.hpp>

#include "core/action_checks.hpp"
#include "core/actions.hpp"
#include "core/console_log.hpp"
#include "core/history.hpp"
#include "core/play_control.hpp"
#include "core/play_keeps.hpp"
#include "core/selection.hpp"
#include "ui/commands.hpp"
#include "ui/entity_label.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

bool is_resource(const world& w, entity e) {
    return w.has<resource_entity>(e);
}

std::vector<entity> payload_entities(const ImGuiPayload* payload) {
    std::vector<entity> out;
    if (payload == nullptr || payload->DataSize <= 0) return out;
    const auto count = static_cast<std::size_t>(payload->DataSize) / sizeof(std::uint64_t);
    const auto* bits = static_cast<const std::uint64_t*>(payload->Data);
    for (std::size_t i = 0; i < count; ++i) out.push_back(entity::from_bits(bits[i]));
    return out;
}

void create_menu_items(panel_context& s, entity parent) {
    if (ImGui::MenuItem(parent.is_null() ? "Create Empty" : "Create Empty Child"))
        s.edit.create_empty(parent);
    if (ImGui::BeginMenu("Create from Archetype", !s.game().archetypes().empty())) {
        for (const archetype& a : s.game().archetypes())
            if (ImGui::MenuItem(a.name().c_str())) s.edit.create_from_archetype(a);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Create from Prefab", !s.game().prefabs().empty())) {
        for (const prefab& p : s.game().prefabs())
            if (ImGui::MenuItem(p.name().c_str()))
                s.edit.instantiate_prefab(p.name(), std::nullopt, parent);
        ImGui::EndMenu();
    }
}

// A prefab dragged from the Project panel and dropped here: an instance under `parent`.
void accept_prefab(panel_context& s, entity parent) {
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(prefab_payload)) {
        const std::string name(static_cast<const char*>(p->Data),
                               static_cast<std::size_t>(p->DataSize));
        s.edit.instantiate_prefab(name, std::nullopt, parent);
    }
}

}  // namespace

hierarchy_panel::hierarchy_panel()
    : panel({.id = "hierarchy", .title = "Hierarchy", .where = dock::left}) {}

void hierarchy_panel::on_event(const panel_event& e, panel_context& s) {
    (void)s;
    if (std::holds_alternative<scene_changed>(e) || std::holds_alternative<scene_opened>(e))
        dirty_ = true;
    if (std::holds_alternative<scene_opened>(e)) placement_.clear();
    if (const auto* copied = std::get_if<duplicated>(&e)) {
        for (std::size_t i = 0; i < copied->copies.size() && i < copied->originals.size(); ++i)
            placement_.place_below(copied->copies[i], copied->originals[i]);
        dirty_ = true;
    }
    if (const auto* reveal = std::get_if<reveal_in_hierarchy>(&e)) scroll_to_ = reveal->e;
    if (const auto* rename = std::get_if<rename_in_hierarchy>(&e)) rename_request_ = rename->e;
}

void hierarchy_panel::set_filter(std::string_view text) {
    std::snprintf(filter_, sizeof filter_, "%.*s", static_cast<int>(text.size()), text.data());
    dirty_ = true;
}

void hierarchy_panel::refresh(panel_context& s) {
    const world& w = s.world();
    const signature now{&w, w.size(), w.count<Parent>(), s.history().state_id()};
    ++frames_since_rebuild_;
    // While playing, systems spawn and destroy all the time: rebuild at most every 10
    // frames (rows of entities that died meanwhile draw as blanks), and every 30 frames even
    // when the counts stay the same (names and links change without the history).
    const bool changed = !(now == last_);
    const bool playing = s.playing();
    const bool due = !playing || frames_since_rebuild_ >= 10;
    const bool periodic = playing && frames_since_rebuild_ >= 30;
    if (dirty_ || (changed && due) || periodic) {
        rebuild(s);
        last_ = now;
        dirty_ = false;
        frames_since_rebuild_ = 0;
    }
}

void hierarchy_panel::rebuild(panel_context& s) {
    ++rebuilds_;
    rows_.clear();
    const world& w = s.world();
    if (filter_[0] != '\0') {
        std::string needle(filter_);
        for (char& c : needle) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        w.each([&](entity e) {
            if (!is_resource(w, e) && contains_ignoring_case(entity_name(w, e), needle))
                rows_.push_back({e, 0, false});
        });
    } else {
        std::vector<entity> roots;
        std::unordered_map<entity_index, std::vector<entity>> children;
        const bool any_parents = w.count<Parent>() > 0;
        w.each([&](entity e) {
            if (is_resource(w, e)) return;
            const entity p = any_parents ? parent_of(w, e) : null_entity;
            if (p.is_null()) {
                roots.push_back(e);
            } else {
                children[p.index].push_back(e);
            }
        });
        if (!placement_.empty()) {
            placement_.order(roots);
            for (auto& [parent, list] : children) placement_.order(list);
        }
        rows_.reserve(roots.size());
        // Depth-first, iteratively (a deep chain must not overflow the stack).
        std::vector<std::pair<entity, std::int32_t>> stack;
        for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.emplace_back(*it, 0);
        while (!stack.empty()) {
            const auto [e, depth] = stack.back();
            stack.pop_back();
            const auto found = children.find(e.index);
            const bool has_children = found != children.end() && !found->second.empty();
            rows_.push_back({e, depth, has_children});
            if (has_children && !closed_.contains(e.to_bits())) {
                for (auto it = found->second.rbegin(); it != found->second.rend(); ++it)
                    stack.emplace_back(*it, depth + 1);
            }
        }
    }
    row_entities_.resize(rows_.size());
    for (std::size_t i = 0; i < rows_.size(); ++i) row_entities_[i] = rows_[i].e;
}

void hierarchy_panel::reveal(panel_context& s, entity e) {
    const world& w = s.world();
    for (entity p = parent_of(w, e), guard = e; !p.is_null() && p != guard; p = parent_of(w, p)) {
        if (closed_.erase(p.to_bits()) > 0) dirty_ = true;
    }
}

void hierarchy_panel::click(panel_context& s, entity e) {
    const ImGuiIO& io = ImGui::GetIO();
    selection& sel = s.selection();
    if (io.KeyCtrl) {
        sel.toggle(e);
    } else if (io.KeyShift) {
        sel.select_range(e, row_entities_);
    } else {
        // Selected on release, unless the press starts a drag: dragging a row onto the
        // inspector (an entity field) keeps the inspector on the current selection, and
        // dragging one of several selected rows moves them all (Unity does the same).
        pending_click_ = e;
    }
}

void hierarchy_panel::draw(panel_context& s, ui_state& ui) {
    const float square = ImGui::GetFrameHeight();  // easy to hit: a whole frame square
    if (ImGui::Button("+", {square, square})) ImGui::OpenPopup("##create");
    ui.test.record("hierarchy/+");
    if (ImGui::BeginPopup("##create")) {
        create_menu_items(s, null_entity);
        ImGui::EndPopup();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##search", "Search", filter_, sizeof filter_)) dirty_ = true;
    ui.test.record("hierarchy/search");

    // Requests (on_event, or the panel's own): rename (F2), scroll to an entity picked in
    // the scene view.
    if (!rename_request_.is_null()) {
        renaming_ = rename_request_;
        std::snprintf(rename_buffer_, sizeof rename_buffer_, "%s",
                      std::string(entity_name(s.world(), renaming_)).c_str());
        rename_focus_ = true;
        rename_request_ = null_entity;
    }
    const entity scroll_to = scroll_to_;
    if (!scroll_to.is_null()) reveal(s, scroll_to);
    refresh(s);

    // While entities are dragged, a zone under the rows moves them to the root: reachable
    // however full the list is.
    const ImGuiPayload* payload = ImGui::GetDragDropPayload();
    const bool dragging = payload != nullptr && payload->IsDataType(entity_payload);
    const float zone_height = ImGui::GetFrameHeight() * 2.0f;
    ImGui::BeginChild("##rows", {0, dragging ? -zone_height : 0.0f}, false);
    row_height_ = ImGui::GetTextLineHeightWithSpacing();
    if (dragging) {
        auto_scroll();
    } else {
        drag_scroll_armed_ = false;
        drag_started_at_.reset();
    }
    if (!scroll_to.is_null()) {
        scroll_to_ = null_entity;
        const auto found = std::find(row_entities_.begin(), row_entities_.end(), scroll_to);
        if (found != row_entities_.end()) {
            const float y = static_cast<float>(found - row_entities_.begin()) * row_height_;
            const float top = ImGui::GetScrollY();
            const float height = ImGui::GetWindowHeight();
            if (y < top || y + row_height_ > top + height)
                ImGui::SetScrollY(y - height * 0.5f + row_height_);
        }
    }

    // Selected rows in Unity's selection blue (headers elsewhere stay grey), hovered or not.
    ImGui::PushStyleColor(ImGuiCol_Header, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows_.size()), row_height_);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
            draw_row(s, ui, static_cast<std::size_t>(i));
    }
    clipper.End();
    ImGui::PopStyleColor();
    if (rows_.empty()) {
        ImGui::TextDisabled(filter_[0] != '\0' ? "No entity matches." : "No entities.");
    }

    // The empty space below the rows: click clears the selection, a drop moves to the root.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::InvisibleButton("##background",
                           {std::max(avail.x, 1.0f), std::max(avail.y, row_height_)});
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && !ImGui::GetIO().KeyCtrl)
        s.selection().clear();
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(entity_payload))
            drop(s, payload_entities(p), null_entity);
        accept_prefab(s, null_entity);
        ImGui::EndDragDropTarget();
    }
    if (ImGui::BeginPopupContextItem("##background_menu")) {
        create_menu_items(s, null_entity);
        ImGui::Separator();
        (void)s.edit.menu_item("edit.paste");
        ImGui::EndPopup();
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) keyboard(s);
    ImGui::EndChild();

    if (dragging) {
        const ImVec2 size{std::max(ImGui::GetContentRegionAvail().x, 1.0f), zone_height};
        ImGui::InvisibleButton("##root_zone", size);
        ui.test.record("hierarchy/root_zone");
        const bool over = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
        ImDrawList* d = ImGui::GetWindowDrawList();
        d->AddRectFilled(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                         ImGui::GetColorU32(over ? ImGuiCol_HeaderHovered : ImGuiCol_FrameBg),
                         4.0f);
        const char* text = "Drop here: move to the root";
        const ImVec2 t = ImGui::CalcTextSize(text);
        d->AddText({ImGui::GetItemRectMin().x + (size.x - t.x) * 0.5f,
                    ImGui::GetItemRectMin().y + (size.y - t.y) * 0.5f},
                   ImGui::GetColorU32(ImGuiCol_Text), text);
        if (ImGui::BeginDragDropTarget()) {
            if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(entity_payload))
                drop(s, payload_entities(p), null_entity);
            ImGui::EndDragDropTarget();
        }
    }

    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) pending_click_ = null_entity;
}

void hierarchy_panel::draw_row(panel_context& s, ui_state& ui, std::size_t index) {
    const row& r = rows_[index];
    const entity e = r.e;
    world& w = s.world();
    if (!w.alive(e)) {
        ImGui::Dummy({1.0f, ImGui::GetTextLineHeight()});  // gone until the next rebuild
        return;
    }
    ImGui::PushID(static_cast<int>(e.index));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() +
                         static_cast<float>(r.depth) * ImGui::GetStyle().IndentSpacing);

    if (renaming_ == e) {
        if (rename_focus_) {
            ImGui::SetKeyboardFocusHere();
            rename_focus_ = false;
        }
        ImGui::SetNextItemWidth(-1);
        const bool enter = ImGui::InputText(
            "##rename", rename_buffer_, sizeof rename_buffer_,
            ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
        const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
        if (enter || (ImGui::IsItemDeactivated() && !escape)) {
            if (s.edit.rename_entity(e, rename_buffer_)) dirty_ = true;
            renaming_ = null_entity;
        } else if (escape) {
            renaming_ = null_entity;
        }
        ImGui::PopID();
        return;
    }

    const selection& sel = s.selection();
    const bool selected = sel.contains(e);
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth |
                               ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (!r.has_children) flags |= ImGuiTreeNodeFlags_Leaf;
    if (selected) flags |= ImGuiTreeNodeFlags_Selected;
    const bool active = w.is_active(e);
    // Entities of prefab instances in the prefab colour, as Unity shows them.
    const bool linked = active && w.has<PrefabInstance>(e);
    if (!active || linked)
        ImGui::PushStyleColor(ImGuiCol_Text, active ? colors::prefab : colors::dim);
    // A selected row keeps its colour under the mouse (the hover grey reads as "not selected").
    if (selected)
        ImGui::PushStyleColor(ImGuiCol_HeaderHovered, ImGui::GetStyleColorVec4(ImGuiCol_Header));
    ImGui::SetNextItemOpen(!closed_.contains(e.to_bits()));
    const std::string label = entity_label(w, e);
    ImGui::TreeNodeEx("##node", flags, "%s", label.c_str());
    if (selected) ImGui::PopStyleColor();
    if (!active || linked) ImGui::PopStyleColor();
    if (ui.test.record_items) ui.test.record("hierarchy/row/" + label);

    if (ImGui::IsItemToggledOpen()) {
        if (!closed_.erase(e.to_bits())) closed_.insert(e.to_bits());
        dirty_ = true;
    } else if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        s.selection().select(e);
        rename_request_ = e;
    } else if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
        click(s, e);
    } else if (ImGui::IsItemClicked(ImGuiMouseButton_Right) && !selected) {
        s.selection().select(e);
    }
    if (pending_click_ == e && ImGui::IsItemHovered() &&
        ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
        const float threshold = ImGui::GetIO().MouseDragThreshold;
        if (ImGui::GetIO().MouseDragMaxDistanceSqr[0] < threshold * threshold)
            s.selection().select(e);
        pending_click_ = null_entity;
    }

    if (ImGui::BeginDragDropSource()) {
        std::vector<std::uint64_t> bits;
        if (selected) {
            for (entity item : sel.items())
                if (w.alive(item)) bits.push_back(item.to_bits());
        } else {
            bits.push_back(e.to_bits());
        }
        ImGui::SetDragDropPayload(entity_payload, bits.data(), bits.size() * sizeof(std::uint64_t));
        if (bits.size() == 1) {
            ImGui::TextUnformatted(label.c_str());
        } else {
            ImGui::Text("%zu entities", bits.size());
        }
        ImGui::EndDragDropSource();
    }
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(entity_payload)) {
            closed_.erase(e.to_bits());
            drop(s, payload_entities(p), e);
        }
        accept_prefab(s, e);
        ImGui::EndDragDropTarget();
    }
    draw_context_menu(s, ui, e);
    ImGui::PopID();
}

void hierarchy_panel::drop(panel_context& s, const std::vector<entity>& dragged, entity parent) {
    std::string error;
    if (s.edit.reparent(dragged, parent, &error)) {
        dirty_ = true;
        s.selection().set(dragged);  // what was dragged is what the user works on now
    } else if (!error.empty()) {
        s.log().warning(error);
    } else if (!parent.is_null()) {
        s.log().warning("Cannot re-parent onto " + entity_label(s.world(), parent));
    }
}

void hierarchy_panel::auto_scroll() {
    // Near the top or bottom edge of the rows, faster the nearer: the list follows a drag.
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    if (io.MousePos.x < min.x || io.MousePos.x > min.x + size.x) return;
    const float edge = row_height_ * 2.0f;
    const float speed = row_height_ * 30.0f * io.DeltaTime;  // rows per second at the edge
    const float top = io.MousePos.y - min.y;
    const float bottom = min.y + size.y - io.MousePos.y;
    // A drag that starts near an edge does not scroll at once: the rows shrink to make room
    // for the root zone when a drag starts, which puts a bottom row at the edge, and the list
    // would jump under the mouse. It scrolls once the mouse has left the edges or moved a row.
    const bool at_edge =
        (top >= -row_height_ && top < edge) || (bottom >= -row_height_ && bottom < edge);
    if (!drag_scroll_armed_) {
        if (!drag_started_at_) drag_started_at_ = io.MousePos.y;
        drag_scroll_armed_ = !at_edge || std::abs(io.MousePos.y - *drag_started_at_) > row_height_;
        if (!drag_scroll_armed_) return;
    }
    if (top >= -row_height_ && top < edge) {
        ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() - speed * (1.0f - top / edge)));
    } else if (bottom >= -row_height_ && bottom < edge) {
        ImGui::SetScrollY(
            std::min(ImGui::GetScrollMaxY(), ImGui::GetScrollY() + speed * (1.0f - bottom / edge)));
    }
}

void hierarchy_panel::keyboard(panel_context& s) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || !renaming_.is_null() || rows_.empty()) return;
    const auto pressed = [](key k) { return ImGui::IsKeyPressed(static_cast<int>(k), true); };
    selection& sel = s.selection();
    if (io.KeyCtrl) {
        if (pressed(key::a)) sel.set(row_entities_);
        return;
    }
    if (pressed(key::enter)) {
        s.edit.rename();
        return;
    }
    const auto found = std::find(row_entities_.begin(), row_entities_.end(), sel.active());
    const bool any = found != row_entities_.end();
    const std::size_t at = any ? static_cast<std::size_t>(found - row_entities_.begin()) : 0;
    const auto go = [&](std::size_t index) {
        sel.select(row_entities_[index]);
        scroll_to_ = row_entities_[index];
    };
    if (pressed(key::down)) {
        go(any ? std::min(at + 1, rows_.size() - 1) : 0);
    } else if (pressed(key::up)) {
        go(any ? (at > 0 ? at - 1 : 0) : rows_.size() - 1);
    } else if (any && pressed(key::left)) {
        // Unity: fold an open node, else go to the parent.
        const row& r = rows_[at];
        if (r.has_children && !closed_.contains(r.e.to_bits())) {
            closed_.insert(r.e.to_bits());
            dirty_ = true;
        } else if (const entity p = parent_of(s.world(), r.e); !p.is_null()) {
            sel.select(p);
            scroll_to_ = p;
        }
    } else if (any && pressed(key::right)) {
        // Unfold a closed node, else go to its first child.
        const row& r = rows_[at];
        if (!r.has_children) return;
        if (closed_.erase(r.e.to_bits()) > 0) {
            dirty_ = true;
        } else if (at + 1 < rows_.size()) {
            go(at + 1);
        }
    }
}

void hierarchy_panel::draw_context_menu(panel_context& s, ui_state& ui, entity e) {
    if (!ImGui::BeginPopupContextItem("##row_menu")) return;
    create_menu_items(s, e);
    ImGui::Separator();
    for (const char* id : {"edit.rename", "edit.duplicate", "edit.delete"})
        (void)s.edit.menu_item(id, "hierarchy/menu/");
    // A prefab instance's child cannot be deleted: the item is off (the command's `enabled`)
    // and says why, in place.
    const std::vector<entity> doomed(s.selection().items().begin(), s.selection().items().end());
    if (const std::optional<std::string> refused = s.edit.why_not_deletable(doomed)) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 320);
        ImGui::TextDisabled("%s", refused->c_str());
        ImGui::PopTextWrapPos();
        ui.test.record("hierarchy/menu/Delete refused");
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Create Prefab")) s.edit.create_prefab(e);
    ui.test.record("hierarchy/menu/Create Prefab");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Save this entity and its children as a prefab in the project");
    (void)s.edit.menu_item("entity.create_archetype", "hierarchy/menu/");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Save this entity's components (not its children) as an archetype "
            "that game code and the Project panel spawn");
    if (s.world().has<PrefabInstance>(e)) {
        if (ImGui::MenuItem("Unpack Prefab")) s.edit.unpack_prefab(e);
        ui.test.record("hierarchy/menu/Unpack Prefab");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Make this instance plain entities: no longer linked to its prefab");
    }
    ImGui::Separator();
    for (const char* id : {"edit.copy", "edit.paste"}) (void)s.edit.menu_item(id);
    ImGui::Separator();
    const bool has_parent = !parent_of(s.world(), e).is_null();
    if (ImGui::MenuItem("Move to Root", nullptr, false, has_parent)) {
        const std::vector<entity> items(s.selection().items().begin(), s.selection().items().end());
        std::string error;
        if (s.edit.reparent(items, null_entity, &error)) {
            dirty_ = true;
        } else if (!error.empty()) {
            s.log().warning(error);
        }
    }
    const bool active = s.world().is_active(e);
    if (ImGui::MenuItem(active ? "Deactivate" : "Activate")) {
        const std::vector<entity> items(s.selection().items().begin(), s.selection().items().end());
        s.edit.set_active(items, !active);
    }
    (void)s.edit.menu_item("edit.frame_selection");
    if (s.playing()) {
        ImGui::Separator();
        const bool kept = s.player().keeps().entity_kept(e);
        if (ImGui::MenuItem("Keep Whole Entity", nullptr, kept)) {
            std::vector<entity> items(s.selection().items().begin(), s.selection().items().end());
            if (std::find(items.begin(), items.end(), e) == items.end()) items = {e};
            s.edit.keep_whole_entities(items, !kept);
        }
        ui.test.record("hierarchy/menu/Keep Whole Entity");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Stop offers this entity's play values (all its components) to keep");
    }
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
