// File > New / Open / Open Project / Save / Save As / Exit, the "Unsaved changes" question and
// the "Could not open" modal. Every operation that replaces the scene (a new scene, another
// scene, another project) goes through request(), which asks about unsaved changes first.
// Loading never touches the open scene on failure (editor_state::open, open_project).
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <thread>

#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/scene/file_formats.hpp>

#include "core/editor_state.hpp"
#include "ui/commands.hpp"
#include "ui/prefab_mode.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {

void perform(editor_state& s, ui_state& ui) {
    const file_request what = ui.files.pending;
    ui.files.pending = file_request::none;
    switch (what) {
        case file_request::none:
            break;
        case file_request::new_scene:
            if (s.playing()) s.player().stop();
            s.new_scene();
            ui.events.post(scene_opened{});
            break;
        case file_request::open_dialog:
            ui.files.dialog.open(file_dialog::purpose::open, s.scene_folder());
            break;
        case file_request::open_path:
            open_scene_showing_progress(s, ui, ui.files.pending_path);
            break;
        case file_request::open_project_dialog:
            ui.files.dialog.open(file_dialog::purpose::open_project,
                                 s.project_folder().parent_path());
            break;
        case file_request::open_project_path:
            (void)open_project_now(s, ui, ui.files.pending_path);
            break;
        case file_request::open_replay_dialog:
            ui.files.dialog.open(file_dialog::purpose::open_replay, s.project_folder());
            break;
        case file_request::exit:
            ui.files.quit = true;
            break;
    }
}

void request(editor_state& s, ui_state& ui, file_request what) {
    // While a prefab (an archetype) is open the scene waits aside: it closes first, and when
    // it has unsaved changes the user decides about them in its banner first.
    if (s.opened_asset() != nullptr) {
        if (s.dirty()) {
            const std::string label = s.opened_asset_label();
            s.alert(s.opened_prefab() != nullptr ? "Prefab open" : "Archetype open",
                    "The " + label +
                        " has unsaved changes: Save or Close it (over the scene view) first.");
            return;
        }
        close_asset_now(s, ui);
    }
    ui.files.pending = what;
    if (s.dirty() && !s.playing()) {
        ui.files.ask_unsaved = true;
    } else {
        perform(s, ui);
    }
}

/// "battle" for battle.scene.json (replays are named after their scene).
std::string scene_stem(const fs::path& path) {
    return name_without_ending(path);
}

std::string scene_name(editor_state& s) {
    return s.scene_path().empty() ? std::string("Untitled")
                                  : display_path(s.scene_path().filename());
}

}  // namespace

void request_new(editor_state& s, ui_state& ui) {
    request(s, ui, file_request::new_scene);
}

void request_open_dialog(editor_state& s, ui_state& ui) {
    request(s, ui, file_request::open_dialog);
}

void request_open_replay_dialog(editor_state& s, ui_state& ui) {
    request(s, ui, file_request::open_replay_dialog);
}

void command_save_replay(editor_state& s, ui_state& ui) {
    if (s.player().mode() != play_state::paused || s.timeline().recording() == nullptr) {
        s.log().warning(
            "Save Replay: pause the game first (a replay is made from what Play "
            "recorded)");
        return;
    }
    const std::string stem =
        s.scene_path().empty() ? std::string("untitled") : scene_stem(s.scene_path());
    ui.files.dialog.open(file_dialog::purpose::save_replay, s.project_folder(),
                         stem + std::string(replay_extension));
}

void request_open(editor_state& s, ui_state& ui, const fs::path& path) {
    ui.files.pending_path = path;
    request(s, ui, file_request::open_path);
}

void request_open_project_dialog(editor_state& s, ui_state& ui) {
    request(s, ui, file_request::open_project_dialog);
}

void request_open_project(editor_state& s, ui_state& ui, const fs::path& folder) {
    ui.files.pending_path = folder;
    request(s, ui, file_request::open_project_path);
}

void request_exit(editor_state& s, ui_state& ui) {
    request(s, ui, file_request::exit);
}

