// The Animation tab (animation_panel.hpp): the bar (clip, Record, Preview, Save, length,
// wrap, interpolation, add track) and the dopesheet (ruler, playhead, a row of keys per
// track). Sections: 1. helpers  2. the bar  3. the dopesheet
#include "ui/animation_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <mosaic/engine/animation/animator.hpp>
#include <mosaic/engine/animation/clip_json.hpp>
#include <mosaic/engine/components.hpp>

#include "core/animation_editor.hpp"
#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/selection.hpp"
#include "ui/command_items.hpp"
#include "ui/panel_events.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

namespace {

// --- 1. helpers ------------------------------------------------------------------------------

constexpr float label_width = 230.0f;
constexpr float snap_seconds = 0.05f;  // the playhead and dragged keys land on these
constexpr std::size_t max_listed_clips = 500;

std::vector<std::string> find_clip_files(const std::filesystem::path& root) {
    std::vector<std::string> out;
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(
        root, std::filesystem::directory_options::skip_permission_denied, ec);
    for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        const std::filesystem::path& p = it->path();
        const std::string name = p.filename().string();
        if (it->is_directory(ec) && (name == "build" || (!name.empty() && name[0] == '.'))) {
            it.disable_recursion_pending();
            continue;
        }
        if (is_clip_path(name)) out.push_back(p.lexically_relative(root).generic_string());
        if (out.size() >= max_listed_clips) break;
    }
    std::sort(out.begin(), out.end());
    return out;
}

float snapped(float seconds) {
    if (ImGui::GetIO().KeyAlt) return seconds;  // Alt: exact
    return std::round(seconds / snap_seconds) * snap_seconds;
}

bool is_selected(const std::vector<key_ref>& list, key_ref r) {
    return std::find(list.begin(), list.end(), r) != list.end();
}

void diamond(ImDrawList* d, ImVec2 c, float r, ImU32 fill, ImU32 edge) {
    d->AddQuadFilled({c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}, fill);
    d->AddQuad({c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}, edge);
}

// A ruler step that leaves at least `min_pixels` between ticks.
float ruler_step(float length, float pixels, float min_pixels) {
    constexpr float steps[] = {0.05f, 0.1f, 0.25f, 0.5f, 1, 2, 5, 10, 30, 60, 300, 600, 3600};
    for (const float s : steps) {
        if (pixels * s / std::max(length, 1e-3f) >= min_pixels) return s;
    }
    return 3600.0f;
}

// Runs the command `id` as a script line `VERB ARGS...` would (an event's name may have spaces:
// the command reads it from the line).
void run_with(panel_context& s, std::string_view id, const std::vector<std::string>& args) {
    if (std::string error = s.edit.run_with(id, args); !error.empty())
        s.log().error("animation: " + error);
}

// The Project panel's double-click on a property clip, and its context menu: the clip in
// this window, the window shown.
MOSAIC_EDITOR_COMMAND({.id = "asset.animate_clip",
                       .label = "Open in Animation",
                       .help = "Show a clip's property tracks and events in the Animation window",
                       .run_in_window = [](command_context& c) -> std::string {
                           if (c.args.empty() || c.ui == nullptr) return "Animation: no clip given";
                           if (std::string error = edits::of(c).animation().open(c.args[0]);
                               !error.empty())
                               return "animation: " + error;
                           c.ui->events.post(show_panel{"animation"});
                           return {};
                       }});

}  // namespace

animation_panel::animation_panel()
    : panel({.id = "animation", .title = "Animation", .where = dock::bottom}) {}

void animation_panel::draw(panel_context& ctx) {
    panel_context& s = ctx;
    (void)s.edit.animation().follow_selection();
    draw_bar(ctx);
    draw_new_clip(ctx);
    if (!s.animation().has_clip()) {
        ImGui::TextDisabled(
            "Select an entity with an Animator (or pick a clip above) to see its tracks. "
            "Record, then edit the entity in the Inspector or the Scene view: each edit "
            "becomes a key at the playhead. Script: anim_new PATH makes a clip.");
        return;
    }
    draw_event_bar(ctx);
    draw_sheet(ctx);
}

