// The Sheet Editor window (sheet_editor.hpp). Sections: 1. the commands that open it
// 2. opening  3. the settings column  4. the preview
#include "ui/sheet_editor.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "ui/asset_editor_window.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

// --- 1. the commands that open it ------------------------------------------------------------
// The Project panel's context menu runs them with the asset's path as their one argument.

std::string post_sheet_editor(command_context& c) {
    return post_asset_editor<open_sheet_editor>(c, "Sheet Editor");
}

MOSAIC_EDITOR_COMMAND({.id = "asset.slice_into_sheet",
                       .label = "Slice into Sheet...",
                       .help = "Cut the image into a sheet of frames (the Sheet Editor)",
                       .run_in_window = post_sheet_editor});
MOSAIC_EDITOR_COMMAND({.id = "asset.edit_sheet",
                       .label = "Edit Sheet...",
                       .help = "Change a sheet's grid, frame names and pivots (the Sheet Editor)",
                       .run_in_window = post_sheet_editor});

bool is_image(const std::string& path) {
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return lower.ends_with(".png") || lower.ends_with(".jpg") || lower.ends_with(".jpeg");
}

}  // namespace

// --- 2. opening ------------------------------------------------------------------------------

void sheet_editor::open(editor_state& s, const std::string& path) {
    sheet_slicer next;
    const std::string error = is_image(path) ? next.open_image(s.project_folder(), path)
                                             : next.open_sheet(s.project_folder(), path);
    if (!error.empty()) {
        s.log().error("Sheet Editor: " + error);
        return;
    }
    model_ = std::move(next);
    open_ = true;
    selected_ = -1;
    message_.clear();
    copy_text(path_, model_.sheet_path());
    // A zoom that shows the whole image in about 512 pixels, whole steps for pixel art.
    const glm::ivec2 size = model_.image_size();
    zoom_ = std::clamp(std::min(std::floor(760.0f / static_cast<float>(std::max(size.x, 1))),
                                std::floor(480.0f / static_cast<float>(std::max(size.y, 1)))),
                       1.0f, 16.0f);
}

void sheet_editor::select(int frame) {
    selected_ = frame;
    if (frame >= 0 && static_cast<std::size_t>(frame) < model_.frames().size())
        copy_text(name_, model_.frames()[static_cast<std::size_t>(frame)].name);
}

void sheet_editor::draw(editor_state& s, ui_state& ui, viewport_renderer* renderer) {
    if (!open_) return;
    picture_.follow(model_.project() / model_.image(), renderer);
    const std::string title =
        "Sheet Editor - " + model_.image() + (model_.dirty() ? " *" : "") + "###sheet_editor";
    if (begin_asset_editor_window(title, {1120, 640}, &open_)) {
        ImGui::BeginChild("##sheet_settings", {300, 0}, true);
        draw_settings(s, ui);
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##sheet_right", {0, 0}, false);
        draw_preview(ui);
        ImGui::EndChild();
    }
    ImGui::End();
}

// --- 3. the settings column ------------------------------------------------------------------

void sheet_editor::draw_settings(editor_state& s, ui_state& ui) {
    const glm::ivec2 size = model_.image_size();
    ImGui::TextColored(colors::accent, "%s", model_.image().c_str());
    ImGui::TextDisabled("%d x %d pixels, %zu frames", size.x, size.y, model_.frames().size());

    asset_editor_heading("Grid");
    sheet_grid g = model_.grid();
    bool changed = false;
    changed |= ImGui::InputInt2("Cell size", &g.cell.x);
    ui.test.record("sheet/Cell size");
    changed |= ImGui::InputInt2("Offset", &g.offset.x);
    ui.test.record("sheet/Offset");
    changed |= ImGui::InputInt2("Spacing", &g.spacing.x);
    ui.test.record("sheet/Spacing");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Padding pixels between neighbouring cells");
    if (changed) {
        model_.set_grid(g);
        select(selected_ < static_cast<int>(model_.frames().size()) ? selected_ : -1);
    }

    asset_editor_heading("Pivot of every frame");
    glm::vec2& all_pivot = all_pivot_;
    ImGui::DragFloat2("##all_pivot", &all_pivot.x, 0.01f, 0.0f, 1.0f, "%.2f");
    ImGui::SameLine();
    if (ImGui::Button("Apply")) model_.set_all_pivots(all_pivot);
    ui.test.record("sheet/Apply pivot");
    if (ImGui::SmallButton("Centre")) model_.set_all_pivots(all_pivot = {0.5f, 0.5f});
    ui.test.record("sheet/Centre");
    ImGui::SameLine();
    if (ImGui::SmallButton("Bottom")) model_.set_all_pivots(all_pivot = {0.5f, 1.0f});
    ui.test.record("sheet/Bottom");

    asset_editor_heading("Frames");
    draw_frame_list(ui);

    asset_editor_heading("File");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##sheet_path", path_.data(), path_.size(),
                         ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
        if (std::string why = model_.set_sheet_path(path_.data()); !why.empty()) {
            message_ = why;
            message_is_error_ = true;
            copy_text(path_, model_.sheet_path());
        }
    }
    ui.test.record("sheet/File");
    const std::vector<std::string> problems = model_.problems();
    for (const std::string& p : problems) asset_editor_message(colors::error, p);
    for (const std::string& n : model_.notes())
        asset_editor_message(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), n);
    if (!message_.empty())
        asset_editor_message(message_is_error_ ? colors::error : colors::accent, message_);
    ImGui::BeginDisabled(!problems.empty());
    if (ImGui::Button("Save")) {
        const std::string error = model_.save();
        message_is_error_ = !error.empty();
        message_ = error.empty() ? "Saved " + model_.sheet_path() : error;
        if (error.empty()) {
            s.log().info("Sheet Editor: saved '" + model_.sheet_path() + "' (" +
                         std::to_string(model_.frames().size()) + " frames)");
            ui.events.post(asset_written{model_.sheet_path()});
        }
    }
    ImGui::EndDisabled();
    ui.test.record("sheet/Save");
    ImGui::SameLine();
    if (ImGui::Button("Close")) open_ = false;
    ui.test.record("sheet/Close");
}

