#include "ui/file_dialog.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <system_error>

#include <mosaic/engine/display_path.hpp>
#include <mosaic/engine/project/manifest.hpp>
#include <mosaic/engine/replay/replay.hpp>
#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic::editor {

namespace fs = std::filesystem;

namespace {
constexpr const char* popup_name(file_dialog::purpose p) {
    switch (p) {
        case file_dialog::purpose::open:
            return "Open Scene###file_dialog";
        case file_dialog::purpose::save:
            return "Save Scene As###file_dialog";
        case file_dialog::purpose::open_project:
            return "Open Project###file_dialog";
        case file_dialog::purpose::open_replay:
            return "Open Replay###file_dialog";
        case file_dialog::purpose::save_replay:
            return "Save Replay###file_dialog";
    }
    return "###file_dialog";
}

constexpr bool is_replay(file_dialog::purpose p) {
    return p == file_dialog::purpose::open_replay || p == file_dialog::purpose::save_replay;
}
constexpr bool is_save(file_dialog::purpose p) {
    return p == file_dialog::purpose::save || p == file_dialog::purpose::save_replay;
}

constexpr const char* hint(file_dialog::purpose p) {
    if (p == file_dialog::purpose::open_project)
        return "A project is a folder with a mosaic.project.json: select it and press Open";
    if (is_replay(p)) return "Replay files: .mosaic-replay (File > Save Replay while paused)";
    return "Scene files: .scene.json (text) or .scene.bin (binary)";
}

/// The files the dialog lists and accepts for `p`.
bool wanted_file(file_dialog::purpose p, const fs::path& path) {
    if (p == file_dialog::purpose::open_project) return is_manifest_file(path);
    return is_replay(p) ? is_replay_file(path) : is_scene_file(path);
}
}  // namespace

bool is_scene_file(const fs::path& path) {
    return scene_format_of(path).has_value();
}

bool is_replay_file(const fs::path& path) {
    const std::string name = path.filename().string();
    return name.size() > replay_extension.size() && name.ends_with(replay_extension);
}

bool is_manifest_file(const fs::path& path) {
    return path.filename() == manifest_file_name;
}

std::vector<file_dialog::entry> file_dialog::list(const fs::path& folder, std::string* error,
                                                  purpose p) {
    std::vector<entry> out;
    std::error_code ec;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        if (error) *error = "cannot list " + display_path(folder) + ": " + ec.message();
        return out;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.') continue;
        std::error_code type_ec;
        if (it->is_directory(type_ec)) {
            const bool project =
                p == purpose::open_project && fs::exists(it->path() / manifest_file_name, type_ec);
            out.push_back({name, true, project});
        } else if (wanted_file(p, it->path())) {
            out.push_back({name, false});
        }
    }
    std::sort(out.begin(), out.end(), [](const entry& a, const entry& b) {
        if (a.folder != b.folder) return a.folder;
        return a.name < b.name;
    });
    return out;
}

void file_dialog::open(purpose p, const fs::path& folder, const fs::path& file_name) {
    purpose_ = p;
    open_ = true;
    just_opened_ = true;
    focus_path_ = true;
    error_.clear();
    chosen_.clear();
    replace_.clear();
    replace_confirmed_.clear();
    ask_replace_ = false;
    std::error_code ec;
    fs::path start = folder.empty() ? fs::current_path(ec) : folder;
    path_[0] = '\0';
    change_folder(start);
    // A name that cannot be shown (a newline) is suggested escaped; submit() maps it back.
    if (!file_name.empty()) {
        std::snprintf(path_, sizeof path_, "%s",
                      (folder_ / display_path(file_name)).string().c_str());
    }
}

void file_dialog::change_folder(const fs::path& folder) {
    std::error_code ec;
    fs::path absolute = fs::weakly_canonical(fs::absolute(folder, ec), ec);
    if (ec) absolute = folder;
    std::string error;
    std::vector<entry> listed = list(absolute, &error, purpose_);
    if (!error.empty()) {
        error_ = std::move(error);
        return;
    }
    folder_ = absolute;
    entries_ = std::move(listed);
    error_.clear();
    // The path field follows the folder; Save As keeps the name being saved.
    const fs::path typed_name = fs::path(path_).filename();
    const bool keep_name = is_save(purpose_) && !typed_name.empty();
    std::snprintf(path_, sizeof path_, "%s/%s", folder_.string().c_str(),
                  keep_name ? typed_name.string().c_str() : "");
}

void file_dialog::show_error(std::string message) {
    open_ = true;
    just_opened_ = true;
    error_ = std::move(message);
}