// --- 2. the bar ------------------------------------------------------------------------------

void animation_panel::draw_new_clip(panel_context& ctx) {
    // For a selected entity without an Animator: a new clip for it (anim_new does the same).
    panel_context& s = ctx;
    const entity e = s.selection().active();
    if (e.is_null() || !s.world().alive(e) || s.world().has<Animator>(e) || s.playing()) return;
    if (new_for_ != e) {
        new_for_ = e;
        std::string name = "clip";
        if (const Name* n = s.world().try_get<Name>(e)) {
            name.clear();
            for (const char* c = n->value; *c != '\0'; ++c) {
                const unsigned char u = static_cast<unsigned char>(*c);
                name += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '_';
            }
        }
        std::snprintf(new_path_, sizeof new_path_, "assets/%s.clip.json", name.c_str());
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    ImGui::InputText("##new_clip", new_path_, sizeof new_path_);
    ImGui::SameLine();
    if (ImGui::Button("New Clip")) {
        const std::vector<entity> targets(s.selection().items().begin(),
                                          s.selection().items().end());
        if (std::string error = s.edit.animation().create(new_path_, 2.0f, targets); !error.empty())
            s.log().error("animation: " + error);
    }
    ctx.ui.test.record("animation/New Clip");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "A new 2 s clip; the selection gets an Animator playing it (Save "
            "writes the file)");
}

