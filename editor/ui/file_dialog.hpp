#pragma once
// file_dialog: an ImGui modal to pick a scene file or a project (there are no native dialogs
// here). It lists the folders and scene files (.scene.json, .scene.bin) — or, to open a
// project, the folders and manifests (mosaic.project.json); for replays, .mosaic-replay
// files — of the current folder, has a
// path field that accepts a typed path, and shows problems inline ("no such folder", "not a
// scene file") instead of closing.
//
// Opening a project: double-click enters a folder; Open on a folder that holds a manifest
// (or on the manifest itself) chooses that folder.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mosaic::editor {

class file_dialog {
public:
    enum class purpose { open, save, open_project, open_replay, save_replay };

    /// Opens the dialog (it appears on the next draw) in `folder`.
    void open(purpose p, const std::filesystem::path& folder,
              const std::filesystem::path& file_name = {});
    [[nodiscard]] bool is_open() const noexcept { return open_; }
    /// A save named an existing file: the dialog asks whether to replace it.
    [[nodiscard]] bool replacing() const noexcept { return !replace_.empty(); }
    [[nodiscard]] purpose current_purpose() const noexcept { return purpose_; }
    void close() noexcept { open_ = false; }

    /// Draws it when open. Returns true once after the user accepted a file: chosen().
    /// `record_item` (tests) is called with a name after its widget: "file_dialog/Up",
    /// "file_dialog/path", "file_dialog/accept".
    bool draw(const std::function<void(const std::string&)>& record_item = {});
    /// The text of the path field.
    [[nodiscard]] std::string typed_path() const { return path_; }
    [[nodiscard]] const std::filesystem::path& chosen() const noexcept { return chosen_; }
    /// Keeps the dialog open with `message` under the path field (e.g. the save failed).
    void show_error(std::string message);
    /// What pressing Open / Save with `typed` in the path field does: a folder is entered, a
    /// good file is chosen (true; the dialog closes), anything else sets error(). Saving over
    /// an existing file first asks "Replace?" (false until the user answers Replace).
    bool submit(const std::string& typed);
    [[nodiscard]] const std::string& error() const noexcept { return error_; }
    [[nodiscard]] const std::filesystem::path& folder() const noexcept { return folder_; }

    /// Scene files (or, for projects, manifests) and folders of `folder`, folders first,
    /// each sorted by name.
    struct entry {
        std::string name;
        bool folder = false;
        bool project = false;  // a folder holding a mosaic.project.json (project dialogs)
    };
    [[nodiscard]] static std::vector<entry> list(const std::filesystem::path& folder,
                                                 std::string* error, purpose p = purpose::open);

private:
    void change_folder(const std::filesystem::path& folder);
    bool submit_project(const std::filesystem::path& path);
    /// "X already exists. Do you want to replace it?" over the dialog, after a submit().
    void draw_replace_question(const std::function<void(const std::string&)>& record);

    bool open_ = false;
    bool just_opened_ = false;
    bool focus_path_ = false;  // give the path field the keyboard on the next draw
    bool accepted_ = false;    // a file was chosen; draw() reports it once
    purpose purpose_ = purpose::open;
    std::filesystem::path folder_;
    std::vector<entry> entries_;
    char path_[1024] = {};
    std::string error_;
    std::filesystem::path chosen_;
    std::filesystem::path replace_;            // an existing file a save asks about
    std::filesystem::path replace_confirmed_;  // the one the user agreed to replace
    bool ask_replace_ = false;                 // open the question on the next draw
};

/// True for NAME.scene.json and NAME.scene.bin.
[[nodiscard]] bool is_scene_file(const std::filesystem::path& path);
/// True for NAME.mosaic-replay.
[[nodiscard]] bool is_replay_file(const std::filesystem::path& path);
/// True for a mosaic.project.json.
[[nodiscard]] bool is_manifest_file(const std::filesystem::path& path);

}  // namespace mosaic::editor
