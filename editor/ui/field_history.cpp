#include "ui/field_history.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>

#include <mosaic/ecs/component_table.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include "core/play_control.hpp"
#include "core/timeline.hpp"
#include "ui/commands.hpp"
#include "ui/entity_label.hpp"
#include "ui/panel.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

constexpr std::size_t max_points = 4000;  // ~2 per pixel of a wide plot

const ImU32 series_colors[] = {IM_COL32(110, 180, 255, 255), IM_COL32(255, 150, 90, 255),
                               IM_COL32(120, 220, 120, 255), IM_COL32(230, 120, 220, 255)};

void sample(panel_context& s, field_history_view& view) {
    view.series.clear();
    view.error.clear();
    const recording* r = s.timeline().recording();
    if (r == nullptr) {
        view.error = "Nothing recorded: press Play.";
        return;
    }
    view.first = r->first_tick();
    view.last = r->last_tick();
    const component_info* info = s.table().find(view.component);
    if (info == nullptr || view.field >= info->fields.size()) {
        view.error = "The component is not registered any more.";
        return;
    }
    // One line per number: a vector's x, y (z, w), an array's elements.
    const field_info& field = info->fields[view.field];
    const std::size_t floats = float_count(field.kind);
    const std::size_t lines = std::min<std::size_t>(floats > 0 ? floats : field.count, 4);
    view.series_names.clear();
    for (std::size_t element = 0; element < lines; ++element) {
        view.series.push_back(s.timeline().field_history(view.target, view.component, view.field,
                                                         max_points, element));
        const char* letters = field.kind == field_kind::color ? "rgba" : "xyzw";
        view.series_names.push_back(floats > 0 ? std::string(1, letters[element])
                                               : "[" + std::to_string(element) + "]");
    }
    if (view.series.front().empty())
        view.error = "The entity has no such value at any recorded tick.";
}

struct value_range {
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
};

value_range range_of(const field_history_view& view) {
    value_range r;
    for (const auto& line : view.series) {
        for (const field_sample& p : line) {
            if (!std::isfinite(p.value)) continue;
            r.low = std::min(r.low, p.value);
            r.high = std::max(r.high, p.value);
        }
    }
    if (r.low > r.high) r = {0.0, 1.0};
    // A flat line sits in the middle of a range around it.
    const double pad =
        r.high > r.low ? (r.high - r.low) * 0.08 : std::max(std::abs(r.high) * 0.1, 1.0);
    return {r.low - pad, r.high + pad};
}

/// Which line is which, in the lines' colours, when there are several (a vector's x and y).
void draw_legend(ui_state& ui, const field_history_view& view) {
    if (view.series.size() < 2) return;
    for (std::size_t k = 0; k < view.series.size() && k < view.series_names.size(); ++k) {
        if (k > 0) ImGui::SameLine(0, 14);
        const ImVec4 colour =
            ImGui::ColorConvertU32ToFloat4(series_colors[k % std::size(series_colors)]);
        ImGui::TextColored(colour, "-- %s", view.series_names[k].c_str());
        ui.test.record("field_history/legend/" + view.series_names[k]);
    }
}