void animation_panel::draw_bar(panel_context& ctx) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    animation_editor& a = s.animation();

    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    const std::string shown = a.has_clip() ? a.path() + (a.dirty() ? " *" : "") : "(no clip)";
    if (ImGui::BeginCombo("##clip", shown.c_str())) {
        if (listed_at_ < 0 || ImGui::GetTime() - listed_at_ > 2.0) {
            clip_files_ = find_clip_files(s.project_folder());
            listed_at_ = ImGui::GetTime();
        }
        if (clip_files_.empty()) ImGui::TextDisabled("no *.clip.json in the project");
        for (const std::string& file : clip_files_) {
            if (ImGui::Selectable(file.c_str(), file == a.path())) {
                if (std::string error = s.edit.animation().open(file); !error.empty())
                    s.log().error("animation: " + error);
            }
        }
        ImGui::EndCombo();
    }
    ui.test.record("animation/clip");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The clip shown (the selection's Animator's)");

    const bool recording = a.recording();
    ImGui::SameLine();
    if (recording) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.18f, 0.18f, 1.0f));
    ImGui::BeginDisabled(!a.has_clip() || s.playing());
    if (ImGui::Button(recording ? "Recording" : "Record")) s.edit.run("animation.record");
    ImGui::EndDisabled();
    if (recording) ImGui::PopStyleColor();
    ui.test.record("animation/Record");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Record: editing an entity that plays the clip writes keys at the "
            "playhead (new tracks as needed) instead of changing the scene");
    ImGui::SameLine();
    const bool previewing = a.previewing();
    if (previewing) ImGui::PushStyleColor(ImGuiCol_Button, colors::accent);
    ImGui::BeginDisabled(!a.has_clip() || s.playing());
    if (ImGui::Button("Preview")) s.edit.run("animation.preview");
    ImGui::EndDisabled();
    if (previewing) ImGui::PopStyleColor();
    ui.test.record("animation/Preview");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Preview: entities playing the clip show it at the playhead; the "
            "scene's own values come back when it ends (and are what is saved)");
    ImGui::SameLine();
    ImGui::BeginDisabled(!a.dirty());
    if (ImGui::Button("Save")) s.edit.run("animation.save");
    ImGui::EndDisabled();
    ui.test.record("animation/Save");
    if (!a.has_clip()) return;

    const animation_clip& clip = a.clip();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
    float length = clip.length;
    ImGui::BeginDisabled(s.playing() || a.read_only());
    ImGui::InputFloat("s##length", &length, 0, 0, "%.2f");
    if (ImGui::IsItemDeactivatedAfterEdit()) {
        if (std::string error = s.edit.animation().set_length(length); !error.empty())
            s.log().error("animation: " + error);
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::BeginCombo("##wrap", wrap_name(clip.wrap))) {
        for (const clip_wrap w : {clip_wrap::loop, clip_wrap::once, clip_wrap::ping_pong}) {
            if (ImGui::Selectable(wrap_name(w), w == clip.wrap))
                (void)s.edit.animation().set_wrap(w);
        }
        ImGui::EndCombo();
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::Text("t %.2f s", static_cast<double>(a.playhead()));

    // Second row: what the selected keys do, and adding a track.
    ImGui::BeginDisabled(a.selected.empty() || s.playing());
    for (const char* id : {"animation.interp_constant", "animation.interp_linear",
                           "animation.interp_eased", "animation.delete_keys"}) {
        const command* c = window_commands().find(id);
        if (c == nullptr) continue;
        if (id != std::string_view("animation.interp_constant")) ImGui::SameLine();
        if (ImGui::Button(c->label.c_str())) s.edit.run(id);
        ui.test.record("animation/" + c->label);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    const std::vector<entity> players = s.edit.animation().players();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    ImGui::BeginDisabled(players.empty() || s.playing() || a.read_only());
    if (ImGui::BeginCombo("##add_track", "Add Track...")) {
        const world& w = s.world();
        for (const component_info* info : s.table().all()) {
            if (info->flags.opaque || info->type == type_id_of<Animator>() ||
                !w.has(players.front(), info->type))
                continue;
            for (const animatable_element& el : animatable_elements(*info)) {
                clip_track label_of;
                label_of.component = el.target.component;
                label_of.field = el.target.field;
                label_of.element = el.target.element;
                label_of.index = el.target.index;
                if (find_track(clip, el.target)) continue;
                if (ImGui::Selectable(label_of.label().c_str())) {
                    if (std::string error = s.edit.animation().key_current(el.target);
                        !error.empty())
                        s.log().error("animation: " + error);
                }
            }
        }
        ImGui::EndCombo();
    }
    ImGui::EndDisabled();
    ui.test.record("animation/Add Track");
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    if (a.read_only()) {
        ImGui::TextColored(colors::warning,
                           "a sprite-frame clip: edit its frames in the Clip Editor");
    } else {
        ImGui::TextDisabled("plays on %zu entit%s", players.size(),
                            players.size() == 1 ? "y" : "ies");
    }
}

// The clip's events: a name field, Add Event (at the playhead), and Rename / Remove for the
// event selected in the Events row.
void animation_panel::draw_event_bar(panel_context& ctx) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    animation_editor& a = s.animation();
    const std::vector<clip_event>& events = a.clip().events;
    if (selected_event_ >= static_cast<int>(events.size())) selected_event_ = -1;
    const bool editable = !s.playing() && !a.read_only();
    ImGui::BeginDisabled(!editable);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ImGui::InputTextWithHint("##event_name", "event name", event_name_, sizeof event_name_);
    ui.test.record("animation/event name");
    ImGui::SameLine();
    char at[32];
    std::snprintf(at, sizeof at, "%g", static_cast<double>(a.playhead()));
    ImGui::BeginDisabled(event_name_[0] == '\0');
    if (ImGui::Button("Add Event"))
        run_with(s, "animation.add_event", {at, std::string(event_name_)});
    ui.test.record("animation/Add Event");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "An event named as the field says, at the playhead (%s s): the game "
            "hears it in AnimationEvents when an Animator passes it",
            at);
    ImGui::SameLine();
    ImGui::BeginDisabled(selected_event_ < 0);
    if (ImGui::Button("Rename Event") && selected_event_ >= 0) {
        run_with(s, "animation.rename_event",
                 {std::to_string(selected_event_), std::string(event_name_)});
    }
    ui.test.record("animation/Rename Event");
    ImGui::EndDisabled();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(selected_event_ < 0);
    if (ImGui::Button("Remove Event") && selected_event_ >= 0) {
        run_with(s, "animation.remove_event", {std::to_string(selected_event_)});
        selected_event_ = -1;
    }
    ui.test.record("animation/Remove Event");
    ImGui::EndDisabled();
    ImGui::EndDisabled();
    if (selected_event_ >= 0) {
        const clip_event& e = events[static_cast<std::size_t>(selected_event_)];
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("event '%s' at %.2f s", e.name.c_str(), static_cast<double>(e.time));
    }
}