bool file_dialog::submit(const std::string& typed) {
    fs::path path = typed;
    if (path.empty()) {
        error_ = "type a file name";
        return false;
    }
    if (path.is_relative()) path = folder_ / path;
    if (purpose_ == purpose::open_project) return submit_project(path);
    std::error_code ec;
    if (!fs::exists(path, ec) && path.parent_path() == folder_) {
        for (const entry& e : entries_) {
            if (display_path(e.name) == path.filename().string()) path = folder_ / e.name;
        }
    }
    if (fs::is_directory(path, ec)) {
        change_folder(path);
        return false;
    }
    if (!is_save(purpose_)) {
        if (!fs::exists(path, ec)) {
            error_ = "no such file: " + display_path(path);
            return false;
        }
        if (!wanted_file(purpose_, path)) {
            error_ = (is_replay(purpose_) ? "not a replay file (.mosaic-replay): "
                                          : "not a scene file (.scene.json or .scene.bin): ") +
                     display_path(path.filename());
            return false;
        }
    } else {
        if (!wanted_file(purpose_, path))
            path += is_replay(purpose_) ? std::string(replay_extension) : ".scene.json";
        if (!fs::is_directory(path.parent_path(), ec)) {
            error_ = "no such folder: " + display_path(path.parent_path());
            return false;
        }
        // Saving over a file asks first (a .bak is kept, but the user should know).
        if (fs::exists(path, ec) && path != replace_confirmed_) {
            replace_ = path;
            ask_replace_ = true;
            error_.clear();
            return false;
        }
    }
    chosen_ = path;
    open_ = false;
    accepted_ = true;
    return true;
}

bool file_dialog::submit_project(const fs::path& typed) {
    std::error_code ec;
    fs::path path = typed;
    if (is_manifest_file(path) && fs::is_regular_file(path, ec)) path = path.parent_path();
    if (!fs::is_directory(path, ec)) {
        error_ = "no such folder: " + path.string();
        return false;
    }
    if (!fs::exists(path / manifest_file_name, ec)) {
        // Not a project: look inside it (the way to walk to one).
        change_folder(path);
        return false;
    }
    chosen_ = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) chosen_ = path;
    open_ = false;
    accepted_ = true;
    return true;
}

bool file_dialog::draw(const std::function<void(const std::string&)>& record_item) {
    const auto record = [&](const std::string& name) {
        if (record_item) record_item(name);
    };
    if (accepted_) {  // chosen by submit() outside draw()
        accepted_ = false;
        return true;
    }
    if (!open_) return false;
    const char* name = popup_name(purpose_);
    if (just_opened_) {
        ImGui::OpenPopup(name);
        just_opened_ = false;
    }
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({640, 440}, ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(name, &open_)) return false;

    ImGui::TextDisabled("%s", display_path(folder_).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Up")) change_folder(folder_.parent_path());
    record("file_dialog/Up");

    const float footer =
        ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetTextLineHeightWithSpacing();
    if (ImGui::BeginChild("##files", {0, -footer}, true)) {
        for (const entry& e : entries_) {
            // A name with a newline or bytes that are not UTF-8 is shown, and put in the
            // path field, escaped; submit() maps the escaped text back to the file.
            const std::string shown = display_path(e.name);
            const std::string label = (e.project  ? "[project]  "
                                       : e.folder ? "[dir]  "
                                                  : "       ") +
                                      shown;
            const bool selected = fs::path(path_).filename() == shown;
            if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
                if (e.folder && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                    change_folder(folder_ / e.name);
                    break;
                }
                std::snprintf(path_, sizeof path_, "%s", (folder_ / shown).string().c_str());
                if (!e.folder && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
                    (void)submit(path_);
            }
        }
        if (entries_.empty()) ImGui::TextDisabled("(no folders or scene files here)");
    }
    ImGui::EndChild();

    ImGui::SetNextItemWidth(-1);
    if (focus_path_) {  // a path can be typed as soon as the dialog opens
        ImGui::SetKeyboardFocusHere();
        focus_path_ = false;
    }
    if (ImGui::InputText("##path", path_, sizeof path_, ImGuiInputTextFlags_EnterReturnsTrue))
        (void)submit(path_);
    record("file_dialog/path");
    if (!error_.empty()) {
        ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "%s", error_.c_str());
    } else {
        ImGui::TextDisabled("%s", hint(purpose_));
    }
    if (ImGui::Button(is_save(purpose_) ? "Save" : "Open", {100, 0})) (void)submit(path_);
    record("file_dialog/accept");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", {100, 0}) ||
        (!replacing() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))))
        open_ = false;
    draw_replace_question(record);
    if (!open_) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    const bool accepted = accepted_;
    accepted_ = false;
    return accepted;
}

void file_dialog::draw_replace_question(const std::function<void(const std::string&)>& record) {
    if (ask_replace_) {
        ImGui::OpenPopup("Replace file?");
        ask_replace_ = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    if (!ImGui::BeginPopupModal("Replace file?", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::Text("%s already exists.", display_path(replace_.filename()).c_str());
    ImGui::TextUnformatted("Do you want to replace it?");
    ImGui::TextDisabled("%s", display_path(replace_.parent_path()).c_str());
    ImGui::Spacing();
    if (ImGui::Button("Replace", {110, 0})) {
        replace_confirmed_ = replace_;
        ImGui::CloseCurrentPopup();
        (void)submit(replace_.string());
        replace_.clear();
    }
    record("file_dialog/replace");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", {110, 0}) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        replace_.clear();
        ImGui::CloseCurrentPopup();
    }
    record("file_dialog/replace_cancel");
    ImGui::EndPopup();
}

}  // namespace mosaic::editor
