#include "ui/profiler_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <mosaic/ecs/system.hpp>
#include <mosaic/engine/runtime/game.hpp>
#include <mosaic/engine/runtime/recording.hpp>

#include "core/play_control.hpp"
#include "core/timeline.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {
/// What `name` took in the recorded tick; negative when it did not run (or is new).
float recorded_ms(const recording& r, const tick_profile& p, const std::string& name) {
    const std::vector<std::string>& names = r.system_names();
    for (std::size_t i = 0; i < names.size() && i < p.system_ms.size(); ++i)
        if (names[i] == name) return p.system_ms[i];
    return -1.0f;
}
}  // namespace

profiler_panel::series& profiler_panel::series_for(const std::string& name) {
    for (series& s : systems_)
        if (s.name == name) return s;
    systems_.push_back({name, {}});
    return systems_.back();
}

void profiler_panel::sample(const panel_context& s, float frame_seconds) {
    frame_ms_[cursor_] = frame_seconds * 1000.0f;
    // A point when the system ran in a played tick: its call count moved. Seeks and steps
    // on the timeline move the clock but re-simulate without timing, so they add none.
    for (const system* sys : s.game().systems().ordered()) {
        series& line = series_for(sys->name());
        const system_timing t = sys->timing();
        line.values[cursor_] = t.calls != line.calls ? static_cast<float>(t.last_ms) : 0.0f;
        line.calls = t.calls;
    }
    cursor_ = (cursor_ + 1) % history;
}

float profiler_panel::newest_sample(const std::string& system) const {
    for (const series& line : systems_)
        if (line.name == system) return line.values[(cursor_ + history - 1) % history];
    return 0.0f;
}

void profiler_panel::draw(panel_context& s) {
    ui_state& ui = s.ui;
    const float last_frame = frame_ms_[(cursor_ + history - 1) % history];
    float mean = 0.0f;
    for (float v : frame_ms_) mean += v;
    mean /= static_cast<float>(history);
    std::size_t entities = s.world().size();
    ImGui::Text("Frame %.2f ms (mean %.2f ms, %.0f fps)   Entities %zu   Ticks %llu   Dropped %llu",
                last_frame, mean, mean > 0 ? 1000.0f / mean : 0.0f, entities,
                static_cast<unsigned long long>(s.game().clock().ticks()),
                static_cast<unsigned long long>(s.game().clock().dropped_ticks()));
    // The rings start at cursor_ (oldest) thanks to values_offset.
    ImGui::PlotLines("##frame", frame_ms_.data(), static_cast<int>(history),
                     static_cast<int>(cursor_), "frame ms", 0.0f, std::max(33.0f, mean * 2.0f),
                     {ImGui::GetContentRegionAvail().x, 50});
    if (!s.playing()) ImGui::TextDisabled("System times are measured while playing.");
    // Paused on the timeline: the figures recorded for the tick being looked at.
    const recording* rec =
        s.player().mode() == play_state::paused ? s.timeline().recording() : nullptr;
    const std::optional<tick_profile> at_tick =
        rec ? rec->profile_at(rec->current_tick()) : std::nullopt;
    if (at_tick) {
        ImGui::TextColored(colors::accent, "Tick %llu took %.3f ms (Last ms: that tick's systems)",
                           static_cast<unsigned long long>(rec->current_tick()), at_tick->tick_ms);
        ui.test.record("profiler/at_tick");
    }

    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp |
                                      ImGuiTableFlags_Resizable;
    if (!ImGui::BeginTable("##systems", 8, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("On", ImGuiTableColumnFlags_WidthFixed, 28);
    ImGui::TableSetupColumn("System", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Phase", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Last ms", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("Mean ms", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("Max ms", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("Calls", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("Last seconds", ImGuiTableColumnFlags_WidthStretch, 2.5f);
    ImGui::TableHeadersRow();
    scheduler& systems = s.game().systems();
    for (const system* sys : systems.ordered()) {
        ImGui::TableNextRow();
        ImGui::PushID(sys->name().c_str());
        ImGui::TableNextColumn();
        bool on = sys->enabled();
        if (ImGui::Checkbox("##on", &on)) {
            if (system* target = systems.find(sys->name())) target->enabled(on);
        }
        if (ui.test.record_items) ui.test.record("profiler/" + sys->name());
        ImGui::TableNextColumn();
        if (!sys->enabled()) ImGui::PushStyleColor(ImGuiCol_Text, colors::dim);
        ImGui::TextUnformatted(sys->name().c_str());
        if (!sys->enabled()) ImGui::PopStyleColor();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(to_string(sys->in())).c_str());
        const system_timing t = sys->timing();
        ImGui::TableNextColumn();
        if (at_tick) {
            const float ms = recorded_ms(*rec, *at_tick, sys->name());
            if (ms >= 0.0f) {
                ImGui::TextColored(colors::accent, "%.3f", ms);
            } else {
                ImGui::TextDisabled("-");  // it did not run that tick
            }
        } else {
            ImGui::Text("%.3f", t.last_ms);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", t.mean_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", t.max_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(t.calls));
        ImGui::TableNextColumn();
        const series& line = series_for(sys->name());
        const float top = std::max(0.05f, static_cast<float>(t.max_ms));
        ImGui::PlotLines("##plot", line.values.data(), static_cast<int>(history),
                         static_cast<int>(cursor_), nullptr, 0.0f, top,
                         {ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight()});
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace mosaic::editor