// --- 3. the dopesheet ------------------------------------------------------------------------

bool animation_panel::draw_events(panel_context& ctx, float y, float x0, float x1, float row_h) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    animation_editor& a = s.animation();
    const animation_clip& clip = a.clip();
    const ImGuiIO& io = ImGui::GetIO();
    ImDrawList* d = ImGui::GetWindowDrawList();
    const float length = std::max(clip.length, 1e-3f);
    const auto x_of = [&](float t) { return x0 + (x1 - x0) * std::clamp(t / length, 0.0f, 1.0f); };
    const auto time_at = [&](float x) {
        return std::clamp((x - x0) / (x1 - x0), 0.0f, 1.0f) * length;
    };
    ImGui::SetCursorScreenPos({x0 - label_width, y});
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Events (%zu)", clip.events.size());
    d->AddRectFilled({x0, y}, {x1, y + row_h}, ImGui::GetColorU32(ImGuiCol_FrameBg));
    const float drag_dt =
        dragging_event_ ? snapped(time_at(io.MousePos.x)) - snapped(event_drag_from_) : 0.0f;
    bool pressed = false;
    for (std::size_t i = 0; i < clip.events.size(); ++i) {
        const clip_event& e = clip.events[i];
        const bool selected = static_cast<int>(i) == selected_event_;
        const float ex = x_of(e.time + (selected && dragging_event_ ? drag_dt : 0.0f));
        ImGui::SetCursorScreenPos({ex - 5.0f, y});
        ImGui::PushID(static_cast<int>(i));
        ImGui::InvisibleButton("##event", {10.0f, row_h});
        ImGui::PopID();
        ui.test.record("animation/event/" + std::to_string(i));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("event '%s' at %.3f s (drag to move)", e.name.c_str(),
                              static_cast<double>(e.time));
        if (ImGui::IsItemClicked()) {
            pressed = true;
            selected_event_ = static_cast<int>(i);
            event_drag_from_ = time_at(io.MousePos.x);
            std::snprintf(event_name_, sizeof event_name_, "%s", e.name.c_str());
        }
        if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) &&
            selected)
            dragging_event_ = true;
        // A flag: a pole and a pennant.
        const ImU32 col = ImGui::GetColorU32(selected ? ImVec4(1.0f, 0.85f, 0.3f, 1.0f)
                                                      : ImVec4(0.45f, 0.8f, 0.95f, 1.0f));
        d->AddLine({ex, y + 2.0f}, {ex, y + row_h - 2.0f}, col, 2.0f);
        d->AddTriangleFilled({ex, y + 2.0f}, {ex + 8.0f, y + 5.5f}, {ex, y + 9.0f}, col);
    }
    if (dragging_event_ && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        dragging_event_ = false;
        if (drag_dt != 0.0f && selected_event_ >= 0 &&
            selected_event_ < static_cast<int>(clip.events.size())) {
            const float to =
                std::clamp(clip.events[static_cast<std::size_t>(selected_event_)].time + drag_dt,
                           0.0f, clip.length);
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.4f", static_cast<double>(to));
            const std::string name = clip.events[static_cast<std::size_t>(selected_event_)].name;
            run_with(s, "animation.move_event", {std::to_string(selected_event_), seconds});
            // Events stay in time order: the moved one may have a new index.
            const auto& now = a.clip().events;
            for (std::size_t i = 0; i < now.size(); ++i) {
                if (now[i].name == name && std::abs(now[i].time - to) < 1e-3f)
                    selected_event_ = static_cast<int>(i);
            }
        }
    }
    return pressed;
}