void sheet_editor::draw_frame_list(ui_state& ui) {
    const std::vector<sheet_frame>& frames = model_.frames();
    ImGui::BeginChild("##sheet_frames", {0, 150}, true);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(frames.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const sheet_frame& f = frames[static_cast<std::size_t>(i)];
            ImGui::PushID(i);
            const std::string label = std::to_string(i) + "  " + f.name;
            if (ImGui::Selectable(label.c_str(), selected_ == i)) select(i);
            ImGui::PopID();
        }
    }
    ImGui::EndChild();
    if (selected_ < 0 || static_cast<std::size_t>(selected_) >= frames.size()) {
        asset_editor_message(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                             "Click a frame (here or on the image) to rename it and set its pivot");
        return;
    }
    const auto index = static_cast<std::size_t>(selected_);
    if (ImGui::InputText("Name", name_.data(), name_.size(),
                         ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
        const std::string why = model_.rename(index, name_.data());
        message_ = why;
        message_is_error_ = !why.empty();
        if (!why.empty()) copy_text(name_, frames[index].name);
    }
    ui.test.record("sheet/Name");
    glm::vec2 pivot = frames[index].pivot;
    if (ImGui::DragFloat2("Pivot", &pivot.x, 0.01f, 0.0f, 1.0f, "%.2f"))
        model_.set_pivot(index, pivot);
    ui.test.record("sheet/Pivot");
}

// --- 4. the preview --------------------------------------------------------------------------

void sheet_editor::draw_preview(ui_state& ui) {
    ImGui::SetNextItemWidth(160);
    ImGui::SliderFloat("Zoom", &zoom_, 1.0f, 16.0f, "%.0fx");
    ui.test.record("sheet/Zoom");
    ImGui::SameLine();
    ImGui::TextDisabled("Ctrl+wheel zooms; click a cell to pick its frame");
    if (!picture_.error().empty())
        ImGui::TextColored(colors::error, "%s", picture_.error().c_str());

    ImGui::BeginChild("##sheet_canvas", {0, 0}, true, ImGuiWindowFlags_HorizontalScrollbar);
    const glm::ivec2 size = model_.image_size();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 extent{static_cast<float>(size.x) * zoom_, static_cast<float>(size.y) * zoom_};
    ImGui::InvisibleButton("##sheet_image", {std::max(extent.x, 1.0f), std::max(extent.y, 1.0f)});
    ui.test.record("sheet/image");
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // A checker under the pixels: transparent parts show as such.
    draw->AddRectFilled(at, {at.x + extent.x, at.y + extent.y}, IM_COL32(60, 60, 66, 255));
    picture_.draw(draw, at, {0, 0, size.x, size.y}, zoom_);

    const std::vector<sheet_frame>& frames = model_.frames();
    int under_mouse = -1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const sheet_frame& f = frames[i];
        const ImVec2 a{at.x + static_cast<float>(f.x) * zoom_,
                       at.y + static_cast<float>(f.y) * zoom_};
        const ImVec2 b{a.x + static_cast<float>(f.w) * zoom_,
                       a.y + static_cast<float>(f.h) * zoom_};
        const bool picked = static_cast<int>(i) == selected_;
        draw->AddRect(a, b, picked ? IM_COL32(255, 200, 40, 255) : IM_COL32(80, 220, 255, 200),
                      0.0f, 0, picked ? 2.0f : 1.0f);
        const ImVec2 pivot{a.x + f.pivot.x * (b.x - a.x), a.y + f.pivot.y * (b.y - a.y)};
        draw->AddCircleFilled(pivot, 2.5f, IM_COL32(255, 80, 80, 255));
        if (b.x - a.x >= 24.0f && b.y - a.y >= 16.0f)
            draw->AddText({a.x + 2, a.y + 1}, IM_COL32(255, 255, 255, 220),
                          std::to_string(i).c_str());
        if (hovered && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y)
            under_mouse = static_cast<int>(i);
    }
    if (hovered && under_mouse >= 0) {
        ImGui::SetTooltip("%d: %s", under_mouse,
                          frames[static_cast<std::size_t>(under_mouse)].name.c_str());
        if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) select(under_mouse);
    }
    if (hovered && ImGui::GetIO().KeyCtrl && ImGui::GetIO().MouseWheel != 0.0f)
        zoom_ = std::clamp(zoom_ + ImGui::GetIO().MouseWheel, 1.0f, 16.0f);
    ImGui::EndChild();
}

}  // namespace mosaic::editor