namespace {

// What the UI does once an open is over: the new scene's camera, or the error modal.
bool after_open(editor_state::open_outcome outcome, const std::vector<diagnostic>& errors,
                const fs::path& path, editor_state& s, ui_state& ui) {
    if (outcome == editor_state::open_outcome::opened) {
        ui.events.post(scene_opened{});
        return true;
    }
    if (outcome == editor_state::open_outcome::cancelled) {
        s.log().info("opening " + display_path(path) + " was cancelled; nothing changed");
        return false;
    }
    std::string text;
    for (const diagnostic& d : errors) {
        if (!text.empty()) text += '\n';
        text += d.to_string();
    }
    if (text.empty()) text = "could not open " + display_path(path);
    ui.files.load_error = std::move(text);
    ui.files.load_error_title = "Could not open the scene";
    ui.files.show_load_error = true;
    return false;
}

// A load that has not ended this long after it started shows the progress modal.
constexpr auto wait_before_progress = std::chrono::milliseconds(250);

}  // namespace

bool open_scene_now(editor_state& s, ui_state& ui, const fs::path& path) {
    if (s.playing()) s.player().stop();
    std::vector<diagnostic> errors;
    const bool opened = s.open(path, &errors);
    return after_open(
        opened ? editor_state::open_outcome::opened : editor_state::open_outcome::failed, errors,
        path, s, ui);
}

