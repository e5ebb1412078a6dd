#include "ui/console_panel.hpp"

#include <imgui.h>

#include <string>
#include <vector>

#include "core/console_log.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

ImVec4 level_color(log_level level) {
    switch (level) {
        case log_level::warning:
            return colors::warning;
        case log_level::error:
            return colors::error;
        default:
            return colors::info;
    }
}

}  // namespace

std::string console_panel::label(const panel_context& ctx) const {
    const std::size_t errors = ctx.log().count(log_level::error);
    const std::size_t warnings = ctx.log().count(log_level::warning);
    // "1 error", "2 errors": the counts that are not zero.
    const auto counted = [](std::size_t n, const char* what) {
        return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
    };
    std::string console = "Console";
    if (errors > 0 && warnings > 0) {
        console += " (" + counted(errors, "error") + ", " + counted(warnings, "warning") + ")";
    } else if (errors + warnings > 0) {
        console +=
            " (" + (errors > 0 ? counted(errors, "error") : counted(warnings, "warning")) + ")";
    }
    return console;
}

void console_panel::draw(panel_context& ctx) {
    ui_state& ui = ctx.ui;
    console_log& log = ctx.log();
    if (ImGui::Button("Clear")) log.clear();
    ui.test.record("console/Clear");
    constexpr const char* names[3] = {"Info", "Warnings", "Errors"};
    for (int level = 0; level < 3; ++level) {
        ImGui::SameLine();
        const std::size_t n = log.count(static_cast<log_level>(level));
        const std::string label = std::string(names[level]) + " " + std::to_string(n) + "##level";
        ImGui::PushID(level);
        ImGui::PushStyleColor(ImGuiCol_Text,
                              n > 0 ? level_color(static_cast<log_level>(level)) : colors::dim);
        ImGui::Checkbox(label.c_str(), &show_[level]);
        ImGui::PopStyleColor();
        ImGui::PopID();
    }
    ImGui::Separator();

    ImGui::BeginChild("##lines", {0, 0}, false, ImGuiWindowFlags_HorizontalScrollbar);
    const std::vector<log_line>& lines = log.lines();
    // The visible lines by index; filtering 5,000 lines per frame is cheap.
    std::vector<int> visible;
    visible.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (show_[static_cast<int>(lines[i].level)]) visible.push_back(static_cast<int>(i));
    const bool at_bottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(visible.size()));
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const log_line& line =
                lines[static_cast<std::size_t>(visible[static_cast<std::size_t>(row)])];
            ImGui::PushStyleColor(ImGuiCol_Text, level_color(line.level));
            ImGui::TextUnformatted(line.text.c_str());
            ImGui::PopStyleColor();
            if (ui.test.record_items) ui.test.record("console/line/" + std::to_string(row));
            // A line wider than the panel shows whole, wrapped, under the mouse.
            if (ImGui::IsItemHovered() &&
                ImGui::GetItemRectMax().x > ImGui::GetWindowPos().x + ImGui::GetWindowWidth()) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50.0f);
                ImGui::TextUnformatted(line.text.c_str());
                ImGui::PopTextWrapPos();
                ui.test.record("console/tooltip");
                ImGui::EndTooltip();
            }
        }
    }
    clipper.End();
    if (lines.size() != seen_lines_) {
        if (at_bottom || lines.size() > seen_lines_) ImGui::SetScrollHereY(1.0f);
        seen_lines_ = lines.size();
    }
    ImGui::EndChild();
}

}  // namespace mosaic::editor
