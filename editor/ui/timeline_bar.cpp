// The timeline: the toolbar's second row. While playing, the editor records the game
// (timeline::recording()); the bar shows the recorded ticks, the tick the world is at,
// and what the recording costs against its memory budget. Dragging the bar (or clicking it)
// pauses the game and puts the world at the tick under the mouse; the arrow buttons and the
// comma / period keys step one tick back or forward through the recording.
#include "ui/timeline_bar.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <mosaic/engine/runtime/recording.hpp>

#include "ui/commands.hpp"
#include "ui/theme.hpp"

namespace mosaic::editor {

namespace {

std::string bytes_text(std::size_t bytes) {
    char text[32];
    const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
    if (mib >= 1024.0) {
        std::snprintf(text, sizeof text, "%.2f GiB", mib / 1024.0);
    } else {
        std::snprintf(text, sizeof text, "%.0f MiB", mib);
    }
    return text;
}

enum class arrow { back, forward };

bool step_button(const char* id, arrow direction, bool enabled) {
    const float h = ImGui::GetFrameHeight();
    const ImVec2 size{h + 6, h};
    ImGui::BeginDisabled(!enabled);
    const bool clicked = ImGui::Button(id, size);
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 c{min.x + size.x * 0.5f, min.y + size.y * 0.5f};
    ImDrawList* d = ImGui::GetWindowDrawList();
    const ImU32 col = ImGui::GetColorU32(ImGuiCol_Text);
    const float s = h * 0.25f;
    if (direction == arrow::back) {
        d->AddRectFilled({c.x - s - 2, c.y - s}, {c.x - s + 1, c.y + s}, col);
        d->AddTriangleFilled({c.x + s, c.y - s}, {c.x + s, c.y + s}, {c.x - s + 2, c.y}, col);
    } else {
        d->AddTriangleFilled({c.x - s, c.y - s}, {c.x - s, c.y + s}, {c.x + s - 2, c.y}, col);
        d->AddRectFilled({c.x + s - 1, c.y - s}, {c.x + s + 2, c.y + s}, col);
    }
    ImGui::EndDisabled();
    return clicked;
}

/// The bar: the recorded range over its whole width, the current tick as a cursor. Returns
/// the tick the user points at while pressing or dragging, or -1.
long long draw_bar(const recording& r, std::uint64_t current, float width, test_hooks& test) {
    const float height = ImGui::GetFrameHeight();
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##timeline", {std::max(width, 40.0f), height});
    test.record("toolbar/timeline");
    const ImVec2 max = ImGui::GetItemRectMax();
    const std::uint64_t first = r.first_tick();
    const std::uint64_t last = std::max(r.last_tick(), first + 1);
    const auto x_of = [&](std::uint64_t tick) {
        const double t =
            static_cast<double>(tick - std::min(tick, first)) / static_cast<double>(last - first);
        return min.x + 4 + static_cast<float>(t) * (max.x - min.x - 8);
    };
    const auto tick_at = [&](float x) {
        const double t = std::clamp((x - min.x - 4) / (max.x - min.x - 8), 0.0f, 1.0f);
        const std::uint64_t tick =
            first + static_cast<std::uint64_t>(std::llround(t * static_cast<double>(last - first)));
        return static_cast<long long>(tick);
    };

    ImDrawList* d = ImGui::GetWindowDrawList();
    const float mid = (min.y + max.y) * 0.5f;
    d->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
    // The recorded range up to the current tick, then the recorded future (dimmer: Play
    // from here drops it).
    d->AddRectFilled({x_of(first), mid - 3}, {x_of(current), mid + 3},
                     ImGui::GetColorU32(colors::accent), 2.0f);
    if (current < r.last_tick()) {
        d->AddRectFilled({x_of(current), mid - 3}, {x_of(r.last_tick()), mid + 3},
                         ImGui::GetColorU32(colors::dim), 2.0f);
    }
    const float cx = x_of(current);
    d->AddRectFilled({cx - 2, min.y + 2}, {cx + 2, max.y - 2},
                     ImGui::GetColorU32(ImGuiCol_SliderGrabActive), 1.0f);

    if (ImGui::IsItemHovered()) {
        const long long under = tick_at(ImGui::GetIO().MousePos.x);
        ImGui::SetTooltip("tick %lld (%.2f s): click or drag to go there; , and . step one tick",
                          under, static_cast<double>(under) / 60.0);
    }
    if (ImGui::IsItemActive()) return tick_at(ImGui::GetIO().MousePos.x);
    return -1;
}

}  // namespace

void draw_timeline_bar(editor_state& s, ui_state& ui) {
    const recording* r = s.timeline().recording();
    const std::uint64_t current = s.game().clock().ticks();

    if (step_button("##step_back", arrow::back, r != nullptr && current > r->first_tick()))
        command_step_back(s, ui);
    ui.test.record("toolbar/Step Back");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back one tick (,)");
    ImGui::SameLine();
    if (step_button("##step_forward", arrow::forward, r != nullptr || s.playing()))
        command_step_forward(s, ui);
    ui.test.record("toolbar/Step Forward");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Step forward one tick (.): through the recording, then a new tick");
    ImGui::SameLine();

    if (r == nullptr) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(colors::dim,
                           "Timeline: Play records the game; pause and drag here to go back in "
                           "time.");
        return;
    }
    const std::string memory = bytes_text(r->memory_bytes()) + " / " + bytes_text(r->budget());
    char info[160];
    std::snprintf(
        info, sizeof info, "tick %llu of %llu-%llu   %s, ~%.0f s",
        static_cast<unsigned long long>(current), static_cast<unsigned long long>(r->first_tick()),
        static_cast<unsigned long long>(r->last_tick()), memory.c_str(), r->seconds_available());
    const float info_width = ImGui::CalcTextSize(info).x + 12;
    const long long wanted =
        draw_bar(*r, current, ImGui::GetContentRegionAvail().x - info_width, ui.test);
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::dim, "%s", info);
    ui.test.record("toolbar/recording");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "The tick shown, the recorded range, the memory the recording uses of its budget "
            "and about how many seconds of play the budget holds. Click to change the budget.");
    }
    if (ImGui::IsItemClicked()) ImGui::OpenPopup("##recording_budget");
    if (ImGui::BeginPopup("##recording_budget")) {
        int mib = ui.settings.recording_budget_mib;
        ImGui::SetNextItemWidth(120);
        if (ImGui::DragInt("Recording budget (MiB)", &mib, 8.0f, 16, 65536, "%d MiB",
                           ImGuiSliderFlags_AlwaysClamp)) {
            ui.settings.recording_budget_mib = mib;
            s.timeline().set_recording_budget(recording_budget_bytes(ui.settings));
        }
        ImGui::TextDisabled("The oldest ticks go first when the recording outgrows it.");
        ImGui::EndPopup();
    }
    if (wanted >= 0 && static_cast<std::uint64_t>(wanted) != current)
        command_seek(s, ui, static_cast<std::uint64_t>(wanted));
}

}  // namespace mosaic::editor
