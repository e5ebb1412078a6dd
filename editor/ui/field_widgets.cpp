#include "ui/field_widgets.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // PushItemFlag, ImGuiItemFlags_MixedValue

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <mosaic/ecs/field_kinds.hpp>

#include "core/actions.hpp"
#include "core/console_log.hpp"
#include "core/timeline.hpp"
#include "ui/asset_drop.hpp"
#include "ui/entity_label.hpp"
#include "ui/field_history.hpp"
#include "ui/hierarchy_panel.hpp"
#include "ui/panel.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

constexpr const char* mixed_format = "--";

/// Bytes of element `element` of `field` in a component, as the editor compares them
/// (strings up to their terminator, the rest byte for byte).
bool same_element(const field_info& field, const void* a, const void* b, std::uint32_t element) {
    if (info_of(field.kind).is_text) {
        return std::strncmp(static_cast<const char*>(field.address(a, element)),
                            static_cast<const char*>(field.address(b, element)),
                            text_capacity(field)) == 0;
    }
    return std::memcmp(field.address(a, element), field.address(b, element), field.size) == 0;
}

bool element_mixed(const field_context& ctx, const field_info& field, std::uint32_t element) {
    const world& w = ctx.parts.world();
    const void* first = w.try_get(ctx.entities[0], ctx.info.type);
    for (std::size_t i = 1; i < ctx.entities.size(); ++i) {
        const void* other = w.try_get(ctx.entities[i], ctx.info.type);
        if (first && other && !same_element(field, first, other, element)) return true;
    }
    return false;
}

/// Writes the element from `edited` (a whole component value) into every entity. For vectors
/// and colours only the floats that changed against `original` are written, so dragging x
/// of several positions keeps each one's y (Unity's multi-object editing).
void write_element(field_context& ctx, const field_info& field, std::uint32_t element,
                   const void* edited, const void* original) {
    if (!ctx.live.active())
        ctx.parts.edit.begin(ctx.live, ctx.entities, ctx.info.type,
                             "Edit " + ctx.info.name + "." + field.name);
    world& w = ctx.parts.world();
    const std::size_t floats = float_count(field.kind);
    float new_value[4] = {};
    float old_value[4] = {};  // copied: `original` is the first entity's live value
    if (floats > 0) {
        std::memcpy(new_value, field.address(edited, element), floats * sizeof(float));
        std::memcpy(old_value, field.address(original, element), floats * sizeof(float));
    }
    for (entity e : ctx.entities) {
        void* c = w.try_get(e, ctx.info.type);
        if (c == nullptr) continue;
        if (floats == 0) {
            std::memcpy(field.address(c, element), field.address(edited, element), field.size);
            continue;
        }
        auto* target = static_cast<float*>(field.address(c, element));
        for (std::size_t i = 0; i < floats; ++i) {
            // Bits, not ==: -0 over 0, or a NaN typed in, is a change too.
            if (std::bit_cast<std::uint32_t>(new_value[i]) !=
                std::bit_cast<std::uint32_t>(old_value[i]))
                target[i] = new_value[i];
        }
    }
}

template <class T>
bool drag_number(ImGuiDataType type, void* value, const field_info& field, bool mixed,
                 const char* format, int components = 1) {
    const float speed = field.hints.speed > 0 ? field.hints.speed : info_of(field.kind).drag_speed;
    const T low = static_cast<T>(field.hints.min);
    const T high = static_cast<T>(field.hints.max);
    const bool range = field.has_range();
    const ImGuiSliderFlags flags = range ? ImGuiSliderFlags_AlwaysClamp : ImGuiSliderFlags_None;
    const char* fmt = mixed ? mixed_format : format;
    if (components == 1)
        return ImGui::DragScalar("##v", type, value, speed, range ? &low : nullptr,
                                 range ? &high : nullptr, fmt, flags);
    return ImGui::DragScalarN("##v", type, value, components, speed, range ? &low : nullptr,
                              range ? &high : nullptr, fmt, flags);
}