/// The plot: every series as a line, the tick the world is at as a bar; hovering shows the
/// values at the tick under the mouse, a click goes there.
void draw_plot(panel_context& s, ui_state& ui, const field_history_view& view) {
    const ImVec2 size{std::max(ImGui::GetContentRegionAvail().x, 100.0f),
                      std::max(ImGui::GetContentRegionAvail().y - 4, 60.0f)};
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##plot", size);
    ui.test.record("field_history/plot");
    const ImVec2 max = ImGui::GetItemRectMax();
    ImDrawList* d = ImGui::GetWindowDrawList();
    d->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);

    const value_range vr = range_of(view);
    const double span = static_cast<double>(std::max<std::uint64_t>(view.last - view.first, 1));
    const float left = min.x + 6, right = max.x - 6, top = min.y + 6, bottom = max.y - 18;
    const auto x_of = [&](std::uint64_t tick) {
        return left +
               static_cast<float>(static_cast<double>(tick - view.first) / span) * (right - left);
    };
    const auto y_of = [&](double v) {
        return bottom - static_cast<float>((v - vr.low) / (vr.high - vr.low)) * (bottom - top);
    };

    char text[64];
    std::snprintf(text, sizeof text, "%.4g", vr.high);
    d->AddText({left, top}, ImGui::GetColorU32(colors::dim), text);
    std::snprintf(text, sizeof text, "%.4g", vr.low);
    d->AddText({left, bottom - ImGui::GetTextLineHeight()}, ImGui::GetColorU32(colors::dim), text);
    std::snprintf(text, sizeof text, "tick %llu", static_cast<unsigned long long>(view.first));
    d->AddText({left, bottom + 2}, ImGui::GetColorU32(colors::dim), text);
    std::snprintf(text, sizeof text, "tick %llu", static_cast<unsigned long long>(view.last));
    d->AddText({right - ImGui::CalcTextSize(text).x, bottom + 2}, ImGui::GetColorU32(colors::dim),
               text);

    const std::uint64_t current = s.game().clock().ticks();
    if (current >= view.first && current <= view.last) {
        const float cx = x_of(current);
        d->AddLine({cx, top}, {cx, bottom}, ImGui::GetColorU32(ImGuiCol_SliderGrabActive), 2.0f);
    }
    std::vector<ImVec2> line;
    for (std::size_t k = 0; k < view.series.size(); ++k) {
        line.clear();
        for (const field_sample& p : view.series[k]) {
            if (std::isfinite(p.value)) line.push_back({x_of(p.tick), y_of(p.value)});
        }
        d->AddPolyline(line.data(), static_cast<int>(line.size()),
                       series_colors[k % std::size(series_colors)], ImDrawFlags_None, 1.5f);
    }

    if (!ImGui::IsItemHovered() || view.series.empty() || view.series.front().empty()) return;
    // The sample nearest the mouse along the tick axis.
    const float mx = ImGui::GetIO().MousePos.x;
    const std::vector<field_sample>& first_line = view.series.front();
    std::size_t best = 0;
    for (std::size_t i = 1; i < first_line.size(); ++i) {
        if (std::abs(x_of(first_line[i].tick) - mx) < std::abs(x_of(first_line[best].tick) - mx))
            best = i;
    }
    const std::uint64_t tick = first_line[best].tick;
    std::string tip = "tick " + std::to_string(tick) + ":";
    for (std::size_t k = 0; k < view.series.size(); ++k) {
        if (best >= view.series[k].size()) continue;
        const field_sample& p = view.series[k][best];
        d->AddCircleFilled({x_of(p.tick), y_of(p.value)}, 4.0f,
                           series_colors[k % std::size(series_colors)]);
        std::snprintf(text, sizeof text, " %.5g", p.value);
        tip += text;
    }
    tip += "\nClick: go to this tick";
    ImGui::SetTooltip("%s", tip.c_str());
    if (ImGui::IsItemClicked()) s.edit.seek(tick);
}

}  // namespace

bool can_plot(const field_info& field) noexcept {
    return visit_kind(field.kind, [](auto kind) {
        using K = decltype(kind);
        using T = typename K::type;
        return std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> ||
               std::is_same_v<T, std::int64_t> || std::is_same_v<T, float> ||
               std::is_same_v<T, double> || (K::info.float_count > 0 && !std::is_same_v<T, color>);
    });
}

void open_field_history(panel_context& s, ui_state& ui, entity target, type_id component,
                        std::size_t field) {
    field_history_view& view = ui.history;
    view = field_history_view{};
    view.open = true;
    view.target = target;
    view.component = component;
    view.field = field;
    const component_info* info = s.table().find(component);
    view.title = entity_label(s.world(), target) + " / " + (info ? info->name : "?");
    if (info && field < info->fields.size()) view.title += "." + info->fields[field].name;
    sample(s, view);
}

void draw_field_history(panel_context& s, ui_state& ui) {
    field_history_view& view = ui.history;
    if (!view.open) return;
    if (!s.playing()) {
        view.open = false;  // the recording went with Stop
        return;
    }
    // New ticks recorded (or the future dropped) since the samples: sample again once
    // paused (sampling re-simulates the recording; not while the game runs).
    const recording* r = s.timeline().recording();
    if (s.player().mode() == play_state::paused && r != nullptr &&
        (r->first_tick() != view.first || r->last_tick() != view.last))
        sample(s, view);

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.62f},
        ImGuiCond_FirstUseEver, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({560, 280}, ImGuiCond_FirstUseEver);
    if (ImGui::Begin("Field History", &view.open, ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextUnformatted(view.title.c_str());
        ui.test.record("field_history/title");
        if (!view.error.empty()) {
            ImGui::TextColored(colors::warning, "%s", view.error.c_str());
        } else if (s.player().mode() == play_state::playing) {
            ImGui::SameLine();
            ImGui::TextDisabled("(pause to update)");
        }
        if (view.error.empty()) {
            draw_legend(ui, view);
            draw_plot(s, ui, view);
        }
    }
    ImGui::End();
}

}  // namespace mosaic::editor