void animation_panel::draw_sheet(panel_context& ctx) {
    panel_context& s = ctx;
    ui_state& ui = ctx.ui;
    animation_editor& a = s.animation();
    const animation_clip& clip = a.clip();

    ImGui::BeginChild("##dopesheet", {0, 0}, true);
    ImDrawList* d = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, label_width + 80.0f);
    const float x0 = origin.x + label_width;
    const float x1 = origin.x + width - 10.0f;
    const float length = std::max(clip.length, 1e-3f);
    const auto x_of = [&](float t) { return x0 + (x1 - x0) * std::clamp(t / length, 0.0f, 1.0f); };
    const auto time_at = [&](float x) {
        return std::clamp((x - x0) / (x1 - x0), 0.0f, 1.0f) * length;
    };
    const ImGuiIO& io = ImGui::GetIO();

    // The ruler: drag it to scrub.
    const float ruler_h = ImGui::GetFrameHeight();
    ImGui::SetCursorScreenPos({x0, origin.y});
    ImGui::InvisibleButton("##ruler", {std::max(x1 - x0, 1.0f), ruler_h});
    ui.test.record("animation/ruler");
    d->AddRectFilled({x0, origin.y}, {x1, origin.y + ruler_h},
                     ImGui::GetColorU32(ImGuiCol_FrameBg));
    const float step = ruler_step(length, x1 - x0, 60.0f);
    for (float t = 0.0f; t <= length + 1e-4f; t += step) {
        const float x = x_of(t);
        d->AddLine({x, origin.y + ruler_h * 0.55f}, {x, origin.y + ruler_h},
                   ImGui::GetColorU32(ImGuiCol_TextDisabled));
        char text[24];
        std::snprintf(text, sizeof text, "%g", static_cast<double>(t));
        d->AddText({x + 2, origin.y + 1}, ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
    }
    if (ImGui::IsItemActive() && !s.playing()) {
        if (!a.previewing()) s.edit.animation().set_preview(true);
        const float t = snapped(time_at(io.MousePos.x));
        if (t != a.playhead()) s.edit.animation().set_playhead(t);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Drag to move the playhead (Preview shows the clip there; Alt: no snap)");

    // The events, then a row per track: its name, then its keys.
    const float row_h = ImGui::GetFrameHeight();
    float y = origin.y + ruler_h + 4.0f;
    const bool event_pressed = draw_events(ctx, y, x0, x1, row_h);
    y += row_h + 2.0f;
    const float drag_dt =
        dragging_keys_ ? snapped(time_at(io.MousePos.x)) - snapped(drag_from_) : 0.0f;
    bool key_pressed = false;
    std::size_t remove = clip.tracks.size();
    for (std::size_t t = 0; t < clip.tracks.size(); ++t, y += row_h + 2.0f) {
        const clip_track& track = clip.tracks[t];
        const std::string label = track.label();
        const std::string problem = s.edit.animation().track_problem(t);
        ImGui::PushID(static_cast<int>(t));
        ImGui::SetCursorScreenPos({origin.x, y});
        ImGui::BeginDisabled(s.playing() || a.read_only());
        if (ImGui::SmallButton("x")) remove = t;
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove the track %s", label.c_str());
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        if (problem.empty()) {
            ImGui::TextUnformatted(label.c_str());
        } else {
            ImGui::TextColored(colors::error, "%s (broken)", label.c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s: %s\nKept in the clip; the game skips it.", label.c_str(),
                                  problem.c_str());
        }
        ui.test.record("animation/track/" + label);
        const ImU32 band = ImGui::GetColorU32(t % 2 ? ImGuiCol_TableRowBgAlt : ImGuiCol_FrameBg);
        d->AddRectFilled({x0, y}, {x1, y + row_h}, band);
        // The segments between keys: dashed-looking for constant, a line otherwise.
        const float mid = y + row_h * 0.5f;
        for (std::size_t k = 0; k + 1 < track.keys.size(); ++k) {
            const ImU32 col = ImGui::GetColorU32(
                track.keys[k].to_next == key_interpolation::constant ? colors::dim
                                                                     : colors::accent);
            d->AddLine({x_of(track.keys[k].time), mid}, {x_of(track.keys[k + 1].time), mid}, col,
                       track.keys[k].to_next == key_interpolation::linear ? 1.0f : 2.0f);
        }
        for (std::size_t k = 0; k < track.keys.size(); ++k) {
            const key_ref ref{t, k};
            const bool selected = is_selected(a.selected, ref);
            float kx = x_of(track.keys[k].time);
            if (selected && dragging_keys_) kx = x_of(track.keys[k].time + drag_dt);
            const float r = row_h * 0.32f;
            ImGui::SetCursorScreenPos({kx - r - 2, mid - r - 2});
            ImGui::PushID(static_cast<int>(k));
            ImGui::InvisibleButton("##key", {2 * r + 4, 2 * r + 4});
            ImGui::PopID();
            ui.test.record("animation/key/" + label + "/" + std::to_string(k));
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s  %.3f s = %g  (%s to the next)", label.c_str(),
                                  static_cast<double>(track.keys[k].time), track.keys[k].value,
                                  interpolation_name(track.keys[k].to_next));
            }
            if (ImGui::IsItemClicked()) {
                key_pressed = true;
                if (io.KeyCtrl || io.KeyShift) {
                    if (selected) {
                        std::erase(a.selected, ref);
                    } else {
                        a.selected.push_back(ref);
                    }
                } else if (!selected) {
                    a.selected = {ref};
                }
                drag_from_ = time_at(io.MousePos.x);
            }
            if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) &&
                is_selected(a.selected, ref))
                dragging_keys_ = true;
            diamond(d, {kx, mid}, r,
                    ImGui::GetColorU32(selected ? ImVec4(1.0f, 0.85f, 0.3f, 1.0f)
                                                : ImVec4(0.85f, 0.85f, 0.85f, 1.0f)),
                    ImGui::GetColorU32(ImVec4(0.1f, 0.1f, 0.1f, 1.0f)));
        }
        ImGui::PopID();
    }
    // A click on empty rows clears the key selection.
    if (!key_pressed && !event_pressed && ImGui::IsWindowHovered() &&
        ImGui::IsMouseClicked(ImGuiMouseButton_Left) && io.MousePos.y > origin.y + ruler_h &&
        io.MousePos.x > x0 && !io.KeyCtrl && !io.KeyShift) {
        a.selected.clear();
        selected_event_ = -1;
    }
    if (dragging_keys_ && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        dragging_keys_ = false;
        if (drag_dt != 0.0f) {
            if (std::string error = s.edit.animation().move_selected(drag_dt); !error.empty())
                s.log().error("animation: " + error);
        }
    }
    if (remove < clip.tracks.size()) (void)s.edit.animation().remove_track(remove);

    // The playhead over everything.
    const float px = x_of(a.playhead());
    d->AddLine({px, origin.y}, {px, std::max(y, origin.y + ruler_h + 4.0f)},
               ImGui::GetColorU32(ImVec4(0.95f, 0.3f, 0.3f, 1.0f)), 2.0f);
    d->AddTriangleFilled({px - 5, origin.y}, {px + 5, origin.y}, {px, origin.y + 7},
                         ImGui::GetColorU32(ImVec4(0.95f, 0.3f, 0.3f, 1.0f)));
    if (clip.tracks.empty()) {
        ImGui::SetCursorScreenPos({origin.x, y});
        ImGui::TextDisabled("No tracks yet: Record, then edit the entity; or Add Track.");
    }
    ImGui::SetCursorScreenPos({origin.x, y + 4.0f});
    ImGui::Dummy({1, 1});
    ImGui::EndChild();
}

}  // namespace mosaic::editor
