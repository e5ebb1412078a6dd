#pragma once
// file_dialog: an ImGui modal to pick a scene file (there are no native dialogs here). It
// lists the folders and scene files (.scene.json, .scene.bin) of the current folder, has a
// path field that accepts a typed path, and shows problems inline ("no such folder", "not a
// scene file") instead of closing.

#include <filesystem>
#include <string>
#include <vector>

namespace mosaic::editor {

class file_dialog {
public:
    enum class purpose { open, save };

    /// Opens the dialog (it appears on the next draw) in `folder`.
    void open(purpose p, const std::filesystem::path& folder,
              const std::filesystem::path& file_name = {});
    [[nodiscard]] bool is_open() const noexcept { return open_; }
    [[nodiscard]] purpose current_purpose() const noexcept { return purpose_; }
    void close() noexcept { open_ = false; }

    /// Draws it when open. Returns true on the frame the user accepted a file: chosen().
    bool draw();
    [[nodiscard]] const std::filesystem::path& chosen() const noexcept { return chosen_; }
    /// Keeps the dialog open with `message` under the path field (e.g. the save failed).
    void show_error(std::string message);

    /// Scene files and folders of `folder`, folders first, each sorted by name.
    struct entry {
        std::string name;
        bool folder = false;
    };
    [[nodiscard]] static std::vector<entry> list(const std::filesystem::path& folder,
                                                 std::string* error);

private:
    void change_folder(const std::filesystem::path& folder);
    bool accept(const std::string& typed);

    bool open_ = false;
    bool just_opened_ = false;
    purpose purpose_ = purpose::open;
    std::filesystem::path folder_;
    std::vector<entry> entries_;
    char path_[1024] = {};
    std::string error_;
    std::filesystem::path chosen_;
};

/// True for NAME.scene.json and NAME.scene.bin.
[[nodiscard]] bool is_scene_file(const std::filesystem::path& path);

}  // namespace mosaic::editor