bool entity_picker(field_context& ctx, entity& value, bool mixed) {
    world& w = ctx.parts.world();
    bool changed = false;
    const float clear_width = ImGui::GetFrameHeight();
    const float width =
        ImGui::GetContentRegionAvail().x - clear_width - ImGui::GetStyle().ItemInnerSpacing.x;
    const std::string label = mixed ? std::string(mixed_format) : entity_label(w, value);
    // One group, so the whole field (name and clear button) takes a drop from the hierarchy.
    ImGui::BeginGroup();
    if (ImGui::Button((label + "##pick").c_str(), {std::max(width, 20.0f), 0})) {
        ctx.ui.edit.picker_filter.fill('\0');
        ImGui::OpenPopup("##entity_picker");
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Click to pick, or drop an entity from the Hierarchy");
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    if (ImGui::Button("x##clear", {clear_width, 0}) && !value.is_null()) {
        value = null_entity;
        changed = true;
    }
    ImGui::EndGroup();
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(entity_payload)) {
            if (p->DataSize >= static_cast<int>(sizeof(std::uint64_t))) {
                std::uint64_t bits = 0;
                std::memcpy(&bits, p->Data, sizeof bits);
                value = entity::from_bits(bits);
                changed = true;
            }
        }
        ImGui::EndDragDropTarget();
    }
    if (ImGui::BeginPopup("##entity_picker")) {
        ImGui::SetNextItemWidth(240);
        if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
        ImGui::InputTextWithHint("##filter", "Search", ctx.ui.edit.picker_filter.data(),
                                 ctx.ui.edit.picker_filter.size());
        std::string needle(ctx.ui.edit.picker_filter.data());
        for (char& c : needle) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if (ImGui::Selectable("None")) {
            value = null_entity;
            changed = true;
        }
        int shown = 0;
        constexpr int limit = 200;  // a popup of 100,000 names helps nobody: type to narrow
        w.each([&](entity e) {
            if (shown >= limit || w.has<resource_entity>(e)) return;
            if (!contains_ignoring_case(entity_name(w, e), needle)) return;
            ++shown;
            ImGui::PushID(static_cast<int>(e.index));
            if (ImGui::Selectable(entity_label(w, e).c_str(), e == value)) {
                value = e;
                changed = true;
            }
            ImGui::PopID();
        });
        if (shown >= limit) ImGui::TextDisabled("... type to narrow the list");
        ImGui::EndPopup();
    }
    return changed;
}

/// An asset path field takes a file dragged from the Project panel: set on every selected
/// entity as one undo step.
void drop_asset_into(field_context& ctx, const field_info& field) {
    if (field.hints.read_only || !ImGui::BeginDragDropTarget()) return;
    if (const auto asset = accept_asset_payload(all_asset_kinds & ~kind_bit(asset_kind::folder))) {
        asset_path value;
        if (asset->path.size() < sizeof value.path) {
            std::memcpy(value.path, asset->path.data(), asset->path.size());
            ctx.parts.edit.set_field(ctx.entities, ctx.info.type, field, &value);
        } else {
            ctx.parts.log().error("'" + asset->path + "' is longer than " + ctx.info.name + "." +
                                  field.name + " holds (" + std::to_string(sizeof value.path - 1) +
                                  " bytes)");
        }
    }
    ImGui::EndDragDropTarget();
}

