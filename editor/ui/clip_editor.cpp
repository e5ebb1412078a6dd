// The Clip Editor window (clip_editor.hpp). Sections: 1. the commands that open it
// 2. opening  3. the sheet's frames  4. the clip's frames, wrap and events  5. the preview
#include "ui/clip_editor.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <mosaic/engine/animation/animator.hpp>

#include "core/asset_browser.hpp"
#include "core/command_table.hpp"
#include "core/editor_state.hpp"
#include "ui/asset_editor_window.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

// --- 1. the commands that open it ------------------------------------------------------------
// The Project panel's context menu runs them with the asset's path as their one argument.

std::string post_clip_editor(command_context& c) {
    return post_asset_editor<open_clip_editor>(c, "Clip Editor");
}

MOSAIC_EDITOR_COMMAND({.id = "asset.new_clip",
                       .label = "New Clip from Sheet...",
                       .help = "Build an animation clip from the sheet's frames (the Clip Editor)",
                       .run_in_window = post_clip_editor});
MOSAIC_EDITOR_COMMAND({.id = "asset.edit_clip",
                       .label = "Edit Clip...",
                       .help = "Change a clip's frames, durations, wrap and events (the Clip "
                               "Editor)",
                       .run_in_window = post_clip_editor});

constexpr const char* frame_payload = "MOSAIC_SHEET_FRAME";  // an int: the sheet's frame
constexpr const char* row_payload = "MOSAIC_CLIP_ROW";       // an int: the clip's row

}  // namespace

// --- 2. opening ------------------------------------------------------------------------------

void clip_editor::open(editor_state& s, const std::string& path) {
    clip_builder next;
    const fs::path project = s.project_folder();
    const std::string error = path.ends_with(".clip.json")
                                  ? next.open(project, path)
                                  : next.start(project, path, clip_path_for(project, path));
    if (!error.empty() && !next.is_open()) {
        s.log().error("Clip Editor: " + error);
        return;
    }
    model_ = std::move(next);
    open_ = true;
    playing_ = true;
    time_ = 0.0;
    selected_ = -1;
    message_ = error;
    message_is_error_ = !error.empty();
    copy_text(path_, model_.clip_path());
    asset_browser b;
    b.scan(project);
    sheets_.clear();
    for (const asset_entry& e : b.entries())
        if (e.kind == asset_kind::sheet) sheets_.push_back(e.relative);
}

void clip_editor::after_sheet_change() {
    selected_ = -1;
    time_ = 0.0;
}

void clip_editor::draw(editor_state& s, ui_state& ui, viewport_renderer* renderer) {
    if (!open_) return;
    const sprite_sheet& sheet = model_.sheet();
    if (!sheet.image.empty())
        picture_.follow(
            model_.project() / fs::path(model_.sheet_path()).parent_path() / sheet.image, renderer);
    if (playing_) time_ += ImGui::GetIO().DeltaTime;
    const std::string title =
        "Clip Editor - " + model_.clip_path() + (model_.dirty() ? " *" : "") + "###clip_editor";
    if (begin_asset_editor_window(title, {980, 600}, &open_)) {
        ImGui::BeginChild("##clip_sheet", {250, 0}, true);
        draw_sheet_column(ui);
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##clip_frames", {400, 0}, true);
        draw_clip_column(s, ui);
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##clip_preview", {0, 0}, true);
        draw_preview(ui);
        ImGui::EndChild();
    }
    ImGui::End();
}

// --- 3. the sheet's frames -------------------------------------------------------------------

void clip_editor::frame_picture(int index, float side) {
    const sprite_sheet& sheet = model_.sheet();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy({side, side});
    if (index < 0 || static_cast<std::size_t>(index) >= sheet.frames.size()) return;
    const sheet_frame& f = sheet.frames[static_cast<std::size_t>(index)];
    const float zoom = side / static_cast<float>(std::max({f.w, f.h, 1}));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, {at.x + side, at.y + side}, IM_COL32(50, 50, 56, 255));
    const ImVec2 in{at.x + (side - static_cast<float>(f.w) * zoom) * 0.5f,
                    at.y + (side - static_cast<float>(f.h) * zoom) * 0.5f};
    picture_.draw(draw, in, {f.x, f.y, f.w, f.h}, zoom);
}