void open_scene_showing_progress(editor_state& s, ui_state& ui, const fs::path& path) {
    if (s.playing()) s.player().stop();
    std::vector<diagnostic> errors;
    if (!s.begin_open(path, &errors)) {
        (void)after_open(editor_state::open_outcome::failed, errors, path, s, ui);
        return;
    }
    // Most scenes load in a moment: no modal flashes up for them.
    const auto deadline = std::chrono::steady_clock::now() + wait_before_progress;
    while (s.opening() && !s.opening()->done() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto outcome = s.poll_open(&errors);
    if (outcome != editor_state::open_outcome::loading)
        (void)after_open(outcome, errors, path, s, ui);
}

bool open_project_now(editor_state& s, ui_state& ui, const fs::path& manifest) {
    if (s.playing()) s.player().stop();
    const std::size_t lines_before = s.log().lines().size();
    if (!s.open_project(manifest)) {
        // open_project put the manifest's errors into the console: show them.
        std::string text;
        const auto& lines = s.log().lines();
        for (std::size_t i = std::min(lines_before, lines.size()); i < lines.size(); ++i) {
            if (lines[i].level != log_level::error) continue;
            if (!text.empty()) text += '\n';
            text += lines[i].text;
        }
        if (text.empty()) text = "could not open the project " + manifest.string();
        ui.files.load_error = std::move(text);
        ui.files.load_error_title = "Could not open the project";
        ui.files.show_load_error = true;
        return false;
    }
    ui.events.post(scene_opened{});
    return true;
}

bool command_save(editor_state& s, ui_state& ui) {
    if (s.playing()) {
        s.log().warning("Stop play mode before saving (play-mode changes are not kept).");
        return false;
    }
    if (s.opened_asset() != nullptr) return command_save_asset(s, ui);
    if (s.scene_path().empty()) {
        command_save_as(s, ui);
        return false;
    }
    return s.save();
}

void command_save_as(editor_state& s, ui_state& ui) {
    if (s.playing()) {
        s.log().warning("Stop play mode before saving (play-mode changes are not kept).");
        return;
    }
    if (s.opened_asset() != nullptr) {
        s.log().warning("Save As: close the " + s.opened_asset_label() +
                        " first (File > Save saves it)");
        return;
    }
    const fs::path name =
        s.scene_path().empty() ? fs::path("untitled.scene.json") : s.scene_path().filename();
    ui.files.dialog.open(file_dialog::purpose::save, s.scene_folder(), name);
}

void draw_file_modals(editor_state& s, ui_state& ui) {
    // The file dialog: open or save as.
    if (ui.files.dialog.draw([&](const std::string& name) { ui.test.record(name); })) {
        const fs::path chosen = ui.files.dialog.chosen();
        if (ui.files.dialog.current_purpose() == file_dialog::purpose::open) {
            open_scene_showing_progress(s, ui, chosen);
        } else if (ui.files.dialog.current_purpose() == file_dialog::purpose::open_project) {
            (void)open_project_now(s, ui, chosen);
        } else if (ui.files.dialog.current_purpose() == file_dialog::purpose::open_replay) {
            std::vector<diagnostic> errors;
            if (s.open_replay(chosen, &errors)) {
                ui.events.post(scene_opened{});
            } else {
                ui.files.dialog.show_error(errors.empty() ? "could not open " + display_path(chosen)
                                                          : errors.front().to_string());
            }
        } else if (ui.files.dialog.current_purpose() == file_dialog::purpose::save_replay) {
            std::vector<diagnostic> errors;
            if (!s.timeline().save_replay(chosen, &errors)) {
                ui.files.dialog.show_error(errors.empty() ? "could not save " + display_path(chosen)
                                                          : errors.front().to_string());
            }
        } else if (s.save_as(chosen)) {
            if (ui.files.save_then_continue) {
                ui.files.save_then_continue = false;
                perform(s, ui);
            }
        } else {
            const auto& lines = s.log().lines();
            ui.files.dialog.show_error(lines.empty() ? "could not save " + display_path(chosen)
                                                     : lines.back().text);
        }
    } else if (!ui.files.dialog.is_open() && ui.files.save_then_continue) {
        ui.files.save_then_continue = false;  // the Save As was cancelled: so is the operation
        ui.files.pending = file_request::none;
    }

    // Unsaved changes?
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    if (ui.files.ask_unsaved) {
        ImGui::OpenPopup("Unsaved changes");
        ui.files.ask_unsaved = false;
    }
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
    if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("Do you want to save the changes you made to %s?", scene_name(s).c_str());
        ImGui::TextDisabled("Your changes will be lost if you don't save them.");
        ImGui::Spacing();
        if (ImGui::Button("Save", {110, 0})) {
            ImGui::CloseCurrentPopup();
            if (s.scene_path().empty()) {
                ui.files.save_then_continue = true;
                command_save_as(s, ui);
            } else if (s.save()) {
                perform(s, ui);
            } else {
                ui.files.pending = file_request::none;  // the error is in the console
            }
        }
        ui.test.record("unsaved/Save");
        ImGui::SameLine();
        if (ImGui::Button("Don't Save", {110, 0})) {
            ImGui::CloseCurrentPopup();
            perform(s, ui);
        }
        ui.test.record("unsaved/Don't Save");
        ImGui::SameLine();
        if (ImGui::Button("Cancel", {110, 0}) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
            ui.files.pending = file_request::none;
        }
        ui.test.record("unsaved/Cancel");
        ImGui::EndPopup();
    }

    // A scene still loading: how far, and Cancel (the open scene stays as it is).
    if (const background_load* load = s.opening()) {
        const fs::path path = load->path();
        const float progress = static_cast<float>(load->progress());
        if (!ImGui::IsPopupOpen("Opening scene")) ImGui::OpenPopup("Opening scene");
        std::vector<diagnostic> errors;
        const auto outcome = s.poll_open(&errors);  // ends the load when it is done
        const bool over = outcome != editor_state::open_outcome::loading;
        ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
        if (ImGui::BeginPopupModal("Opening scene", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
            ImGui::Text("Opening %s", display_path(path.filename()).c_str());
            ImGui::ProgressBar(progress, {ImGui::GetFontSize() * 25, 0});
            if (ImGui::Button("Cancel", {110, 0}) ||
                ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
                s.cancel_open();
            ui.test.record("opening/Cancel");
            if (over) ImGui::CloseCurrentPopup();
            ImGui::EndPopup();
        }
        if (over) (void)after_open(outcome, errors, path, s, ui);
    }

    // A failed load: the precise error, the open scene untouched.
    const std::string& load_error_popup = ui.files.load_error_title;
    if (ui.files.show_load_error) {
        ImGui::OpenPopup(load_error_popup.c_str());
        ui.files.show_load_error = false;
    }
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
    if (ImGui::BeginPopupModal(load_error_popup.c_str(), nullptr,
                               ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 45);
        ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "%s", ui.files.load_error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextDisabled("The open project and scene were not changed.");
        // Not on the frame it opens: the Enter that submitted a typed path opened it.
        if (ImGui::Button("OK", {110, 0}) ||
            (!ImGui::IsWindowAppearing() &&
             ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false)))
            ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

}  // namespace mosaic::editor