bool enum_combo(const field_info& field, void* component, std::uint32_t element, bool mixed) {
    const std::int64_t current = field.read_enum(component, element);
    const std::string_view name = field.enum_name(current);
    const std::string preview = mixed
                                    ? std::string(mixed_format)
                                    : (name.empty() ? std::to_string(current) : std::string(name));
    bool changed = false;
    if (ImGui::BeginCombo("##v", preview.c_str())) {
        for (const enum_entry& entry : field.enum_values) {
            if (ImGui::Selectable(entry.name.c_str(), !mixed && entry.value == current)) {
                field.write_enum(component, entry.value, element);
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

/// The widget for one element; edits `component` (a copy) and returns true when it changed.
bool element_widget(field_context& ctx, const field_info& field, void* component,
                    std::uint32_t element, bool mixed) {
    void* p = field.address(component, element);
    return visit_kind(field.kind, [&](auto kind) -> bool {
        using K = decltype(kind);
        using T = typename K::type;
        if constexpr (std::is_same_v<T, bool>) {
            ImGui::PushItemFlag(ImGuiItemFlags_MixedValue, mixed);
            const bool changed = ImGui::Checkbox("##v", static_cast<bool*>(p));
            ImGui::PopItemFlag();
            return changed;
        } else if constexpr (std::is_same_v<T, std::int32_t>) {
            return drag_number<T>(ImGuiDataType_S32, p, field, mixed, "%d");
        } else if constexpr (std::is_same_v<T, std::uint32_t>) {
            return drag_number<T>(ImGuiDataType_U32, p, field, mixed, "%u");
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            return drag_number<T>(ImGuiDataType_S64, p, field, mixed, "%lld");
        } else if constexpr (std::is_same_v<T, float>) {
            return drag_number<T>(ImGuiDataType_Float, p, field, mixed, "%.3f");
        } else if constexpr (std::is_same_v<T, double>) {
            return drag_number<T>(ImGuiDataType_Double, p, field, mixed, "%.4f");
        } else if constexpr (std::is_same_v<T, color>) {
            ImGuiColorEditFlags flags =
                ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf;
            if (mixed) flags |= ImGuiColorEditFlags_NoInputs;
            const bool changed = ImGui::ColorEdit4("##v", static_cast<float*>(p), flags);
            if (mixed) {
                ImGui::SameLine();
                ImGui::TextDisabled("%s (mixed)", mixed_format);
            }
            return changed;
        } else if constexpr (K::info.float_count > 0) {
            return drag_number<float>(ImGuiDataType_Float, p, field, mixed, "%.3f",
                                      static_cast<int>(K::info.float_count));
        } else if constexpr (K::info.is_text) {
            const std::size_t capacity = text_capacity(field);
            char* text = static_cast<char*>(p);
            text[capacity - 1] = '\0';
            if (field.hints.multiline)
                return ImGui::InputTextMultiline("##v", text, capacity,
                                                 {-FLT_MIN, ImGui::GetTextLineHeight() * 4});
            // Mixed: shows the first value; typing replaces every entity's value.
            const bool typed = ImGui::InputText("##v", text, capacity);
            if constexpr (std::is_same_v<T, asset_path>) {
                if (!typed) drop_asset_into(ctx, field);
            }
            return typed;
        } else if constexpr (std::is_same_v<T, enum_number>) {
            return enum_combo(field, component, element, mixed);
        } else if constexpr (std::is_same_v<T, entity>) {
            entity value;
            std::memcpy(&value, p, sizeof value);
            if (!entity_picker(ctx, value, mixed)) return false;
            std::memcpy(p, &value, sizeof value);
            return true;
        } else {
            static_assert(unhandled_kind<K>, "inspector: give this kind a widget");
        }
    });
}

}  // namespace

void draw_override_bar(float top, float height) {
    const float left = ImGui::GetWindowPos().x + 1;
    ImGui::GetWindowDrawList()->AddRectFilled({left, top}, {left + 3, top + height},
                                              ImGui::GetColorU32(colors::prefab));
}

void draw_field(field_context& ctx, const field_info& field) {
    world& w = ctx.parts.world();
    const void* first = w.try_get(ctx.entities[0], ctx.info.type);
    if (first == nullptr) return;
    // The widgets edit a copy; changed elements are written to every entity.
    std::vector<std::byte> copy(static_cast<const std::byte*>(first),
                                static_cast<const std::byte*>(first) + ctx.info.size);
    const float label_width = ImGui::GetContentRegionAvail().x * 0.38f;
    for (std::uint32_t element = 0; element < field.count; ++element) {
        const bool mixed = element_mixed(ctx, field, element);
        ImGui::PushID(static_cast<int>(element));
        std::string label = field.name;
        if (field.count > 1) label += "[" + std::to_string(element) + "]";
        ImGui::AlignTextToFramePadding();
        const bool overridden = ctx.prefab != nullptr && ctx.prefab->overridden(field);
        if (overridden) {
            draw_override_bar(ImGui::GetCursorScreenPos().y, ImGui::GetFrameHeight());
            if (ImFont* bold = bold_font()) ImGui::PushFont(bold);
        }
        if (mixed) ImGui::PushStyleColor(ImGuiCol_Text, colors::accent);
        ImGui::TextUnformatted(label.c_str());
        if (mixed) ImGui::PopStyleColor();
        if (overridden && bold_font() != nullptr) ImGui::PopFont();
        if (ctx.ui.test.record_items) {
            ctx.ui.test.record("inspector/label/" + ctx.info.name + "." + label);
            if (overridden) ctx.ui.test.record("inspector/override/" + ctx.info.name + "." + label);
        }
        if (!field.hints.tooltip.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip("%.*s", static_cast<int>(field.hints.tooltip.size()),
                              field.hints.tooltip.data());
        // The label's menu: while playing, a number's history over the recording; on an
        // overridden prefab value, Revert and Apply to Prefab.
        const bool plot = ctx.parts.timeline().recording() != nullptr && ctx.entities.size() == 1 &&
                          can_plot(field);
        if ((plot || overridden) && ImGui::BeginPopupContextItem("##field_menu")) {
            if (plot && ImGui::MenuItem("Plot History")) {
                open_field_history(ctx.parts, ctx.ui, ctx.entities[0], ctx.info.type,
                                   static_cast<std::size_t>(&field - ctx.info.fields.data()));
            }
            if (plot) ctx.ui.test.record("field_menu/Plot History");
            if (overridden) ctx.prefab->menu_items(field);
            ImGui::EndPopup();
        }
        ImGui::SameLine(label_width);
        ImGui::SetNextItemWidth(-FLT_MIN);
        ImGui::BeginDisabled(field.hints.read_only);
        if (element_widget(ctx, field, copy.data(), element, mixed) && !field.hints.read_only)
            write_element(ctx, field, element, copy.data(), first);
        ImGui::EndDisabled();
        if (ctx.ui.test.record_items) {
            ctx.ui.test.record("inspector/" + ctx.info.name + "." + label);
            if (mixed) ctx.ui.test.mixed.insert(ctx.info.name + "." + label);
        }
        ImGui::PopID();
    }
}

}  // namespace mosaic::editor