void clip_editor::draw_sheet_column(ui_state& ui) {
    ImGui::TextDisabled("Sheet");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##clip_sheet_pick", model_.sheet_path().c_str())) {
        for (const std::string& sheet : sheets_) {
            if (ImGui::Selectable(sheet.c_str(), sheet == model_.sheet_path())) {
                (void)model_.set_sheet(sheet);
                after_sheet_change();
            }
            ui.test.record("clip/sheet/" + sheet);
        }
        ImGui::EndCombo();
    }
    ui.test.record("clip/Sheet");
    ImGui::TextWrapped("Click a frame to add it at the end, or drag it onto a row of the clip.");
    const sprite_sheet& sheet = model_.sheet();
    const float side = 64.0f;
    const float cell = side + ImGui::GetStyle().ItemSpacing.x;
    const int columns = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / cell));
    for (std::size_t i = 0; i < sheet.frames.size(); ++i) {
        const int index = static_cast<int>(i);
        ImGui::PushID(index);
        if (i % static_cast<std::size_t>(columns) != 0) ImGui::SameLine();
        ImGui::BeginGroup();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        frame_picture(index, side);
        ImGui::SetCursorScreenPos(at);
        if (ImGui::InvisibleButton("##frame", {side, side})) {
            if (std::string e = model_.add_frame(sheet.frames[i].name); !e.empty()) {
                message_ = e;
                message_is_error_ = true;
            }
        }
        ui.test.record("clip/frame/" + sheet.frames[i].name);
        if (ImGui::BeginDragDropSource()) {
            ImGui::SetDragDropPayload(frame_payload, &index, sizeof index);
            ImGui::Text("%s", sheet.frames[i].name.c_str());
            ImGui::EndDragDropSource();
        } else if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%d: %s (%d ms)", index, sheet.frames[i].name.c_str(),
                              sheet.frames[i].duration_ms);
        }
        ImGui::EndGroup();
        ImGui::PopID();
    }
}

// --- 4. the clip's frames, wrap and events ---------------------------------------------------

void clip_editor::draw_clip_column(editor_state& s, ui_state& ui) {
    ImGui::TextDisabled("Clip file");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##clip_path", path_.data(), path_.size(),
                         ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
        if (std::string why = model_.set_clip_path(path_.data()); !why.empty()) {
            message_ = why;
            message_is_error_ = true;
            copy_text(path_, model_.clip_path());
        }
    }
    ui.test.record("clip/File");

    int wrap = static_cast<int>(model_.wrap());
    ImGui::TextDisabled("Play");
    ImGui::SameLine();
    bool wrap_changed = ImGui::RadioButton("Loop", &wrap, static_cast<int>(clip_wrap::loop));
    ui.test.record("clip/Loop");
    ImGui::SameLine();
    wrap_changed |= ImGui::RadioButton("Once", &wrap, static_cast<int>(clip_wrap::once));
    ui.test.record("clip/Once");
    ImGui::SameLine();
    wrap_changed |= ImGui::RadioButton("Ping-pong", &wrap, static_cast<int>(clip_wrap::ping_pong));
    ui.test.record("clip/Ping-pong");
    if (wrap_changed) model_.set_wrap(static_cast<clip_wrap>(wrap));

    asset_editor_heading("Frames (drag a row to move it)");
    const std::vector<clip_sprite_frame>& frames = model_.frames();
    const int playing = model_.frame_at(time_);
    ImGui::BeginChild("##clip_rows", {0, 220}, false);
    std::size_t remove = static_cast<std::size_t>(-1);  // none: a drop may grow the list
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const int row = static_cast<int>(i);
        ImGui::PushID(row);
        const ImVec2 start = ImGui::GetCursorScreenPos();
        frame_picture(model_.sheet().find_frame(frames[i].name), 28.0f);
        ImGui::SameLine();
        ImGui::SetCursorScreenPos({ImGui::GetCursorScreenPos().x, start.y + 6});
        const std::string label = std::to_string(i) + "  " + frames[i].name;
        if (ImGui::Selectable(label.c_str(), selected_ == row || playing == row, 0, {150, 0}))
            selected_ = row;
        ui.test.record("clip/row/" + std::to_string(i));
        if (ImGui::BeginDragDropSource()) {
            ImGui::SetDragDropPayload(row_payload, &row, sizeof row);
            ImGui::Text("%s", label.c_str());
            ImGui::EndDragDropSource();
        }
        if (ImGui::BeginDragDropTarget()) {
            if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(row_payload)) {
                int from = 0;
                std::memcpy(&from, p->Data, sizeof from);
                model_.move_frame(static_cast<std::size_t>(from), i);
                selected_ = row;
            }
            if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(frame_payload)) {
                int index = 0;
                std::memcpy(&index, p->Data, sizeof index);
                if (index >= 0 && static_cast<std::size_t>(index) < model_.sheet().frames.size())
                    (void)model_.add_frame(
                        model_.sheet().frames[static_cast<std::size_t>(index)].name, i);
            }
            ImGui::EndDragDropTarget();
        }
        ImGui::SameLine();
        int ms = frames[i].duration_ms;
        ImGui::SetNextItemWidth(90);
        if (ImGui::InputInt("ms", &ms, 10, 100)) model_.set_duration(i, ms);
        ui.test.record("clip/ms/" + std::to_string(i));
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) remove = i;
        ui.test.record("clip/remove/" + std::to_string(i));
        ImGui::PopID();
        if (i >= model_.frames().size()) break;  // a drop changed the list
    }
    if (frames.empty()) ImGui::TextDisabled("(no frames: click or drag some from the sheet)");
    // Dropped below the rows: at the end.
    ImGui::Dummy({ImGui::GetContentRegionAvail().x, 24});
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(frame_payload)) {
            int index = 0;
            std::memcpy(&index, p->Data, sizeof index);
            if (index >= 0 && static_cast<std::size_t>(index) < model_.sheet().frames.size())
                (void)model_.add_frame(model_.sheet().frames[static_cast<std::size_t>(index)].name);
        }
        if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(row_payload)) {
            int from = 0;
            std::memcpy(&from, p->Data, sizeof from);
            if (!model_.frames().empty())
                model_.move_frame(static_cast<std::size_t>(from), model_.frames().size() - 1);
        }
        ImGui::EndDragDropTarget();
    }
    ImGui::EndChild();
    if (remove < model_.frames().size()) {
        model_.remove_frame(remove);
        selected_ = -1;
    }
    ImGui::SetNextItemWidth(90);
    ImGui::InputInt("##all_ms", &all_ms_, 10, 100);
    ImGui::SameLine();
    if (ImGui::Button("Set all durations (ms)")) model_.set_all_durations(all_ms_);
    ui.test.record("clip/Set all durations");
    ImGui::SameLine();
    if (ImGui::Button("Clear")) model_.clear_frames();
    ui.test.record("clip/Clear");

    draw_events(ui);

    asset_editor_heading("Save");
    const std::vector<std::string> problems = model_.problems();
    for (const std::string& p : problems) asset_editor_message(colors::error, p);
    if (!message_.empty())
        asset_editor_message(message_is_error_ ? colors::error : colors::accent, message_);
    ImGui::BeginDisabled(!problems.empty());
    if (ImGui::Button("Save")) {
        const std::string error = model_.save();
        message_is_error_ = !error.empty();
        message_ = error.empty() ? "Saved " + model_.clip_path() : error;
        if (error.empty()) {
            // Entities playing it pick the new version up on their next tick.
            if (auto* clips = s.world().try_resource<AnimationClips>())
                clips->forget(model_.clip_path());
            s.log().info("Clip Editor: saved '" + model_.clip_path() + "' (" +
                         std::to_string(model_.frames().size()) + " frames)");
            ui.events.post(asset_written{model_.clip_path()});
        }
    }
    ImGui::EndDisabled();
    ui.test.record("clip/Save");
    ImGui::SameLine();
    if (ImGui::Button("Close")) open_ = false;
    ui.test.record("clip/Close");
}

void clip_editor::draw_events(ui_state& ui) {
    asset_editor_heading("Events");
    std::size_t remove = static_cast<std::size_t>(-1);
    for (std::size_t i = 0; i < model_.events().size(); ++i) {
        const clip_event& e = model_.events()[i];
        ImGui::PushID(static_cast<int>(i));
        float t = e.time;
        ImGui::SetNextItemWidth(80);
        if (ImGui::InputFloat("s", &t, 0.0f, 0.0f, "%.3f", ImGuiInputTextFlags_EnterReturnsTrue))
            if (std::string why = model_.set_event(i, t, e.name); !why.empty()) message_ = why;
        ImGui::SameLine();
        ImGui::Text("%s", e.name.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) remove = i;
        ImGui::PopID();
    }
    if (remove < model_.events().size()) model_.remove_event(remove);
    ImGui::SetNextItemWidth(140);
    ImGui::InputTextWithHint("##event_name", "event name", event_name_.data(), event_name_.size());
    ui.test.record("clip/Event name");
    ImGui::SameLine();
    const bool have_row =
        selected_ >= 0 && static_cast<std::size_t>(selected_) < model_.frames().size();
    if (ImGui::Button(have_row ? "Add at selected frame" : "Add at start")) {
        const float at = have_row ? model_.start_of(static_cast<std::size_t>(selected_)) : 0.0f;
        const std::string why = model_.add_event(at, event_name_.data());
        message_ = why;
        message_is_error_ = !why.empty();
        if (why.empty()) event_name_[0] = '\0';
    }
    ui.test.record("clip/Add event");
}

// --- 5. the preview --------------------------------------------------------------------------

void clip_editor::draw_preview(ui_state& ui) {
    if (ImGui::Button(playing_ ? "Pause" : "Play")) playing_ = !playing_;
    ui.test.record("clip/Play");
    ImGui::SameLine();
    if (ImGui::Button("Restart")) time_ = 0.0;
    ui.test.record("clip/Restart");
    const animation_clip clip = model_.clip();
    const int row = model_.frame_at(time_);
    ImGui::Text("%.2f s of %.2f s", static_cast<double>(clip_local_time(clip, time_)),
                static_cast<double>(clip.length));
    if (!picture_.error().empty())
        ImGui::TextColored(colors::error, "%s", picture_.error().c_str());
    const float side = std::max(64.0f, std::min(ImGui::GetContentRegionAvail().x, 256.0f));
    if (row < 0) {
        ImGui::Dummy({side, side});
        ImGui::TextDisabled("(nothing to play)");
        return;
    }
    const std::string& name = model_.frames()[static_cast<std::size_t>(row)].name;
    frame_picture(model_.sheet().find_frame(name), side);
    ImGui::Text("%d: %s", row, name.c_str());
    if (clip_finished(clip, time_)) ImGui::TextDisabled("(finished: Restart)");
}

}  // namespace mosaic::editor
